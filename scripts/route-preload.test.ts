import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE } from '../src/lib/format.ts';
import {
  DEMO_SERVICE,
  placeBeforeStylesheet,
  type PreloadTable,
  preloadScript,
  routePattern,
  routeTable,
} from './route-preload.ts';
import { ROOT } from './routes.mjs';

describe('routePattern', () => {
  it.each([
    ['/', '/', true],
    ['/', '/pos', false],
    ['/pos/carts/:cartId', '/pos/carts/cart_1001', true],
    ['/pos/carts/:cartId', '/pos/carts/cart_1001/', true],
    ['/pos/carts/:cartId', '/pos/carts/cart_1001//', true],
    ['/pos/carts/:cartId', '/POS/Carts/cart_1001', true],
    ['/pos/carts/:cartId', '/pos/carts/a/b', false],
    ['/pos', '/pos/locations', false],
    ['/store/terms', '/store/terms', true],
    ['/store/terms', '/store/terms.', false],
  ])('%s matches %s: %s, as react-router matches it', (path, url, matches) => {
    expect(matchRoutes([{ path }], url) !== null).toBe(matches);
    expect(new RegExp(routePattern(path), 'i').test(url)).toBe(matches);
  });
});

describe('preloadScript', () => {
  afterEach(() => {
    for (const l of document.head.querySelectorAll('link')) l.remove();
    window.history.replaceState(null, '', '/');
    localStorage.clear();
  });

  const TABLE: PreloadTable = {
    always: ['/assets/config.js', '/assets/zod.js'],
    routes: [
      [routePattern('/account/returns/new'), ['/assets/wizard.js', '/assets/zod.js'], true],
      [routePattern('/account/returns/:id'), ['/assets/confirmation.js'], false],
    ],
    locale: 'en-IN',
  };

  const run = (pathname: string, table: PreloadTable = TABLE) => {
    window.history.replaceState(null, '', pathname);
    new Function(preloadScript(table))();
    return [...document.head.querySelectorAll<HTMLLinkElement>('link[data-route-preload]')].map(
      (l) => [l.rel, new URL(l.href).pathname],
    );
  };

  it('preloads the first matching route (in the router order) and the files every route needs, once each', () => {
    expect(run('/account/returns/new')).toEqual([
      ['modulepreload', '/assets/config.js'],
      ['modulepreload', '/assets/zod.js'],
      ['modulepreload', '/assets/wizard.js'],
    ]);
    for (const l of document.head.querySelectorAll('link')) l.remove();
    expect(run('/account/returns/RET-000001').map(([, f]) => f)).toEqual([
      '/assets/config.js',
      '/assets/zod.js',
      '/assets/confirmation.js',
    ]);
  });

  it.each(['/Account/Returns/NEW', '/account/returns/%6Eew', '/account/returns/new/'])(
    'matches %s as the router does (any case, decoded, trailing slashes)',
    (pathname) => {
      expect(run(pathname).map(([, f]) => f)).toContain('/assets/wizard.js');
    },
  );

  describe('starting ICU', () => {
    afterEach(() => vi.useRealTimers());

    const intlAfterPaint = (pathname: string) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
      const numbers = vi.spyOn(Intl, 'NumberFormat');
      const dates = vi.spyOn(Intl, 'DateTimeFormat');
      run(pathname);
      expect(numbers).not.toHaveBeenCalled(); // not before the first frame
      vi.runAllTimers();
      return [numbers.mock.calls.map((c) => c[0]), dates.mock.calls.map((c) => c[0])];
    };

    it('after the first frame, numbers then dates, on a route whose screen formats them', () => {
      expect(intlAfterPaint('/account/returns/new')).toEqual([['en-IN'], ['en-IN']]);
    });

    it('not on a route whose screen formats nothing, nor on an unknown address', () => {
      expect(intlAfterPaint('/account/returns/RET-1')).toEqual([[], []]);
      expect(intlAfterPaint('/no/such/page')).toEqual([[], []]);
    });
  });

  it('preloads only the shared files on an address no route has', () => {
    expect(run('/no/such/page').map(([, f]) => f)).toEqual(['/assets/config.js', '/assets/zod.js']);
  });

  describe('in a demo build', () => {
    const demo = { ...TABLE, demo: { settingsKey: 'app:settings', files: ['/assets/msw.js'] } };

    it('also preloads the in-browser service', () => {
      expect(run('/account/returns/new', demo).map(([, f]) => f)).toEqual([
        '/assets/config.js',
        '/assets/zod.js',
        '/assets/wizard.js',
        '/assets/msw.js',
      ]);
    });

    it('not when the stored settings name an API (the app will not start the service)', () => {
      localStorage.setItem('app:settings', JSON.stringify({ baseUrl: 'https://api.example.com' }));
      expect(run('/no/such/page', demo).map(([, f]) => f)).not.toContain('/assets/msw.js');
      localStorage.setItem('app:settings', JSON.stringify({ baseUrl: '' }));
      for (const l of document.head.querySelectorAll('link')) l.remove();
      expect(run('/no/such/page', demo).map(([, f]) => f)).toContain('/assets/msw.js');
    });

    it.each(['{not json', 'null', '"a string"', JSON.stringify({ baseUrl: 42 })])(
      'also when the stored settings are unreadable (%s): the app then starts the service too',
      (stored) => {
        localStorage.setItem('app:settings', stored);
        expect(run('/', demo).map(([, f]) => f)).toContain('/assets/msw.js');
      },
    );
  });
});

describe('routeTable', () => {
  const chunk = (
    fileName: string,
    imports: string[],
    facade?: string,
    isEntry = false,
    modules: string[] = facade ? [facade] : [],
  ) => ({
    type: 'chunk' as const,
    fileName,
    imports,
    isEntry,
    facadeModuleId: facade ? `${ROOT}/${facade}` : null,
    moduleIds: modules.map((m) => `${ROOT}/${m}`),
  });

  it("lists each route's chunk and its static imports, less what the entry loads", () => {
    const chunks = [
      chunk('entry.js', ['react.js'], 'src/main.tsx', true),
      chunk('react.js', []),
      chunk('config.js', ['schemas.js', 'react.js'], 'src/api/store-config.ts'),
      chunk('schemas.js', []),
      chunk('home.js', ['react.js'], 'src/app/home.tsx'),
      chunk('cart.js', ['schemas.js', 'forms.js'], 'src/features/pos-cart/cart-screen.tsx'),
      chunk('forms.js', ['react.js'], undefined, false, ['src/lib/format.ts']),
    ];
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
    const table = routeTable(bundle as unknown as Parameters<typeof routeTable>[0], '/app/', {
      routes: [
        { path: '/', module: 'src/app/home' },
        { path: '/pos/carts/:cartId', module: 'src/features/pos-cart/cart-screen' },
      ],
      always: ['src/api/store-config'],
    });
    expect(table).toEqual({
      always: ['/app/config.js', '/app/schemas.js'],
      // the cart's files hold the formatters (in forms.js here): ICU is started early there only
      routes: [
        ['^/+$', ['/app/home.js'], false],
        ['^/pos/carts/[^/]+/*$', ['/app/cart.js', '/app/schemas.js', '/app/forms.js'], true],
      ],
      locale: LOCALE,
    });
  });

  it("in a demo build, lists the in-browser service's chunk and its static imports", () => {
    const chunks = [
      chunk('entry.js', ['react.js'], 'src/main.tsx', true),
      chunk('react.js', []),
      chunk('home.js', ['react.js'], 'src/app/home.tsx'),
      chunk('browser.js', ['react.js', 'seed.js'], 'src/mocks/browser.ts'),
      chunk('seed.js', []),
    ];
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
    const table = routeTable(bundle as unknown as Parameters<typeof routeTable>[0], '/', {
      routes: [{ path: '/', module: 'src/app/home' }],
      always: [],
      demo: DEMO_SERVICE,
    });
    expect(table.demo).toEqual({
      settingsKey: DEMO_SERVICE.settingsKey,
      files: ['/browser.js', '/seed.js'],
    });
    expect(
      routeTable(bundle as unknown as Parameters<typeof routeTable>[0], '/', {
        routes: [{ path: '/', module: 'src/app/home' }],
        always: [],
      }),
    ).not.toHaveProperty('demo');
  });

  it('fails the build when a route has no chunk (the router changed shape)', () => {
    const bundle = { 'entry.js': chunk('entry.js', [], 'src/main.tsx', true) };
    expect(() =>
      routeTable(bundle as unknown as Parameters<typeof routeTable>[0], '/', {
        routes: [{ path: '/', module: 'src/app/home' }],
        always: [],
      }),
    ).toThrow(/no chunk for src\/app\/home/);
  });

  it('reads the real router by default (here: finds its screens missing from an empty bundle)', () => {
    const bundle = Object.fromEntries(
      [chunk('entry.js', [], 'src/main.tsx', true)].map((c) => [c.fileName, c]),
    );
    // a bundle without the screens: the first route's screen is reported missing
    expect(() => routeTable(bundle as unknown as Parameters<typeof routeTable>[0], '/')).toThrow(
      /no chunk for src\//,
    );
  });
});

describe('placeBeforeStylesheet', () => {
  it('puts the tags before the first stylesheet, where an inline script does not wait for it', () => {
    const html =
      '<head><script type="module" src="/a.js"></script>\n    <link rel="stylesheet" crossorigin href="/a.css"></head>';
    const out = placeBeforeStylesheet(html, '<script>x()</script>');
    expect(out.indexOf('<script>x()</script>')).toBeLessThan(out.indexOf('rel="stylesheet"'));
    expect(out.indexOf('<script>x()</script>')).toBeGreaterThan(out.indexOf('/a.js'));
  });

  it('puts them at the end of the head when there is no stylesheet', () => {
    expect(placeBeforeStylesheet('<head><title>t</title></head><body></body>', '<x-tag>')).toMatch(
      /<title>t<\/title>\s*<x-tag>\s*<\/head>/,
    );
  });
});
