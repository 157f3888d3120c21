import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys, linkCustomer, redeemLoyaltyPoints, removeLoyaltyRedemption } from '@/api/carts';
import { isApiError } from '@/api/errors';
import type { Cart, LinkCustomerBody } from '@/api/schemas/cart';
import { useConnection } from '@/lib/session';

/** Refusals that mean the cart we show is out of date (it closed or expired meanwhile). */
const STALE_CART_CODES = new Set(['cart_inactive', 'cart_expired', 'cart_not_found']);

/**
 * Shared wiring of the three cart mutations: every success puts the cart the service returned
 * into the cache (the screen re-renders from it, no refetch), and a refusal that says the cart
 * has closed reloads it, so the screen shows why its actions are now off.
 */
function useCartMutation<V>(cartId: string, action: string, run: (vars: V) => Promise<Cart>) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart-mutation', cartId, action],
    mutationFn: run,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.detail(conn, cartId), cart);
    },
    onError: (error) => {
      if (isApiError(error) && STALE_CART_CODES.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: cartKeys.detail(conn, cartId) });
      }
    },
  });
}

/** Op 3: link (find or create) a customer. */
export function useLinkCustomer(cartId: string) {
  const conn = useConnection();
  return useCartMutation(cartId, 'link-customer', (body: LinkCustomerBody) =>
    linkCustomer(conn, cartId, body),
  );
}

/** Op 4: set the redemption to `points` (the service replaces, so a repeat cannot add). */
export function useRedeemPoints(cartId: string) {
  const conn = useConnection();
  return useCartMutation(cartId, 'redeem', (points: number) =>
    redeemLoyaltyPoints(conn, cartId, points),
  );
}

/** Op 9: remove the redemption. */
export function useRemoveRedemption(cartId: string) {
  const conn = useConnection();
  return useCartMutation(cartId, 'remove-redemption', () => removeLoyaltyRedemption(conn, cartId));
}
