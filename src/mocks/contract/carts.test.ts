// @vitest-environment node
/** CONTRACT B4: cart invariants after every mutation, linking, redeeming, removing. */
import { describe, expect, test } from 'vitest';
import type { Cart } from '@/api/schemas/cart';
import {
  TOKENS,
  call,
  expectCartInvariants,
  expectError,
  okCart,
  okUser,
  paise,
  setupContractService,
} from './harness';

const h = setupContractService();
const staff = TOKENS.staff;

const getCart = async (id: string) =>
  okCart(await call('GET', `/pos/carts/${id}`, { token: staff }));

/** A cart mutation: checks the invariants on the answer and that a read returns the same cart. */
async function mutate(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<Cart> {
  const cart = okCart(await call(method, path, { token: staff, body }));
  expectCartInvariants(cart);
  expect(await getCart(cart.id)).toEqual(cart);
  return cart;
}
const link = (cartId: string, body: unknown) =>
  mutate('POST', `/pos/carts/${cartId}/update-customer`, body);
const redeem = (cartId: string, points: number) =>
  mutate('POST', `/pos/carts/${cartId}/loyalty-points`, { loyalty_point_redeemed: points });
const unredeem = (cartId: string) => mutate('DELETE', `/pos/carts/${cartId}/loyalty-points`);

const customerCount = () => Object.keys(h.repo.read().customers).length;

describe('a cart with no customer (Part A, B3)', () => {
  test('has both addresses, with no value in them: an address is never null itself', async () => {
    const reply = await call('GET', '/pos/carts/cart_1001', { token: staff });
    const wire = reply.json as { content: { cart: Record<string, unknown> } };
    for (const key of ['billing_address', 'shipping_address']) {
      expect(wire.content.cart[key], key).toEqual({
        id: null,
        first_name: null,
        last_name: null,
        country_code: null,
        phone: null,
        email: null,
        address_line1: null,
        address_line2: null,
        landmark: null,
        pincode: null,
        city: null,
        state: null,
        country: null,
        tax_identification_number: null,
        business_name: null,
        is_phone_verified: false,
        is_email_verified: false,
      });
    }
    // the client reads it as no customer
    expect((await getCart('cart_1001')).billing_address).toBeNull();
  });
});

describe('linking a customer (op 3)', () => {
  test('by id: addresses take the customer name, phone, email and verification flags', async () => {
    const before = await getCart('cart_1001');
    expect(before.loyalty_points_earned).toBe(0);
    const cart = await link('cart_1001', { customer_id: 'cus_1002' });
    for (const address of [cart.billing_address, cart.shipping_address]) {
      expect(address).toMatchObject({
        first_name: 'Vikram',
        last_name: 'Shah',
        phone: '9123456780',
        email: 'vikram@example.com',
        is_phone_verified: true,
        is_email_verified: false,
      });
    }
    // a linked customer earns floor(to_be_paid / 100) points
    expect(cart.loyalty_points_earned).toBe(Math.floor(paise(cart.to_be_paid) / 10_000));
    expect(cart.loyalty_points_earned).toBeGreaterThan(0);
    expect(paise(cart.grand_total)).toBe(paise(before.grand_total));
  });

  test('by phone finds the existing customer', async () => {
    const count = customerCount();
    const cart = await link('cart_1001', { phone: '9876543210' });
    expect(cart.billing_address).toMatchObject({ first_name: 'Asha', email: 'asha@example.com' });
    expect(customerCount()).toBe(count);
  });

  test('by email finds the existing customer, ignoring case', async () => {
    const count = customerCount();
    const cart = await link('cart_1002', { email: 'ASHA@Example.com' });
    expect(cart.billing_address).toMatchObject({ first_name: 'Asha', phone: '9876543210' });
    expect(customerCount()).toBe(count);
  });

  test('a phone is found only with its country code: +1 9876543210 is not Asha', async () => {
    const count = customerCount();
    const cart = await link('cart_1001', { phone: '9876543210', country_code: '+1' });
    expect(cart.billing_address).toMatchObject({
      first_name: null,
      phone: '9876543210',
      country_code: '+1',
      email: null,
    });
    expect(customerCount()).toBe(count + 1);
    // the default +91 still finds her
    const asha = await link('cart_1002', { phone: '9876543210', country_code: '+91' });
    expect(asha.billing_address?.first_name).toBe('Asha');
  });

  test('phone wins over email when both are given', async () => {
    const cart = await link('cart_1001', { email: 'asha@example.com', phone: '9123456780' });
    expect(cart.billing_address?.first_name).toBe('Vikram');
  });

  test('an unknown phone creates a customer (0 points, the given names) once', async () => {
    const count = customerCount();
    const first = await link('cart_1001', {
      phone: '9000012345',
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: 'ravi@example.com',
    });
    expect(first.billing_address).toMatchObject({
      first_name: 'Ravi',
      last_name: 'Kumar',
      phone: '9000012345',
      email: 'ravi@example.com',
      country_code: '+91',
      is_phone_verified: false,
      is_email_verified: false,
    });
    expect(customerCount()).toBe(count + 1);
    const created = Object.values(h.repo.read().customers).find((c) => c.phone === '9000012345');
    expect(created).toMatchObject({ points: 0, first_name: 'Ravi' });

    // the same phone on another cart finds that customer instead of making a second one
    const second = await link('cart_1002', { phone: '9000012345' });
    expect(second.billing_address?.first_name).toBe('Ravi');
    expect(customerCount()).toBe(count + 1);
    // and the new customer has no points to redeem
    await call('POST', '/pos/carts/cart_1002/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: 1 },
    }).then((r) => expectError(r, 422, 'insufficient_loyalty_points'));
  });

  test('an unknown email creates a customer with unicode names kept as sent', async () => {
    const cart = await link('cart_1001', { email: 'meenakshi@example.com', first_name: 'मीनाक्षी' });
    expect(cart.billing_address).toMatchObject({
      first_name: 'मीनाक्षी',
      email: 'meenakshi@example.com',
      phone: null,
    });
  });

  test('a new customer without a first name has null names, never "" (B3), in op 3 and op 10', async () => {
    const byEmail = await link('cart_1002', { email: 'new@x.com' });
    for (const address of [byEmail.billing_address, byEmail.shipping_address]) {
      expect(address).toMatchObject({ first_name: null, last_name: null, email: 'new@x.com' });
    }
    // a name of spaces is no name; a last name alone is kept
    const bySpaces = await link('cart_1001', {
      phone: '9000000002',
      first_name: '   ',
      last_name: ' Kumar ',
    });
    expect(bySpaces.billing_address).toMatchObject({ first_name: null, last_name: 'Kumar' });

    // op 10 reads the same user as the customer's own token would
    const created = Object.values(h.repo.read().customers).find((c) => c.phone === '9000000002')!;
    h.edit((state) => {
      state.tokens['new-customer-token'] = { role: 'customer', userId: created.id };
    });
    const user = okUser(
      await call('GET', `/auth/user/${created.id}`, { token: 'new-customer-token' }),
    );
    expect(user).toMatchObject({ first_name: null, last_name: 'Kumar', phone: '9000000002' });
  });

  test('the cashier is staff, not a customer: never linked by id, phone or email', async () => {
    const staffUser = h.repo.read().customers.staff_01!;
    await call('POST', '/pos/carts/cart_1001/update-customer', {
      token: staff,
      body: { customer_id: 'staff_01' },
    }).then((r) => expectError(r, 404, 'customer_not_found'));
    expect((await getCart('cart_1001')).billing_address).toBeNull();

    // the cashier's phone and email name no customer: a new one is made, as for any unknown
    const count = customerCount();
    const byPhone = await link('cart_1001', { phone: staffUser.phone });
    const byEmail = await link('cart_1002', { email: staffUser.email });
    expect(customerCount()).toBe(count + 2);
    for (const cart of [byPhone, byEmail]) {
      expect(cart.billing_address).toMatchObject({ first_name: null, is_phone_verified: false });
    }
  });

  test('linking a different customer drops the redemption; relinking the same keeps it', async () => {
    await link('cart_1001', { customer_id: 'cus_1001' });
    await redeem('cart_1001', 400);
    const same = await link('cart_1001', { phone: '9876543210' });
    expect(same.loyalty_points_redeemed).toBe(400);
    const other = await link('cart_1001', { customer_id: 'cus_1002' });
    expect(other.loyalty_points_redeemed).toBe(0);
    expect(paise(other.to_be_paid)).toBe(paise(other.grand_total));
    expect(paise(other.other_savings)).toBe(0);
  });
});

describe('linking to a closed cart: the customer named is looked up first (order of checks)', () => {
  test.each(['cart_inactive', 'cart_expired'])(
    'an unknown customer_id on %s is 404 customer_not_found, not the 422',
    async (cartId) => {
      const before = h.snapshot();
      const reply = await call('POST', `/pos/carts/${cartId}/update-customer`, {
        token: TOKENS.staff,
        body: { customer_id: 'cus_none' },
      });
      expectError(reply, 404, 'customer_not_found');
      expect(h.snapshot()).toBe(before);
    },
  );

  test('a new phone on a closed cart is refused and makes no customer', async () => {
    const before = h.snapshot();
    const reply = await call('POST', '/pos/carts/cart_inactive/update-customer', {
      token: TOKENS.staff,
      body: { phone: '9000000777', first_name: 'New' },
    });
    expectError(reply, 422, 'cart_inactive');
    expect(h.snapshot()).toBe(before);
  });
});

describe('redeeming points (op 4) and removing a redemption (op 9)', () => {
  test('redeem sets, re-redeem replaces, remove restores, to the paisa', async () => {
    const linked = await link('cart_1001', { customer_id: 'cus_1001' });
    const grand = paise(linked.grand_total);

    const first = await redeem('cart_1001', 500);
    expect(first.loyalty_points_redeemed).toBe(500);
    expect(paise(first.to_be_paid)).toBe(grand - 500 * 100);
    expect(paise(first.other_savings)).toBe(500 * 100);
    expect(paise(first.grand_total)).toBe(grand);

    const again = await redeem('cart_1001', 500);
    expect(again).toEqual(first);

    const replaced = await redeem('cart_1001', 300);
    expect(replaced.loyalty_points_redeemed).toBe(300);
    expect(paise(replaced.to_be_paid)).toBe(grand - 300 * 100);

    const removed = await unredeem('cart_1001');
    expect(removed.loyalty_points_redeemed).toBe(0);
    expect(paise(removed.to_be_paid)).toBe(grand);
    expect(paise(removed.total_savings)).toBe(paise(linked.total_savings));

    // removing when nothing is redeemed is harmless
    expect(await unredeem('cart_1001')).toEqual(removed);
  });

  test('a cart with coupon, shipping and store credit keeps every invariant', async () => {
    const cart = await getCart('cart_1003');
    expect(paise(cart.coupon_discount_amount)).toBeGreaterThan(0);
    expect(paise(cart.shipping_tax_amount)).toBeGreaterThan(0);
    expect(paise(cart.credit_balance_used)).toBeGreaterThan(0);
    await link('cart_1003', { email: 'asha@example.com' });
    const redeemed = await redeem('cart_1003', 1500);
    expect(paise(redeemed.to_be_paid)).toBe(
      paise(redeemed.grand_total) - paise(redeemed.credit_balance_used) - 150_000,
    );
    await unredeem('cart_1003');
  });

  test('redeeming all that is payable leaves 0 to pay and earns nothing', async () => {
    await link('cart_1002', { customer_id: 'cus_1001' });
    const cart = await getCart('cart_1002');
    const max = Math.floor(paise(cart.grand_total) / 100);
    const reply = await call('POST', '/pos/carts/cart_1002/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: max + 1 },
    });
    expect(expectError(reply, 422, 'redemption_exceeds_payable').details).toMatchObject({
      max_points: max,
    });
    const full = await redeem('cart_1002', max);
    expect(paise(full.to_be_paid)).toBe(paise(full.grand_total) - max * 100);
    expect(paise(full.to_be_paid)).toBeLessThan(100);
    expect(full.loyalty_points_earned).toBe(0);
  });

  test('store credit counts: at most grand_total - credit_balance_used can be redeemed', async () => {
    // enough points that only the payable amount limits the redemption
    h.edit((state) => {
      state.customers.cus_1001!.points = 1_000_000;
    });
    const cart = await link('cart_1003', { customer_id: 'cus_1001' });
    const credit = paise(cart.credit_balance_used);
    expect(credit).toBe(10_000);
    const max = Math.floor((paise(cart.grand_total) - credit) / 100);
    // a redemption that fits under grand_total alone, but not once the credit is taken off
    expect((max + 1) * 100).toBeLessThanOrEqual(paise(cart.grand_total));
    const before = h.snapshot();
    const refused = await call('POST', '/pos/carts/cart_1003/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: max + 1 },
    });
    expect(expectError(refused, 422, 'redemption_exceeds_payable').details).toEqual({
      max_points: max,
      requested_points: max + 1,
    });
    expect(h.snapshot()).toBe(before);
    const full = await redeem('cart_1003', max);
    expect(paise(full.to_be_paid)).toBe(paise(full.grand_total) - credit - max * 100);
    expect(paise(full.to_be_paid)).toBeLessThan(100);
  });

  test('points held on the customer’s other active carts are not available', async () => {
    await link('cart_1001', { customer_id: 'cus_1001' });
    await redeem('cart_1001', 1000);
    await link('cart_1003', { customer_id: 'cus_1001' });
    const refused = await call('POST', '/pos/carts/cart_1003/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: 501 },
    });
    expect(expectError(refused, 422, 'insufficient_loyalty_points').details).toMatchObject({
      available_points: 500,
    });
    await redeem('cart_1003', 500);
    // re-redeeming on the first cart counts only the other cart's hold
    await redeem('cart_1001', 1000);
    const overOnFirst = await call('POST', '/pos/carts/cart_1001/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: 1001 },
    });
    expect(expectError(overOnFirst, 422, 'insufficient_loyalty_points').details).toMatchObject({
      available_points: 1000,
    });
    // releasing one cart frees its points
    await unredeem('cart_1003');
    await redeem('cart_1001', 1500);
  });

  test('points redeemed on an inactive or an expired cart hold nothing back', async () => {
    // carts that closed with a redemption on them: neither will be paid, so neither holds points
    h.edit((state) => {
      for (const id of ['cart_inactive', 'cart_expired']) {
        state.carts[id]!.customer_id = 'cus_1001';
        state.carts[id]!.loyalty_points_redeemed = 1000;
      }
    });
    await link('cart_1001', { customer_id: 'cus_1001' });
    const all = await redeem('cart_1001', 1500);
    expect(all.loyalty_points_redeemed).toBe(1500);
    // and the customer's open carts still do
    await link('cart_1003', { customer_id: 'cus_1001' });
    const refused = await call('POST', '/pos/carts/cart_1003/loyalty-points', {
      token: staff,
      body: { loyalty_point_redeemed: 1 },
    });
    expect(expectError(refused, 422, 'insufficient_loyalty_points').details).toMatchObject({
      available_points: 0,
    });
  });

  test('no customer linked: customer_required, and nothing changes', async () => {
    const before = h.snapshot();
    expectError(
      await call('POST', '/pos/carts/cart_1001/loyalty-points', {
        token: staff,
        body: { loyalty_point_redeemed: 1 },
      }),
      422,
      'customer_required',
    );
    expect(h.snapshot()).toBe(before);
  });

  test('an inactive or expired cart is read (op 8) but not changed (ops 3, 4, 9)', async () => {
    for (const [id, code] of [
      ['cart_inactive', 'cart_inactive'],
      ['cart_expired', 'cart_expired'],
    ] as const) {
      const cart = await getCart(id);
      expectCartInvariants(cart);
      const before = h.snapshot();
      expectError(
        await call('POST', `/pos/carts/${id}/update-customer`, {
          token: staff,
          body: { customer_id: 'cus_1001' },
        }),
        422,
        code,
      );
      expectError(
        await call('POST', `/pos/carts/${id}/loyalty-points`, {
          token: staff,
          body: { loyalty_point_redeemed: 1 },
        }),
        422,
        code,
      );
      expectError(
        await call('DELETE', `/pos/carts/${id}/loyalty-points`, { token: staff }),
        422,
        code,
      );
      expect(h.snapshot()).toBe(before);
    }
  });

  test('ids that name Object.prototype members are just unknown', async () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expectError(await call('GET', `/pos/carts/${id}`, { token: staff }), 404, 'cart_not_found');
      expectError(
        await call('POST', '/pos/carts/cart_1001/update-customer', {
          token: staff,
          body: { customer_id: id },
        }),
        404,
        'customer_not_found',
      );
      const asToken = await call('GET', '/pos/carts/cart_1001', { token: id });
      expectError(asToken, 401, 'unauthorized');
    }
  });
});
