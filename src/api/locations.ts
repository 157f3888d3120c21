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

export const locationsQueryOptions = (conn: Connection) =>
  queryOptions({
    queryKey: [LOCATIONS_KEY, storeOf(conn), conn.apiKey] as const,
    // only the API key travels with this operation: the client sends no other credential
    queryFn: ({ signal }) => listLocations(conn, signal),
    staleTime: 5 * 60_000,
  });
