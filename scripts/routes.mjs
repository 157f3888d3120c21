// The app's routes and the module of each route's screen, read from src/app/router.tsx, so a new
// route is measured (bench/lib/size.mjs, scripts/check-size.mjs) and preloaded
// (scripts/route-preload.ts) without edits elsewhere.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// a file path, not a URL's percent-encoded pathname (it is compared with the bundler's module
// ids); decoded by hand because vitest's jsdom setup refuses node's fileURLToPath here
export const ROOT = decodeURIComponent(new URL('..', import.meta.url).pathname).replace(/\/$/, '');

/** `[{ path: '/pos/carts/:cartId', module: 'src/features/pos-cart/cart-screen' }, ...]` */
export function readRoutes(routerFile = join(ROOT, 'src/app/router.tsx')) {
  const source = readFileSync(routerFile, 'utf8');
  const routes = [];
  // each lazy route is `index: true` or `path: '...'`, then `import('...')` before the next one
  const re = /(?:index:\s*true|path:\s*'([^']+)')[\s\S]*?import\('([^']+)'\)/g;
  for (const m of source.matchAll(re)) {
    // `path: '*'` has no import of its own: the regex would run on into the next route
    if (m[1] === '*') continue;
    const path = m[1] === undefined ? '/' : `/${m[1]}`;
    const spec = m[2];
    const module = spec.startsWith('@/')
      ? `src/${spec.slice(2)}`
      : spec.startsWith('./')
        ? `src/app/${spec.slice(2)}`
        : spec;
    routes.push({ path, module });
  }
  if (routes.length < 5) {
    throw new Error(
      `Found only ${routes.length} lazy routes in ${routerFile}; has its shape changed?`,
    );
  }
  return routes;
}
