// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import {
  API_KEY,
  OPERATIONS,
  TOKENS,
  call,
  expectCartInvariants,
  expectError,
  okCart,
  okLocations,
  okOrder,
  okPreferences,
  okReturn,
  okStoreConfig,
  okUser,
  setupContractService,
} from './harness';

const h = setupContractService();

describe('every operation answers 200 with its envelope and a payload that parses', () => {
  test('1 create notification preferences', async () => {
    const prefs = okPreferences(
      await call('POST', '/auth/user/cus_1002/notification-preferences', OPERATIONS[0]!.ok),
    );
    expect(prefs.newsletter).toEqual({ email: true, sms: true, whatsapp: false });
  });

  test('2 update notification preferences', async () => {
    const prefs = okPreferences(
      await call('PUT', '/auth/user/cus_1001/notification-preferences', OPERATIONS[1]!.ok),
    );
    expect(prefs.promotional.sms).toBe(true);
  });

  test('3 link customer, 4 redeem, 9 remove redemption, 8 get cart', async () => {
    const linked = okCart(
      await call('POST', '/pos/carts/cart_1001/update-customer', {
        token: TOKENS.staff,
        body: { customer_id: 'cus_1001' },
      }),
    );
    expect(linked.billing_address?.first_name).toBe('Asha');
    expectCartInvariants(linked);

    const redeemed = okCart(
      await call('POST', '/pos/carts/cart_1001/loyalty-points', {
        token: TOKENS.staff,
        body: { loyalty_point_redeemed: 250 },
      }),
    );
    expect(redeemed.loyalty_points_redeemed).toBe(250);
    expectCartInvariants(redeemed);

    const read = okCart(await call('GET', '/pos/carts/cart_1001', { token: TOKENS.staff }));
    expect(read).toEqual(redeemed);

    const removed = okCart(
      await call('DELETE', '/pos/carts/cart_1001/loyalty-points', { token: TOKENS.staff }),
    );
    expect(removed.loyalty_points_redeemed).toBe(0);
    expectCartInvariants(removed);
  });

  test('5 list locations: every location, active or not, the default first', async () => {
    // stored with the default last (the seed has it first), so only the service's order puts it
    // first; the others keep their stored order
    h.edit((state) => {
      state.locations.reverse();
    });
    const stored = h.repo.read().locations.map((l) => l.id);
    expect(h.repo.read().locations.at(-1)!.is_default).toBe(true);
    const locations = okLocations(await call('GET', '/pos/locations', { apiKey: API_KEY }));
    expect(locations.length).toBeGreaterThanOrEqual(8);
    expect(locations[0]!.is_default).toBe(true);
    expect(locations.map((l) => l.id)).toEqual([stored.at(-1), ...stored.slice(0, -1)]);
    expect(locations.filter((l) => l.is_default)).toHaveLength(1);
    expect(locations.some((l) => !l.active)).toBe(true);
    expect(locations.some((l) => !l.accepts_returns)).toBe(true);
    expect(new Set(locations.map((l) => l.id)).size).toBe(locations.length);
  });

  test('6 create order return: message "order details"', async () => {
    const reply = await call('POST', '/orders/ORD-1001/return', {
      token: TOKENS.asha,
      body: RETURN_ONE_TSHIRT,
    });
    const created = okReturn(reply);
    expect((reply.json as { message: string }).message).toBe('order details');
    expect(created.status).toBe('created');
  });

  test('7 store config', async () => {
    const config = okStoreConfig(await call('GET', '/store/config'));
    expect(config.brand.name).toBe('Indigo Threads');
    expect(config.currency).toEqual({ name: 'Indian Rupee', code: 'INR', symbol: '₹' });
    expect(config.terms_of_service.content_type).toBe('html');
  });

  test('10 get user: preferences or null', async () => {
    const asha = okUser(await call('GET', '/auth/user/cus_1001', { token: TOKENS.asha }));
    expect(asha).toMatchObject({ id: 'cus_1001', first_name: 'Asha', phone: '9876543210' });
    expect(asha.notification_preferences).not.toBeNull();
    const vikram = okUser(await call('GET', '/auth/user/cus_1002', { token: TOKENS.vikram }));
    expect(vikram.notification_preferences).toBeNull();
  });

  test('11 get order: lines with returnable quantities', async () => {
    const order = okOrder(await call('GET', '/orders/ORD-1001', { token: TOKENS.asha }));
    expect(order.status).toBe('delivered');
    expect(order.payment_mode).toBe('Prepaid');
    const tshirt = order.order_items.find((i) => i.sku === 'TSHIRT-BLU-M');
    expect(tshirt).toMatchObject({
      product_id: 'prod_tshirt',
      quantity: 2,
      returnable_quantity: 2,
    });
    expect(order.order_items.find((i) => i.sku === 'MUG-WHT')).toMatchObject({
      product_id: 'prod_mug',
      quantity: 1,
    });
    expect(order.delivered_at!.endsWith('Z')).toBe(true);
  });

  test('every seeded cart reads with the B4 invariants', async () => {
    for (const id of ['cart_1001', 'cart_1002', 'cart_1003', 'cart_expired', 'cart_inactive']) {
      const cart = okCart(await call('GET', `/pos/carts/${id}`, { token: TOKENS.staff }));
      expect(cart.id).toBe(id);
      expectCartInvariants(cart);
    }
  });

  test('the demo carts are as CONTRACT C states', async () => {
    const get = async (id: string) =>
      okCart(await call('GET', `/pos/carts/${id}`, { token: TOKENS.staff }));
    const c1 = await get('cart_1001');
    expect(c1.active).toBe(true);
    expect(c1.billing_address).toBeNull();
    expect(c1.cart_items.length).toBeGreaterThanOrEqual(4);
    expect(c1.cart_items.some((i) => i.on_promotion)).toBe(true);
    expect(c1.cart_items.some((i) => i.subscriptions.length > 0)).toBe(true);
    expect(
      c1.cart_items.some((i) =>
        Object.values(i.associated_options).some((o) => o.type === 'color'),
      ),
    ).toBe(true);
    expect(c1.grand_total).toBeGreaterThan(2000);
    expect((await get('cart_1002')).grand_total).toBeLessThan(1000);
    expect(Date.parse((await get('cart_expired')).expires_at)).toBeLessThan(Date.now());
    expect((await get('cart_inactive')).active).toBe(false);
  });

  test('estimated_delivery_days is a number: 0 when collected in store', async () => {
    for (const id of ['cart_1001', 'cart_1002', 'cart_1003', 'cart_expired', 'cart_inactive']) {
      const cart = okCart(await call('GET', `/pos/carts/${id}`, { token: TOKENS.staff }));
      const pickup = cart.fulfillment_preference?.fulfillment_type === 'collect-in-store';
      expect({ id, days: cart.estimated_delivery_days }).toEqual({ id, days: pickup ? 0 : 4 });
    }
  });
});

describe('fault controller', () => {
  test.each(OPERATIONS.map((op) => [op.n, op.name, op] as const))(
    'failNext answers 500 internal_error once, then op %i (%s) works again',
    async (_n, _name, op) => {
      await op.prepare?.();
      h.faults.set({ failNext: 1 });
      const before = h.snapshot();
      expectError(await call(op.method, op.path, op.ok), 500, 'internal_error');
      expect(h.snapshot()).toBe(before);
      expect(h.faults.current.failNext).toBe(0);
      const again = await call(op.method, op.path, op.ok);
      expect(again.status).toBe(200);
    },
  );

  test('failNext counts down over several requests', async () => {
    h.faults.set({ failNext: 2 });
    expectError(await call('GET', '/store/config'), 500, 'internal_error');
    expectError(await call('GET', '/store/config'), 500, 'internal_error');
    okStoreConfig(await call('GET', '/store/config'));
  });

  test('dropNext makes fetch reject (a dropped connection) and creates nothing', async () => {
    h.faults.set({ dropNext: 1 });
    const before = h.snapshot();
    await expect(
      call('POST', '/orders/ORD-1001/return', { token: TOKENS.asha, body: RETURN_ONE_TSHIRT }),
    ).rejects.toThrow(TypeError);
    expect(h.snapshot()).toBe(before);
    okReturn(
      await call('POST', '/orders/ORD-1001/return', {
        token: TOKENS.asha,
        body: RETURN_ONE_TSHIRT,
      }),
    );
  });

  test.each(OPERATIONS.map((op) => [op.n, op] as const))(
    'dropNext rejects op %i',
    async (_n, op) => {
      h.faults.set({ dropNext: 1 });
      await expect(call(op.method, op.path, op.ok)).rejects.toThrow();
      expect(h.faults.current.dropNext).toBe(0);
    },
  );

  test('latency delays the answer', async () => {
    h.faults.set({ latencyMs: 60 });
    const started = performance.now();
    okStoreConfig(await call('GET', '/store/config'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
  });

  test('with no faults every operation succeeds (the controls for the sweeps)', async () => {
    for (const op of OPERATIONS) {
      h.service.reset();
      await op.prepare?.();
      const reply = await call(op.method, op.path, op.ok);
      expect({ op: op.n, status: reply.status }).toEqual({ op: op.n, status: 200 });
      expect(reply.json).toMatchObject({ success: true });
    }
  });
});
