// @vitest-environment node
/**
 * Review: a discount larger than what it applies to (a ₹1,500 gift coupon on a ₹948 cart, a
 * promotion worth more than its line). B3 keeps money at 0 or more, and B4.5 has grand_total
 * equal to the sum minus the discounts "to the paisa": both hold only if the discount the cart
 * reports is the part actually taken off. The service clamped grand_total at 0 but went on
 * reporting the whole discount (and counting it in the savings), so B4.5 broke and the receipt
 * said "You save ₹1,500.00" on a ₹948 cart.
 */
import { describe, expect, test } from 'vitest';
import { TOKENS, call, expectCartInvariants, okCart, paise, setupContractService } from './harness';

const h = setupContractService();

async function getCart(id: string) {
  return okCart(await call('GET', `/pos/carts/${id}`, { token: TOKENS.staff }));
}

describe('discounts that exceed what they apply to', () => {
  test('a coupon worth more than the cart: what is taken off is the cart, B4.5 and B4.7 hold', async () => {
    // cart_1002: ₹599 + ₹349 = ₹948.00, no shipping or handling
    h.edit((state) => {
      state.carts.cart_1002!.coupon = {
        coupon_id: 'cpn_gift',
        code: 'GIFT1500',
        amount: 150_000,
        percent: 0,
      };
    });
    const cart = await getCart('cart_1002');
    expect(paise(cart.grand_total)).toBe(0);
    expect(paise(cart.to_be_paid)).toBe(0);
    // the coupon takes off the ₹948.00 there was, not ₹1,500.00
    expect(paise(cart.coupon_discount_amount)).toBe(94_800);
    expect(paise(cart.coupon_savings)).toBe(94_800);
    expect(paise(cart.total_savings)).toBe(94_800);
    expect(cart.applied_coupons.map((c) => paise(c.savings))).toEqual([94_800]);
    expectCartInvariants(cart);
  });

  test('a promotion worth more than its line takes off the line, not more', async () => {
    h.edit((state) => {
      const mug = state.carts.cart_1002!.items[1]!;
      mug.promotion_discount = 50_000; // ₹500 off a ₹349 mug
      mug.on_promotion = true;
    });
    const cart = await getCart('cart_1002');
    // ₹948.00 − ₹349.00: the socks are still paid for
    expect(paise(cart.grand_total)).toBe(59_900);
    expect(paise(cart.promotion_discount_amount)).toBe(34_900);
    expect(paise(cart.cart_items[1]!.promotion_discount_amount)).toBe(34_900);
    expect(cart.applied_promotions.map((p) => paise(p.savings))).toEqual([34_900]);
    expectCartInvariants(cart);
  });
});
