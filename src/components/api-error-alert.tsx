import { isCancelledError } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type ApiError, isApiError, isSessionSwitched } from '@/api/errors';
import { isServiceNotFound } from '@/api/not-found-codes';
import { SignInPrompt } from './sign-in-prompt';
import { Alert } from './ui/alert';
import { ReloadButton } from './ui/reload-button';
import { useFocusHeading } from './ui/page';

const settingsLink =
  'mt-2 inline-flex min-h-11 items-center font-semibold text-indigo-800 underline';

/**
 * A request called off because the session or the cache moved on (a sign-in or sign-out, a
 * change of store): nothing went wrong, so there is nothing to show or retry.
 */
export function isSuperseded(error: unknown): boolean {
  return isCancelledError(error) || isSessionSwitched(error);
}

/** Code of the app's that could not be fetched (offline, or a file a new release replaced). */
export const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script failed/i.test(error.message);

/**
 * The standard way a screen shows a failed load: 401 leads to sign-in and back, 403 explains,
 * network and server failures offer a retry; a superseded request shows nothing. An unknown store (every operation's 404
 * `store_not_found`) points at the Connection settings; `notFound` words any other 404 for the
 * screen (the thing it asked for is not there).
 */
export function ApiErrorAlert({
  error,
  onRetry,
  retrying,
  notFound,
  forbidden,
  subject,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  notFound?: string;
  forbidden?: string;
  /** What failed to load, for the title ("Could not load the cart"): heard without the screen. */
  subject?: string;
}) {
  if (isSuperseded(error)) return null;
  if (isChunkLoadError(error)) {
    // the file's address means nothing to the reader; nor would Try again do anything (a failed
    // module stays failed for the page's life): a reload, once the connection is back
    return (
      <Alert tone="error" title="Part of the app did not load" actions={<ReloadButton />}>
        Check the connection, then reload the page.
      </Alert>
    );
  }
  if (!isApiError(error)) {
    return (
      <Alert
        tone="error"
        title="Something went wrong"
        onRetry={onRetry}
        retrying={retrying}
        failure={error}
      >
        {error instanceof Error ? error.message : 'Unexpected error.'}
      </Alert>
    );
  }
  const e: ApiError = error;
  if (e.status === 401) return <SignInPrompt message={e.message} />;
  if (e.status === 403) {
    return (
      <Alert tone="error" title="Not allowed">
        <p>{forbidden ?? e.message}</p>
        <Link to="/settings" className={settingsLink}>
          Change who is signed in
        </Link>
      </Alert>
    );
  }
  if (e.code === 'store_not_found') {
    return (
      <Alert tone="error" title="Store not found">
        <p>The service has no store with the store ID this terminal is set up with.</p>
        <Link to="/settings" className={settingsLink}>
          Check the store ID in Connection settings
        </Link>
      </Alert>
    );
  }
  // a 404 without one of the service's not-found codes is something else at the API address (a
  // web server, a wrong path): sending the cashier to scan again a cart that exists would hide
  // what is wrong
  if (e.status === 404 && !isServiceNotFound(e.code)) {
    return (
      <Alert tone="error" title="The storefront service is not at this address">
        <p>
          The API address answered “not found” (404), but not as the storefront service does: the
          address or its path is probably wrong. {e.message}
        </p>
        <Link to="/settings" className={settingsLink}>
          Check the API address in Connection settings
        </Link>
      </Alert>
    );
  }
  // the service's own "not found": the thing asked for is not there
  if (e.status === 404 && notFound) {
    return (
      <Alert tone="error" title="Not found">
        {notFound}
      </Alert>
    );
  }
  // an answer that is not the service's (a Wi-Fi login page, a cut-off body): nothing was
  // refused, and asking again may well work
  const unreadable = e.code === 'invalid_response';
  return (
    <Alert
      tone="error"
      title={
        unreadable
          ? "Could not read the service's answer"
          : e.isTransient
            ? `Could not load${subject ? ` ${subject}` : ''}`
            : 'The service refused'
      }
      onRetry={e.isRetryable ? onRetry : undefined}
      retrying={retrying}
      failure={error}
    >
      {e.message}
    </Alert>
  );
}

/**
 * A background refresh failed while the screen still shows what it loaded before. A transient
 * failure, or a success that could not be read, is said above the data with a retry, rather than
 * taking the data (and anything typed over it) away; a refusal (401 sign in again, 403, 404) is
 * worded as on a first load, since trying again would not change it.
 */
export function RefreshFailedAlert({
  query,
  title,
  children,
  notFound,
  forbidden,
  tone = 'warning',
  onRetry,
  retrying,
  retryDisabled,
}: {
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  title: string;
  children: ReactNode;
  notFound?: string;
  forbidden?: string;
  /** `error` when the refresh was the user's own request (it failed what they asked for). */
  tone?: 'warning' | 'error';
  /** What Try again does, when more than the refresh (e.g. the print the refresh was for). */
  onRetry?: () => void;
  retrying?: boolean;
  /** Try again is off (another action is on its way). */
  retryDisabled?: boolean;
}) {
  // a Try again that works takes the message and itself away: focus, if it went with them,
  // goes to the screen's heading. A refresh that recovers by itself moves nobody's focus
  const focusHeading = useFocusHeading();
  const retried = useRef(false);
  const recovered = !query.isError;
  useEffect(() => {
    if (!recovered || !retried.current) return;
    retried.current = false;
    focusHeading();
  }, [recovered, focusHeading]);

  if (!query.isError) return null;
  const retry = () => {
    retried.current = true;
    if (onRetry) onRetry();
    else void query.refetch();
  };
  const busy = retrying ?? query.isFetching;
  // a success that could not be read (cut off, a proxy's page, off the contract) is no refusal:
  // the data on screen is just as old, and what the screen says of it (the figures are from the
  // last load, the receipt was not printed) holds as for a dropped connection. A 4xx without the
  // service's error body (a gateway's 401 or 404 page) is still a refusal, worded as on a first load
  const unreadable =
    isApiError(query.error) && query.error.code === 'invalid_response' && query.error.status < 400
      ? query.error.message
      : null;
  if (isApiError(query.error) && !query.error.isTransient && unreadable === null) {
    return (
      <ApiErrorAlert
        error={query.error}
        onRetry={retry}
        retrying={busy}
        notFound={notFound}
        forbidden={forbidden}
      />
    );
  }
  return (
    <Alert
      tone={tone}
      title={title}
      onRetry={retry}
      retrying={busy}
      retryDisabled={retryDisabled}
      failure={query.error}
    >
      {children}
      {unreadable ? <span className="mt-1 block">{unreadable}</span> : null}
    </Alert>
  );
}

/**
 * The failure of a first load (no data yet), kept on screen while its Try again is on its way:
 * TanStack Query puts a query without data back to "pending" for the retry, which would swap the
 * message, and the Try again that has focus, for a spinner. `recovered` counts the loads that came
 * after such a failure: the message and its button go then, so the screen gives focus to its
 * heading (Page's `focusOnArrival`) instead of leaving it to the page.
 */
export function useLoadFailure(query: {
  data: unknown;
  error: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  errorUpdateCount: number;
}): { failure: unknown; recovered: number } {
  const [kept, setKept] = useState<unknown>(null);
  const [recovered, setRecovered] = useState(0);
  const noData = query.data === undefined;
  const failure = query.isError && noData ? query.error : null;
  // a retry on its way (or one a query with TanStack's "online" mode holds, "paused": the app's
  // queries ask anyway, src/app/query-client.ts) is still the retry of that failure; the first
  // read of another query (a corrected API key, another order) is not: it has not failed, and
  // the failure kept was about what it replaced
  const retrying = noData && query.fetchStatus !== 'idle' && query.errorUpdateCount > 0;
  if (failure !== null && failure !== kept) setKept(failure);
  if (kept !== null && failure === null && !retrying) {
    setKept(null);
    if (!noData) setRecovered((n) => n + 1);
  }
  return { failure: failure ?? (retrying ? kept : null), recovered };
}
