// jsdom (the default environment): BrowserRepository over the real window.localStorage
import { beforeEach, describe, expect, test } from 'vitest';
import { BrowserRepository, MemoryRepository, STATE_KEY } from './persistence';
import { DATA_VERSION, createSeed } from './service/seed';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import { StorefrontService } from './service/service';
import { NO_CUSTOMER_ADDRESS } from './service/cart-math';

const ASHA = { role: 'customer' as const, userId: 'cus_1001' };

/** One "tab": a repository and a service over the shared localStorage. */
function openTab() {
  const repo = new BrowserRepository(window.localStorage);
  return { repo, service: new StorefrontService(repo) };
}

const storedVersion = () =>
  (JSON.parse(window.localStorage.getItem(STATE_KEY)!) as { version: number }).version;

beforeEach(() => window.localStorage.clear());

describe('BrowserRepository', () => {
  test('starts from the seed and saves it, with no notice', () => {
    const { repo, service } = openTab();
    expect(repo.notice).toBeNull();
    expect(storedVersion()).toBe(DATA_VERSION);
    expect(service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
  });

  test('a change persists: a later page load sees it', () => {
    const first = openTab();
    first.service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    first.service.createReturn(ASHA, 'ORD-1001', RETURN_ONE_TSHIRT, 'key-1');

    const reloaded = openTab();
    expect(reloaded.repo.notice).toBeNull();
    expect(reloaded.service.getCart('cart_1001').billing_address?.first_name).toBe('Asha');
    const tshirt = reloaded.service
      .getOrder(ASHA, 'ORD-1001')
      .order_items.find((i) => i.sku === 'TSHIRT-BLU-M');
    expect(tshirt?.returnable_quantity).toBe(1);
  });

  test('reset restores the seed, in memory and in storage', () => {
    const { service } = openTab();
    service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    service.reset();
    expect(service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
    expect(openTab().service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
  });

  test.each([DATA_VERSION - 1, DATA_VERSION + 1])(
    'data of DATA_VERSION %i is reset, with a notice',
    (version) => {
      const old = createSeed();
      old.carts.cart_1001!.customer_id = 'cus_1001';
      window.localStorage.setItem(
        STATE_KEY,
        JSON.stringify({ version, revision: 'r1', state: old }),
      );
      const { repo, service } = openTab();
      expect(repo.notice).toMatch(/another version/);
      expect(service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
      expect(storedVersion()).toBe(DATA_VERSION);
    },
  );

  test.each([
    ['corrupt JSON', '{"version": 1, "state": {'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['no version', JSON.stringify({ state: createSeed() })],
    ['a state of the wrong shape', JSON.stringify({ version: DATA_VERSION, state: { carts: [] } })],
  ])('%s resets to the seed with a notice', (_what, stored) => {
    window.localStorage.setItem(STATE_KEY, stored);
    const { repo, service } = openTab();
    expect(repo.notice).toMatch(/could not be read/);
    expect(service.getCart('cart_1002').cart_items.length).toBeGreaterThan(0);
    expect(storedVersion()).toBe(DATA_VERSION);
    // and the next load is clean
    expect(openTab().repo.notice).toBeNull();
  });

  test('data saved when collect-in-store carts had estimated_delivery_days null reads as 0', () => {
    const old = createSeed();
    old.carts.cart_1001!.customer_id = 'cus_1001';
    for (const cart of Object.values(old.carts) as { estimated_delivery_days: number | null }[]) {
      if (cart.estimated_delivery_days === 0) cart.estimated_delivery_days = null;
    }
    window.localStorage.setItem(
      STATE_KEY,
      JSON.stringify({ version: DATA_VERSION, revision: 'r1', state: old }),
    );
    const { repo, service } = openTab();
    expect(repo.notice).toBeNull();
    // kept, not reset
    expect(service.getCart('cart_1001').billing_address?.first_name).toBe('Asha');
    expect(service.getCart('cart_1001').estimated_delivery_days).toBe(0);
    expect(service.getCart('cart_1003').estimated_delivery_days).toBe(4);
  });

  test('data saved when a customer made without a first name had "" reads as null (B3)', () => {
    const old = createSeed();
    old.customers.cus_1002!.first_name = '';
    old.carts.cart_1001!.customer_id = 'cus_1002';
    window.localStorage.setItem(
      STATE_KEY,
      JSON.stringify({ version: DATA_VERSION, revision: 'r1', state: old }),
    );
    const { repo, service } = openTab();
    expect(repo.notice).toBeNull();
    expect(service.getCart('cart_1001').billing_address).toMatchObject({
      first_name: null,
      last_name: 'Shah',
    });
    expect(service.getUser('cus_1002').first_name).toBeNull();
    // Asha's own name is untouched
    expect(service.getUser('cus_1001').first_name).toBe('Asha');
  });

  test('two tabs over the same storage do not overwrite each other’s changes', () => {
    const a = openTab();
    const b = openTab();

    a.service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    // b has not read since a wrote; its change must start from a's state, not its own copy
    b.service.linkCustomer('cart_1002', { customer_id: 'cus_1002' });
    a.service.redeemPoints('cart_1001', 200);
    b.service.createReturn(ASHA, 'ORD-1001', RETURN_ONE_TSHIRT, null);

    for (const tab of [a, b, openTab()]) {
      expect(tab.service.getCart('cart_1001')).toMatchObject({
        loyalty_points_redeemed: 200,
        billing_address: expect.objectContaining({ first_name: 'Asha' }),
      });
      expect(tab.service.getCart('cart_1002').billing_address?.first_name).toBe('Vikram');
      expect(Object.keys(tab.repo.read().returns)).toHaveLength(1);
    }
  });

  test('the other tab’s points hold counts in this tab', () => {
    const a = openTab();
    const b = openTab();
    a.service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    a.service.redeemPoints('cart_1001', 1000);
    b.service.linkCustomer('cart_1003', { customer_id: 'cus_1001' });
    expect(() => b.service.redeemPoints('cart_1003', 600)).toThrow(/500 points available/);
  });

  test('a refused request writes nothing', () => {
    const { service } = openTab();
    const before = window.localStorage.getItem(STATE_KEY);
    expect(() => service.redeemPoints('cart_1001', 10)).toThrow();
    expect(() => service.createReturn(ASHA, 'ORD-1003', RETURN_ONE_TSHIRT, 'k')).toThrow();
    expect(window.localStorage.getItem(STATE_KEY)).toBe(before);
  });
});

describe('MemoryRepository', () => {
  test('reset gives a fresh seed, and instances are independent', () => {
    const one = new StorefrontService(new MemoryRepository());
    const two = new StorefrontService(new MemoryRepository());
    one.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    expect(two.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
    one.reset();
    expect(one.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);
  });
});
