// `npm run bench`: builds the floor, demo and real-backend apps, serves them on ports of its own,
// measures size, load (Lighthouse), interaction and scale in headless Chromium, and writes
// bench/results.json and bench/results.md. docs/performance.md explains every figure.
//
//   node bench/run.mjs [--only=size,load,interaction,scale] [--lh-runs=3] [--runs=30] [--no-build]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, identityFor, round } from './lib/browser.mjs';
import { measureFirstPaint } from './lib/first-paint.mjs';
import { measureInteraction } from './lib/interaction.mjs';
import { lighthouseRoute } from './lib/lighthouse.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { measureScale } from './lib/scale.mjs';
import { API, ORIGIN, SCALE_API, buildAll, startServers, stopServers } from './lib/servers.mjs';
import { ROOT, entrySize, readRoutes, routeSizes } from './lib/size.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const only = new Set(String(args.only ?? 'size,load,interaction,scale').split(','));
const LH_RUNS = Number(args['lh-runs'] ?? 3);
const RUNS = Number(args.runs ?? 30);

/** The routes Lighthouse and the browser size check open (the list). */
const KEY_ROUTES = [
  '/',
  '/pos/carts/cart_1001',
  '/pos/locations',
  '/account/notifications',
  '/account/returns/new',
  '/store',
];

const KEY_PATTERNS = KEY_ROUTES.map((p) => p.replace('cart_1001', ':cartId'));

const budgetFile = join(ROOT, 'bench/size-budget.json');
const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const results = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: chromiumVersion(),
      loadAverageAtStart: os.loadavg().map((n) => round(n, 2)),
    },
    budget: { real: budget.limits.real, demo: budget.limits.demo },
  };

  if (!args['no-build']) {
    log('building floor, demo and real-backend apps');
    buildAll();
  }

  // 1. Size, from the build manifests
  const floorBytes = entrySize(join(ROOT, 'bench/out/floor'));
  const routes = readRoutes();
  results.floor = { gzipBytes: floorBytes };
  results.size = {};
  for (const mode of ['real', 'demo']) {
    const outDir = join(ROOT, 'bench/out', mode);
    const entry = entrySize(outDir);
    results.size[mode] = {
      entryBytes: entry,
      entryRatio: round(entry / floorBytes, 2),
      routes: routeSizes(outDir, routes).map((r) => ({
        path: r.path,
        bytes: r.bytes,
        ratio: round(r.bytes / floorBytes, 2),
        files: r.files,
      })),
    };
  }
  // the stored floor the CI check divides by
  if (budget.floorGzipBytes !== floorBytes) {
    writeFileSync(
      budgetFile,
      JSON.stringify({ ...budget, floorGzipBytes: floorBytes }, null, 2) + '\n',
    );
    log(`floor changed: ${budget.floorGzipBytes} -> ${floorBytes} bytes (bench/size-budget.json)`);
  }

  try {
    log('starting servers');
    await startServers({ scale: only.has('scale') });

    if (only.has('size')) {
      log('JS loaded before first contentful paint, in the browser');
      const keyRoutes = routes.filter((r) => KEY_PATTERNS.includes(r.path));
      const measured = await measureFirstPaint({ origins: ORIGIN, routes: keyRoutes });
      const withRatio = (r) => ({ ...r, ratio: round(r.bytes / measured.floor.bytes, 2) });
      results.firstPaint = {
        floor: measured.floor,
        real: measured.real.map(withRatio),
        demo: measured.demo.map(withRatio),
      };
    }

    if (only.has('load')) {
      results.lighthouse = { real: { mobile: [], desktop: [] }, demo: { mobile: [] } };
      const plan = [
        ['real', 'mobile'],
        ['real', 'desktop'],
        ['demo', 'mobile'],
      ];
      for (const [mode, preset] of plan) {
        for (const path of KEY_ROUTES) {
          log(`Lighthouse ${mode} ${preset} ${path} (x${LH_RUNS})`);
          results.lighthouse[mode][preset].push(
            await lighthouseRoute({
              origin: ORIGIN[mode],
              path,
              url: ORIGIN[mode] + path,
              identity: identityFor(path),
              preset,
              runs: LH_RUNS,
            }),
          );
        }
      }
    }

    if (only.has('interaction')) {
      log(`interaction: redeem points and link customer, ${RUNS} runs each`);
      results.interaction = await measureInteraction({ origin: ORIGIN.demo, runs: RUNS });
    }

    if (only.has('scale')) {
      log('scale: 5,000 locations, a 500-line cart, 200 cart operations');
      results.scale = await measureScale({ origin: ORIGIN.real, api: SCALE_API });
    }
  } finally {
    stopServers();
  }

  results.machine.loadAverageAtEnd = os.loadavg().map((n) => round(n, 2));
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  results.api = API;
  writeFileSync(join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  const md = renderMarkdown(results);
  writeFileSync(join(ROOT, 'bench/results.md'), md);
  console.log(md);
  log('wrote bench/results.json and bench/results.md');
}

main().catch((error) => {
  stopServers();
  console.error(error);
  process.exit(1);
});
