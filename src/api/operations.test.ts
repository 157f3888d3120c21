// @vitest-environment node
/**
 * Success of each of the eleven operations against the fake backend (MSW over the real service
 * domain): the client returns the parsed, typed payload with the demo store's data.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  expectTypeOf,
  it,
} from 'vitest';
import { NO_FAULTS } from '@/mocks/faults';
import { createTestServer } from '@/mocks/node';
import { RETURN_ONE_TSHIRT, asha, cashier, vikram } from '@/testing/fixtures';
import { getCart, linkCustomer, redeemLoyaltyPoints, removeLoyaltyRedemption } from './carts';
import { listLocations } from './locations';
import { createOrderReturn, getOrder } from './orders';
import type { Cart } from './schemas/cart';
import type { Location } from './schemas/location';
import type { NotificationPreferences } from './schemas/notification-preferences';
import type { Order } from './schemas/order';
import type { OrderReturn } from './schemas/order-return';
import type { StoreConfig } from './schemas/store-config';
import type { User } from './schemas/user';
import { getStoreConfig } from './store-config';
import { createNotificationPreferences, getUser, updateNotificationPreferences } from './users';

const { server, service, faults } = createTestServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  service.reset();
  faults.set(NO_FAULTS);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DAY = 86_400_000;

const prefs: NotificationPreferences = {
  transactional: { email: true, sms: false, whatsapp: true },
  promotional: { email: false, sms: false, whatsapp: false },
  newsletter: { email: true, sms: true, whatsapp: false },
};

describe('op 7 getStoreConfig', () => {
  it('returns the demo store configuration', async () => {
    const config = await getStoreConfig(cashier);
    expectTypeOf(config).toEqualTypeOf<StoreConfig>();
    expect(config.brand.name).toBe('Indigo Threads');
    expect(config.currency).toEqual({ name: 'Indian Rupee', code: 'INR', symbol: '₹' });
    expect(config.terms_of_service.content_type).toBe('html');
    expect(config.refund_policy.content).toContain('30 days of delivery');
    expect(config.customer_groups.filter((g) => g.is_default).map((g) => g.id)).toEqual([
      'grp_retail',
    ]);
  });
});

describe('op 5 listLocations', () => {
  it('returns every location, the default first, active or not', async () => {
    const locations = await listLocations(cashier);
    expectTypeOf(locations).toEqualTypeOf<Location[]>();
    expect(locations).toHaveLength(10);
    expect(locations[0]).toMatchObject({
      id: 'loc_blr_indiranagar',
      name: 'Indigo Threads Indiranagar',
      is_default: true,
      contact_phone: 8041234567,
    });
    expect(locations.filter((l) => l.is_default)).toHaveLength(1);
    expect(locations.find((l) => l.id === 'loc_kol_park')?.active).toBe(false);
    expect(locations.find((l) => l.id === 'loc_del_khan')?.accepts_returns).toBe(false);
  });
});

describe('op 8 getCart', () => {
  it('returns the cart with money in rupees and no customer', async () => {
    const cart = await getCart(cashier, 'cart_1001');
    expectTypeOf(cart).toEqualTypeOf<Cart>();
    expect(cart.id).toBe('cart_1001');
    expect(cart.active).toBe(true);
    expect(cart.cart_items_count).toBe(5);
    expect(cart.cart_items.map((i) => i.sku)).toEqual([
      'TSHIRT-BLU-M',
      'KURTA-LIN-L',
      'COFFEE-CHK-250',
      'MUG-WHT',
      'TOTE-FREE',
    ]);
    expect(cart.subtotal).toBe(4326.82);
    expect(cart.items_tax_amount).toBe(418.18);
    expect(cart.total_tax).toBe(425.38);
    expect(cart.grand_total).toBe(4592.2);
    expect(cart.to_be_paid).toBe(4592.2);
    expect(cart.billing_address).toBeNull();
    expect(cart.loyalty_points_redeemed).toBe(0);
    expect(cart.loyalty_points_earned).toBe(0);
    expect(cart.currency.code).toBe('INR');
    expect(cart.expires_at).toMatch(ISO);
    expect(cart.cart_items.find((i) => i.on_promotion)?.sku).toBe('KURTA-LIN-L');
    expect(cart.cart_items.find((i) => i.on_subscription)?.subscriptions[0]?.id).toBe(
      'sub_coffee_monthly',
    );
  });
});

describe('op 3 linkCustomer', () => {
  it('links an existing customer by id', async () => {
    const cart = await linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' });
    expectTypeOf(cart).toEqualTypeOf<Cart>();
    expect(cart.billing_address).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      is_phone_verified: true,
    });
    expect(cart.shipping_address?.first_name).toBe('Asha');
    // floor(4592.20 / 100) once a customer is linked
    expect(cart.loyalty_points_earned).toBe(45);
  });

  it('finds a customer by phone', async () => {
    const cart = await linkCustomer(cashier, 'cart_1002', { phone: '9123456780' });
    expect(cart.billing_address).toMatchObject({ first_name: 'Vikram', last_name: 'Shah' });
  });

  it('creates a customer for an unknown email', async () => {
    const cart = await linkCustomer(cashier, 'cart_1002', {
      email: 'new.shopper@example.com',
      first_name: 'Nisha',
    });
    expect(cart.billing_address).toMatchObject({
      first_name: 'Nisha',
      email: 'new.shopper@example.com',
      is_email_verified: false,
    });
  });
});

describe('op 4 redeemLoyaltyPoints and op 9 removeLoyaltyRedemption', () => {
  it('sets the redemption and recomputes what is to be paid, then removes it', async () => {
    await linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' });

    const redeemed = await redeemLoyaltyPoints(cashier, 'cart_1001', 500);
    expectTypeOf(redeemed).toEqualTypeOf<Cart>();
    expect(redeemed.loyalty_points_redeemed).toBe(500);
    expect(redeemed.grand_total).toBe(4592.2);
    expect(redeemed.to_be_paid).toBe(4092.2);
    expect(redeemed.other_savings).toBe(500);
    expect(redeemed.loyalty_points_earned).toBe(40);

    // replaces, does not add
    const again = await redeemLoyaltyPoints(cashier, 'cart_1001', 300);
    expect(again.loyalty_points_redeemed).toBe(300);
    expect(again.to_be_paid).toBe(4292.2);

    const removed = await removeLoyaltyRedemption(cashier, 'cart_1001');
    expectTypeOf(removed).toEqualTypeOf<Cart>();
    expect(removed.loyalty_points_redeemed).toBe(0);
    expect(removed.to_be_paid).toBe(4592.2);
    expect(removed.other_savings).toBe(0);
  });
});

describe('op 11 getOrder', () => {
  it('returns the customer’s own order with returnable quantities', async () => {
    const order = await getOrder(asha, 'ORD-1001');
    expectTypeOf(order).toEqualTypeOf<Order>();
    expect(order.order_number).toBe('ORD-1001');
    expect(order.status).toBe('delivered');
    expect(order.payment_mode).toBe('Prepaid');
    expect(order.grand_total).toBe(3946);
    expect(order.delivered_at).toMatch(ISO);
    const deliveredAgo = Date.now() - Date.parse(order.delivered_at ?? '');
    expect(Math.round(deliveredAgo / DAY)).toBe(5);
    expect(order.order_items.map((i) => [i.sku, i.quantity, i.returnable_quantity])).toEqual([
      ['TSHIRT-BLU-M', 2, 2],
      ['MUG-WHT', 1, 1],
      ['KURTA-LIN-L', 1, 1],
    ]);
    expect(order.order_items[0]?.selling_price).toBe(799);
    expect(order.shipping_address.city).toBe('Bengaluru');
  });

  it('lets staff read any order', async () => {
    const order = await getOrder(cashier, 'ORD-2001');
    expect(order.shipping_address.first_name).toBe('Vikram');
    expect(order.delivered_at).not.toBeNull();
  });
});

describe('op 6 createOrderReturn', () => {
  it('creates a return with a pending refund, once per idempotency key', async () => {
    const created = await createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'key-1');
    expectTypeOf(created).toEqualTypeOf<OrderReturn>();
    expect(created).toMatchObject({
      request_number: 'RET-000001',
      status: 'created',
      original_order_number: 'ORD-1001',
      approved_at: null,
      shipped_at: null,
      received_at: null,
      replacement_order_number: null,
      shipping_amount: 0,
      grand_total: 799,
    });
    expect(created.subtotal + created.total_tax).toBeCloseTo(799, 2);
    expect(created.created_at).toMatch(ISO);
    expect(created.return_items).toEqual([
      expect.objectContaining({
        sku: 'TSHIRT-BLU-M',
        quantity: 1,
        selling_price: 799,
        resolution: 'refund',
        return_reason: 'Too small',
      }),
    ]);
    expect(created.refund).toEqual([
      expect.objectContaining({
        refund_amount: 799,
        status: 'pending',
        payment_mode: 'PaymentGateway',
        refund_date: null,
      }),
    ]);

    const replay = await createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'key-1');
    expect(replay.request_number).toBe('RET-000001');
    const order = await getOrder(asha, 'ORD-1001');
    expect(order.order_items[0]?.returnable_quantity).toBe(1);

    const second = await createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'key-2');
    expect(second.request_number).toBe('RET-000002');
  });

  it('has no refund entry for a replacement', async () => {
    const first = RETURN_ONE_TSHIRT.return_items[0]!;
    const created = await createOrderReturn(
      asha,
      'ORD-1001',
      { ...RETURN_ONE_TSHIRT, return_items: [{ ...first, resolution: 'replacement' }] },
      'key-r',
    );
    expect(created.refund).toEqual([]);
  });
});

describe('op 10 getUser', () => {
  it('returns the user with stored preferences', async () => {
    const user = await getUser(asha, 'cus_1001');
    expectTypeOf(user).toEqualTypeOf<User>();
    expect(user).toMatchObject({
      id: 'cus_1001',
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      country_code: '+91',
    });
    expect(user.notification_preferences).toEqual({
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: true, sms: false, whatsapp: false },
      newsletter: { email: true, sms: false, whatsapp: false },
    });
  });

  it('returns null preferences for a user who has none', async () => {
    const user = await getUser(vikram, 'cus_1002');
    expect(user.first_name).toBe('Vikram');
    expect(user.notification_preferences).toBeNull();
  });
});

describe('op 1 createNotificationPreferences', () => {
  it('stores preferences for a user who has none', async () => {
    const saved = await createNotificationPreferences(vikram, 'cus_1002', prefs);
    expectTypeOf(saved).toEqualTypeOf<NotificationPreferences>();
    expect(saved).toEqual(prefs);
    expect((await getUser(vikram, 'cus_1002')).notification_preferences).toEqual(prefs);
  });
});

describe('op 2 updateNotificationPreferences', () => {
  it('replaces stored preferences', async () => {
    const saved = await updateNotificationPreferences(asha, 'cus_1001', prefs);
    expectTypeOf(saved).toEqualTypeOf<NotificationPreferences>();
    expect(saved).toEqual(prefs);
    expect((await getUser(asha, 'cus_1001')).notification_preferences).toEqual(prefs);
  });
});
