import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from './client';
import { type Connection, storeOf } from './connection';
import { type Cart, type LinkCustomerBody, cartSchema } from './schemas/cart';

/** Op 8: read a POS cart (staff). */
export function getCart(conn: Connection, cartId: string, signal?: AbortSignal): Promise<Cart> {
  return apiRequest(conn, {
    method: 'GET',
    path: `/pos/carts/${seg(cartId)}`,
    credential: 'bearer',
    contentKey: 'cart',
    schema: cartSchema,
    signal,
  });
}

/** Op 3: link a customer by id, phone or email (find-or-create for phone and email). */
export function linkCustomer(
  conn: Connection,
  cartId: string,
  body: LinkCustomerBody,
): Promise<Cart> {
  return apiRequest(conn, {
    method: 'POST',
    path: `/pos/carts/${seg(cartId)}/update-customer`,
    credential: 'bearer',
    contentKey: 'cart',
    schema: cartSchema,
    body,
  });
}

/** Op 4: set the cart's redemption to `points` (replaces, never adds: safe to repeat). */
export function redeemLoyaltyPoints(
  conn: Connection,
  cartId: string,
  points: number,
): Promise<Cart> {
  return apiRequest(conn, {
    method: 'POST',
    path: `/pos/carts/${seg(cartId)}/loyalty-points`,
    credential: 'bearer',
    contentKey: 'cart',
    schema: cartSchema,
    body: { loyalty_point_redeemed: points },
  });
}

/** Op 9: remove the cart's loyalty redemption. */
export function removeLoyaltyRedemption(conn: Connection, cartId: string): Promise<Cart> {
  return apiRequest(conn, {
    method: 'DELETE',
    path: `/pos/carts/${seg(cartId)}/loyalty-points`,
    credential: 'bearer',
    contentKey: 'cart',
    schema: cartSchema,
  });
}

export const cartKeys = {
  // the service and store as `whomOf` names them: an address with or without its trailing slash
  // is the same service, so what is cached for it (and a form drawn from it) stays
  all: (conn: Connection) => ['carts', storeOf(conn)] as const,
  detail: (conn: Connection, cartId: string) => [...cartKeys.all(conn), cartId] as const,
};

export const cartQueryOptions = (conn: Connection, cartId: string) =>
  queryOptions({
    queryKey: cartKeys.detail(conn, cartId),
    queryFn: ({ signal }) => getCart(conn, cartId, signal),
    // read again whenever the till's tab is shown again: another tab or till may have changed
    // the cart meanwhile, and the cashier collects what this screen says
    refetchOnWindowFocus: 'always',
    // and whenever the cart is opened again (Back, a scan, a recent cart), however recently it
    // was read: the figures kept meanwhile are shown while it is read, then the service's
    refetchOnMount: 'always',
    // and every so often while it is on screen and open: two tills side by side never refocus,
    // and one would show (and collect) To be paid as it was before the other changed it. Not in
    // a hidden tab (TanStack's default), which reads it when shown again (above)
    refetchInterval: (query) => (query.state.data?.active ? CART_REFRESH_MS : false),
  });

/** How often an open cart on screen is read again (docs/pos.md). */
export const CART_REFRESH_MS = 15_000;
