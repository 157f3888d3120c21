/* global document */
// Click to new figure painted, for two cart actions in the demo build (the in-page service
// behind the MSW worker, delay 0), beside the floor: the same request, replayed with fetch
// through the same worker, with no UI at all.
import {
  armClock,
  installClock,
  launch,
  newContext,
  percentile,
  readClock,
  round,
} from './browser.mjs';

const CUSTOMERS = [
  { phone: '9123456780', name: 'Vikram Shah' },
  { phone: '9876543210', name: 'Asha Rao' },
];

const stats = (samples) => ({
  p50: round(percentile(samples, 50)),
  p95: round(percentile(samples, 95)),
  samples: samples.map((s) => round(s)),
});

/** Times `action` until `probe` (page-side JS, as text) holds; returns ms. */
async function timed(page, probe, action) {
  await armClock(page, probe);
  await action();
  return readClock(page);
}

async function link(page, phone) {
  const change = page.getByRole('button', { name: 'Change customer' });
  if (await change.isVisible()) await change.click();
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Phone number').fill(phone);
}

const submitLink = (page) => page.getByRole('button', { name: /^Link (this )?customer$/ }).click();

const nameShown = (name) =>
  `[...document.querySelectorAll('dd')].some((d) => d.textContent.trim() === ${JSON.stringify(name)})`;

const toBePaidText = (page) =>
  page.evaluate(
    () => document.getElementById('to-be-paid-heading')?.nextElementSibling?.textContent,
  );

/** Replays a captured request `runs` times in the page; round-trip times in ms. */
async function replay(page, request, runs) {
  return page.evaluate(
    async ({ url, method, headers, body, runs }) => {
      const times = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { method, headers, body });
        await res.json();
        times.push(performance.now() - t0);
      }
      return times;
    },
    { ...request, runs },
  );
}

function capture(page, pattern) {
  let last = null;
  page.on('request', (req) => {
    if (req.method() === 'POST' && pattern.test(req.url())) {
      const headers = Object.fromEntries(
        Object.entries(req.headers()).filter(([k]) => !k.startsWith(':')),
      );
      last = { url: req.url(), method: req.method(), headers, body: req.postData() };
    }
  });
  return () => last;
}

export async function measureInteraction({ origin, runs = 30, warmup = 3 }) {
  const browser = await launch();
  try {
    const context = await newContext(browser, { identity: 'cashier' });
    const page = await context.newPage();
    const linkRequest = capture(page, /\/pos\/carts\/[^/]+\/update-customer$/);
    const redeemRequest = capture(page, /\/pos\/carts\/[^/]+\/loyalty-points$/);
    await page.goto(`${origin}/pos/carts/cart_1001?latency=0&jitter=0`);
    await page.getByRole('region', { name: 'To be paid' }).waitFor({ timeout: 30_000 });
    await installClock(page);

    // Link customer: alternate two customers so every click changes the name shown
    const linkTimes = [];
    for (let i = 0; i < warmup + runs; i++) {
      const who = CUSTOMERS[i % 2];
      await link(page, who.phone);
      const ms = await timed(page, nameShown(who.name), () => submitLink(page));
      if (i >= warmup) linkTimes.push(ms);
    }
    // redeeming needs Asha (Vikram has no points)
    if (CUSTOMERS[(warmup + runs - 1) % 2] !== CUSTOMERS[1]) {
      await link(page, CUSTOMERS[1].phone);
      await submitLink(page);
      await page.waitForFunction(nameShown(CUSTOMERS[1].name));
    }

    // Redeem points: alternate two amounts so every click changes To be paid
    const redeemTimes = [];
    for (let i = 0; i < warmup + runs; i++) {
      const before = await toBePaidText(page);
      await page.getByLabel('Loyalty points').fill(String(i % 2 ? 200 : 100));
      const probe = `document.getElementById('to-be-paid-heading')?.nextElementSibling?.textContent !== ${JSON.stringify(before)}`;
      const ms = await timed(page, probe, () =>
        page.getByRole('button', { name: 'Redeem', exact: true }).click(),
      );
      if (i >= warmup) redeemTimes.push(ms);
    }

    const floorOf = async (request) => {
      if (!request) throw new Error('the action sent no request to replay');
      const times = await replay(page, request, warmup + runs);
      return times.slice(warmup);
    };
    const result = {
      runs,
      redeemPoints: { ui: stats(redeemTimes), floor: stats(await floorOf(redeemRequest())) },
      linkCustomer: { ui: stats(linkTimes), floor: stats(await floorOf(linkRequest())) },
    };
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}
