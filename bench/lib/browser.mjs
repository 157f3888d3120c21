/* global window, document, requestAnimationFrame, MutationObserver */
// Headless Chromium for the benchmark (Playwright drives it), signed-in sessions, throttling and
// the in-page clock that times "from the input to the new thing painted".
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const CHROMIUM =
  [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium'].find(
    (p) => p && existsSync(p),
  ) ?? undefined;

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const IDENTITY_KEY = 'storefront-app:user:identity';
export const SETTINGS_KEY = 'storefront-app:settings';
export const IDENTITIES = {
  cashier: {
    accessToken: 'demo-cashier-token',
    userId: 'staff_01',
    displayName: 'Priya Nair (cashier)',
    role: 'staff',
  },
  customer: {
    accessToken: 'demo-customer-token',
    userId: 'cus_1001',
    displayName: 'Asha Rao',
    role: 'customer',
  },
};

/** Who each measured route is opened as (the POS is staff-only; the account pages a customer's). */
export function identityFor(path) {
  if (path.startsWith('/pos')) return 'cashier';
  if (path.startsWith('/account')) return 'customer';
  return null;
}

/** A concrete URL for a route pattern. */
export function urlFor(path) {
  return path.replace(':cartId', 'cart_1001').replace(':requestNumber', 'RET-000001');
}

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
}

/**
 * A fresh context (empty cache and storage) with the identity in sessionStorage and, when given,
 * runtime settings (another API base URL) in localStorage, before any page script runs.
 */
export async function newContext(browser, { identity = null, settings = null } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ key, value, settingsKey, settingsValue }) => {
      if (value) sessionStorage.setItem(key, value);
      if (settingsValue) localStorage.setItem(settingsKey, settingsValue);
    },
    {
      key: IDENTITY_KEY,
      value: identity ? JSON.stringify(IDENTITIES[identity]) : null,
      settingsKey: SETTINGS_KEY,
      settingsValue: settings ? JSON.stringify(settings) : null,
    },
  );
  return context;
}

/** Lighthouse's mobile conditions (slow 4G, 4x CPU), applied for real rather than simulated. */
export async function throttle(page, { cpu = 4, latencyMs = 150, kbps = 1638.4 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (kbps * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}

/** JS heap in use after a full garbage collection, in bytes. */
export async function heapAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * Installs `window.__bench` in the page: `arm(probe)` starts watching the DOM, records the
 * timestamp of the next click/keydown/input (the event's own timeStamp, so the time the browser
 * received it), and resolves with the time from that event to the frame that shows what
 * `probe()` (a string of JS returning true when the new state is in the DOM) waits for. "Painted"
 * is the end of the first frame after the change: a rAF, then a task queued from it.
 */
export async function installClock(page) {
  await page.evaluate(() => {
    const afterPaint = () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        }),
      );
    window.__bench = {
      afterPaint,
      arm(probeSource, events = ['click', 'keydown']) {
        const probe = new Function(`return (${probeSource});`);
        let start = null;
        const onEvent = (e) => {
          if (start === null) start = e.timeStamp;
        };
        for (const type of events) document.addEventListener(type, onEvent, true);
        window.__benchResult = new Promise((resolve, reject) => {
          const timeout = setTimeout(() => {
            observer.disconnect();
            reject(new Error(`timed out waiting for ${probeSource}`));
          }, 15_000);
          const check = () => {
            if (start === null || !probe()) return;
            observer.disconnect();
            clearTimeout(timeout);
            for (const type of events) document.removeEventListener(type, onEvent, true);
            afterPaint().then((t) => resolve(t - start));
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      },
    };
  });
}

export const armClock = (page, probeSource, events) =>
  page.evaluate(([p, e]) => window.__bench.arm(p, e), [probeSource, events]);
export const readClock = (page) => page.evaluate(() => window.__benchResult);

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const round = (n, digits = 1) => (n === null ? null : Number(n.toFixed(digits)));
