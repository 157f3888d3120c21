// What JS a browser actually loads before its first contentful paint, per route: resource timing
// against the `first-contentful-paint` entry, on a throttled phone-like connection (slow 4G, 4x
// CPU) so that "before" means what it means on a phone and does not depend on localhost speed.
import { join } from 'node:path';
import { identityFor, launch, newContext, round, throttle, urlFor } from './browser.mjs';
import { ROOT, gzipBytes } from './size.mjs';

async function measure(browser, origin, outDir, path) {
  const context = await newContext(browser, { identity: identityFor(path) });
  const page = await context.newPage();
  await throttle(page);
  await page.goto(origin + urlFor(path), { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    null,
    { timeout: 60_000 },
  );
  // resources that finished by the paint; a chunk still downloading then was not needed for it
  const { fcp, loaded, after } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime;
    const js = performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.endsWith('.js'));
    const path = (r) => new URL(r.name).pathname;
    return {
      fcp: paint,
      loaded: js.filter((r) => r.responseEnd <= paint).map(path),
      after: js.filter((r) => r.responseEnd > paint).map(path),
    };
  });
  await context.close();
  const size = (files) => files.reduce((n, f) => n + gzipBytes(join(outDir, f)), 0);
  return {
    path,
    fcpMs: round(fcp, 0),
    bytes: size(loaded),
    files: loaded,
    loadingAtFcp: after,
  };
}

/** { floor: {...}, demo: [...], real: [...] } for the given routes. */
export async function measureFirstPaint({ origins, routes }) {
  const browser = await launch();
  try {
    const floor = await measure(browser, origins.floor, join(ROOT, 'bench/out/floor'), '/');
    const result = { floor };
    for (const mode of ['real', 'demo']) {
      result[mode] = [];
      for (const { path } of routes) {
        result[mode].push(
          await measure(browser, origins[mode], join(ROOT, 'bench/out', mode), path),
        );
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}
