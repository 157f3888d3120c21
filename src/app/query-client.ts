import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/**
 * Retry only what may pass on a second try (network, timeout, 5xx, a gateway's 408), at most
 * twice. Not a 429: a gateway asking for fewer requests gets none by itself (the screen's Try
 * again is the person's call).
 */
export function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return true;
  // a service that says when it will take requests again (Retry-After) is not asked sooner by
  // itself: a short wait is waited out (retryDelay), a longer one is the person's Try again
  if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_WAIT_MS) return false;
  return error.isTransient && error.status !== 429;
}

/** The longest `Retry-After` a read waits out by itself before asking again. */
const MAX_RETRY_WAIT_MS = 10_000;

/** TanStack's own back-off (1 s, 2 s, 4 s… up to 30 s), or longer when the answer asked for it. */
export function retryDelay(failureCount: number, error: unknown) {
  const backOff = Math.min(1000 * 2 ** failureCount, 30_000);
  return Math.max(backOff, isApiError(error) ? (error.retryAfterMs ?? 0) : 0);
}

/**
 * Every read and every change is asked even when the browser thinks it is offline
 * (`networkMode: 'always'`, not TanStack's 'online', which holds it unseen until the network is
 * back and then sends it by itself, minutes later): offline, it fails at once and the screen says
 * so, with Try again. The demo's service is in the page and answers offline anyway; a wrong
 * "offline" is common on a till's network; and a return, a save or a cart action must never go
 * out later by itself, on data that may have moved on (docs/pos.md).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
