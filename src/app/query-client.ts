import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/** Retry only what may pass on a second try (network, timeout, 5xx), at most twice. */
export function shouldRetry(failureCount: number, error: unknown) {
  return failureCount < 2 && (!isApiError(error) || error.isTransient);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
