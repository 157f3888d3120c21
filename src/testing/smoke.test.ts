import { afterAll, beforeAll, expect, test } from 'vitest';
import { getCart, linkCustomer, redeemLoyaltyPoints } from '@/api/carts';
import { listLocations } from '@/api/locations';
import { createOrderReturn, getOrder } from '@/api/orders';
import { getStoreConfig } from '@/api/store-config';
import { getUser, saveNotificationPreferences } from '@/api/users';
import { createTestServer } from '@/mocks/node';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
const conn = {
  baseUrl: 'http://localhost',
  storeId: 'demo-store',
  apiKey: 'demo-api-key',
  accessToken: 'demo-cashier-token',
  userId: 'staff_01',
};

test('smoke', async () => {
  const cfg = await getStoreConfig(conn);
  expect(cfg.brand.name).toBe('Indigo Threads');
  const locs = await listLocations(conn);
  expect(locs[0]!.is_default).toBe(true);
  const cart = await getCart(conn, 'cart_1001');
  console.log(
    cart.grand_total,
    cart.to_be_paid,
    cart.subtotal,
    cart.items_tax_amount,
    cart.total_tax,
  );
  const linked = await linkCustomer(conn, 'cart_1001', { phone: '9876543210' });
  expect(linked.billing_address?.first_name).toBe('Asha');
  const red = await redeemLoyaltyPoints(conn, 'cart_1001', 500);
  console.log(red.to_be_paid, red.loyalty_points_earned, red.other_savings);
  await expect(redeemLoyaltyPoints(conn, 'cart_1001', 5000)).rejects.toMatchObject({
    code: 'insufficient_loyalty_points',
    details: { available_points: 1500 },
  });
  const asha = { ...conn, accessToken: 'demo-customer-token', userId: 'cus_1001' };
  const order = await getOrder(asha, 'ORD-1001');
  const ret = await createOrderReturn(
    asha,
    'ORD-1001',
    {
      return_items: [
        {
          product_id: 'prod_tshirt',
          sku: 'TSHIRT-BLU-M',
          quantity: 1,
          resolution: 'refund',
          return_reason: 'Too small',
        },
      ],
      shipping_address: null,
    },
    'k1',
  );
  console.log(order.grand_total, JSON.stringify(ret.refund));
  const u = await getUser(asha, 'cus_1001');
  const saved = await saveNotificationPreferences(
    asha,
    'cus_1001',
    u.notification_preferences!,
    false,
  );
  expect(saved.transactional.email).toBe(true);
});
