/**
 * Shared plumbing for the contract suite: a fresh msw/node service per test file (reset before
 * every test), a raw `fetch` helper that sends exactly the headers a test asks for, and checks
 * for the success envelope, the CONTRACT B1 error shape and the B4 cart invariants.
 */
import { beforeAll, afterAll, beforeEach, expect } from 'vitest';
import { z } from 'zod/mini';
import { cartSchema, type Cart } from '@/api/schemas/cart';
import { envelopeSchema, errorBodySchema, type ErrorBody } from '@/api/schemas/common';
import { locationSchema } from '@/api/schemas/location';
import { notificationPreferencesSchema } from '@/api/schemas/notification-preferences';
import { orderSchema } from '@/api/schemas/order';
import { orderReturnSchema } from '@/api/schemas/order-return';
import { storeConfigSchema } from '@/api/schemas/store-config';
import { userSchema } from '@/api/schemas/user';
import { NO_FAULTS } from '@/mocks/faults';
import { createTestServer } from '@/mocks/node';
import type { ServiceOptions } from '@/mocks/service/service';
import type { ServiceState } from '@/mocks/service/types';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';

export const ORIGIN = 'http://localhost';
export const STORE = 'demo-store';
export const API_KEY = 'demo-api-key';
export const TOKENS = {
  staff: 'demo-cashier-token',
  asha: 'demo-customer-token',
  vikram: 'demo-customer-2-token',
} as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as the raw `Authorization` header (malformed credentials). */
  authorization?: string;
  apiKey?: string;
  /** JSON-encoded into the body. */
  body?: unknown;
  /** Sent as is (malformed JSON, invalid UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  idempotencyKey?: string;
  store?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  json: unknown;
}

export function url(path: string, store = STORE) {
  return `${ORIGIN}/api/v1/${encodeURIComponent(store)}/storefront${path}`;
}

/** `PATCH` is no operation's method: for the unknown-route tests. */
export async function call(method: Method | 'PATCH', path: string, options: CallOptions = {}) {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.token !== undefined) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.authorization !== undefined) headers.set('Authorization', options.authorization);
  if (options.apiKey !== undefined) headers.set('X-Api-Key', options.apiKey);
  if (options.idempotencyKey !== undefined) {
    headers.set('Idempotency-Key', options.idempotencyKey);
  }
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url(path, options.store), { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json } satisfies Reply;
}

/** One service per test file, reseeded (dates relative to now) before every test. */
export function setupContractService(options: ServiceOptions = {}) {
  const ctx = createTestServer(options);
  beforeAll(() => ctx.server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    ctx.service.reset();
    ctx.faults.set(NO_FAULTS);
  });
  afterAll(() => ctx.server.close());
  return {
    ...ctx,
    /** The whole stored state as a string, to prove a refused request changed nothing. */
    snapshot: () => JSON.stringify(ctx.repo.read()),
    /** Change stored state directly, for situations no operation can create. */
    edit: (fn: (state: ServiceState) => void) => {
      const state = structuredClone(ctx.repo.read());
      fn(state);
      ctx.repo.write(state);
    },
  };
}

/** A 200 with the success envelope whose `content[key]` parses with `schema`; returns it. */
export function expectOk<T>(reply: Reply, key: string, schema: z.ZodMiniType<T>): T {
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = envelopeSchema(key, schema).safeParse(reply.json);
  if (!parsed.success) {
    throw new Error(
      `content.${key} does not match its schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
    );
  }
  const content = parsed.data.content as Record<string, T>;
  return content[key]!;
}

/** The CONTRACT B1 error shape with this status and code; returns the parsed body. */
export function expectError(reply: Reply, status: number, code: string): ErrorBody {
  expect({ status: reply.status, body: reply.json }).toMatchObject({ status, body: { code } });
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = z.strictObject(errorBodySchema.shape).safeParse(reply.json);
  expect(parsed.success, JSON.stringify(reply.json)).toBe(true);
  const body = parsed.data!;
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

export const okCart = (reply: Reply) => expectOk(reply, 'cart', cartSchema);
export const okOrder = (reply: Reply) => expectOk(reply, 'order', orderSchema);
export const okReturn = (reply: Reply) => expectOk(reply, 'order_return', orderReturnSchema);
export const okUser = (reply: Reply) => expectOk(reply, 'user', userSchema);
export const okPreferences = (reply: Reply) =>
  expectOk(reply, 'notification_preferences', notificationPreferencesSchema);
export const okLocations = (reply: Reply) => expectOk(reply, 'locations', z.array(locationSchema));
export const okStoreConfig = (reply: Reply) => expectOk(reply, 'store_config', storeConfigSchema);

/** Rupees on the wire to integer paise (CONTRACT B3: compare money only in minor units). */
export const paise = (rupees: number) => Math.round(rupees * 100);
/** The demo store's rule: 1 point = 1.00 (CONTRACT B4). */
export const POINT_PAISE = 100;

/** Round half away from zero, for expected values computed in the test. */
const roundHalfAway = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));

/** The nine CONTRACT B4 invariants, to the paisa, plus line maths from B3. */
export function expectCartInvariants(cart: Cart) {
  const p = paise;
  const itemTaxSum = cart.cart_items.reduce((sum, item) => sum + p(item.tax_amount), 0);
  const loyaltyValue = cart.loyalty_points_redeemed * POINT_PAISE;

  // B3: tax-inclusive lines, tax contained in each line rounded once
  for (const item of cart.cart_items) {
    const line = p(item.selling_price) * item.quantity;
    expect(p(item.tax_amount), `tax of ${item.sku}`).toBe(
      roundHalfAway((line * item.tax_rate) / (100 + item.tax_rate)),
    );
  }
  expect(p(cart.subtotal_including_tax), 'sum of lines').toBe(
    cart.cart_items.reduce((sum, item) => sum + p(item.selling_price) * item.quantity, 0),
  );

  // 1
  expect(p(cart.subtotal_including_tax), 'B4.1').toBe(p(cart.subtotal) + p(cart.items_tax_amount));
  expect(p(cart.items_tax_amount), 'B4.1 item tax sum').toBe(itemTaxSum);
  // 2
  expect(p(cart.shipping_amount_including_tax), 'B4.2').toBe(
    p(cart.shipping_amount) + p(cart.shipping_tax_amount),
  );
  // 3
  expect(p(cart.handling_charge_including_tax), 'B4.3').toBe(
    p(cart.handling_charge_excluding_tax) + p(cart.handling_charge_tax_amount),
  );
  // 4
  expect(p(cart.total_tax), 'B4.4').toBe(
    p(cart.items_tax_amount) + p(cart.shipping_tax_amount) + p(cart.handling_charge_tax_amount),
  );
  // 5
  expect(p(cart.grand_total), 'B4.5').toBe(
    p(cart.subtotal_including_tax) +
      p(cart.shipping_amount_including_tax) +
      p(cart.handling_charge_including_tax) -
      p(cart.promotion_discount_amount) -
      p(cart.coupon_discount_amount),
  );
  // 6
  expect(p(cart.to_be_paid), 'B4.6').toBe(
    Math.max(0, p(cart.grand_total) - p(cart.credit_balance_used) - loyaltyValue),
  );
  // 7
  expect(p(cart.other_savings), 'B4.7 other').toBe(loyaltyValue + p(cart.credit_balance_used));
  expect(p(cart.total_savings), 'B4.7 total').toBe(
    p(cart.promotion_savings) + p(cart.coupon_savings) + p(cart.other_savings),
  );
  // 8
  expect(cart.cart_items_count, 'B4.8').toBe(cart.cart_items.length);
  // 9
  const linked = cart.billing_address !== null;
  expect(cart.loyalty_points_earned, 'B4.9').toBe(
    linked ? Math.floor(p(cart.to_be_paid) / 10_000) : 0,
  );
  expect(cart.expires_at.endsWith('Z'), 'UTC timestamp').toBe(true);
}

/** The full preference object the POST operation needs. */
export const FULL_PREFERENCES = {
  transactional: { email: true, sms: false, whatsapp: true },
  promotional: { email: false, sms: false, whatsapp: false },
  newsletter: { email: true, sms: true, whatsapp: false },
};

export const PICKUP_ADDRESS = {
  first_name: 'Asha',
  last_name: 'Rao',
  phone: '9876543210',
  address_line1: '7 Lavelle Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
};

/** 64 KiB and one byte more, as a JSON string value: a body that is valid JSON but too large. */
export const OVERSIZED_JSON = JSON.stringify({ padding: 'x'.repeat(64 * 1024) });

export type Credential = 'none' | 'bearer' | 'api-key';

/** Every operation of the contract (A 1-11) as one request a permitted caller would send. */
export interface Operation {
  n: number;
  name: string;
  method: Method;
  path: string;
  credential: Credential;
  /** The permitted caller's credential and, for body-taking operations, a valid body. */
  ok: CallOptions;
  /** Run first so the request succeeds (e.g. link a customer before redeeming). */
  prepare?: () => Promise<unknown>;
}

export const OPERATIONS: Operation[] = [
  {
    n: 1,
    name: 'create notification preferences',
    method: 'POST',
    path: '/auth/user/cus_1002/notification-preferences',
    credential: 'bearer',
    ok: { token: TOKENS.vikram, body: { notification_preferences: FULL_PREFERENCES } },
  },
  {
    n: 2,
    name: 'update notification preferences',
    method: 'PUT',
    path: '/auth/user/cus_1001/notification-preferences',
    credential: 'bearer',
    ok: { token: TOKENS.asha, body: { notification_preferences: { promotional: { sms: true } } } },
  },
  {
    n: 3,
    name: 'link customer to POS cart',
    method: 'POST',
    path: '/pos/carts/cart_1001/update-customer',
    credential: 'bearer',
    ok: { token: TOKENS.staff, body: { customer_id: 'cus_1001' } },
  },
  {
    n: 4,
    name: 'redeem loyalty points',
    method: 'POST',
    path: '/pos/carts/cart_1001/loyalty-points',
    credential: 'bearer',
    ok: { token: TOKENS.staff, body: { loyalty_point_redeemed: 100 } },
    prepare: () =>
      call('POST', '/pos/carts/cart_1001/update-customer', {
        token: TOKENS.staff,
        body: { customer_id: 'cus_1001' },
      }),
  },
  {
    n: 5,
    name: 'list POS locations',
    method: 'GET',
    path: '/pos/locations',
    credential: 'api-key',
    ok: { apiKey: API_KEY },
  },
  {
    n: 6,
    name: 'create order return',
    method: 'POST',
    path: '/orders/ORD-1001/return',
    credential: 'bearer',
    ok: { token: TOKENS.asha, body: RETURN_ONE_TSHIRT },
  },
  {
    n: 7,
    name: 'store config',
    method: 'GET',
    path: '/store/config',
    credential: 'none',
    ok: {},
  },
  {
    n: 8,
    name: 'get POS cart',
    method: 'GET',
    path: '/pos/carts/cart_1001',
    credential: 'bearer',
    ok: { token: TOKENS.staff },
  },
  {
    n: 9,
    name: 'remove loyalty redemption',
    method: 'DELETE',
    path: '/pos/carts/cart_1001/loyalty-points',
    credential: 'bearer',
    ok: { token: TOKENS.staff },
  },
  {
    n: 10,
    name: 'get user',
    method: 'GET',
    path: '/auth/user/cus_1001',
    credential: 'bearer',
    ok: { token: TOKENS.asha },
  },
  {
    n: 11,
    name: 'get order',
    method: 'GET',
    path: '/orders/ORD-1001',
    credential: 'bearer',
    ok: { token: TOKENS.asha },
  },
];

export const operation = (n: number) => OPERATIONS.find((op) => op.n === n)!;
