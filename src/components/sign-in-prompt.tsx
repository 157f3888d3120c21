import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { Alert } from './ui/alert';

/** Shown on a 401: leads to sign-in and back to this same screen afterwards. */
export function SignInPrompt({ message }: { message?: string }) {
  const location = useLocation();
  const { endedElsewhere } = useSession();
  const next = `${location.pathname}${location.search}`;
  return (
    <Alert tone="warning" title="Sign in to continue">
      {endedElsewhere ? (
        <p>You were signed out in another tab. Changes not saved here were not kept.</p>
      ) : null}
      <p>{message ?? 'This screen needs you to be signed in.'}</p>
      <Link
        to={`/settings?next=${encodeURIComponent(next)}`}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
      >
        Sign in
      </Link>
    </Alert>
  );
}
