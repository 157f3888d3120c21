import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { Alert } from './ui/alert';

/**
 * What a sign-out or sign-in made in another tab did to this tab's work: what was typed is gone,
 * but a change already on its way (a redemption, a return) may have reached the service.
 */
export const WORK_LEFT_BEHIND =
  'Changes not saved here were not kept; one that was on its way may have been made.';

/** To the Connection screen's sign-in, and back to this same screen afterwards. */
function SignInHereLink({ children }: { children: ReactNode }) {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <Link
      to={`/settings?next=${encodeURIComponent(next)}`}
      className="mt-2 inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
    >
      {children}
    </Link>
  );
}

/** Shown on a 401: leads to sign-in and back to this same screen afterwards. */
export function SignInPrompt({ message }: { message?: string }) {
  const { endedElsewhere } = useSession();
  return (
    <Alert tone="warning" title="Sign in to continue">
      {endedElsewhere ? <p>You were signed out in another tab. {WORK_LEFT_BEHIND}</p> : null}
      <p>{message ?? 'This screen needs you to be signed in.'}</p>
      <SignInHereLink>Sign in</SignInHereLink>
    </Alert>
  );
}

/**
 * A staff screen opened by a customer account: said instead of the screen, with the way to
 * sign in as someone else and come back here.
 */
export function NotAllowed({ message }: { message: string }) {
  return (
    <Alert tone="error" title="Not allowed">
      <p>{message}</p>
      <SignInHereLink>Change who is signed in</SignInHereLink>
    </Alert>
  );
}
