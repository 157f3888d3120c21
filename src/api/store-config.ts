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
