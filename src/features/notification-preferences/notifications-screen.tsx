import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { fullName } from '@/lib/format';
import { isUnauthorized } from '@/api/errors';
import type { User } from '@/api/schemas/user';
import { userQueryOptions } from '@/api/users';
import { ApiErrorAlert, RefreshFailedAlert, useLoadFailure } from '@/components/api-error-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { useConnection, useSession } from '@/lib/session';
import { useDeferredArrival } from '@/lib/use-arrival';
import { PreferencesForm } from './preferences-form';

const TITLE = 'Notification settings';

function SignedInNotifications() {
  const connection = useConnection();
  const { userId } = connection;
  // a 401 in the cache is asked again after a sign-in with the same token (src/app/providers.tsx)
  const query = useQuery(userQueryOptions(connection, userId));
  const user = useDeferredArrival(query.data);
  const refusals = {
    notFound: `There is no customer account with the user id "${userId}". Notification settings belong to customer accounts: sign in as a customer.`,
    forbidden: `The access token you signed in with does not belong to user "${userId}", so their notification settings cannot be shown. Sign in again with your own account.`,
  };

  // a failed refresh with settings already on screen must not take the form (and its unsaved
  // edits) away: only a first load that failed shows the error instead of the form
  const { failure, recovered } = useLoadFailure(query);
  return (
    <Page title={TITLE} focusOnArrival={recovered || null}>
      {failure !== null ? (
        <ApiErrorAlert
          error={failure}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          subject="your notification settings"
          {...refusals}
        />
      ) : user ? (
        <Preferences user={user} query={query} refusals={refusals} />
      ) : (
        <Loading label="Loading your notification settings…" />
      )}
    </Page>
  );
}

function Preferences({
  user,
  query,
  refusals,
}: {
  user: User;
  query: UseQueryResult<User>;
  refusals: { notFound: string; forbidden: string };
}) {
  // an account made at a till from a phone or email alone has no names: the email stands in
  const name = fullName(user);
  return (
    <>
      <RefreshFailedAlert
        query={query}
        title="Could not refresh your notification settings"
        {...refusals}
      >
        The settings below are from the last time they loaded.
      </RefreshFailedAlert>
      <p className="text-slate-800">
        Choose how we may contact you
        {name ? (
          <>
            , <strong>{name}</strong>
            {user.email ? ` (${user.email})` : ''}
          </>
        ) : user.email ? (
          <>
            , <strong>{user.email}</strong>
          </>
        ) : null}
        . Messages about your own orders are transactional; offers and news are sent only if you
        turn them on.
      </p>
      {/* a different user (sign-in changed) starts a fresh form from their own settings; newer
          settings of the same user are taken in by the form itself, keeping unsaved changes */}
      <PreferencesForm key={user.id} user={user} signInNeeded={isUnauthorized(query.error)} />
    </>
  );
}

/** /account/notifications: the signed-in customer's notification preferences (ops 10, 1, 2). */
export function NotificationsScreen() {
  const session = useSession();
  return session.identity ? (
    <SignedInNotifications />
  ) : (
    <Page title={TITLE}>
      <SignInPrompt message="Sign in to see and change your notification settings." />
    </Page>
  );
}
