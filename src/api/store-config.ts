import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { Connection } from './connection';
import { type StoreConfig, storeConfigSchema } from './schemas/store-config';

/** Op 7: public store configuration. Sends no credential. */
export function getStoreConfig(conn: Connection, signal?: AbortSignal): Promise<StoreConfig> {
  return apiRequest(conn, {
    method: 'GET',
    path: '/store/config',
    credential: 'none',
    contentKey: 'store_config',
    schema: storeConfigSchema,
    signal,
  });
}

export const storeConfigQueryOptions = ({
  baseUrl,
  storeId,
}: Pick<Connection, 'baseUrl' | 'storeId'>) =>
  queryOptions({
    queryKey: ['store-config', baseUrl, storeId] as const,
    // no credential travels with this operation
    queryFn: ({ signal }) =>
      getStoreConfig({ baseUrl, storeId, apiKey: '', accessToken: '', userId: '' }, signal),
    staleTime: 10 * 60_000,
  });
