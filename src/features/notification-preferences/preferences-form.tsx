import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError, isUnauthorized } from '@/api/errors';
import {
  CHANNELS,
  type Category,
  type Channel,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  notificationPreferencesSchema,
} from '@/api/schemas/notification-preferences';
import type { User } from '@/api/schemas/user';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatusMessage, useStatus } from '@/components/ui/status-message';
import { useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { formatDateTime } from '@/lib/format';
import { useConnection } from '@/lib/session';
import { storeOf } from '@/api/connection';
import { useRecordsChanged } from '@/lib/use-records-changed';
import {
  type Change,
  changesBetween,
  editedSwitches,
  forgetKeptChanges,
  keepChanges,
  readKeptChanges,
  toPatch,
} from './preference-changes';
import { PreferencesMatrix } from './preferences-matrix';
import { SUGGESTED_PREFERENCES, switchName } from './preference-labels';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { mayHaveSaved, useSavePreferences } from './use-save-preferences';

const FORBIDDEN =
  'The access token you signed in with belongs to a different user, so these settings cannot be saved. Sign in again with your own account.';

function SaveError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  // signed out: saving again cannot help, signing in can, and the changes wait for that
  if (isUnauthorized(error)) {
    return (
      <SignInPrompt
        message={`${error.message} Your unsaved changes are kept: sign in again and they will be back on this screen.`}
      />
    );
  }
  // not allowed: saving again cannot help; the standard alert says what can
  if (isApiError(error) && error.status === 403) {
    return <ApiErrorAlert error={error} forbidden={FORBIDDEN} />;
  }
  const retryable = !isApiError(error) || error.isRetryable;
  // anything but the service's own refusal: the save may have been made before it failed (and
  // reading it back could not tell), so it is not said as a fact. Saving again is harmless
  const unsure = mayHaveSaved(error);
  return (
    <Alert
      tone="error"
      title={unsure ? 'Your changes may not have been saved' : 'Your changes were not saved'}
      onRetry={retryable ? onRetry : undefined}
      retrying={retrying}
      failure={error}
    >
      <p>{error instanceof Error ? error.message : 'Unexpected error.'}</p>
      {/* no "try again" in words: the service's message often says it, and the button does */}
      <p className="mt-1">Your choices are still on this screen.</p>
    </Alert>
  );
}

/**
 * What a Save or a Discard did. A save tells which switches it found changed elsewhere: ones the
 * customer did not touch whose stored value differs from what the screen showed when Save was
 * pressed (another device saved after the screen last read them, e.g. created them meanwhile).
 */
type Outcome =
  | { savedAt: string; changedElsewhere: Change[] }
  // unsure: the last save got no answer, so it may have been made, and the settings are read again
  | { discarded: true; unsure: boolean };

/** What StatusMessage says after a Save or a Discard (while nothing is unsaved). */
function outcomeMessage(outcome: Outcome, id: number, exists: boolean) {
  if ('discarded' in outcome) {
    return {
      id,
      title: 'Changes discarded',
      text: outcome.unsure ? (
        <p>
          Your last save got no answer, so it may have been made: your settings are read again, and
          the switches show what is stored.
        </p>
      ) : exists ? (
        <p>Your notification settings are as they were last saved.</p>
      ) : (
        <p>These are the suggested settings again. Nothing is saved yet.</p>
      ),
    };
  }
  if (!exists) return null;
  return {
    id,
    title: 'Saved',
    text: (
      <>
        <p>Your notification settings were saved at {formatDateTime(outcome.savedAt)}.</p>
        {outcome.changedElsewhere.length > 0 ? (
          <>
            <p className="mt-1">
              These settings were changed elsewhere (on another device or in another tab) after this
              screen loaded. Only the switches you changed were saved; the others keep what was
              saved there, and the screen now shows it:
            </p>
            <ul aria-label="Changed elsewhere" className="list-disc pl-5">
              {outcome.changedElsewhere.map(({ category, channel, on }) => (
                <li key={`${category}.${channel}`}>
                  {switchName(category, channel)}: {on ? 'on' : 'off'}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    ),
  };
}

/**
 * The editable matrix for one user's stored (or, when none, suggested) preferences.
 * `signInNeeded`: reading them again was refused with 401, so the customer is being asked to
 * sign in (the screen shows that) while their changes are on screen.
 */
export function PreferencesForm({ user, signInNeeded }: { user: User; signInNeeded: boolean }) {
  const conn = useConnection();
  // where its kept changes are (preference-changes.ts): the API and the store ID
  const store = storeOf(conn);
  const save = useSavePreferences(conn, user.id);
  const exists = user.notification_preferences !== null;
  // what the form's "unchanged" means: what is stored now (or the suggestion)
  const base = user.notification_preferences ?? SUGGESTED_PREFERENCES;
  // what the last Save or Discard did, said until the next edit
  const [outcome, showOutcome] = useStatus<Outcome>();
  // changes kept through a sign-in (see below); read once, put on the form once it is there.
  // Only news if one of them still differs from what is stored now.
  const [restored, setRestored] = useState<Change[] | null>(() => {
    const kept = readKeptChanges(store, user.id);
    return kept?.some(({ category, channel, on }) => base[category][channel] !== on) ? kept : null;
  });
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  const { control, handleSubmit, formState, reset, setValue, getValues, getFieldState } =
    useForm<NotificationPreferences>({
      resolver: zodResolver(notificationPreferencesSchema),
      defaultValues: base,
    });
  const { isDirty, dirtyFields } = formState;
  const values = useWatch({ control });

  // dirty means "differs from what is stored": the form is reset to that (below, and on save)
  const isChanged = (category: Category, channel: Channel) => !!dirtyFields[category]?.[channel];
  const changes = editedSwitches(values, isChanged);
  const dirty = isDirty && changes.length > 0;

  // Once nothing is unsaved (switched back, or the same change arrived from elsewhere), what the
  // notes below said is over: a later edit is not "restored" nor met by news from elsewhere.
  const [wasDirty, setWasDirty] = useState(dirty);
  if (wasDirty !== dirty) {
    setWasDirty(dirty);
    if (!dirty) {
      setRestored(null);
      setChangedElsewhere(false);
    }
  }

  // Newer settings arrived (a refetch: the cached ones were drawn first, or another device saved
  // meanwhile). Said when it moves a switch the customer did not touch while they are editing;
  // without edits the form simply shows what is stored, which is no news.
  const [shownBase, setShownBase] = useState(base);
  if (shownBase !== base) {
    setShownBase(base);
    const theirs = changesBetween(shownBase, base).filter(
      ({ category, channel }) => !isChanged(category, channel),
    );
    if (dirty && theirs.length > 0) setChangedElsewhere(true);
  }

  // ...and the form follows: every switch the customer did not change shows what is stored now,
  // every one they changed keeps their choice (and stops counting as a change where the stored
  // value now agrees). Server data is pushed into the form here, not only as default values,
  // because the form outlives a refetch; Save sends only the changes in any case.
  useEffect(() => {
    const edits = editedSwitches(
      getValues(),
      (category, channel) => getFieldState(`${category}.${channel}`).isDirty,
    );
    reset(base);
    for (const { category, channel, on } of edits) {
      setValue(`${category}.${channel}`, on, { shouldDirty: true });
    }
  }, [base, getValues, getFieldState, reset, setValue]);

  // changes kept through a sign-in come back on top of what is stored now; from here on they
  // are on screen (and the guard protects them), so storage lets go of them
  useEffect(() => {
    if (!restored) return;
    for (const { category, channel, on } of restored) {
      setValue(`${category}.${channel}`, on, { shouldDirty: true });
    }
    forgetKeptChanges(store, user.id);
  }, [restored, setValue, store, user.id]);

  // ...also when they come back while the screen is open: a new token for this user ID sets the
  // person's records aside until Get user confirms it (src/features/session/set-aside.ts), and
  // the customer may have come back here before it answered
  useRecordsChanged(() => {
    const kept = readKeptChanges(store, user.id);
    if (kept?.some(({ category, channel, on }) => getValues(`${category}.${channel}`) !== on)) {
      setRestored(kept);
    }
  });

  // While the screen asks to sign in (a save or a refresh refused with 401), the changes are kept
  // in this tab's storage under the user's key, so the sign-in link can be followed without
  // losing them: the same user coming back gets them restored. Written whenever they change
  // while that lasts, so the last toggle before leaving is in; forgotten as soon as it is over
  // (a later read or save worked), so that changes discarded afterwards never come back.
  const keep = signInNeeded || isUnauthorized(save.error);
  // as text, so that the effect runs when the changes do, not after every render
  const keptPatch = keep ? JSON.stringify(toPatch(changes)) : null;
  useEffect(() => {
    if (keptPatch === null) forgetKeptChanges(store, user.id);
    else keepChanges(store, user.id, JSON.parse(keptPatch) as NotificationPreferencesPatch);
  }, [keptPatch, store, user.id]);

  const setCategory = (category: Category, on: boolean) => {
    for (const channel of CHANNELS) setValue(`${category}.${channel}`, on, { shouldDirty: true });
  };

  /** No more unsaved changes (saved or discarded): nothing to restore or to warn about. */
  const settle = () => {
    forgetKeptChanges(store, user.id);
    setRestored(null);
    setChangedElsewhere(false);
  };

  const onSubmit = (prefs: NotificationPreferences) => {
    if (save.savingNow()) return;
    save.mutate(
      { prefs, changes: toPatch(changesBetween(base, prefs)), exists },
      {
        onSuccess: (stored) => {
          // the form now starts from what the service stored, so "changed" means since this save
          reset(stored);
          settle();
          // the customer's own changes were stored as shown, so any other difference between
          // the screen and the answer was made elsewhere (the screen now shows it): say so
          showOutcome({
            savedAt: new Date().toISOString(),
            changedElsewhere: changesBetween(prefs, stored),
          });
        },
      },
    );
  };
  const submit = handleSubmit(onSubmit);

  // a failed save stays on screen while its Try again runs (the button shows it is pending and
  // keeps focus): without it the message, and the focus on its button, went at the press, and
  // focus fell to the page until the outcome came. A press of Save does not bring it back
  const [retried, setRetried] = useState<unknown>(null);
  const shownError = save.error ?? (save.isPending ? retried : null);
  const retry = () => {
    setRetried(save.error);
    void submit();
  };
  const saveNow = () => {
    setRetried(null);
    void submit();
  };

  // after a save, focus goes from Save to its outcome: keyboard and screen-reader users land on
  // the message that says what happened (StatusMessage does that for the confirmation)
  const errorRef = useFocusOnArrival<HTMLDivElement>(shownError, { scope: 'main' });

  const canSave = (dirty || !exists) && !save.isPending;

  return (
    // no <form>: there is nothing to type, so no Enter-to-submit to gain, and inside a form Radix
    // adds a hidden native checkbox per switch for native submission, which nothing here uses
    <div className="flex flex-col gap-6">
      {!exists ? (
        <Alert tone="warning" title="Not saved yet">
          You have no notification settings stored yet. We suggest transactional messages (about
          your orders, deliveries, returns and refunds) on every channel and nothing else. Change
          anything you like, then press Save to keep these settings.
        </Alert>
      ) : null}
      {restored && dirty ? (
        <Alert tone="info" title="Your unsaved changes were restored">
          You changed these settings before you were asked to sign in. They are marked Changed below
          and are not saved yet: press Save to keep them.
        </Alert>
      ) : null}
      {changedElsewhere && dirty ? (
        <Alert tone="info" title="These settings were changed elsewhere">
          Newer settings were saved somewhere else (another device or tab) while you were editing.
          The switches you did not change now show them; your own changes are kept and marked
          Changed, and Save sends only those.
        </Alert>
      ) : null}

      <PreferencesMatrix
        control={control}
        isChanged={isChanged}
        setCategory={setCategory}
        disabled={save.isPending}
      />

      {shownError ? (
        <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
          <SaveError error={shownError} onRetry={retry} retrying={save.isPending} />
        </div>
      ) : null}

      <div className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
        {/* says what is unsaved, or that the last save worked (until the next edit) */}
        <StatusMessage
          message={outcome && !dirty ? outcomeMessage(outcome.value, outcome.id, exists) : null}
          idle={
            dirty ? (
              <p className="font-semibold text-amber-950">
                {changes.length === 1 ? '1 unsaved change' : `${changes.length} unsaved changes`}
                {exists ? '' : ' (nothing is saved yet)'}
              </p>
            ) : exists ? (
              <p className="text-slate-700">No unsaved changes.</p>
            ) : (
              <p className="text-slate-700">These suggested settings are not saved yet.</p>
            )
          }
        />
        {dirty ? (
          <ul aria-label="Unsaved changes" className="list-disc pl-5 text-sm text-slate-800">
            {changes.map(({ category, channel, on }) => (
              <li key={`${category}.${channel}`}>
                {switchName(category, channel)}: turned {on ? 'on' : 'off'}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button
            disabled={!canSave}
            pending={save.isPending}
            pendingLabel="Saving…"
            onClick={saveNow}
          >
            Save
          </Button>
          {dirty ? (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => {
                const unsure = save.outcomeUnknown();
                reset();
                save.reset();
                settle();
                if (unsure) save.readAgain();
                // the button goes with the changes: the news takes focus, and is read out
                showOutcome({ discarded: true, unsure });
              }}
            >
              Discard changes
            </Button>
          ) : null}
        </div>
      </div>

      <UnsavedChangesGuard dirty={dirty} kept={keep} changeCount={changes.length} />
    </div>
  );
}
