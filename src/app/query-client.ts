import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/**
 * Retry only what may pass on a second try (network, timeout, 5xx, a gateway's 408), at most
 * twice. Not a 429: a gateway asking for fewer requests gets none by itself (the screen's Try
 * again is the person's call).
 */
export function shouldRetry(failureCount: number, error: unknown) {
  return failureCount < 2 && (!isApiError(error) || (error.isTransient && error.status !== 429));
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
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
