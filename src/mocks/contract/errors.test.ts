// @vitest-environment node
/**
 * CONTRACT B1: every error code each operation can produce, with its HTTP status, its shape,
 * `WWW-Authenticate: Bearer` on the 401s of Bearer operations, and no change to stored state.
 */
import { getResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '@/api/error-codes';
import type { ErrorBody } from '@/api/schemas/common';
import { FaultController } from '@/mocks/faults';
import { createHandlers } from '@/mocks/handlers';
import { MemoryRepository } from '@/mocks/persistence';
import { StorefrontService } from '@/mocks/service/service';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import {
  API_KEY,
  FULL_PREFERENCES,
  OPERATIONS,
  ORIGIN,
  OVERSIZED_JSON,
  TOKENS,
  call,
  expectError,
  operation,
  type CallOptions,
  setupContractService,
  url,
} from './harness';

const h = setupContractService();

interface ErrorCase {
  op: number;
  status: number;
  code: string;
  /** Request overrides on top of the operation's path and its permitted caller. */
  path?: string;
  options?: CallOptions;
  setup?: () => unknown;
  check?: (body: ErrorBody) => void;
}

const GHOST = 'ghost-token';
/** A valid token whose user does not exist (tokens are issued outside this API, CONTRACT B2). */
const addGhostToken = () =>
  h.edit((s) => {
    s.tokens[GHOST] = { role: 'customer', userId: 'cus_ghost' };
  });
const linkAsha = (cartId: string) =>
  call('POST', `/pos/carts/${cartId}/update-customer`, {
    token: TOKENS.staff,
    body: { customer_id: 'cus_1001' },
  });

const tshirt = RETURN_ONE_TSHIRT.return_items[0]!;

/** Cases every operation shares, from its credential and whether it takes a body. */
function commonCases(): ErrorCase[] {
  return OPERATIONS.flatMap((op) => {
    const cases: ErrorCase[] = [
      { op: op.n, status: 404, code: 'store_not_found', options: { ...op.ok, store: 'nope' } },
      { op: op.n, status: 500, code: 'internal_error', setup: () => h.faults.set({ failNext: 1 }) },
    ];
    if (op.credential === 'bearer') {
      cases.push({
        op: op.n,
        status: 401,
        code: 'unauthorized',
        options: { ...op.ok, token: undefined },
      });
    }
    if (op.credential === 'api-key') {
      cases.push({ op: op.n, status: 401, code: 'unauthorized', options: { apiKey: undefined } });
      cases.push({ op: op.n, status: 401, code: 'unauthorized', options: { apiKey: 'wrong-key' } });
    }
    if (op.ok.body !== undefined) {
      cases.push(
        {
          op: op.n,
          status: 400,
          code: 'invalid_json',
          options: { ...op.ok, body: undefined, rawBody: '{' },
        },
        { op: op.n, status: 400, code: 'validation_error', options: { ...op.ok, body: {} } },
        {
          op: op.n,
          status: 413,
          code: 'payload_too_large',
          options: { ...op.ok, body: undefined, rawBody: OVERSIZED_JSON },
        },
      );
    }
    return cases;
  });
}

/** Cases particular to one operation. */
const specificCases: ErrorCase[] = [
  // 1 create preferences
  { op: 1, status: 403, code: 'forbidden', options: { ...operation(1).ok, token: TOKENS.asha } },
  { op: 1, status: 403, code: 'forbidden', options: { ...operation(1).ok, token: TOKENS.staff } },
  {
    op: 1,
    status: 409,
    code: 'preferences_already_exist',
    path: '/auth/user/cus_1001/notification-preferences',
    options: { token: TOKENS.asha, body: { notification_preferences: FULL_PREFERENCES } },
  },
  {
    op: 1,
    status: 404,
    code: 'user_not_found',
    path: '/auth/user/cus_ghost/notification-preferences',
    options: { token: GHOST, body: { notification_preferences: FULL_PREFERENCES } },
    setup: addGhostToken,
  },
  // 2 update preferences
  { op: 2, status: 403, code: 'forbidden', options: { ...operation(2).ok, token: TOKENS.vikram } },
  {
    op: 2,
    status: 404,
    code: 'preferences_not_found',
    path: '/auth/user/cus_1002/notification-preferences',
    options: {
      token: TOKENS.vikram,
      body: { notification_preferences: { newsletter: { sms: true } } },
    },
  },
  {
    op: 2,
    status: 404,
    code: 'user_not_found',
    path: '/auth/user/cus_ghost/notification-preferences',
    options: { token: GHOST, body: { notification_preferences: {} } },
    setup: addGhostToken,
  },
  // 3 link customer
  { op: 3, status: 403, code: 'forbidden', options: { ...operation(3).ok, token: TOKENS.asha } },
  {
    op: 3,
    status: 404,
    code: 'cart_not_found',
    path: '/pos/carts/cart_none/update-customer',
  },
  {
    op: 3,
    status: 404,
    code: 'customer_not_found',
    options: { token: TOKENS.staff, body: { customer_id: 'cus_none' } },
  },
  { op: 3, status: 422, code: 'cart_inactive', path: '/pos/carts/cart_inactive/update-customer' },
  { op: 3, status: 422, code: 'cart_expired', path: '/pos/carts/cart_expired/update-customer' },
  // 4 redeem
  { op: 4, status: 403, code: 'forbidden', options: { ...operation(4).ok, token: TOKENS.vikram } },
  { op: 4, status: 404, code: 'cart_not_found', path: '/pos/carts/cart_none/loyalty-points' },
  { op: 4, status: 422, code: 'cart_inactive', path: '/pos/carts/cart_inactive/loyalty-points' },
  { op: 4, status: 422, code: 'cart_expired', path: '/pos/carts/cart_expired/loyalty-points' },
  { op: 4, status: 422, code: 'customer_required', path: '/pos/carts/cart_1002/loyalty-points' },
  {
    op: 4,
    status: 422,
    code: 'insufficient_loyalty_points',
    setup: () => linkAsha('cart_1001'),
    options: { token: TOKENS.staff, body: { loyalty_point_redeemed: 1501 } },
    check: (body) => expect(body.details).toMatchObject({ available_points: 1500 }),
  },
  {
    op: 4,
    status: 422,
    code: 'redemption_exceeds_payable',
    path: '/pos/carts/cart_1002/loyalty-points',
    setup: () => linkAsha('cart_1002'),
    options: { token: TOKENS.staff, body: { loyalty_point_redeemed: 1000 } },
    check: (body) => expect(body.details).toMatchObject({ max_points: 948 }),
  },
  // 6 create return
  {
    op: 6,
    status: 404,
    code: 'order_not_found',
    options: { ...operation(6).ok, token: TOKENS.vikram },
  },
  { op: 6, status: 404, code: 'order_not_found', path: '/orders/ORD-9999/return' },
  { op: 6, status: 422, code: 'order_not_returnable', path: '/orders/ORD-1002/return' },
  {
    op: 6,
    status: 422,
    code: 'item_not_in_order',
    options: {
      token: TOKENS.asha,
      body: { return_items: [tshirt, { ...tshirt, sku: 'SOCKS-BAM-3' }] },
    },
    check: (body) =>
      expect(body.errors).toContainEqual(expect.objectContaining({ field: 'return_items.1.sku' })),
  },
  {
    op: 6,
    status: 422,
    code: 'return_quantity_exceeded',
    options: { token: TOKENS.asha, body: { return_items: [{ ...tshirt, quantity: 3 }] } },
    check: (body) =>
      expect(body.errors).toContainEqual(
        expect.objectContaining({ field: 'return_items.0.quantity' }),
      ),
  },
  // 8 get cart
  { op: 8, status: 403, code: 'forbidden', options: { token: TOKENS.asha } },
  { op: 8, status: 404, code: 'cart_not_found', path: '/pos/carts/cart_none' },
  // 9 remove redemption
  { op: 9, status: 403, code: 'forbidden', options: { token: TOKENS.vikram } },
  { op: 9, status: 404, code: 'cart_not_found', path: '/pos/carts/cart_none/loyalty-points' },
  { op: 9, status: 422, code: 'cart_inactive', path: '/pos/carts/cart_inactive/loyalty-points' },
  { op: 9, status: 422, code: 'cart_expired', path: '/pos/carts/cart_expired/loyalty-points' },
  // 10 get user
  { op: 10, status: 403, code: 'forbidden', options: { token: TOKENS.vikram } },
  { op: 10, status: 403, code: 'forbidden', options: { token: TOKENS.staff } },
  {
    op: 10,
    status: 404,
    code: 'user_not_found',
    path: '/auth/user/cus_ghost',
    options: { token: GHOST },
    setup: addGhostToken,
  },
  // 11 get order
  { op: 11, status: 404, code: 'order_not_found', options: { token: TOKENS.vikram } },
  { op: 11, status: 404, code: 'order_not_found', path: '/orders/ORD-9999' },
  {
    op: 11,
    status: 404,
    code: 'order_not_found',
    path: '/orders/ORD-1001',
    options: { token: TOKENS.vikram },
  },
];

const CASES = [...commonCases(), ...specificCases];

describe('CONTRACT B1 errors per operation', () => {
  test.each(CASES.map((c) => [c.op, c.status, c.code, c] as const))(
    'op %i answers %i %s',
    async (_op, status, code, c) => {
      const op = operation(c.op);
      await c.setup?.();
      const before = h.snapshot();
      const options = c.options ?? op.ok;
      const reply = await call(op.method, c.path ?? op.path, options);
      const body = expectError(reply, status, code);
      c.check?.(body);
      if (status === 401 && op.credential === 'bearer') {
        expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      } else {
        expect(reply.headers.get('www-authenticate')).toBeNull();
      }
      if (code === 'validation_error') {
        expect(body.errors?.length).toBeGreaterThan(0);
      }
      expect(h.snapshot()).toBe(before);
    },
  );

  test('every code of CONTRACT B1 is produced by some operation above', () => {
    const produced = new Set(CASES.map((c) => c.code));
    expect(ERROR_CODES.filter((code) => !produced.has(code))).toEqual([]);
  });

  test('the operations with a body are exactly 1, 2, 3, 4 and 6', () => {
    expect(OPERATIONS.filter((op) => op.ok.body !== undefined).map((op) => op.n)).toEqual([
      1, 2, 3, 4, 6,
    ]);
  });

  test('operation 5 takes only the API key: a Bearer token alone is refused', async () => {
    for (const token of Object.values(TOKENS)) {
      const reply = await call('GET', '/pos/locations', { token });
      expectError(reply, 401, 'unauthorized');
      expect(reply.headers.get('www-authenticate')).toBeNull();
    }
    expect((await call('GET', '/pos/locations', { apiKey: API_KEY })).status).toBe(200);
  });
});

/** Paths and methods under the API prefix that no operation answers (docs/demo-service.md). */
const UNKNOWN_ROUTES = [
  ['GET', '/nothing-here'],
  ['GET', '/pos/carts/cart_1001/items'],
  ['GET', ''],
  ['GET', '/'],
  ['PATCH', '/store/config'],
  ['POST', '/store/config'],
  ['DELETE', '/pos/locations'],
  ['PUT', '/orders/ORD-1001/return'],
] as const;

describe('an unknown path or method under the API prefix', () => {
  test.each(UNKNOWN_ROUTES)(
    '%s %s answers 404 not_found in the error shape',
    async (method, path) => {
      const before = h.snapshot();
      const reply = await call(method, path, { token: TOKENS.staff, apiKey: API_KEY });
      const body = expectError(reply, 404, 'not_found');
      expect(body.message).toBe(`Nothing answers ${method} /api/v1/demo-store/storefront${path}.`);
      expect(reply.headers.get('www-authenticate')).toBeNull();
      expect(h.snapshot()).toBe(before);
    },
  );

  test.each(UNKNOWN_ROUTES)(
    '%s %s in an unknown store answers store_not_found',
    async (method, path) => {
      expectError(await call(method, path, { store: 'nope' }), 404, 'store_not_found');
    },
  );

  test('uses up no fault: those count the operations', async () => {
    h.faults.set({ failNext: 1, dropNext: 1 });
    expectError(await call('GET', '/nothing-here'), 404, 'not_found');
    expect(h.faults.current).toMatchObject({ failNext: 1, dropNext: 1 });
  });

  test('the browser’s handlers answer the same on their origin, and pass others by', async () => {
    const service = new StorefrontService(new MemoryRepository());
    const handlers = createHandlers(service, new FaultController(), ORIGIN);
    for (const [method, path] of UNKNOWN_ROUTES) {
      const response = await getResponse(handlers, new Request(url(path), { method }));
      expect(response?.status).toBe(404);
      expect(response?.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response?.json()).toEqual({
        success: false,
        message: `Nothing answers ${method} /api/v1/demo-store/storefront${path}.`,
        code: 'not_found',
      });
    }
    const elsewhere = await getResponse(handlers, new Request(url('/nothing-here', 'nope')));
    expect(await elsewhere?.json()).toMatchObject({ code: 'store_not_found' });
    const otherOrigin = 'https://api.example.com/api/v1/demo-store/storefront/nothing-here';
    expect(await getResponse(handlers, new Request(otherOrigin))).toBeUndefined();
  });
});
