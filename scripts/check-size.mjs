// The size budget, fast enough for every test run (no browser): each route's first-paint JS
// (entry + the route's screen chunk + their static imports, gzip) against the floor (a React 19
// hello world, measured by `npm run bench` into bench/size-budget.json), in the demo build
// (dist/, from `npm run build`) and in a real-backend build made here into a temp dir.
//
// Exits non-zero when a route is over its ceiling. A route's ceiling is the issue's target for its
// mode (`limits`) unless `ceilings` names the route: those are the routes that do not meet the
// target yet (docs/performance.md), each held at (or within about 1 KB of) where it stands, so a
// change that makes any route worse fails while the target is still printed; and routes that meet
// it with room to spare, held below it the same way (a 3.3 KB slip of the policy pages, 1.49x to
// 1.54x, passed a check that held them at 1.6x only).
//
// It also counts the route's JS files: each is a request before the screen paints, and a route
// that needs more than `maxFiles` fails (the chunk groups in scripts/code-splitting.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, entryKey, kb, readManifest, readRoutes, routeSizes } from '../bench/lib/size.mjs';

const budget = JSON.parse(readFileSync(join(ROOT, 'bench/size-budget.json'), 'utf8'));
const floor = budget.floorGzipBytes;
const maxFiles = budget.maxFiles;
const demoDir = join(ROOT, 'dist');

if (!existsSync(join(demoDir, '.vite/manifest.json'))) {
  console.error('check:size: dist/.vite/manifest.json is missing; run `npm run build` first.');
  process.exit(1);
}

const entryFile = (dir) => {
  const manifest = readManifest(dir);
  return manifest[entryKey(manifest)].file;
};

const realDir = mkdtempSync(join(tmpdir(), 'check-size-real-'));
let failed = false;
try {
  const build = spawnSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', realDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        VITE_API_BASE_URL: 'http://127.0.0.1:8787',
        VITE_API_KEY: 'demo-api-key',
      },
    },
  );
  if (build.status !== 0) throw new Error('the real-backend build failed');

  // the demo's own code stays out of a real-backend build: its entry does not even load it
  // (a loader kept for nothing cost every route 78 bytes)
  const realEntry = readFileSync(join(realDir, entryFile(realDir)), 'utf8');
  if (realEntry.includes('demo-tools')) {
    failed = true;
    console.error('check:size: the real-backend entry still loads the demo panel (demo-tools)');
  }

  const routes = readRoutes();
  console.log(`check:size: first-paint JS per route, gzip; floor ${kb(floor)}`);
  for (const [mode, dir] of [
    ['real', realDir],
    ['demo', demoDir],
  ]) {
    const target = budget.limits[mode];
    const held = budget.ceilings[mode] ?? {};
    console.log(
      `\n${mode} mode: target <= ${target}x (a CI ceiling where a route is held at its figure), <= ${maxFiles} files`,
    );
    for (const r of routeSizes(dir, routes)) {
      const ratio = r.bytes / floor;
      const ceiling = held[r.path] ?? target;
      const mark =
        ratio > ceiling
          ? `OVER CEILING ${ceiling}x`
          : ratio > target
            ? `over target, CI ceiling ${ceiling}x`
            : r.path in held && ceiling >= target
              ? `ok: meets the target now, drop its ceiling from bench/size-budget.json`
              : r.path in held
                ? `ok, held at ${ceiling}x`
                : 'ok';
      const files = r.files.length;
      console.log(
        `  ${r.path.padEnd(34)} ${kb(r.bytes).padStart(9)} ${ratio.toFixed(2)}x  ${String(files).padStart(2)} files  ${mark}${files > maxFiles ? ', TOO MANY FILES' : ''}`,
      );
      if (files > maxFiles) {
        failed = true;
        console.error(
          `    ${r.path} needs ${files} JS files before its first paint, over ${maxFiles}: ` +
            `${r.files.map((f) => f.file).join(', ')}. Each is a request; group small shared ` +
            'modules (scripts/code-splitting.ts).',
        );
      }
      if (ratio > ceiling) {
        failed = true;
        const biggest = [...r.files].sort((a, b) => b.bytes - a.bytes).slice(0, 4);
        console.error(
          `    ${r.path} loads ${kb(r.bytes)} before its first paint, over ${ceiling}x the floor ` +
            `(${kb(ceiling * floor)}). Largest: ${biggest.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ')}. ` +
            'Split or lazy-load what the first paint does not need (docs/performance.md).',
        );
      }
    }
    for (const path of Object.keys(held)) {
      if (!routes.some((r) => r.path === path)) {
        failed = true;
        console.error(`    bench/size-budget.json holds a ceiling for ${path}, which is no route`);
      }
    }
  }
} finally {
  rmSync(realDir, { recursive: true, force: true });
}
if (failed) {
  console.error('\ncheck:size: over budget');
  process.exit(1);
}
console.log('\ncheck:size: within budget');
