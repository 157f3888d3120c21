// @vitest-environment node
/**
 * How every failure reaches the caller: service errors (code, message, field errors, details),
 * 5xx, dropped connections, timeouts, bodies that are not JSON, answers that break the schema,
 * and the one failure that is not an ApiError: the caller's own abort.
 */
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS } from '@/mocks/faults';
import { createTestServer } from '@/mocks/node';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { RETURN_ONE_TSHIRT, asha, cashier } from '@/testing/fixtures';
import { getCart, linkCustomer, redeemLoyaltyPoints, removeLoyaltyRedemption } from './carts';
import { apiRequest, seg } from './client';
import { storefrontUrl } from './connection';
import { ApiError, isApiError, numericDetail } from './errors';
import { listLocations } from './locations';
import { createOrderReturn, getOrder } from './orders';
import { cartSchema } from './schemas/cart';
import type { CreateReturnBody } from './schemas/order-return';
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

const CART_URL = '*/api/v1/:storeId/storefront/pos/carts/:cartId';

/** The rejection of `promise`; fails the test if it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail, but it succeeded');
}

/** The ApiError `promise` rejects with; fails the test on success or any other error. */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  if (!(error instanceof ApiError)) {
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  return error;
}

const getCartWithin = (timeoutMs: number, signal?: AbortSignal) =>
  apiRequest(cashier, {
    method: 'GET',
    path: '/pos/carts/cart_1001',
    credential: 'bearer',
    contentKey: 'cart',
    schema: cartSchema,
    timeoutMs,
    signal,
  });

/** The sample return with another quantity or SKU. */
const returnOf = (quantity: number, sku = 'TSHIRT-BLU-M'): CreateReturnBody => ({
  ...RETURN_ONE_TSHIRT,
  return_items: RETURN_ONE_TSHIRT.return_items.map((item) => ({ ...item, quantity, sku })),
});

describe('HTTP errors carry the service code, message, field errors and details', () => {
  it('400 validation_error with field errors', async () => {
    const error = await apiErrorOf(linkCustomer(cashier, 'cart_1001', { phone: '12345' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('The request body is not valid.');
    expect(error.fieldErrors).toEqual([
      { field: 'phone', message: 'Enter a 10-digit phone number' },
    ]);
    expect(error.fieldError('phone')).toBe('Enter a 10-digit phone number');
    expect(error.isTransient).toBe(false);
  });

  it('400 validation_error with a dotted path into an array', async () => {
    const error = await apiErrorOf(createOrderReturn(asha, 'ORD-1001', returnOf(0), 'k-0'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_error');
    expect(error.fieldError('return_items.0.quantity')).toBe('Return at least 1');
  });

  it('401 unauthorized for an unknown token', async () => {
    const error = await apiErrorOf(getCart({ ...cashier, accessToken: 'nope' }, 'cart_1001'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(error.message).toBe('The access token is not valid for this store.');
  });

  it('401 unauthorized when no token is held', async () => {
    const error = await apiErrorOf(getCart({ ...cashier, accessToken: '' }, 'cart_1001'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(error.message).toMatch(/needs an access token/);
  });

  it('401 unauthorized for a wrong API key', async () => {
    const error = await apiErrorOf(listLocations({ ...cashier, apiKey: 'wrong-key' }));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(error.message).toBe('The API key is not valid for this store.');
  });

  it('403 forbidden for a customer on a POS operation', async () => {
    const error = await apiErrorOf(getCart(asha, 'cart_1001'));
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(error.message).toBe('Only store staff can use POS operations.');
  });

  it('403 forbidden for a user reading another user', async () => {
    const error = await apiErrorOf(getUser(asha, 'cus_1002'));
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('404 with the specific not-found code', async () => {
    expect(await apiErrorOf(getCart(cashier, 'cart_nope'))).toMatchObject({
      status: 404,
      code: 'cart_not_found',
      message: 'No cart with id "cart_nope".',
    });
    // someone else's order is not found, never forbidden
    expect(await apiErrorOf(getOrder(asha, 'ORD-2001'))).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    expect(
      await apiErrorOf(linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_nope' })),
    ).toMatchObject({ status: 404, code: 'customer_not_found' });
    expect(
      await apiErrorOf(
        updateNotificationPreferences(
          { ...asha, accessToken: 'demo-customer-2-token' },
          'cus_1002',
          {
            transactional: { email: true, sms: true, whatsapp: true },
            promotional: { email: true, sms: true, whatsapp: true },
            newsletter: { email: true, sms: true, whatsapp: true },
          },
        ),
      ),
    ).toMatchObject({ status: 404, code: 'preferences_not_found' });
    expect(await apiErrorOf(getStoreConfig({ ...cashier, storeId: 'other-store' }))).toMatchObject({
      status: 404,
      code: 'store_not_found',
      message: 'No store with id "other-store".',
    });
  });

  it('409 preferences_already_exist', async () => {
    const error = await apiErrorOf(
      createNotificationPreferences(asha, 'cus_1001', {
        transactional: { email: true, sms: true, whatsapp: true },
        promotional: { email: false, sms: false, whatsapp: false },
        newsletter: { email: false, sms: false, whatsapp: false },
      }),
    );
    expect(error).toMatchObject({ status: 409, code: 'preferences_already_exist' });
    expect(error.message).toMatch(/already exist/);
  });

  it('422 insufficient_loyalty_points with details.available_points', async () => {
    await linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' });
    const error = await apiErrorOf(redeemLoyaltyPoints(cashier, 'cart_1001', 5000));
    expect(error.status).toBe(422);
    expect(error.code).toBe('insufficient_loyalty_points');
    expect(error.message).toBe('The customer has 1500 points available.');
    expect(error.details).toEqual({ available_points: 1500, requested_points: 5000 });
    expect(numericDetail(error, 'available_points')).toBe(1500);
  });

  it('422 available_points counts points held on the customer’s other carts', async () => {
    await linkCustomer(cashier, 'cart_1001', { customer_id: 'cus_1001' });
    await redeemLoyaltyPoints(cashier, 'cart_1001', 1000);
    await linkCustomer(cashier, 'cart_1002', { customer_id: 'cus_1001' });
    const error = await apiErrorOf(redeemLoyaltyPoints(cashier, 'cart_1002', 600));
    expect(error.code).toBe('insufficient_loyalty_points');
    expect(numericDetail(error, 'available_points')).toBe(500);
  });

  it('422 redemption_exceeds_payable with details.max_points', async () => {
    const cart = await linkCustomer(cashier, 'cart_1002', { customer_id: 'cus_1001' });
    expect(cart.grand_total).toBeLessThan(1000);
    const error = await apiErrorOf(redeemLoyaltyPoints(cashier, 'cart_1002', 1200));
    expect(error.code).toBe('redemption_exceeds_payable');
    expect(numericDetail(error, 'max_points')).toBe(Math.floor(cart.grand_total));
  });

  it('422 for other business rules', async () => {
    expect(await apiErrorOf(redeemLoyaltyPoints(cashier, 'cart_1001', 10))).toMatchObject({
      status: 422,
      code: 'customer_required',
    });
    expect(await apiErrorOf(removeLoyaltyRedemption(cashier, 'cart_expired'))).toMatchObject({
      status: 422,
      code: 'cart_expired',
    });
    expect(
      await apiErrorOf(linkCustomer(cashier, 'cart_inactive', { customer_id: 'cus_1001' })),
    ).toMatchObject({ status: 422, code: 'cart_inactive' });
    expect(
      await apiErrorOf(createOrderReturn(asha, 'ORD-1003', returnOf(1, 'MUG-WHT'), 'k-old')),
    ).toMatchObject({
      status: 422,
      code: 'order_not_returnable',
      details: { reason: 'window_closed' },
    });
  });

  it('422 return_quantity_exceeded with both a field error and details', async () => {
    const error = await apiErrorOf(createOrderReturn(asha, 'ORD-1001', returnOf(3), 'k-3'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('return_quantity_exceeded');
    expect(error.fieldError('return_items.0.quantity')).toBe('at most 2 can be returned');
    expect(error.details).toEqual({ sku: 'TSHIRT-BLU-M', returnable_quantity: 2 });
  });
});

describe('transient failures', () => {
  it('a 500 from the service is internal_error and transient; the next request succeeds', async () => {
    faults.set({ failNext: 1 });
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status: 500, code: 'internal_error' });
    expect(error.message).toBe('Something went wrong on our side. Try again.');
    expect(error.isTransient).toBe(true);
    expect((await getCart(cashier, 'cart_1001')).id).toBe('cart_1001');
  });

  it('a dropped connection is status 0 network_error', async () => {
    faults.set({ dropNext: 1 });
    const error = await apiErrorOf(getStoreConfig(cashier));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.isTransient).toBe(true);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect((await getStoreConfig(cashier)).brand.name).toBe('Indigo Threads');
  });

  it('a write that fails transiently leaves nothing behind and can be retried', async () => {
    faults.set({ dropNext: 1 });
    expect((await apiErrorOf(createOrderReturn(asha, 'ORD-1001', returnOf(1), 'k-r'))).code).toBe(
      'network_error',
    );
    const created = await createOrderReturn(asha, 'ORD-1001', returnOf(1), 'k-r');
    expect(created.request_number).toBe('RET-000001');
  });
});

describe('Retry-After', () => {
  const answer = (headers?: Record<string, string>) =>
    server.use(
      http.get('*/pos/carts/cart_1001', () =>
        HttpResponse.json(
          { success: false, message: 'Down for maintenance.', code: 'internal_error' },
          { status: 503, headers },
        ),
      ),
    );
  const waitAskedFor = async () => (await apiErrorOf(getCart(cashier, 'cart_1001'))).retryAfterMs;

  it('in seconds, is carried on the error in ms', async () => {
    answer({ 'Retry-After': '60' });
    expect(await waitAskedFor()).toBe(60_000);
  });

  it('as an HTTP date, is the time left until then', async () => {
    answer({ 'Retry-After': new Date(Date.now() + 30_000).toUTCString() });
    const wait = await waitAskedFor();
    expect(wait).toBeGreaterThan(28_000);
    expect(wait).toBeLessThanOrEqual(30_000);
  });

  it('absent or unreadable, is nothing said', async () => {
    answer();
    expect(await waitAskedFor()).toBeUndefined();
    answer({ 'Retry-After': 'soon' });
    expect(await waitAskedFor()).toBeUndefined();
  });
});

describe('timeouts', () => {
  it('a service that never answers times out as status 0 timeout', async () => {
    server.use(
      http.get(
        CART_URL,
        async () => {
          await delay('infinite');
          return HttpResponse.json({});
        },
        { once: true },
      ),
    );
    const started = Date.now();
    const error = await apiErrorOf(getCartWithin(50));
    expect(error.status).toBe(0);
    expect(error.code).toBe('timeout');
    expect(error.isTransient).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a slow service (latency fault) times out', async () => {
    faults.set({ latencyMs: 400 });
    const error = await apiErrorOf(getCartWithin(50));
    expect(error.code).toBe('timeout');
  });

  it('a body that stalls after the headers still times out', async () => {
    server.use(
      http.get(
        CART_URL,
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"success":true,"content":'));
              },
            }),
            { headers: { 'Content-Type': 'application/json' } },
          ),
        { once: true },
      ),
    );
    const error = await apiErrorOf(getCartWithin(50));
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('an answer inside the time limit succeeds', async () => {
    faults.set({ latencyMs: 20 });
    expect((await getCartWithin(2000)).grand_total).toBe(4592.2);
  });
});

describe('caller abort', () => {
  it('rejects with the abort, not an ApiError', async () => {
    server.use(
      http.get(
        CART_URL,
        async () => {
          await delay('infinite');
          return HttpResponse.json({});
        },
        { once: true },
      ),
    );
    const controller = new AbortController();
    const pending = getCart(cashier, 'cart_1001', controller.signal);
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(pending);
    expect(isApiError(error)).toBe(false);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('an already aborted signal rejects without becoming an ApiError', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('left the screen', 'AbortError'));
    const error = await rejectionOf(getCart(cashier, 'cart_1001', controller.signal));
    expect(isApiError(error)).toBe(false);
    expect((error as DOMException).message).toBe('left the screen');
  });

  it('an abort while a short timeout is also armed is still the caller’s abort', async () => {
    faults.set({ latencyMs: 300 });
    const controller = new AbortController();
    const pending = getCartWithin(5000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(pending);
    expect(isApiError(error)).toBe(false);
  });
});

describe('a sign-in, sign-out or change of store while a request is out', () => {
  const CASHIER = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;
  afterEach(() => sessionStore.signOut());

  it('refuses the answer: it was for whom the app acted for before', async () => {
    sessionStore.signIn(CASHIER, false);
    faults.set({ latencyMs: 50 });
    const pending = redeemLoyaltyPoints(cashier, 'cart_1001', 500);
    setTimeout(() => sessionStore.signOut(), 10);
    const error = await apiErrorOf(pending);
    expect(error.code).toBe('session_switched');
    // not a failure to retry: the answer was for the session before
    expect(error.isTransient).toBe(false);
  });

  it.each([
    ['store config', '*/store/config', () => getStoreConfig(cashier)],
    ['locations', '*/pos/locations', () => listLocations(cashier)],
  ])(
    'leaves a public read (%s) in flight alone: it is the store’s, not the person’s',
    async (_, path, read) => {
      sessionStore.signIn(CASHIER, false);
      // the sign-out happens once the request has reached the service; the handler then falls
      // through to the service's own, which answers as usual
      server.use(
        http.get(
          path,
          () => {
            sessionStore.signOut();
          },
          { once: true },
        ),
      );
      await expect(read()).resolves.toBeTruthy();
    },
  );

  it('a request sent after the switch goes as usual', async () => {
    sessionStore.signIn(CASHIER, false);
    sessionStore.signOut();
    expect((await getCart(cashier, 'cart_1001')).id).toBe('cart_1001');
  });
});

describe('error bodies that are not the contract’s JSON', () => {
  it('a 502 HTML page is internal_error with the status', async () => {
    server.use(
      http.get(
        CART_URL,
        () =>
          new HttpResponse('<html><body>Bad gateway</body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
        { once: true },
      ),
    );
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal_error');
    expect(error.message).toBe('The service answered 502 without an error description.');
    expect(error.isTransient).toBe(true);
  });

  it('a 404 plain-text body is invalid_response with the status', async () => {
    server.use(
      http.get(CART_URL, () => new HttpResponse('Not Found', { status: 404 }), { once: true }),
    );
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status: 404, code: 'invalid_response' });
    expect(error.isTransient).toBe(false);
  });

  it('a JSON error body of another shape is invalid_response', async () => {
    server.use(
      http.get(CART_URL, () => HttpResponse.json({ error: 'nope' }, { status: 400 }), {
        once: true,
      }),
    );
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status: 400, code: 'invalid_response' });
    expect(error.fieldErrors).toEqual([]);
  });

  it.each([500, 503])('an empty %i is internal_error, and transient', async (status) => {
    server.use(http.get(CART_URL, () => new HttpResponse(null, { status }), { once: true }));
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status, code: 'internal_error' });
    expect(error.isTransient).toBe(true);
  });
});

describe('successful answers that break the contract', () => {
  const answerCart = (content: unknown) =>
    server.use(
      http.get(CART_URL, () => HttpResponse.json({ success: true, message: 'x', content }), {
        once: true,
      }),
    );

  it('a 200 whose body was cut off is said to be unreadable, not to lack a field', async () => {
    server.use(
      http.get(
        CART_URL,
        () => new HttpResponse('{"success":true,"content":{"ca', { status: 200 }),
        {
          once: true,
        },
      ),
    );
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
    expect(error.message).toBe(
      "The service's answer could not be read: it was cut off or is not JSON.",
    );

    answerCart({});
    expect((await apiErrorOf(getCart(cashier, 'cart_1001'))).message).toBe(
      "The service's answer has no content.cart.",
    );
  });

  it('a wrongly typed field is invalid_response naming the field path', async () => {
    answerCart({ cart: { ...service.getCart('cart_1001'), grand_total: 'oops' } });
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error.status).toBe(200);
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(
      "The service's answer does not match the contract: cart.grand_total must be a number (invalid_type).",
    );
    expect(error.fieldErrors).toEqual([{ field: 'cart.grand_total', message: 'must be a number' }]);
  });

  it('a nested field path includes array indices', async () => {
    const cart = service.getCart('cart_1001');
    const [first, ...rest] = cart.cart_items;
    answerCart({ cart: { ...cart, cart_items: [...rest, { ...first, quantity: 1.5 }] } });
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('cart.cart_items.4.quantity must be an integer (invalid_type)');
  });

  it('money below zero or with more than 2 decimals is rejected', async () => {
    answerCart({ cart: { ...service.getCart('cart_1001'), to_be_paid: -1 } });
    expect((await apiErrorOf(getCart(cashier, 'cart_1001'))).message).toContain('cart.to_be_paid');
    answerCart({ cart: { ...service.getCart('cart_1001'), subtotal: 10.005 } });
    expect((await apiErrorOf(getCart(cashier, 'cart_1001'))).message).toContain('cart.subtotal');
  });

  it('a missing field is invalid_response naming it', async () => {
    const { currency: _currency, ...withoutCurrency } = service.getCart('cart_1001');
    answerCart({ cart: withoutCurrency });
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error.fieldErrors).toContainEqual({ field: 'cart.currency', message: 'is required' });
  });

  it('a list item that breaks the schema names its index', async () => {
    const locations = service.listLocations();
    server.use(
      http.get(
        '*/api/v1/:storeId/storefront/pos/locations',
        () =>
          HttpResponse.json({
            success: true,
            message: 'Locations',
            content: {
              locations: locations.map((l, i) => (i === 3 ? { ...l, contact_phone: 'x' } : l)),
            },
          }),
        { once: true },
      ),
    );
    const error = await apiErrorOf(listLocations(cashier));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('locations.3.contact_phone');
  });

  it('a missing content key is invalid_response', async () => {
    answerCart({ carts: service.getCart('cart_1001') });
    const error = await apiErrorOf(getCart(cashier, 'cart_1001'));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
    expect(error.message).toContain('content.cart');
  });

  it('a missing content object is invalid_response', async () => {
    server.use(
      http.get(CART_URL, () => HttpResponse.json({ success: true, message: 'x' }), { once: true }),
    );
    expect(await apiErrorOf(getCart(cashier, 'cart_1001'))).toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });

  it('a null payload is invalid_response', async () => {
    answerCart({ cart: null });
    expect((await apiErrorOf(getCart(cashier, 'cart_1001'))).code).toBe('invalid_response');
  });

  it('a 200 that is not JSON is invalid_response', async () => {
    server.use(
      http.get(CART_URL, () => new HttpResponse('<html>login</html>', { status: 200 }), {
        once: true,
      }),
    );
    expect(await apiErrorOf(getCart(cashier, 'cart_1001'))).toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });
});

describe('path segments', () => {
  it.each(['.', '..'])(
    'an id of %j stays one segment of its operation (no dot-segment resolution)',
    (id) => {
      const url = new URL(storefrontUrl(cashier, `/auth/user/${seg(id)}`));
      expect(url.pathname).toBe(
        `/api/v1/${cashier.storeId}/storefront/auth/user/${id.replaceAll('.', '%252E')}`,
      );
    },
  );

  it('a store id of ".." stays one segment too', () => {
    const url = new URL(storefrontUrl({ ...cashier, storeId: '..' }, '/store/config'));
    expect(url.pathname).toBe('/api/v1/%252E%252E/storefront/store/config');
  });

  it.each([
    ['cart_1001', 'cart_1001'],
    ['a/b', 'a%2Fb'],
    ['...', '...'],
    ['a..b', 'a..b'],
  ])('%j is encoded as %j', (id, encoded) => {
    expect(seg(id)).toBe(encoded);
  });
});
