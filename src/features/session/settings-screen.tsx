import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, type RefObject, useEffect, useEffectEvent, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, type Tone } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { StatusMessage, useStatus } from '@/components/ui/status-message';
import { Form } from '@/components/ui/form';
import { IS_DEMO_BUILD } from '@/lib/config';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { safeAppPath } from '@/lib/safe-url';
import { APP_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';
import { type Identity, isDemoMode, sessionStore, useSession, whomOf } from '@/lib/session';
import { useFocusFirstError } from '@/lib/focus-first-error';
import type { Finding } from './connection-check';
import { type SetAside, carryOver, putBack, setAsideFor } from './set-aside';
import { type ConnectionForm, connectionFormSchema } from './connection-schema';

const formSchema = connectionFormSchema(IS_DEMO_BUILD);

/** Set by a Save that reloads the page (demo <-> real API): check the settings once back. */
const CHECK_AFTER_RELOAD_KEY = `${APP_PREFIX}connection-check-after-reload`;

/** The connection's fields, as `Settings` holds them. */
const SETTING_NAMES = ['baseUrl', 'storeId', 'apiKey'] as const;

/** Abort the Connection check on its way, if any. */
function stopCheck(checking: RefObject<AbortController | null>) {
  checking.current?.abort();
  checking.current = null;
}

/** What the status line says: a Save, its check, a sign-out. */
interface Said {
  text: ReactNode;
  title?: string;
  tone?: Tone;
  /** A check's words are about whom the app acted for then (`whomOf`). */
  whom?: string;
}

export function SettingsScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeAppPath(params.get('next'));
  const [status, setStatus, clearStatus, updateStatus] = useStatus<Said>();
  // the check of the last Save, stopped by a later Save (valid or not), a sign-out or a switch of
  // whom the app acts for (here or in another tab): its answer is moot then, and its requests
  // must not go on with credentials that no longer hold. Leaving the screen does not stop it:
  // what it would say here goes unsaid, but a token it finds refused, or another person's, still
  // signs nobody in (`left`)
  const checking = useRef<AbortController | null>(null);
  const stopChecking = () => stopCheck(checking);
  // the records a Save set aside for a new token, until its check has answered: a Save pressed
  // again meanwhile (a double click, Enter twice, a slow Get user) stops that check and signs in
  // the same token again, which sets nothing aside (the records are swept already): it takes
  // these over, or they would be lost though the service confirms the token
  const pendingAside = useRef<SetAside | null>(null);
  // ...and not past a switch of whom the app acts for (a sign-out, here or in another tab): they
  // are a person's records, which leave memory with it
  useEffect(
    () =>
      sessionStore.onSwitch(() => {
        pendingAside.current = null;
      }),
    [],
  );
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);

  const signedIn = {
    accessToken: session.identity?.accessToken ?? '',
    userId: session.identity?.userId ?? '',
    remember: session.remember,
  };
  const { register, handleSubmit, formState, reset, resetField, getFieldState, getValues } =
    useForm<ConnectionForm>({
      resolver: zodResolver(formSchema),
      defaultValues: { ...session.settings, ...signedIn },
      // once its error is drawn, so the error is read once (src/lib/focus-first-error.ts)
      shouldFocusError: false,
    });
  const { errors } = formState;
  const focusFirstError = useFocusFirstError(formState);

  // someone signed in or out elsewhere (another tab): the sign-in fields show who it is now, so a
  // Save does not sign the one before back in. A token and its user ID go together: while either
  // is being edited, both keep what was typed (never one person's token with another's ID)
  const whoKey = JSON.stringify(signedIn);
  // (a sign-out this screen made because the service refused the token just typed keeps it)
  const keepTyped = useRef(false);
  const followSession = useEffectEvent(() => {
    if (keepTyped.current) {
      keepTyped.current = false;
      return;
    }
    const editing = (['accessToken', 'userId'] as const).some(
      (name) => getFieldState(name, formState).isDirty,
    );
    if (editing) return;
    for (const name of ['accessToken', 'userId', 'remember'] as const) {
      resetField(name, { defaultValue: signedIn[name] });
    }
  });
  useEffect(() => {
    followSession();
  }, [whoKey]);

  // ...and so with the connection saved elsewhere: the fields not being edited here show it, so a
  // Save here does not write the old address, store ID or API key back
  const settingsKey = JSON.stringify(session.settings);
  const followSettings = useEffectEvent(() => {
    for (const name of SETTING_NAMES) {
      if (getFieldState(name, formState).isDirty) continue;
      resetField(name, { defaultValue: session.settings[name] });
    }
  });
  useEffect(() => {
    followSettings();
  }, [settingsKey]);

  // a check's words named whom the app acted for then: a sign-in, sign-out or connection change
  // made in another tab makes them untrue. Replaced in place (the same message keeps its focus)
  // (a sign-out there is said, and focus kept off the page, by the layout: useFollowElsewhere)
  const whom = whomOf(session);
  const followWhom = useEffectEvent(() => {
    if (status?.value.whom === undefined || status.value.whom === whom) return;
    updateStatus({ text: 'Who is signed in, or the connection, changed in another tab.', whom });
  });
  useEffect(() => {
    followWhom();
  }, [whom]);

  const afterSignIn = (identity: Identity) => {
    const home = identity.role === 'customer' ? '/account/notifications' : '/pos';
    navigate(next ?? home);
  };

  const onSubmit = (form: ConnectionForm) => {
    const wasDemo = isDemoMode();
    const settings = { baseUrl: form.baseUrl, storeId: form.storeId, apiKey: form.apiKey };
    sessionStore.saveSettings(settings);
    // the records of the user ID signed in, when a new token of theirs signs in (set-aside.ts)
    let aside: SetAside | null = null;
    if (form.accessToken) {
      const known = DEMO_IDENTITIES.find(
        (d) => d.accessToken === form.accessToken && d.userId === form.userId,
      );
      const identity = known
        ? known
        : {
            accessToken: form.accessToken,
            userId: form.userId,
            displayName: form.userId,
            role: null,
          };
      const current = sessionStore.get().identity;
      // a Save pressed again while the check of the last one runs (the same token, or another
      // typed in its place for the same user ID) keeps what that one set aside
      aside = carryOver(pendingAside.current, current, identity, setAsideFor(current, identity));
      sessionStore.signIn(identity, form.remember);
    }
    pendingAside.current = aside;
    // no token given: nobody is signed in, and the check below says so
    const signedOut = !form.accessToken && session.identity !== null;
    if (signedOut) sessionStore.signOut();
    reset(form);
    if (wasDemo !== isDemoMode()) {
      // switching between the demo service and a real API needs a fresh start; the check of
      // this Save runs on the other side of it (when the page comes back here, with its next=:
      // a token the service refuses must not reach the screen that asked for sign-in unsaid)
      writeStored('session', CHECK_AFTER_RELOAD_KEY, true);
      window.location.assign(next ? `/settings?next=${encodeURIComponent(next)}` : '/settings');
      return;
    }
    if (next && form.accessToken) {
      // once the service has said whose the token is: a refused one, or another person's, stays
      void confirmThenGo(aside, next);
      return;
    }
    void checkSaved(signedOut, aside);
  };

  /**
   * A check of this screen's, stopped by a later Save, a sign-out, or a switch of whom the app
   * acts for (the session just saved: its listener goes with the check); not by leaving (`left`).
   */
  const startCheck = () => {
    stopChecking();
    const control = new AbortController();
    checking.current = control;
    sessionStore
      .signal()
      .addEventListener('abort', () => control.abort(), { once: true, signal: control.signal });
    return control;
  };

  // back to the screen that asked for sign-in once the service has said whether the new token is
  // the same person's: their records come back first, so that screen finds them (a return draft).
  // A token it refuses, or another person's, signs nobody in: the screen stays, saying so
  const confirmThenGo = async (aside: SetAside | null, to: string) => {
    // whom it signs in: a sign-in or sign-out in another tab calls the check off, and says so
    // in its place (followWhom), rather than "Signing in…" for ever
    setStatus({ text: 'Signing in…', whom: whomOf(sessionStore.get()) });
    const control = startCheck();
    let finding: Finding | null = null;
    try {
      const { checkUser } = await import('./connection-check');
      finding = await checkUser(sessionStore.get().connection, control.signal);
    } catch {
      // the check's code did not load: the records stay swept, as for any sign-in
    }
    if (control.signal.aborted) return;
    stopChecking();
    pendingAside.current = null;
    if (finding?.userConfirmed && aside) putBack(aside, sessionStore.get().identity);
    if (finding?.tokenRefused) signOutRefused();
    // gone elsewhere meanwhile: not taken back to `to`, and nothing said here
    if (left.current) return;
    if (!finding?.tokenRefused) {
      navigate(to);
      return;
    }
    updateStatus({
      whom: whomOf(sessionStore.get()),
      tone: 'warning',
      title: 'Not signed in',
      text: (
        <p className="wrap-anywhere">
          You are not signed in: {finding.tokenRefused} Check the access token and the user ID.
        </p>
      ),
    });
  };

  /**
   * A token the check found refused, or another person's, signs nobody in: the header must not
   * say someone is (nor a screen act for a user ID the token is not for), also once the screen is
   * left. What was typed stays in the form, to be corrected.
   */
  const signOutRefused = () => {
    keepTyped.current = true;
    sessionStore.signOut();
  };

  // the saved settings tried against the service, so a wrong address, store ID, API key or token
  // is said here, where it can be fixed, not later on another screen. Its code loads on Save
  const checkSaved = async (signedOut = false, aside: SetAside | null = null) => {
    const whom = whomOf(sessionStore.get());
    setStatus({ text: 'Connection saved. Checking it with the service…', whom });
    const control = startCheck();
    let said: Said;
    let findings: Finding[] | undefined;
    try {
      const { checkConnection } = await import('./connection-check');
      findings = await checkConnection(sessionStore.get().connection, control.signal);
      const problems = findings.filter((f) => !f.ok).length;
      said = {
        whom,
        tone: problems === 0 ? 'success' : 'warning',
        title:
          problems === 0
            ? 'Connection saved and checked'
            : 'Connection saved, but not everything works',
        text: (
          <ul className="mt-1 flex flex-col gap-1 wrap-anywhere">
            {findings.map((f) => (
              <li key={f.text}>
                <span className="font-semibold">{f.ok ? 'Works: ' : 'Problem: '}</span>
                {f.text}
              </li>
            ))}
          </ul>
        ),
      };
    } catch {
      said = { whom, tone: 'warning', text: 'Connection saved. It could not be checked.' };
    }
    if (control.signal.aborted) return;
    stopChecking(); // done: lets go of its listener on the session
    pendingAside.current = null;
    if (aside && findings?.some((f) => f.userConfirmed))
      putBack(aside, sessionStore.get().identity);
    const refused =
      sessionStore.get().identity !== null
        ? findings?.find((f) => f.tokenRefused)?.tokenRefused
        : undefined;
    if (refused) signOutRefused();
    if (left.current) return;
    if (refused || signedOut) {
      said = {
        ...said,
        whom: whomOf(sessionStore.get()),
        text: (
          <>
            <p className="font-semibold wrap-anywhere">
              {refused
                ? `You are not signed in: ${refused}`
                : 'Signed out: no access token was given. Customer data was removed from this device.'}
            </p>
            {said.text}
          </>
        ),
      };
    }
    // in place of "Checking…", without taking focus again: the cashier may have moved on (the
    // region is polite: the answer is still heard)
    updateStatus(said);
  };

  // a Save that switched between the demo service and a real API reloaded the page: its check,
  // once, on arrival
  const checkAfterReload = useEffectEvent(() => {
    if (!readStored('session', CHECK_AFTER_RELOAD_KEY, (v) => v === true)) return;
    removeStored('session', CHECK_AFTER_RELOAD_KEY);
    // a Save from a screen that asked for sign-in goes back there once Get user has answered
    if (next && sessionStore.get().identity) void confirmThenGo(null, next);
    else void checkSaved();
  });
  useEffect(() => {
    checkAfterReload();
  }, []);

  /**
   * "Remember on this device" for a demo button's sign-in of `userId`: the box starts from the
   * last sign-in's choice, which on a shared till may be someone else's (the cashier's), and a
   * button is pressed without reading the form. It holds for another person only once ticked or
   * unticked here; left as it was, for the same person only. (A Save follows the box as shown,
   * beside the fields the person filled in.)
   */
  const rememberFor = (userId: string, ticked: boolean) =>
    ticked && (sessionStore.get().identity?.userId === userId || getFieldState('remember').isDirty);

  const signInAs = (identity: Identity) => {
    // "Remember on this device", as a Save does: ticked for this person (the box starts from the
    // last sign-in's choice, which on a shared till may be someone else's)
    sessionStore.signIn(identity, rememberFor(identity.userId, getValues('remember')));
    afterSignIn(identity);
  };

  const signOut = () => {
    sessionStore.signOut();
    // the sign-in fields only: a connection typed and not yet saved stays, to be saved
    resetField('accessToken', { defaultValue: '' });
    resetField('userId', { defaultValue: '' });
    resetField('remember', { defaultValue: false });
    stopChecking();
    setStatus({ text: 'Signed out. Customer data was removed from this device.' });
  };

  return (
    <Page title="Connection and sign-in">
      {next ? (
        <Alert tone="info">Sign in, and you will go straight back to where you were.</Alert>
      ) : null}
      {/* focused when set, because the control that caused it (e.g. Sign out) may be gone */}
      <StatusMessage
        message={status && { id: status.id, title: status.value.title, text: status.value.text }}
        tone={status?.value.tone}
      />

      {session.identity ? (
        <section
          aria-labelledby="current-heading"
          className="rounded-lg border border-slate-300 bg-white p-5"
        >
          <h2 id="current-heading" className="text-lg font-semibold">
            Signed in
          </h2>
          {/* the role on a line of its own: a name may already say it ("Priya Nair (cashier)") */}
          <p className="mt-1 wrap-anywhere">{session.identity.displayName}</p>
          {session.identity.role ? (
            <p className="text-sm text-slate-700">
              {session.identity.role === 'staff'
                ? 'Staff account: the POS terminal'
                : 'Customer account: notification settings and returns'}
            </p>
          ) : null}
          <Button variant="secondary" className="mt-3" onClick={signOut}>
            Sign out
          </Button>
        </section>
      ) : null}

      {IS_DEMO_BUILD && isDemoMode(session.settings) ? (
        <section
          aria-labelledby="demo-heading"
          className="rounded-lg border border-slate-300 bg-white p-5"
        >
          <h2 id="demo-heading" className="text-lg font-semibold">
            Demo sign-in
          </h2>
          <p className="mt-1 text-slate-700">
            One click signs you in as one of the demo store&apos;s people.
          </p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {DEMO_IDENTITIES.map((identity) => (
              <li
                key={identity.id}
                className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
              >
                <Button onClick={() => signInAs(identity)}>
                  Sign in as {identity.displayName}
                </Button>
                <span className="text-sm text-slate-700">{identity.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section
        aria-labelledby="conn-heading"
        className="rounded-lg border border-slate-300 bg-white p-5"
      >
        <h2 id="conn-heading" className="text-lg font-semibold">
          Connection
        </h2>
        <Form
          submitCount={formState.submitCount}
          noValidate
          // a failed save does not leave the last one's "Connection saved." beside its errors
          onSubmit={(e) =>
            void handleSubmit(onSubmit, () => {
              stopChecking();
              clearStatus();
              focusFirstError();
            })(e)
          }
          className="mt-3 grid gap-4 md:grid-cols-2"
        >
          <Field
            label="API base URL"
            hint={
              IS_DEMO_BUILD
                ? 'Empty uses the demo service in this browser.'
                : 'The address of the storefront API.'
            }
            inputMode="url"
            autoComplete="url"
            error={errors.baseUrl?.message}
            {...register('baseUrl')}
          />
          <Field
            label="Store ID"
            autoComplete="off"
            error={errors.storeId?.message}
            {...register('storeId')}
          />
          <Field
            label="API key"
            hint="Used only to list store locations."
            autoComplete="off"
            error={errors.apiKey?.message}
            {...register('apiKey')}
          />
          {/* Masked (a till is in view of customers), but no login for the browser to keep: a
              password manager ignores "off" on a password field, and paired with a username it
              would save the token where sign-out cannot clear it, and offer it to the next
              person at the till. "one-time-code" is what it does not save */}
          <Field
            label="Access token"
            type="password"
            autoComplete="one-time-code"
            data-1p-ignore
            data-lpignore="true"
            error={errors.accessToken?.message}
            {...register('accessToken')}
          />
          <Field
            label="User ID"
            autoComplete="off"
            error={errors.userId?.message}
            {...register('userId')}
          />
          <label className="flex min-h-11 items-center gap-3 self-end">
            <input type="checkbox" className="size-5" {...register('remember')} />
            Remember on this device
          </label>
          <div className="md:col-span-2">
            <Button type="submit">Save connection</Button>
          </div>
        </Form>
      </section>
    </Page>
  );
}
