import { queryOptions } from '@tanstack/react-query';
import { importOnce } from '@/lib/import-once';
import { type Connection, storeOf } from './connection';
import { STORE_CONFIG_KEY } from './query-keys';

// in the entry with it: the screens that load code of their own the same way (the policy
// screen's sanitiser, the locations' virtualiser, a dialog) then need no shared chunk for it
const loadStoreConfig = importOnce(() => import('./store-config'));

/**
 * Op 7 as a query. The header shows the store's brand on every screen, so this is on the
 * first-paint path: the operation (and the schemas that parse its answer) is imported when the
 * query runs, not with the entry chunk (docs/performance.md). No credential travels with it.
 */
export const storeConfigQueryOptions = ({
  baseUrl,
  storeId,
}: Pick<Connection, 'baseUrl' | 'storeId'>) =>
  queryOptions({
    // the service as `whomOf` names it: with or without a trailing slash, one service
    queryKey: [STORE_CONFIG_KEY, storeOf({ baseUrl, storeId })] as const,
    queryFn: async ({ signal }) => {
      const { getStoreConfig } = await loadStoreConfig();
      return getStoreConfig({ baseUrl, storeId, apiKey: '', accessToken: '', userId: '' }, signal);
    },
    staleTime: 10 * 60_000,
  });
