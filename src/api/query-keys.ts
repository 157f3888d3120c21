/**
 * The first part of the query keys that hold no person's data: the store's config (public) and
 * its locations (the store's API key only). Both are keyed by what they depend on (the API, the
 * store, the key), so the cache keeps them across sign-ins (src/app/providers.tsx); every other
 * query is a person's and goes when whom the app acts for changes.
 */
export const STORE_CONFIG_KEY = 'store-config';
export const LOCATIONS_KEY = 'locations';

const PERSON_FREE: ReadonlySet<unknown> = new Set([STORE_CONFIG_KEY, LOCATIONS_KEY]);

export const holdsPersonData = (queryKey: readonly unknown[]) => !PERSON_FREE.has(queryKey[0]);
