/* global window, document, requestAnimationFrame, MutationObserver */
// Scale: 5,000 locations (first list paint, each filter keystroke, JS heap), a 500-line cart
// (time to render), and heap after 200 cart operations against after 10. The real-backend build
// talks to bench/api-server.ts (the same service with the extra data), set as the app's API
// address in its settings, so the page holds only the app, not the service.
import { heapAfterGc, installClock, launch, newContext, percentile, round } from './browser.mjs';

const MB = 1024 * 1024;

/**
 * Before any app code: `window.__paintWhen(probe)` resolves with the time since navigation
 * start of the end of the first frame in which `probe` (JS text) holds.
 */
function paintWatcher() {
  window.__paintWhen = (probeSource) =>
    new Promise((resolve) => {
      const probe = new Function(`return (${probeSource});`);
      const done = () => {
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        });
      };
      if (document.body && probe()) return done();
      const observer = new MutationObserver(() => {
        if (!probe()) return;
        observer.disconnect();
        done();
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
}

/**
 * Keystroke to settled screen: from the keydown's timestamp to the end of the frame after the
 * last DOM change it caused (the list and the count may update in separate frames when the
 * screen defers the filtering), once nothing has changed for 250 ms.
 */
async function keystroke(page, input, key) {
  await page.evaluate(() => {
    window.__keyResult = new Promise((resolve) => {
      let start = null;
      let lastPaint = null;
      let lastChange = null;
      let pending = 0;
      const onKey = (e) => {
        if (start === null) start = e.timeStamp;
      };
      document.addEventListener('keydown', onKey, true);
      const observer = new MutationObserver(() => {
        lastChange = performance.now();
        pending++;
        window.__bench.afterPaint().then((t) => {
          lastPaint = t;
          pending--;
        });
      });
      observer.observe(document.querySelector('main') ?? document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      const poll = () => {
        const now = performance.now();
        if (start !== null && pending === 0 && now - (lastChange ?? start) > 250) {
          observer.disconnect();
          document.removeEventListener('keydown', onKey, true);
          if (lastPaint === null) {
            window.__bench.afterPaint().then((t) => resolve(t - start));
          } else resolve(lastPaint - start);
          return;
        }
        setTimeout(poll, 20);
      };
      setTimeout(poll, 20);
    });
  });
  await input.press(key);
  return page.evaluate(() => window.__keyResult);
}

const KEYSTROKE_ROUNDS = 3;

async function locations(browser, origin, settings) {
  const context = await newContext(browser, { identity: 'cashier', settings });
  const page = await context.newPage();
  await page.addInitScript(paintWatcher);
  await page.goto(`${origin}/pos/locations`, { waitUntil: 'commit' });
  const firstListPaintMs = await page.evaluate(() =>
    window.__paintWhen(`document.querySelector('ul[aria-label="Locations"] > li') !== null`),
  );
  // the first cards are drawn (inert) while the virtualiser's code arrives: the list can be
  // used once the virtualised list has replaced them
  const listReadyMs = await page.evaluate(() =>
    window.__paintWhen(
      `(() => { const ul = document.querySelector('ul[aria-label="Locations"]'); return ul !== null && !ul.hasAttribute('inert') && ul.querySelector(':scope > li') !== null; })()`,
    ),
  );
  const status = await page
    .getByRole('status')
    .filter({ hasText: /location/i })
    .first()
    .textContent();
  const heapAfterListMb = (await heapAfterGc(page)) / MB;
  await installClock(page);
  const input = page.getByLabel('Search locations');
  await input.focus();
  // each key narrows the list: "outlet 4321" matches fewer locations at every step after "o";
  // typed three times (the box emptied in between, untimed), so p95 is not just the one max
  const query = 'outlet 4321';
  const keys = [...query].map((c) => (c === ' ' ? 'Space' : c));
  const times = [];
  for (let round = 0; round < KEYSTROKE_ROUNDS; round++) {
    if (round > 0) {
      await input.press('Control+a');
      await keystroke(page, input, 'Backspace');
    }
    for (const key of keys) times.push(await keystroke(page, input, key));
  }
  const heapAfterFilterMb = (await heapAfterGc(page)) / MB;
  await context.close();
  return {
    count: status?.trim() ?? null,
    firstListPaintMs: round(firstListPaintMs, 0),
    listReadyMs: round(listReadyMs, 0),
    keystroke: {
      query,
      rounds: KEYSTROKE_ROUNDS,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(Math.max(...times)),
      samples: times.map((t) => round(t)),
    },
    heapAfterListMb: round(heapAfterListMb, 1),
    heapAfterFilterMb: round(heapAfterFilterMb, 1),
  };
}

async function bigCart(browser, origin, settings, lines) {
  const context = await newContext(browser, { identity: 'cashier', settings });
  const page = await context.newPage();
  await page.addInitScript(paintWatcher);
  const id = `cart_bench_${lines}`;
  await page.goto(`${origin}/pos/carts/${id}`, { waitUntil: 'commit' });
  const paintedMs = await page.evaluate(() =>
    window.__paintWhen(
      `document.getElementById('to-be-paid-heading') !== null && document.body.textContent.includes('Bench Item 1')`,
    ),
  );
  // the cart's own response: from its last byte to the painted screen is parse + render
  const responseEnd = await page.evaluate(
    (cartId) =>
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith(`/pos/carts/${cartId}`))
        .map((r) => r.responseEnd)
        .pop() ?? null,
    id,
  );
  const heapMb = (await heapAfterGc(page)) / MB;
  await context.close();
  return {
    lines,
    paintedMs: round(paintedMs, 0),
    renderAfterResponseMs: responseEnd === null ? null : round(paintedMs - responseEnd, 0),
    heapMb: round(heapMb, 1),
  };
}

async function cartOperations(browser, origin, settings, { early = 10, total = 200 }) {
  const context = await newContext(browser, { identity: 'cashier', settings });
  const page = await context.newPage();
  await page.goto(`${origin}/pos/carts/cart_1002`);
  await page.getByRole('region', { name: 'To be paid' }).waitFor({ timeout: 30_000 });
  // link Asha (she has points), then redeem and un-redeem, alternating amounts
  const change = page.getByRole('button', { name: 'Change customer' });
  if (await change.isVisible()) await change.click();
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByRole('button', { name: /^Link (this )?customer$/ }).click();
  await page.getByText('Asha Rao', { exact: true }).first().waitFor();
  const heading = page.locator('#to-be-paid-heading + p');
  let heapEarly = null;
  for (let i = 1; i <= total; i++) {
    const before = await heading.textContent();
    await page.getByLabel('Loyalty points').fill(String(i % 2 ? 100 : 200));
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.waitForFunction(
      (b) => document.querySelector('#to-be-paid-heading + p')?.textContent !== b,
      before,
    );
    if (i === early) heapEarly = await heapAfterGc(page);
  }
  const heapLate = await heapAfterGc(page);
  await context.close();
  return {
    operation: 'redeem loyalty points (alternating 100 / 200)',
    heapAfter10Mb: round(heapEarly / MB, 2),
    heapAfter200Mb: round(heapLate / MB, 2),
    growthMb: round((heapLate - heapEarly) / MB, 2),
  };
}

export async function measureScale({ origin, api, cartLines = 500 }) {
  const settings = { baseUrl: api, storeId: 'demo-store', apiKey: 'demo-api-key' };
  const browser = await launch();
  try {
    return {
      locations: await locations(browser, origin, settings),
      cart: await bigCart(browser, origin, settings, cartLines),
      operations: await cartOperations(browser, origin, settings, {}),
    };
  } finally {
    await browser.close();
  }
}
