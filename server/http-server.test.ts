// @vitest-environment node
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { http } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import { cartSchema } from '@/api/schemas/cart';
import { envelopeSchema, errorBodySchema } from '@/api/schemas/common';
import { locationSchema } from '@/api/schemas/location';
import { orderReturnSchema } from '@/api/schemas/order-return';
import { storeConfigSchema } from '@/api/schemas/store-config';
import { createNodeService } from '@/mocks/node';
import { createApiServer } from './http-adapter';
import { APP_ORIGIN, listeningForTests } from './listening-for-tests';

const EXTRA = 3;
const { node, server, port } = listeningForTests({ extraLocations: EXTRA });
const origin = () => `http://127.0.0.1:${port()}`;
const api = (path: string) => `${origin()}/api/v1/demo-store/storefront${path}`;

const staff = { Authorization: 'Bearer demo-cashier-token' };
/** Asha's mug from ORD-1001, refunded: the return the tests below send. */
const RETURN_ONE_MUG = {
  return_items: [
    {
      product_id: 'prod_mug',
      sku: 'MUG-WHT',
      quantity: 1,
      resolution: 'refund' as const,
      return_reason: 'Chipped',
    },
  ],
};
const json = { 'Content-Type': 'application/json' };

async function expectErrorBody(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  expect(body.code).toBe(code);
  return body;
}

describe('operations over a real socket', () => {
  test('store config and locations parse with their schemas', async () => {
    const config = await fetch(api('/store/config'));
    expect(config.status).toBe(200);
    const parsed = envelopeSchema('store_config', storeConfigSchema).parse(await config.json());
    expect(parsed.content.store_config.brand.name).toBe('Indigo Threads');

    const locations = await fetch(api('/pos/locations'), {
      headers: { 'X-Api-Key': 'demo-api-key' },
    });
    const list = envelopeSchema('locations', z.array(locationSchema)).parse(await locations.json());
    // the seeded locations plus EXTRA_LOCATIONS' synthetic ones
    expect(list.content.locations).toHaveLength(node.repo.read().locations.length + EXTRA);
  });

  test('link, redeem and read a cart', async () => {
    const link = await fetch(api('/pos/carts/cart_1001/update-customer'), {
      method: 'POST',
      headers: { ...staff, ...json },
      body: JSON.stringify({ phone: '9876543210' }),
    });
    expect(link.status).toBe(200);
    const redeem = await fetch(api('/pos/carts/cart_1001/loyalty-points'), {
      method: 'POST',
      headers: { ...staff, ...json },
      body: JSON.stringify({ loyalty_point_redeemed: 120 }),
    });
    const cart = envelopeSchema('cart', cartSchema).parse(await redeem.json()).content.cart;
    expect(cart.loyalty_points_redeemed).toBe(120);
    const read = await fetch(api('/pos/carts/cart_1001'), { headers: staff });
    expect(envelopeSchema('cart', cartSchema).parse(await read.json()).content.cart).toEqual(cart);
  });

  test('a return with an Idempotency-Key is made once', async () => {
    const send = () =>
      fetch(api('/orders/ORD-1001/return'), {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-customer-token', 'Idempotency-Key': 'k1', ...json },
        body: JSON.stringify(RETURN_ONE_MUG),
      });
    const schema = envelopeSchema('order_return', orderReturnSchema);
    const first = schema.parse(await (await send()).json());
    const second = schema.parse(await (await send()).json());
    expect(first.message).toBe('order details');
    expect(second.content.order_return.request_number).toBe(
      first.content.order_return.request_number,
    );
    expect(Object.keys(node.repo.read().returns)).toHaveLength(1);
  });

  test('errors keep their shape, status and WWW-Authenticate header', async () => {
    const noToken = await fetch(api('/pos/carts/cart_1001'));
    await expectErrorBody(noToken, 401, 'unauthorized');
    expect(noToken.headers.get('www-authenticate')).toBe('Bearer');

    await expectErrorBody(
      await fetch(api('/pos/carts/cart_1001/loyalty-points'), {
        method: 'POST',
        headers: { ...staff, ...json },
        body: '{"loyalty_point_redeemed":',
      }),
      400,
      'invalid_json',
    );
    const invalid = await expectErrorBody(
      await fetch(api('/orders/ORD-1001/return'), {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-customer-token', ...json },
        body: JSON.stringify({ return_items: 'MUG-WHT', shipping_address: 7 }),
      }),
      400,
      'validation_error',
    );
    expect(invalid.errors).toEqual([
      { field: 'return_items', message: 'must be an array' },
      { field: 'shipping_address', message: 'must be an object' },
    ]);
    await expectErrorBody(
      await fetch(`${origin()}/api/v1/elsewhere/storefront/store/config`),
      404,
      'store_not_found',
    );
  });
});

describe('CORS', () => {
  test('a preflight from the app is allowed with exactly the needed headers', async () => {
    const response = await fetch(api('/pos/carts/cart_1001/loyalty-points'), {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('vary')).toMatch(/Origin/);
    const allowed = response.headers
      .get('access-control-allow-headers')!
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .sort();
    expect(allowed).toEqual(['authorization', 'content-type', 'idempotency-key', 'x-api-key']);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
  });

  test('answers reflect an allowed Origin and only that', async () => {
    const allowed = await fetch(api('/store/config'), { headers: { Origin: APP_ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-expose-headers')).toBeNull();

    const other = await fetch(api('/store/config'), {
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(api('/store/config'), {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  test('errors carry CORS headers too, so the app can read them', async () => {
    const response = await fetch(api('/pos/carts/cart_1001'), { headers: { Origin: APP_ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });
});

describe('what the adapter answers itself', () => {
  test('an unknown path or method is a 404 not_found in the error shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/demo-store/storefront/nothing-here'],
      ['GET', '/api/v1/demo-store/storefront'],
      ['GET', '/'],
      ['GET', '/api/v1/demo-store'],
      ['PATCH', '/api/v1/demo-store/storefront/store/config'],
      ['POST', '/api/v1/demo-store/storefront/store/config'],
      ['DELETE', '/api/v1/demo-store/storefront/pos/locations'],
    ] as const) {
      const response = await fetch(`${origin()}${path}`, {
        method,
        headers: { Origin: APP_ORIGIN },
      });
      const body = await expectErrorBody(response, 404, 'not_found');
      expect(body).toEqual({
        success: false,
        message: `Nothing answers ${method} ${path}.`,
        code: 'not_found',
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    }
  });

  test('an unknown path in an unknown store is store_not_found', async () => {
    await expectErrorBody(
      await fetch(`${origin()}/api/v1/elsewhere/storefront/nothing-here`),
      404,
      'store_not_found',
    );
  });

  test('a body over 64 KiB with a Content-Length is refused with 413', async () => {
    const before = JSON.stringify(node.repo.read());
    const response = await fetch(api('/pos/carts/cart_1001/update-customer'), {
      method: 'POST',
      headers: { ...staff, ...json },
      body: JSON.stringify({ phone: '9876543210', pad: 'x'.repeat(70_000) }),
    });
    await expectErrorBody(response, 413, 'payload_too_large');
    expect(JSON.stringify(node.repo.read())).toBe(before);
  });

  test('an oversized body is checked in the order the browser checks it: store, credential, role, then 413', async () => {
    const big = JSON.stringify({ transactional: { email: true }, pad: 'x'.repeat(70_000) });
    const put = (store: string, user: string, headers: Record<string, string>) =>
      fetch(`${origin()}/api/v1/${store}/storefront/auth/user/${user}/notification-preferences`, {
        method: 'PUT',
        headers: { ...headers, ...json },
        body: big,
      });
    const asha = { Authorization: 'Bearer demo-customer-token' };
    // CONTRACT B2: an unknown store is 404 before auth; then the credential, then the role
    await expectErrorBody(await put('nostore', 'cus_1001', asha), 404, 'store_not_found');
    await expectErrorBody(await put('demo-store', 'cus_1001', {}), 401, 'unauthorized');
    await expectErrorBody(await put('demo-store', 'cus_1002', asha), 403, 'forbidden');
    const refused = await put('demo-store', 'cus_1001', asha);
    await expectErrorBody(refused, 413, 'payload_too_large');
    // the rest of the upload is not read: the connection is closed after the answer
    expect(refused.headers.get('connection')).toBe('close');
  });

  test('a chunked upload is cut off at 64 KiB: 413 before the client finishes sending', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    let received = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', () => undefined); // the server may reset while we are still writing
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /api/v1/demo-store/storefront/pos/carts/cart_1001/loyalty-points HTTP/1.1\r\n' +
        'Host: localhost\r\nAuthorization: Bearer demo-cashier-token\r\n' +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    // 5 x 16 KiB = 80 KiB, and the terminating chunk is never sent: an endless upload
    for (let i = 0; i < 5; i += 1) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
    }
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('"code":"payload_too_large"');
  });

  test('a dropped-connection fault destroys the socket; the next request works', async () => {
    node.faults.set({ dropNext: 1 });
    await expect(fetch(api('/store/config'))).rejects.toThrow(TypeError);
    expect((await fetch(api('/store/config'))).status).toBe(200);
  });

  test('a failure fault is a 500 internal_error', async () => {
    node.faults.set({ failNext: 1 });
    await expectErrorBody(await fetch(api('/store/config')), 500, 'internal_error');
  });

  test('an id that is not valid percent-encoding is an unknown one, not a failure', async () => {
    const asha = { Authorization: 'Bearer demo-customer-token' };
    // "%ZZ" is no escape at all; "%E0%A4" is an escape of bytes that are no UTF-8
    await expectErrorBody(
      await fetch(api('/pos/carts/%E0%A4'), { headers: staff }),
      404,
      'cart_not_found',
    );
    await expectErrorBody(
      await fetch(api('/pos/carts/%'), { headers: staff }),
      404,
      'cart_not_found',
    );
    await expectErrorBody(
      await fetch(`${origin()}/api/v1/%ZZ/storefront/store/config`),
      404,
      'store_not_found',
    );
    // valid escapes are left alone: "cart%5F1001" is cart_1001
    expect((await fetch(api('/pos/carts/cart%5F1001'), { headers: staff })).status).toBe(200);
    await expectErrorBody(
      await fetch(api('/pos/carts/cart%2F1001'), { headers: staff }),
      404,
      'cart_not_found',
    );
    await expectErrorBody(
      await fetch(api('/orders/ORD-1001%ZZ/return'), {
        method: 'POST',
        headers: { ...asha, ...json },
        body: JSON.stringify(RETURN_ONE_MUG),
      }),
      404,
      'order_not_found',
    );
  });

  test('an unexpected failure after the body was read is still a 500 in the error shape', async () => {
    const failing = createApiServer({
      handlers: [
        http.post('*', () => {
          throw new Error('a bug in a handler');
        }),
      ],
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const at = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
      const response = await fetch(
        `${at}/api/v1/demo-store/storefront/pos/carts/cart_1001/update-customer`,
        {
          method: 'POST',
          headers: { ...staff, ...json },
          body: JSON.stringify({ phone: '9876543210' }),
        },
      );
      await expectErrorBody(response, 500, 'internal_error');
      expect(quiet).toHaveBeenCalled();
    } finally {
      quiet.mockRestore();
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});

describe('return numbers', () => {
  const asha = { role: 'customer' as const, userId: 'cus_1001' };

  test('continue after returnNumbersAfter, read again at every seeding', () => {
    let clock = 1_767_225_600_000;
    const { service } = createNodeService({ returnNumbersAfter: () => clock });
    expect(service.createReturn(asha, 'ORD-1001', RETURN_ONE_MUG, null).request_number).toBe(
      'RET-1767225600001',
    );
    clock += 5_000;
    service.reset();
    expect(service.createReturn(asha, 'ORD-1001', RETURN_ONE_MUG, null).request_number).toBe(
      'RET-1767225605001',
    );
  });

  test('without it they start at RET-000001, as the tests and the browser demo have them', () => {
    expect(
      createNodeService().service.createReturn(asha, 'ORD-1001', RETURN_ONE_MUG, null),
    ).toMatchObject({
      request_number: 'RET-000001',
    });
  });
});

describe('npm run api', () => {
  test('starts with tsx, resolves the @/ alias and serves the demo store', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const spawnedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', EXTRA_LOCATIONS: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (data: Buffer) => {
          out += data.toString();
          const match = /(http:\/\/\S+\/storefront)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.stderr.on('data', (data: Buffer) => (out += data.toString()));
        child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
      });
      const response = await fetch(`${base}/pos/locations`, {
        headers: { 'X-Api-Key': 'demo-api-key' },
      });
      const body = envelopeSchema('locations', z.array(locationSchema)).parse(
        await response.json(),
      );
      expect(body.content.locations).toHaveLength(node.repo.read().locations.length + 2);

      // numbered from the start time: a restart never hands out an earlier run's numbers
      const created = await fetch(`${base}/orders/ORD-1001/return`, {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-customer-token', ...json },
        body: JSON.stringify(RETURN_ONE_MUG),
      });
      const { request_number } = envelopeSchema('order_return', orderReturnSchema).parse(
        await created.json(),
      ).content.order_return;
      expect(request_number).toMatch(/^RET-\d+$/);
      const n = Number(request_number.slice(4));
      expect(n).toBeGreaterThan(spawnedAt);
      expect(n).toBeLessThanOrEqual(Date.now() + 1);
    } finally {
      child.kill('SIGTERM');
    }
  }, 20_000);

  /** Runs `npm run api`'s script to its exit; what it wrote to stderr and its exit code. */
  async function startFailing(env: Record<string, string>) {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, stderr };
  }

  test('a busy port: one line naming the port and how to choose another, no stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { code, stderr } = await startFailing({ PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is already in use (another \`npm run api\`?). Stop that process, ` +
          `or choose another port: PORT=${port + 1} npm run api`,
      );
    } finally {
      blocker.close();
    }
  }, 20_000);

  test.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc".'],
    [{ PORT: '70000' }, 'PORT must be a port number (0 to 65535), got 70000.'],
    [{ PORT: '0', HOST: 'no-such-host.invalid' }, /^Cannot listen on no-such-host\.invalid:0 \(/],
  ])(
    '%j: says so in one line, no stack trace',
    async (env, message) => {
      const { code, stderr } = await startFailing(env);
      expect(code).toBe(1);
      if (typeof message === 'string') expect(stderr.trim()).toBe(message);
      else expect(stderr.trim()).toMatch(message);
    },
    20_000,
  );
});
