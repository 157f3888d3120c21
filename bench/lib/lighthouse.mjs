// Lighthouse on each route: a fresh Chromium profile per run (cold cache, no storage), the
// signed-in identity put in localStorage by a first visit to a static file of the same origin
// (no app code runs), then Lighthouse with storage reset off so it keeps that identity.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROME_FLAGS, CHROMIUM, IDENTITIES, IDENTITY_KEY, median, round } from './browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const AUDITS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};
let nextPort = 9400;

async function startChrome() {
  const port = nextPort++;
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error('Chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop() {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function remember(port, origin, identity) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/mockServiceWorker.js`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [IDENTITY_KEY, JSON.stringify(IDENTITIES[identity])],
  );
  await page.close();
  // only the CDP connection ends here; the browser stays for Lighthouse
  await browser.close();
}

async function once(url, { preset, identity, origin }) {
  const chrome = await startChrome();
  try {
    if (identity) await remember(chrome.port, origin, identity);
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: true,
    };
    const config = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(AUDITS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null]),
    );
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric') &&
          lhr.categories.accessibility.auditRefs
            .concat(lhr.categories['best-practices'].auditRefs)
            .some((ref) => ref.id === a.id && ref.weight > 0),
      )
      .map((a) => a.id);
    // what moved, and what the LCP element was: the first things to look at when a score drops
    const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: round(item.score, 3),
      node: item.node?.selector ?? item.node?.snippet ?? null,
    }));
    const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
    const lcpElement = lcpItem?.items?.[0]?.node?.selector ?? null;
    return { scores, metrics, failing, shifts, lcpElement };
  } finally {
    chrome.stop();
  }
}

/** Median of `runs` Lighthouse runs of one URL with one preset. */
export async function lighthouseRoute({ origin, path, url, identity, preset, runs }) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await once(url, { preset, identity, origin }));
  const med = (pick) => median(samples.map(pick));
  return {
    path,
    preset,
    runs,
    performance: med((s) => s.scores.performance),
    accessibility: med((s) => s.scores.accessibility),
    bestPractices: med((s) => s.scores['best-practices']),
    fcpMs: round(
      med((s) => s.metrics.fcpMs),
      0,
    ),
    lcpMs: round(
      med((s) => s.metrics.lcpMs),
      0,
    ),
    tbtMs: round(
      med((s) => s.metrics.tbtMs),
      0,
    ),
    cls: round(
      med((s) => s.metrics.cls),
      3,
    ),
    failingAudits: [...new Set(samples.flatMap((s) => s.failing))],
    layoutShifts: samples.map((s) => s.shifts),
    lcpElements: [...new Set(samples.map((s) => s.lcpElement))],
    samples: samples.map((s) => s.scores.performance),
  };
}
