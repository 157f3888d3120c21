/**
 * The first part of the query keys that hold no person's data: the store's config (public) and
 * its locations (the store's API key only), both keyed by what they depend on (the API, the
 * store, the key), and the app's own code loaded as a query (`code`). The cache keeps them
 * across sign-ins (src/app/providers.tsx); every other query is a person's and goes when whom
 * the app acts for changes.
 */
export const STORE_CONFIG_KEY = 'store-config';
export const LOCATIONS_KEY = 'locations';
export const CODE_KEY = 'code';

const PERSON_FREE: ReadonlySet<unknown> = new Set([STORE_CONFIG_KEY, LOCATIONS_KEY, CODE_KEY]);

export const holdsPersonData = (queryKey: readonly unknown[]) => !PERSON_FREE.has(queryKey[0]);
