import {
  type UseMutationResult,
  hashKey,
  useIsMutating,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  cartKeys,
  getCart,
  linkCustomer,
  redeemLoyaltyPoints,
  removeLoyaltyRedemption,
} from '@/api/carts';
import { isApiError, isSessionSwitched } from '@/api/errors';
import { isServiceRefusal } from '@/api/outcome';
import type { Cart, LinkCustomerBody } from '@/api/schemas/cart';
import { useConnection } from '@/lib/session';
import { useMutationBusy, useMutationBusyNow } from '@/lib/use-mutation-busy';
import { customerKey } from './customer';
import { forgetSentCartForm, keptPoints } from './kept-cart-form';

/** Every cart action of one cart (link, redeem, remove) shares this key prefix. */
const cartMutationKey = (cartId: string) => ['cart-mutation', cartId];

/**
 * One action of a cart at a time, whichever panel started it: a link racing a redeem would drop
 * a redemption the customer-change warning never mentioned (it was still 0 when checked).
 * `busy` renders the other actions disabled; `busyNow()` is read at the moment of a press.
 */
export function useCartBusy(cartId: string) {
  return useMutationBusy(cartMutationKey(cartId));
}

/**
 * Whether an action of the cart is on its way, and whether it is the one named `purpose` (a
 * check: `useCartCheck`), both from the same change of the mutation cache (the two counts update
 * in one render): a button that is the action itself is then never drawn off (disabled) for a
 * moment before it is drawn pending, which would drop the focus of the person who pressed it to
 * the page (Chrome).
 */
export function useCartBusyWith(cartId: string, purpose: string) {
  const busy = useIsMutating({ mutationKey: cartMutationKey(cartId) }) > 0;
  const own = useIsMutating({ mutationKey: [...cartMutationKey(cartId), purpose] }) > 0;
  return { busy, own };
}

/**
 * Calls `onDone(vars)` each time the cart's `action` succeeds, also one sent before this form was
 * drawn: the cashier who left the cart while it was on its way and came back has the form drawn
 * again, with what was sent back in it as typed and not sent (kept-cart-form.ts). The form's own
 * callbacks are gone with the form that sent it; this tells the new one.
 */
export function useActionDone<V>(cartId: string, action: CartAction, onDone: (vars: V) => void) {
  const queryClient = useQueryClient();
  const done = useEffectEvent(onDone);
  useEffect(() => {
    const key = hashKey([...cartMutationKey(cartId), action]);
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { mutationKey } = event.mutation.options;
      if (mutationKey && hashKey(mutationKey) === key) done(event.mutation.state.variables as V);
    });
  }, [queryClient, cartId, action]);
}

/** The cart's actions that change it, by their mutation key's last part. */
type CartAction = 'link-customer' | 'redeem' | 'remove-redemption';

/** `busyNow()` alone (useMutationBusyNow): for the cart screen, which shows "busy" in parts. */
export const useCartBusyNow = (cartId: string) => useMutationBusyNow(cartMutationKey(cartId));

/** Refusals that mean the cart we show is out of date (it closed or expired meanwhile). */
const STALE_CART_CODES = new Set(['cart_inactive', 'cart_expired', 'cart_not_found']);

/**
 * Refusals judged on the customer the service has on the cart, and its totals: another till may
 * have changed them since this screen read the cart. The cart is read again before the refusal
 * is shown, so "The customer has 0 points" stands beside the customer it is about, not beside
 * the one this screen still showed.
 */
const CUSTOMER_REFUSAL_CODES = new Set([
  'customer_required',
  'insufficient_loyalty_points',
  'redemption_exceeds_payable',
]);

/** Such a refusal -> the cart's customer (`customerKey`) as read again right after it. */
const customerOfRefusal = new WeakMap<object, string>();

/**
 * The customer a refusal about points was about, if the cart was read again after it: the
 * screen shows the refusal while that customer is on the cart, and forgets it when another
 * comes (linked here or elsewhere).
 */
export function customerAtRefusal(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? customerOfRefusal.get(error) : undefined;
}

/**
 * Shared wiring of the three cart mutations: every success puts the cart the service returned
 * into the cache (the screen re-renders from it, no refetch). A refusal that says the cart has
 * closed reloads it, so the screen shows why its actions are now off; so does a failure that
 * leaves the outcome unknown (not `isServiceRefusal`: the connection dropped or timed out, a 5xx,
 * an answer that could not be read, a proxy's refusal): the service may have made the change,
 * and the figures on screen must be the service's, not the ones from before. A refusal about the
 * customer's points reads it before it is shown (CUSTOMER_REFUSAL_CODES).
 */
function useCartMutation<V>(
  cartId: string,
  action: CartAction,
  run: (vars: V) => Promise<Cart>,
  /** On success, here also when the screen that sent it is gone (the form's own callbacks are not). */
  done?: (vars: V) => void,
) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartMutationKey(cartId), action],
    mutationFn: run,
    onSuccess: async (cart, vars) => {
      done?.(vars);
      // a read of the cart still on its way (the tab was shown again, Print) may have been
      // answered before this change: arriving after it, it would put the old figures back. It is
      // called off only now, on success: a refused action leaves it to bring the service's cart
      await queryClient.cancelQueries({ queryKey: cartKeys.detail(conn, cartId) });
      queryClient.setQueryData(cartKeys.detail(conn, cartId), cart);
    },
    // awaited: the refusal reaches the screen after the read it asks for (below)
    onError: async (error) => {
      // signed out or switched meanwhile: the screen starts over for the new session anyway
      if (isSessionSwitched(error)) return;
      const key = cartKeys.detail(conn, cartId);
      if (isApiError(error) && CUSTOMER_REFUSAL_CODES.has(error.code)) {
        // a read that fails leaves the cart as it was; the refusal is shown either way
        await queryClient.refetchQueries({ queryKey: key });
        const cart = queryClient.getQueryData<Cart>(key);
        if (cart) customerOfRefusal.set(error, customerKey(cart.billing_address));
      } else if (
        !isServiceRefusal(error) ||
        (isApiError(error) && STALE_CART_CODES.has(error.code))
      ) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/**
 * A read of the cart as one of the cart's actions: Print's check before its receipt, Link's
 * check of the redemption it would drop, Redeem's of the customer whose points it would use
 * (`useCustomerCheck`). No action runs beside it, and it waits for
 * none: what it acts on is the cart as the service holds it after every action pressed here, and
 * whatever another till did meanwhile. `read` rejects on failure.
 */
export function useCartCheck<T>(
  cartId: string,
  purpose: string,
  read: () => Promise<T>,
  onError?: (error: Error) => void,
) {
  return useMutation({
    mutationKey: [...cartMutationKey(cartId), purpose],
    mutationFn: read,
    onError,
  });
}

/**
 * The check before an action that goes by who the cart's customer is (Link, Redeem, Remove): the cart
 * read again (op 8), and the screen given what came back. Its failure is the action's own (shown
 * with its form, with Try again), not the cart's: the figures on screen are no older than
 * before, so no "could not refresh" over the cart too.
 */
export function useCustomerCheck(
  cartId: string,
  purpose: 'link-check' | 'redeem-check' | 'remove-check',
) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  const key = cartKeys.detail(conn, cartId);
  return useCartCheck(
    cartId,
    purpose,
    async () => {
      const cart = await getCart(conn, cartId);
      // a read still on its way (the tab shown again) may have been answered before this one:
      // arriving after it, it would put back the customer this check has just found gone
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, cart);
      return cart;
    },
    // a cart that is gone: the screen says so over the figures last read, as after an action
    (error) => {
      if (isApiError(error) && STALE_CART_CODES.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  );
}

/**
 * Reads the cart (a `useCustomerCheck`), then `act`s on what came back: also when the form that
 * pressed has gone meanwhile (the cashier scanned the next cart), as a send already on its way
 * still lands. Pressed is pressed; a callback given to `mutate` would not run then. A failed read
 * is said by the form, from the check's own error.
 */
export function checkThen(check: UseMutationResult<Cart, Error, void>, act: (now: Cart) => void) {
  check.mutateAsync().then(act, () => undefined);
}

/** Op 3: link (find or create) a customer. */
export function useLinkCustomer(cartId: string) {
  const conn = useConnection();
  return useCartMutation(
    cartId,
    'link-customer',
    (body: LinkCustomerBody) => linkCustomer(conn, cartId, body),
    // the customer form as kept is linked (kept-cart-form.ts)
    () => forgetSentCartForm('link', { ...conn, cartId }),
  );
}

/** Op 4: set the redemption to `points` (the service replaces, so a repeat cannot add). */
export function useRedeemPoints(cartId: string) {
  const conn = useConnection();
  return useCartMutation(
    cartId,
    'redeem',
    (points: number) => redeemLoyaltyPoints(conn, cartId, points),
    // the points as kept are redeemed, unless others were typed since (kept-cart-form.ts)
    (points) =>
      forgetSentCartForm('points', { ...conn, cartId }, (kept) => keptPoints(kept) === points),
  );
}

/** Op 9: remove the redemption. */
export function useRemoveRedemption(cartId: string) {
  const conn = useConnection();
  return useCartMutation(cartId, 'remove-redemption', () => removeLoyaltyRedemption(conn, cartId));
}
