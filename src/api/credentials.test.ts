// @vitest-environment node
/**
 * What each operation puts on the wire (CONTRACT B2): the Bearer token only on the Bearer
 * operations, the API key only on op 5, nothing on op 7, an Idempotency-Key on op 6, and store
 * ids and path segments URL-encoded. Headers are observed with MSW's request events.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkConnection } from '@/features/session/connection-check';
import { createTestServer } from '@/mocks/node';
import { RETURN_ONE_TSHIRT, asha, cashier, vikram } from '@/testing/fixtures';
import { getCart, linkCustomer, redeemLoyaltyPoints, removeLoyaltyRedemption } from './carts';
import { storefrontUrl } from './connection';
import { isApiError } from './errors';
import { listLocations } from './locations';
import type { NotificationPreferences } from './schemas/notification-preferences';
import { createOrderReturn, getOrder } from './orders';
import { getStoreConfig } from './store-config';
import { createNotificationPreferences, getUser, updateNotificationPreferences } from './users';

const { server, service } = createTestServer();

interface Sent {
  method: string;
  url: URL;
  authorization: string | null;
  apiKey: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  accept: string | null;
  cookie: string | null;
  cache: RequestCache;
  credentials: RequestCredentials;
}
let sent: Sent[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  service.reset();
  sent = [];
  server.events.on('request:start', ({ request }) => {
    sent.push({
      method: request.method,
      url: new URL(request.url),
      authorization: request.headers.get('authorization'),
      apiKey: request.headers.get('x-api-key'),
      idempotencyKey: request.headers.get('idempotency-key'),
      contentType: request.headers.get('content-type'),
      accept: request.headers.get('accept'),
      cookie: request.headers.get('cookie'),
      cache: request.cache,
      credentials: request.credentials,
    });
  });
});
afterEach(() => {
  server.events.removeAllListeners();
  server.resetHandlers();
});
afterAll(() => server.close());

const prefs: NotificationPreferences = {
  transactional: { email: true, sms: true, whatsapp: false },
  promotional: { email: false, sms: false, whatsapp: false },
  newsletter: { email: true, sms: false, whatsapp: false },
};

type Expected = 'bearer' | 'api-key' | 'none';

/** The eleven operations, each with the credential it must send and a successful call. */
const operations: {
  op: number;
  name: string;
  method: string;
  path: string;
  credential: Expected;
  token: string;
  hasBody: boolean;
  run: () => Promise<unknown>;
}[] = [
  {
    op: 1,
    name: 'createNotificationPreferences',
    method: 'POST',
    path: '/auth/user/cus_1002/notification-preferences',
    credential: 'bearer',
    token: 'demo-customer-2-token',
    hasBody: true,
    run: () => createNotificationPreferences(vikram, 'cus_1002', prefs),
  },
  {
    op: 2,
    name: 'updateNotificationPreferences',
    method: 'PUT',
    path: '/auth/user/cus_1001/notification-preferences',
    credential: 'bearer',
    token: 'demo-customer-token',
    hasBody: true,
    run: () => updateNotificationPreferences(asha, 'cus_1001', prefs),
  },
  {
    op: 3,
    name: 'linkCustomer',
    method: 'POST',
    path: '/pos/carts/cart_1001/update-customer',
    credential: 'bearer',
    token: 'demo-cashier-token',
    hasBody: true,
    run: () => linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' }),
  },
  {
    op: 4,
    name: 'redeemLoyaltyPoints',
    method: 'POST',
    path: '/pos/carts/cart_1001/loyalty-points',
    credential: 'bearer',
    token: 'demo-cashier-token',
    hasBody: true,
    run: async () => {
      await linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' });
      sent = []; // record only the redeem request
      return redeemLoyaltyPoints(cashier, 'cart_1001', 100);
    },
  },
  {
    op: 5,
    name: 'listLocations',
    method: 'GET',
    path: '/pos/locations',
    credential: 'api-key',
    token: '',
    hasBody: false,
    run: () => listLocations(cashier),
  },
  {
    op: 6,
    name: 'createOrderReturn',
    method: 'POST',
    path: '/orders/ORD-1001/return',
    credential: 'bearer',
    token: 'demo-customer-token',
    hasBody: true,
    run: () => createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'submission-42'),
  },
  {
    op: 7,
    name: 'getStoreConfig',
    method: 'GET',
    path: '/store/config',
    credential: 'none',
    token: '',
    hasBody: false,
    run: () => getStoreConfig(cashier),
  },
  {
    op: 8,
    name: 'getCart',
    method: 'GET',
    path: '/pos/carts/cart_1001',
    credential: 'bearer',
    token: 'demo-cashier-token',
    hasBody: false,
    run: () => getCart(cashier, 'cart_1001'),
  },
  {
    op: 9,
    name: 'removeLoyaltyRedemption',
    method: 'DELETE',
    path: '/pos/carts/cart_1001/loyalty-points',
    credential: 'bearer',
    token: 'demo-cashier-token',
    hasBody: false,
    run: () => removeLoyaltyRedemption(cashier, 'cart_1001'),
  },
  {
    op: 10,
    name: 'getUser',
    method: 'GET',
    path: '/auth/user/cus_1001',
    credential: 'bearer',
    token: 'demo-customer-token',
    hasBody: false,
    run: () => getUser(asha, 'cus_1001'),
  },
  {
    op: 11,
    name: 'getOrder',
    method: 'GET',
    path: '/orders/ORD-1001',
    credential: 'bearer',
    token: 'demo-customer-token',
    hasBody: false,
    run: () => getOrder(asha, 'ORD-1001'),
  },
];

describe('credential per operation', () => {
  it('covers all eleven operations', () => {
    expect(operations.map((o) => o.op)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(operations.filter((o) => o.credential === 'bearer').map((o) => o.op)).toEqual([
      1, 2, 3, 4, 6, 8, 9, 10, 11,
    ]);
  });

  it.each(operations)('op $op $name sends only its credential', async (operation) => {
    await operation.run(); // succeeds: the service accepted exactly these credentials
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe(operation.method);
    expect(request?.url.pathname).toBe(`/api/v1/demo-store/storefront${operation.path}`);
    expect(request?.url.search).toBe('');
    expect(request?.accept).toBe('application/json');
    expect(request?.cookie).toBeNull();

    expect(request?.authorization).toBe(
      operation.credential === 'bearer' ? `Bearer ${operation.token}` : null,
    );
    expect(request?.apiKey).toBe(operation.credential === 'api-key' ? 'demo-api-key' : null);
    expect(request?.idempotencyKey).toBe(operation.op === 6 ? 'submission-42' : null);
    expect(request?.contentType).toBe(operation.hasBody ? 'application/json' : null);
    // a person's records never stay in the browser's HTTP cache, whatever the API's headers
    // say: signing out could not clear them from there
    expect(request?.cache).toBe(operation.credential === 'bearer' ? 'no-store' : 'default');
    // nor does a cookie of the API's origin go with it, whatever the API sets: the operation's
    // credential is the one header above, never what the browser holds for that origin
    expect(request?.credentials).toBe('omit');
  });

  it('op 5 sends no token and no other credential header even when the connection holds a token', async () => {
    await listLocations({ ...cashier, accessToken: 'demo-cashier-token' });
    expect(sent[0]?.authorization).toBeNull();
    expect(sent[0]?.apiKey).toBe('demo-api-key');
    expect(sent[0]?.idempotencyKey).toBeNull();
  });

  it('op 7 sends no credential header at all even when the connection holds a token and a key', async () => {
    await getStoreConfig(cashier);
    expect(sent[0]?.authorization).toBeNull();
    expect(sent[0]?.apiKey).toBeNull();
    expect(sent[0]?.cookie).toBeNull();
  });

  it('op 5 with no API key in the connection sends no key and gets 401', async () => {
    const error = await listLocations({ ...cashier, apiKey: '' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(sent[0]?.apiKey).toBeNull();
    expect(sent[0]?.authorization).toBeNull();
  });

  it('a Bearer operation with no token sends no Authorization header', async () => {
    const error = await getCart({ ...cashier, accessToken: '' }, 'cart_1001').catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.code).toBe('unauthorized');
    expect(sent[0]?.authorization).toBeNull();
    expect(sent[0]?.apiKey).toBeNull();
  });

  it("the Connection screen's check sends ops 7, 5 and 10 with their own credentials only", async () => {
    // its own copies of ops 5 and 10 (connection-check.ts), not the modules above
    const findings = await checkConnection(asha, new AbortController().signal);
    expect(findings.every((f) => f.ok)).toBe(true);
    const byPath = (end: string) => sent.find((r) => r.url.pathname.endsWith(end));
    const config = byPath('/store/config');
    const locations = byPath('/pos/locations');
    const user = byPath('/auth/user/cus_1001');
    expect(sent).toHaveLength(3);
    expect([config?.authorization, config?.apiKey]).toEqual([null, null]);
    expect([locations?.authorization, locations?.apiKey]).toEqual([null, 'demo-api-key']);
    expect([user?.authorization, user?.apiKey]).toEqual(['Bearer demo-customer-token', null]);
    expect(user?.cache).toBe('no-store');
  });

  it('op 6 sends the idempotency key it is given, and the same key again on a retry', async () => {
    await createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'wizard-7');
    await createOrderReturn(asha, 'ORD-1001', RETURN_ONE_TSHIRT, 'wizard-7');
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['wizard-7', 'wizard-7']);
  });
});

describe('URL encoding', () => {
  it('encodes a cart id with a slash and a space as one path segment', async () => {
    const error = await getCart(cashier, 'cart/1 x').catch((e: unknown) => e);
    expect(sent[0]?.url.pathname).toBe('/api/v1/demo-store/storefront/pos/carts/cart%2F1%20x');
    // the service saw one segment and decoded it back
    expect(isApiError(error) && error.code).toBe('cart_not_found');
    expect(isApiError(error) && error.message).toBe('No cart with id "cart/1 x".');
  });

  it('encodes ? and # so they stay in the path', async () => {
    await removeLoyaltyRedemption(cashier, 'c?x=1#y').catch(() => undefined);
    expect(sent[0]?.url.pathname).toBe(
      '/api/v1/demo-store/storefront/pos/carts/c%3Fx%3D1%23y/loyalty-points',
    );
    expect(sent[0]?.url.search).toBe('');
    expect(sent[0]?.url.hash).toBe('');
  });

  it('encodes order numbers and user ids', async () => {
    await createOrderReturn(asha, 'ORD 1/2', RETURN_ONE_TSHIRT, 'k').catch(() => undefined);
    await getUser(asha, 'cus/1001').catch(() => undefined);
    await updateNotificationPreferences(asha, 'a b', prefs).catch(() => undefined);
    expect(sent.map((s) => s.url.pathname)).toEqual([
      '/api/v1/demo-store/storefront/orders/ORD%201%2F2/return',
      '/api/v1/demo-store/storefront/auth/user/cus%2F1001',
      '/api/v1/demo-store/storefront/auth/user/a%20b/notification-preferences',
    ]);
  });

  it('encodes the store id', async () => {
    const error = await getStoreConfig({ ...cashier, storeId: 'demo store/eu' }).catch(
      (e: unknown) => e,
    );
    expect(sent[0]?.url.pathname).toBe('/api/v1/demo%20store%2Feu/storefront/store/config');
    expect(isApiError(error) && error.message).toBe('No store with id "demo store/eu".');
  });

  it('joins the base URL without doubling slashes and keeps a path prefix', () => {
    expect(storefrontUrl({ baseUrl: 'http://localhost/', storeId: 'demo-store' }, '/x')).toBe(
      'http://localhost/api/v1/demo-store/storefront/x',
    );
    expect(
      storefrontUrl({ baseUrl: 'https://api.example.com/shop//', storeId: 's 1' }, '/store/config'),
    ).toBe('https://api.example.com/shop/api/v1/s%201/storefront/store/config');
    expect(storefrontUrl({ baseUrl: '', storeId: 'demo-store' }, '/pos/locations')).toBe(
      '/api/v1/demo-store/storefront/pos/locations',
    );
  });
});
