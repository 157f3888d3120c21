// @vitest-environment node
// The HTTP layer's edges: methods fetch cannot carry, paths outside the API, the settings read
// from the environment, a graceful stop.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { errorBodySchema } from '@/api/schemas/common';
import { APP_ORIGIN, listeningForTests } from './listening-for-tests';

const { port } = listeningForTests();
const PREFIX = '/api/v1/demo-store/storefront';

/** Sends `text` as is over a new connection; everything the server wrote before it closed. */
function rawRequest(text: string, to = port()): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(text);
  });
}

describe('methods', () => {
  test('TRACE (which fetch cannot carry) is 404 not_found like any other method, not a 500', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const method of ['TRACE']) {
      const answer = await rawRequest(
        `${method} ${PREFIX}/store/config HTTP/1.1\r\nHost: localhost\r\nOrigin: ${APP_ORIGIN}\r\n` +
          'Connection: close\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      const body = errorBodySchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
      expect(body).toEqual({
        success: false,
        message: `Nothing answers ${method} ${PREFIX}/store/config.`,
        code: 'not_found',
      });
      expect(answer.toLowerCase()).toContain(`access-control-allow-origin: ${APP_ORIGIN}`);
    }
    expect(quiet).not.toHaveBeenCalled();
  });

  test('HEAD on a readable resource answers as GET would, without the body (RFC 9110 9.3.2)', async () => {
    const base = `http://127.0.0.1:${port()}${PREFIX}`;
    const get = await fetch(`${base}/store/config`);
    const head = await fetch(`${base}/store/config`, { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
    // and its errors are GET's errors: a 401 with WWW-Authenticate, not a 404
    const cart = await fetch(`${base}/pos/carts/cart_1001`, { method: 'HEAD' });
    expect(cart.status).toBe(401);
    expect(cart.headers.get('www-authenticate')).toBe('Bearer');
    // a path nothing answers is still 404 for HEAD
    expect((await fetch(`${base}/nothing-here`, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('request target', () => {
  test('a path starting with "//" is that path, not a host: //x/api/... answers nothing', async () => {
    const answer = await rawRequest(
      `GET //elsewhere${PREFIX}/store/config HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('"code":"not_found"');
    expect(answer).toContain(`Nothing answers GET //elsewhere${PREFIX}/store/config.`);
  });

  test('a path with something before /api/v1/ answers nothing', async () => {
    const response = await fetch(`http://127.0.0.1:${port()}/elsewhere${PREFIX}/store/config`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      message: `Nothing answers GET /elsewhere${PREFIX}/store/config.`,
      code: 'not_found',
    });
  });
});

describe('npm run api', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));

  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    void exited.then(() => clearTimeout(timer));
    const listening = new Promise<number>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /http:\/\/[^:]+:(\d+)\//.exec(out);
        if (match) resolve(Number(match[1]));
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    listening.catch(() => undefined); // a start that is meant to fail is never awaited
    return { child, exited, listening, out: () => out, stderr: () => stderr };
  }

  test.each([
    ['http://localhost:4173/', 'http://localhost:4173'],
    ['http://LOCALHOST:4173', 'http://localhost:4173'],
    ['https://shop.example:443', 'https://shop.example'],
  ])(
    'CORS_ORIGINS=%s is the origin %s, as a browser sends it in Origin',
    async (setting, browserOrigin) => {
      const api = start({ CORS_ORIGINS: setting });
      try {
        const at = await api.listening;
        const response = await fetch(`http://127.0.0.1:${at}${PREFIX}/store/config`, {
          headers: { Origin: browserOrigin },
        });
        expect(response.headers.get('access-control-allow-origin')).toBe(browserOrigin);
      } finally {
        api.child.kill('SIGTERM');
        await api.exited;
      }
    },
    20_000,
  );

  test.each([
    ['localhost:4173', /^CORS_ORIGINS: "localhost:4173" is not an origin/],
    ['http://localhost:4173/app', /^CORS_ORIGINS: "http:\/\/localhost:4173\/app" is not an origin/],
    ['*', /^CORS_ORIGINS: "\*" is not an origin/],
    ['1e3', /^PORT must be a whole number, got "1e3"\.$/],
  ])(
    'a bad setting (%s) stops it with one line naming it',
    async (value, message) => {
      const api = start(value === '1e3' ? { PORT: value } : { CORS_ORIGINS: value });
      const code = await api.exited;
      expect(code).toBe(1);
      expect(api.stderr().trim()).toMatch(message);
      expect(api.stderr().trim().split('\n')).toHaveLength(1);
    },
    20_000,
  );

  test('SIGTERM lets a request in flight finish, then exits', async () => {
    const api = start({});
    const at = await api.listening;
    const socket = connect(at, '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const body = '{"loyalty_point_redeemed":1}';
    socket.write(
      `POST ${PREFIX}/pos/carts/cart_1001/loyalty-points HTTP/1.1\r\nHost: localhost\r\n` +
        'Authorization: Bearer demo-cashier-token\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    api.child.kill('SIGTERM');
    // the rest of the body only once the server has taken the signal (it says so)
    await vi.waitFor(() => expect(api.out()).toContain('Stopping:'), { timeout: 5_000 });
    socket.write(body.slice(10));
    await closed;
    // cart_1001 has no customer: the business rule answers, so the request was handled
    expect(received).toMatch(/^HTTP\/1\.1 422 /);
    expect(received).toContain('"code":"customer_required"');
    expect(await api.exited).toBe(0);
  }, 20_000);

  test('SIGTERM with an idle keep-alive connection open exits at once', async () => {
    const api = start({});
    const at = await api.listening;
    const socket = connect(at, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.write(`GET ${PREFIX}/store/config HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 200 /));
    const sent = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    // not after the 5 s given to requests under way: an idle connection is none
    expect(Date.now() - sent).toBeLessThan(4_000);
    socket.destroy();
  }, 20_000);
});
