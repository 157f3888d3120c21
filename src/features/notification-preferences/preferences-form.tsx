import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError } from '@/api/errors';
import {
  CATEGORIES,
  CHANNELS,
  type Category,
  type Channel,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@/api/schemas/notification-preferences';
import type { User } from '@/api/schemas/user';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatusMessage, useStatus } from '@/components/ui/status-message';
import { formatDateTime } from '@/lib/format';
import { useConnection } from '@/lib/session';
import { PreferencesMatrix } from './preferences-matrix';
import { SUGGESTED_PREFERENCES, switchName } from './preference-labels';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useSavePreferences } from './use-save-preferences';

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
  // signed out or not allowed: saving again cannot help; the standard alert says what can
  if (isApiError(error) && (error.status === 401 || error.status === 403)) {
    return <ApiErrorAlert error={error} forbidden={FORBIDDEN} />;
  }
  const transient = !isApiError(error) || error.isTransient;
  return (
    <Alert
      tone="error"
      title="Your changes were not saved"
      onRetry={transient ? onRetry : undefined}
      retrying={retrying}
    >
      <p>{error instanceof Error ? error.message : 'Unexpected error.'}</p>
      <p className="mt-1">
        Your choices are still on this screen{transient ? '; try again.' : '.'}
      </p>
    </Alert>
  );
}

/** The editable matrix for one user's stored (or, when none, suggested) preferences. */
export function PreferencesForm({ user }: { user: User }) {
  const conn = useConnection();
  const save = useSavePreferences(conn, user.id);
  const exists = user.notification_preferences !== null;
  const [saved, showSaved] = useStatus<string>();

  const { control, handleSubmit, formState, reset, setValue } = useForm<NotificationPreferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: user.notification_preferences ?? SUGGESTED_PREFERENCES,
  });
  const { isDirty, dirtyFields } = formState;
  const values = useWatch({ control });

  const changes: { category: Category; channel: Channel; on: boolean }[] = [];
  for (const category of CATEGORIES) {
    for (const channel of CHANNELS) {
      if (dirtyFields[category]?.[channel]) {
        changes.push({ category, channel, on: values[category]?.[channel] === true });
      }
    }
  }
  const dirty = isDirty && changes.length > 0;
  const isChanged = (category: Category, channel: Channel) => !!dirtyFields[category]?.[channel];

  const setCategory = (category: Category, on: boolean) => {
    for (const channel of CHANNELS) setValue(`${category}.${channel}`, on, { shouldDirty: true });
  };

  const onSubmit = (prefs: NotificationPreferences) => {
    save.mutate(
      { prefs, exists },
      {
        onSuccess: (stored) => {
          // the form now starts from what the service stored, so "changed" means since this save
          reset(stored);
          showSaved(new Date().toISOString());
        },
      },
    );
  };
  const submit = handleSubmit(onSubmit);

  // after a save, focus goes to its outcome: the Save button is disabled by then, and keyboard
  // and screen-reader users should land on the message that says what happened (StatusMessage
  // does that for the confirmation)
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (save.error) errorRef.current?.focus();
  }, [save.error]);

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

      <PreferencesMatrix
        control={control}
        isChanged={isChanged}
        setCategory={setCategory}
        disabled={save.isPending}
      />

      {save.error ? (
        <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
          <SaveError error={save.error} onRetry={() => void submit()} retrying={save.isPending} />
        </div>
      ) : null}

      <div className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
        {/* says what is unsaved, or that the last save worked (until the next edit) */}
        <StatusMessage
          message={
            saved && !dirty && exists
              ? {
                  id: saved.id,
                  title: 'Saved',
                  text: (
                    <p>Your notification settings were saved at {formatDateTime(saved.value)}.</p>
                  ),
                }
              : null
          }
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
            onClick={() => void submit()}
          >
            Save
          </Button>
          {dirty ? (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => {
                reset();
                save.reset();
              }}
            >
              Discard changes
            </Button>
          ) : null}
        </div>
      </div>

      <UnsavedChangesGuard dirty={dirty} changeCount={changes.length} />
    </div>
  );
}
