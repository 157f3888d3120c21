import type { Credential } from './client';

/**
 * A GET a screen makes as soon as it mounts. index.html's inline script sends it while the app's
 * code downloads (scripts/early-requests.ts) and the client takes its response in place of its
 * own request (src/api/early-response.ts). `path` is under `/api/v1/{store}/storefront`; `:name`
 * is filled from the route's params, `:userId` from the signed-in user. `credential` is the
 * operation's own (CONTRACT B2): a test compares each with the request the app makes.
 */
export interface EarlyRequest {
  path: string;
  credential: Credential;
  /** Sent only with someone signed in who is not a customer, as the screen asks only then. */
  staff?: true;
}

/** Every route: the header's store config (op 7). */
export const EARLY_ALWAYS: EarlyRequest[] = [{ path: '/store/config', credential: 'none' }];

/** Per route of src/app/router.tsx: what its screen fetches first. */
export const EARLY_BY_ROUTE: Record<string, EarlyRequest[]> = {
  // op 8, the cart
  '/pos/carts/:cartId': [{ path: '/pos/carts/:cartId', credential: 'bearer' }],
  // op 5, the store's locations
  // (the list is the till's: the screen asks for it only with someone signed in who is not a
  // customer)
  '/pos/locations': [{ path: '/pos/locations', credential: 'api-key', staff: true }],
  // op 10, the user with their notification preferences
  '/account/notifications': [{ path: '/auth/user/:userId', credential: 'bearer' }],
};
