import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import type { Currency } from '@/api/schemas/common';
import { useConnection } from './session';

/**
 * The header shows the store's brand on every screen, so this hook is on the first-paint path.
 * The API module (and zod, which parses the response) is imported when the query runs, not with
 * the entry chunk: the first paint does not wait for it (docs/performance.md). Same key, same
 * data and same freshness as `storeConfigQueryOptions`, so the two share one cache entry.
 */
const lazyStoreConfigQueryOptions = ({
  baseUrl,
  storeId,
}: Pick<Connection, 'baseUrl' | 'storeId'>) =>
  queryOptions({
    queryKey: ['store-config', baseUrl, storeId] as const,
    queryFn: async (context) => {
      const { storeConfigQueryOptions: options } = await import('@/api/store-config');
      const { queryFn } = options({ baseUrl, storeId });
      return queryFn!(context);
    },
    staleTime: 10 * 60_000,
  });

export function useStoreConfig() {
  const { baseUrl, storeId } = useConnection();
  return useQuery(lazyStoreConfigQueryOptions({ baseUrl, storeId }));
}

/** Until the config arrives, INR (the demo store's) keeps amounts readable. */
const FALLBACK_CURRENCY: Currency = { name: 'Indian Rupee', code: 'INR', symbol: '₹' };

export function useStoreCurrency(): Currency {
  return useStoreConfig().data?.currency ?? FALLBACK_CURRENCY;
}
