/**
 * index.html's early requests against the app's own: for each stored connection and route, the
 * script must send exactly the GETs the screen will make (same URL, same headers, the operation's
 * credential and no other), or nothing.
 */
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCart } from '../src/api/carts.ts';
import type { Connection } from '../src/api/connection.ts';
import { EARLY_ALWAYS, EARLY_BY_ROUTE } from '../src/api/early-requests.ts';
import { EARLY_RESPONSE_MAX_AGE_MS } from '../src/api/early-response.ts';
import { locationsQueryOptions } from '../src/api/locations.ts';
import { getStoreConfig } from '../src/api/store-config.ts';
import { getUser } from '../src/api/users.ts';
import { buildSettingsFrom } from '../src/lib/build-settings.ts';
import { lastSegmentDecoded } from '../src/lib/path-param.ts';
import { sessionStore } from '../src/lib/session.ts';
import { IDENTITY_KEY, SETTINGS_KEY } from '../src/lib/storage.ts';
import { earlyRequestScript, earlyTable, routeCapture } from './early-requests.ts';
import { EARLY_KEYS } from './route-preload.ts';
import { readRoutes } from './routes.mjs';

interface Sent {
  url: string;
  headers: string;
  credentials: RequestCredentials | undefined;
  cache: RequestCache | undefined;
}

const canonical = (headers: HeadersInit | undefined) =>
  JSON.stringify([...new Headers(headers)].sort());

function recordFetch(answer: () => Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      sent.push({
        url,
        headers: canonical(init?.headers),
        credentials: init?.credentials,
        cache: init?.cache,
      });
      return answer();
    }),
  );
  return sent;
}

const BUILD = buildSettingsFrom({ VITE_API_BASE_URL: 'https://build.example.com' });

/** What index.html's script sends on `pathname`. */
function scriptSends(pathname: string, build = BUILD): Sent[] {
  const sent = recordFetch(() => new Promise<Response>(() => {}));
  window.history.replaceState(null, '', pathname);
  const table = earlyTable(readRoutes(), EARLY_BY_ROUTE, EARLY_ALWAYS, EARLY_KEYS, build);
  new Function(earlyRequestScript(table))();
  return sent;
}

/** What the app sends for `operations`, with the connection it reads from the same storage. */
async function appSends(...operations: ((conn: Connection) => Promise<unknown>)[]) {
  delete window.__earlyResponses;
  const sent = recordFetch(() => Promise.reject(new TypeError('no network in this test')));
  sessionStore.reload();
  const conn = sessionStore.get().connection;
  for (const operation of operations) await operation(conn).catch(() => undefined);
  return sent;
}

const storeConfig = (conn: Connection) => getStoreConfig(conn);
const locations = (conn: Connection) => {
  const { queryFn } = locationsQueryOptions(conn);
  if (typeof queryFn !== 'function') throw new Error('locations have no query function');
  const context = { signal: new AbortController().signal };
  return Promise.resolve(queryFn(context as unknown as Parameters<typeof queryFn>[0]));
};

const SETTINGS = { baseUrl: 'https://api.example.com/', storeId: 'store 1', apiKey: 'key-1' };
const CASHIER = { accessToken: 'cashier-token', userId: 'staff_01', role: 'staff' };
const CUSTOMER = { accessToken: 'customer-token', userId: 'cus 1001', role: 'customer' };

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyResponses;
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reload();
  window.history.replaceState(null, '', '/');
});

describe('the early requests send what the screens will send', () => {
  it('the cart: the store config with no credential, the cart with the token only', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    const sent = scriptSends('/pos/carts/cart_1001');
    expect(sent).toEqual(await appSends(storeConfig, (c) => getCart(c, 'cart_1001')));
    expect(sent.map((s) => s.url)).toEqual([
      'https://api.example.com/api/v1/store%201/storefront/store/config',
      'https://api.example.com/api/v1/store%201/storefront/pos/carts/cart_1001',
    ]);
    expect(sent[1]?.headers).toContain('Bearer cashier-token');
    expect(sent[1]?.headers).not.toContain('key-1');
  });

  it.each([
    '/pos/carts/cart%20%C3%A9%2Fx',
    '/pos/carts/a%252Fb',
    '/pos/carts/%E2%82%B9%3F%23',
    '/pos/carts/bad%E0%A4',
    '/POS/Carts/Cart_1001',
    '/pos/%63arts/cart_1001/',
  ])('the cart id in %s, as the screen reads it', async (pathname) => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    const sent = scriptSends(pathname);
    const routerId = matchRoutes([{ path: '/pos/carts/:cartId' }], pathname)?.[0]?.params.cartId;
    if (routerId === undefined) throw new Error(`the router does not match ${pathname}`);
    // as useLastParam: the last segment decoded once, else the router's param
    const cartId = lastSegmentDecoded(pathname) ?? routerId;
    expect(sent).toEqual(await appSends(storeConfig, (c) => getCart(c, cartId)));
  });

  it('a cart id typed as "%2F" is asked for as typed, not as "/"', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    expect(scriptSends('/pos/carts/%252F')[1]?.url).toBe(
      'https://api.example.com/api/v1/store%201/storefront/pos/carts/%252F',
    );
  });

  it('a store id that is a dot segment stays in the store path', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...SETTINGS, storeId: '..' }));
    const sent = scriptSends('/store');
    expect(sent).toEqual(await appSends(storeConfig));
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/api/v1/%252E%252E/storefront/store/config');
  });

  it('a user id that is a dot segment stays in its operation', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify({ ...CUSTOMER, userId: '..' }));
    const sent = scriptSends('/account/notifications');
    expect(sent).toEqual(await appSends(storeConfig, (c) => getUser(c, c.userId)));
    expect(new URL(sent[1]?.url ?? '').pathname).toBe(
      '/api/v1/store%201/storefront/auth/user/%252E%252E',
    );
  });

  it('the locations: the API key only', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    const sent = scriptSends('/pos/locations');
    expect(sent).toEqual(await appSends(storeConfig, locations));
    expect(sent[1]?.headers).toContain('key-1');
    expect(sent[1]?.headers).not.toContain('cashier-token');
  });

  it('the notification settings: the user of this tab (sessionStorage before localStorage)', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    sessionStorage.setItem(IDENTITY_KEY, JSON.stringify(CUSTOMER));
    const sent = scriptSends('/account/notifications');
    expect(sent).toEqual(await appSends(storeConfig, (c) => getUser(c, c.userId)));
    expect(sent[1]?.url).toBe(
      'https://api.example.com/api/v1/store%201/storefront/auth/user/cus%201001',
    );
  });

  it("with nothing stored: the build's API and store", async () => {
    const sent = scriptSends('/store');
    expect(sent.map((s) => s.url)).toEqual([
      'https://build.example.com/api/v1/demo-store/storefront/store/config',
    ]);
    // the app reads the same build settings (src/lib/config.ts uses buildSettingsFrom): compare
    // with a connection that has them, since this test's own build is a demo build
    delete window.__earlyResponses;
    const app = recordFetch(() => Promise.reject(new TypeError('offline')));
    const conn = { ...BUILD, accessToken: '', userId: '' };
    await getStoreConfig(conn).catch(() => undefined);
    expect(sent).toEqual(app);
  });

  it("an empty stored API base URL is the build's (never this host)", () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...SETTINGS, baseUrl: '' }));
    expect(scriptSends('/store').map((s) => s.url)).toEqual([
      'https://build.example.com/api/v1/store%201/storefront/store/config',
    ]);
  });

  it('leaves each response for the client, under the URL and headers it was sent with', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    const sent = scriptSends('/pos/carts/cart_1001');
    const left = window.__earlyResponses ?? [];
    expect(left.map((e) => ({ url: e.url, headers: canonical(e.headers) }))).toEqual(
      sent.map((s) => ({ url: s.url, headers: s.headers })),
    );
    for (const e of left) expect(e.response).toBeInstanceOf(Promise);
  });
});

/** The app's own operation for each path of src/api/early-requests.ts. */
const OPERATIONS: Record<
  string,
  (conn: Connection, params: Record<string, string | undefined>) => Promise<unknown>
> = {
  '/store/config': storeConfig,
  '/pos/carts/:cartId': (c, params) => getCart(c, params.cartId ?? ''),
  '/pos/locations': locations,
  '/auth/user/:userId': (c) => getUser(c, c.userId),
};

describe('every entry of the table', () => {
  const entries = [
    ...EARLY_ALWAYS.map((request) => ['every route', request] as const),
    ...Object.entries(EARLY_BY_ROUTE).flatMap(([route, requests]) =>
      requests.map((request) => [route, request] as const),
    ),
  ];

  it.each(entries)(
    '%s: %j is what the app sends, for a signed-in cashier and customer (staff only: a cashier)',
    async (route, request) => {
      const operation = OPERATIONS[request.path];
      if (!operation) throw new Error(`no app operation listed for ${request.path}: add it above`);
      const pathname = route === 'every route' ? '/store' : route.replace(/:(\w+)/g, 'id_$1');
      const params = matchRoutes(
        [{ path: route === 'every route' ? '/store' : route }],
        pathname,
      )?.[0]?.params;
      for (const identity of request.staff ? [CASHIER] : [CASHIER, CUSTOMER]) {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
        localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
        const sent = scriptSends(pathname).filter((s) =>
          s.url.includes(request.path.split('/:')[0] ?? ''),
        );
        const app = await appSends((c) => operation(c, params ?? {}));
        expect(sent).toEqual(app);
        expect(sent).toHaveLength(1);
        localStorage.clear();
      }
    },
  );
});

describe('the early requests send nothing the app would not', () => {
  const urls = (sent: Sent[]) => sent.map((s) => s.url.replace(/^.*\/storefront/, ''));

  it('no token: no request that takes one', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    expect(urls(scriptSends('/pos/carts/cart_1001'))).toEqual(['/store/config']);
    expect(urls(scriptSends('/account/notifications'))).toEqual(['/store/config']);
  });

  it('an unreadable identity counts as nobody', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, '{not json');
    sessionStorage.setItem(IDENTITY_KEY, JSON.stringify({ accessToken: 42 }));
    expect(urls(scriptSends('/pos/carts/cart_1001'))).toEqual(['/store/config']);
  });

  it('no API key: no locations request (the screen does not send one either)', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...SETTINGS, apiKey: '' }));
    expect(urls(scriptSends('/pos/locations'))).toEqual(['/store/config']);
  });

  it('the locations only for staff: nobody signed in, or a customer, is not offered the list', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    expect(urls(scriptSends('/pos/locations'))).toEqual(['/store/config']);
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CUSTOMER));
    expect(urls(scriptSends('/pos/locations'))).toEqual(['/store/config']);
    // a token typed in with no known role is let through, as the screen lets it through
    localStorage.setItem(IDENTITY_KEY, JSON.stringify({ ...CASHIER, role: undefined }));
    expect(urls(scriptSends('/pos/locations'))).toEqual(['/store/config', '/pos/locations']);
  });

  it.each([
    [
      'the stored settings are the demo of a demo build',
      JSON.stringify({ ...SETTINGS, baseUrl: '' }),
      buildSettingsFrom({}),
    ],
    ['the build is a demo and nothing is stored', null, buildSettingsFrom({})],
    [
      'the stored API is not http(s)',
      JSON.stringify({ ...SETTINGS, baseUrl: 'javascript:x' }),
      BUILD,
    ],
  ])('nothing at all when %s', (_, stored, build) => {
    if (stored) localStorage.setItem(SETTINGS_KEY, stored);
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    expect(scriptSends('/pos/carts/cart_1001', build)).toEqual([]);
    expect(window.__earlyResponses).toBeUndefined();
  });

  it('drops the responses nobody took after their time (they may hold a customer record)', () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
      localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
      scriptSends('/pos/carts/cart_1001');
      expect(window.__earlyResponses).toHaveLength(2);
      vi.advanceTimersByTime(EARLY_RESPONSE_MAX_AGE_MS);
      expect(window.__earlyResponses).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('on an address no route has, only the store config', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(SETTINGS));
    localStorage.setItem(IDENTITY_KEY, JSON.stringify(CASHIER));
    expect(urls(scriptSends('/pos/carts/a/b'))).toEqual(['/store/config']);
  });
});

describe('the table', () => {
  it.each([
    ['/', ['^/+$', []]],
    ['/pos/carts/:cartId', ['^/pos/carts/([^/]+)/*$', [['cartId', 3]]]],
    [
      '/a/:x/b/:y',
      [
        '^/a/([^/]+)/b/([^/]+)/*$',
        [
          ['x', 2],
          ['y', 4],
        ],
      ],
    ],
  ])('routeCapture(%s)', (path, expected) => {
    expect(routeCapture(path)).toEqual(expected);
  });

  it('refuses a route the router does not have', () => {
    expect(() =>
      earlyTable([{ path: '/pos' }], { '/pos/cart': [] }, [], EARLY_KEYS, BUILD),
    ).toThrow(/not a route/);
  });
});

describe('buildSettingsFrom', () => {
  it.each([
    [{}, { baseUrl: '', storeId: 'demo-store', apiKey: 'demo-api-key' }],
    [
      { VITE_API_BASE_URL: ' https://a.example ', VITE_STORE_ID: ' s1 ', VITE_API_KEY: ' k ' },
      { baseUrl: 'https://a.example', storeId: 's1', apiKey: 'k' },
    ],
    [
      { VITE_API_BASE_URL: 'https://a.example' },
      { baseUrl: 'https://a.example', storeId: 'demo-store', apiKey: '' },
    ],
  ])('%j', (env, expected) => {
    expect(buildSettingsFrom(env)).toEqual(expected);
  });
});
