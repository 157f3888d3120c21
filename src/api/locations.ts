import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from './client';
import { type Connection, storeOf } from './connection';
import { LOCATIONS_KEY } from './query-keys';
import { type Location, locationSchema } from './schemas/location';

/** Op 5: every location of the store, the default first. Takes the store's API key only. */
export function listLocations(conn: Connection, signal?: AbortSignal): Promise<Location[]> {
  return apiRequest(conn, {
    method: 'GET',
    path: '/pos/locations',
    credential: 'api-key',
    contentKey: 'locations',
    schema: z.array(locationSchema),
    signal,
  });
}

export const locationsQueryOptions = ({ baseUrl, storeId, apiKey }: Connection) =>
  queryOptions({
    queryKey: [LOCATIONS_KEY, storeOf({ baseUrl, storeId }), apiKey] as const,
    // only the API key travels with this operation
    queryFn: ({ signal }) =>
      listLocations({ baseUrl, storeId, apiKey, accessToken: '', userId: '' }, signal),
    staleTime: 5 * 60_000,
  });
