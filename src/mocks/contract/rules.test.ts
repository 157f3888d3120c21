// @vitest-environment node
/**
 * Rules of CONTRACT B3 and B4 that the demo data alone never puts to the test: rounding of exact
 * half-paisa ties, to_be_paid's floor at 0 and coupon_code null without a coupon. Each sets up
 * the situation (through the operations, or in the stored state where no operation can make it)
 * and reads the cart as any client would. And the contract's answers where the service once had
 * limits of its own (a 400 where the contract says 404 or 422).
 */
import { describe, expect, test } from 'vitest';
import type { CartItemRecord } from '@/mocks/service/types';
import { MAX_POINTS } from '@/api/schemas/cart';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import {
  POINT_PAISE,
  TOKENS,
  call,
  expectCartInvariants,
  expectError,
  okCart,
  paise,
  setupContractService,
} from './harness';

const h = setupContractService();
const staff = TOKENS.staff;

async function getCart(id: string) {
  const cart = okCart(await call('GET', `/pos/carts/${id}`, { token: staff }));
  expectCartInvariants(cart);
  return cart;
}

describe('B3: money is rounded half away from zero, once per line', () => {
  test('exact half-paisa ties in item, shipping and handling tax round up', async () => {
    h.edit((state) => {
      const cart = state.carts.cart_1002!;
      const template = cart.items[0]!;
      const line = (
        sku: string,
        price: number,
        quantity: number,
        rate: number,
        handling = 0,
      ): CartItemRecord => ({
        ...structuredClone(template),
        sku,
        product_id: `prod_${sku}`,
        selling_price: price,
        listing_price: price,
        quantity,
        free_quantity: 0,
        tax_rate: rate,
        promotion_discount: 0,
        promotion_id: null,
        on_promotion: false,
        is_free_item: false,
        handling_charge_excluding_tax: handling,
        handling_charge_tax_rate: 18,
        on_subscription: false,
        subscriptions: [],
      });
      cart.items = [
        // ₹0.42 at 12 %: 42 x 12 / 112 = 4.5 paise exactly, so 5 (half-even would say 4)
        line('TIE-12', 42, 1, 12),
        // ₹0.48 at 28 %: 48 x 28 / 128 = 10.5 paise, so 11 (half-even 10, truncation 10)
        line('TIE-28', 48, 1, 28),
        // 3 x ₹0.14 at 12 %: the line (42) is rounded once, 5; per unit it would be 3 x 2 = 6
        line('TIE-LINE', 14, 3, 12),
        // handling ₹0.25 + 18 % added on top: 4.5 paise, so 5
        line('TIE-HANDLING', 100, 1, 0, 25),
      ];
      // shipping ₹0.25 + 18 %: 4.5 paise, so 5
      cart.shipping_amount = 25;
      cart.shipping_tax_rate = 18;
    });
    const cart = await getCart('cart_1002');
    expect(cart.cart_items.map((i) => [i.sku, paise(i.tax_amount)])).toEqual([
      ['TIE-12', 5],
      ['TIE-28', 11],
      ['TIE-LINE', 5],
      ['TIE-HANDLING', 0],
    ]);
    expect(paise(cart.items_tax_amount)).toBe(21);
    // a unit's price without tax: 42 - 5
    expect(paise(cart.cart_items[0]!.selling_price_excluding_tax)).toBe(37);
    expect(paise(cart.shipping_tax_amount)).toBe(5);
    expect(paise(cart.handling_charge_tax_amount)).toBe(5);
    expect(paise(cart.total_tax)).toBe(21 + 5 + 5);
  });
});

describe('B4.6: to_be_paid is never below 0', () => {
  test('store credit and points together above grand_total leave 0 to pay, not less', async () => {
    await call('POST', '/pos/carts/cart_1002/update-customer', {
      token: staff,
      body: { customer_id: 'cus_1001' },
    });
    const linked = await getCart('cart_1002');
    const grand = paise(linked.grand_total);
    const points = Math.floor(grand / POINT_PAISE);
    okCart(
      await call('POST', '/pos/carts/cart_1002/loyalty-points', {
        token: staff,
        body: { loyalty_point_redeemed: points },
      }),
    );
    // store credit comes from the platform, outside this API: it grows after the redemption
    h.edit((state) => {
      state.carts.cart_1002!.credit_balance_used = grand;
    });

    const cart = await getCart('cart_1002');
    expect(paise(cart.credit_balance_used) + cart.loyalty_points_redeemed * POINT_PAISE).toBe(
      grand + points * POINT_PAISE,
    );
    expect(paise(cart.to_be_paid)).toBe(0);
    expect(cart.loyalty_points_earned).toBe(0);
    expect(paise(cart.grand_total)).toBe(grand);
    // savings still count all that was taken off (B4.7)
    expect(paise(cart.other_savings)).toBe(grand + points * POINT_PAISE);

    // credit alone above grand_total: still 0
    const removed = okCart(
      await call('DELETE', '/pos/carts/cart_1002/loyalty-points', { token: staff }),
    );
    expectCartInvariants(removed);
    expect(paise(removed.to_be_paid)).toBe(0);
  });
});

describe('B3: a string with no value is null', () => {
  test('coupon_code is null on a cart without a coupon, and the code on one with', async () => {
    for (const id of ['cart_1001', 'cart_1002']) {
      const cart = await getCart(id);
      expect({ id, code: cart.coupon_code, applied: cart.is_coupon_applied }).toEqual({
        id,
        code: null,
        applied: false,
      });
      expect(cart.applied_coupons).toEqual([]);
    }
    // the wire carries the key with null, not an absent key or ""
    const raw = (await call('GET', '/pos/carts/cart_1001', { token: staff })).json as {
      content: { cart: Record<string, unknown> };
    };
    expect(Object.hasOwn(raw.content.cart, 'coupon_code')).toBe(true);
    expect(raw.content.cart.coupon_code).toBeNull();

    const withCoupon = await getCart('cart_1003');
    expect(withCoupon.coupon_code).toBe('WELCOME100');
    expect(withCoupon.is_coupon_applied).toBe(true);
  });
});

describe('no limits the contract does not have: its own answers instead of 400', () => {
  const linkAsha = () =>
    call('POST', '/pos/carts/cart_1001/update-customer', {
      token: staff,
      body: { customer_id: 'cus_1001' },
    });

  test.each([
    ['one more than the form allows', MAX_POINTS + 1],
    ['a billion', 1e9],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER],
  ])(
    'redeeming %s points: 422 insufficient_loyalty_points with the points available',
    async (_what, points) => {
      await linkAsha();
      const before = h.snapshot();
      const reply = await call('POST', '/pos/carts/cart_1001/loyalty-points', {
        token: staff,
        body: { loyalty_point_redeemed: points },
      });
      expect(expectError(reply, 422, 'insufficient_loyalty_points').details).toMatchObject({
        available_points: 1500,
      });
      expect(h.snapshot()).toBe(before);
    },
  );

  test('a customer_id of 101 (or 10 000) characters is 404 customer_not_found', async () => {
    for (const length of [101, 10_000]) {
      const before = h.snapshot();
      const reply = await call('POST', '/pos/carts/cart_1001/update-customer', {
        token: staff,
        body: { customer_id: 'c'.repeat(length) },
      });
      expectError(reply, 404, 'customer_not_found');
      expect(h.snapshot()).toBe(before);
    }
  });

  test.each(['product_id', 'sku'] as const)(
    'a return item whose %s has 101 characters is 422 item_not_in_order, at the line’s sku',
    async (field) => {
      const before = h.snapshot();
      const [item] = RETURN_ONE_TSHIRT.return_items;
      const reply = await call('POST', '/orders/ORD-1001/return', {
        token: TOKENS.asha,
        body: { ...RETURN_ONE_TSHIRT, return_items: [{ ...item, [field]: 'x'.repeat(101) }] },
      });
      expect(expectError(reply, 422, 'item_not_in_order').errors).toEqual([
        { field: 'return_items.0.sku', message: 'not an item of this order' },
      ]);
      expect(h.snapshot()).toBe(before);
    },
  );

  test('a body over 64 KiB is still 413: the one size limit (B1)', async () => {
    const reply = await call('POST', '/pos/carts/cart_1001/update-customer', {
      token: staff,
      body: { customer_id: 'c'.repeat(64 * 1024) },
    });
    expectError(reply, 413, 'payload_too_large');
  });
});
