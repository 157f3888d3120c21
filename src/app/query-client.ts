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

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
