// Static first-paint JS size of each route, read from a vite build's manifest (no browser).
// Shared by `npm run bench` and the CI budget check (scripts/check-size.mjs).
//
// A route's first-paint JS = the entry chunk and everything it imports statically, plus the
// route's lazily loaded screen chunk and everything *that* imports statically. Dynamic imports
// (the demo service worker's MSW chunk, other routes' screens) are not counted: the route paints
// without them. Each file is counted once, at its gzip size (zlib level 9, as servers cache it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, readRoutes } from '../../scripts/routes.mjs';

export { ROOT, readRoutes };

export function readManifest(outDir) {
  const file = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build with build.manifest: true (vite.config.ts) first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

function manifestKey(manifest, module) {
  for (const ext of ['', '.tsx', '.ts', '.jsx', '.js']) {
    if (manifest[module + ext]) return module + ext;
  }
  throw new Error(`No chunk for ${module} in the build manifest.`);
}

/** The chunk files of `key` and its static imports, transitively. */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, files);
  return files;
}

export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry, found ${entries.join(', ')}.`);
  return entries[0];
}

const gzipCache = new Map();
export function gzipBytes(path) {
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

const sum = (outDir, files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipBytes(join(outDir, f)), 0);

/** gzip bytes of the entry's static closure: the floor app has nothing else. */
export function entrySize(outDir) {
  const manifest = readManifest(outDir);
  return sum(outDir, staticClosure(manifest, entryKey(manifest)));
}

/**
 * Each route's first-paint JS. Returns [{ path, module, bytes, files: [{file, bytes}] }]; a
 * route whose screen is not in this build (e.g. a module renamed) is an error, not a zero.
 */
export function routeSizes(outDir, routes = readRoutes()) {
  const manifest = readManifest(outDir);
  const entry = staticClosure(manifest, entryKey(manifest));
  return routes.map(({ path, module }) => {
    const files = staticClosure(manifest, manifestKey(manifest, module), new Set(entry));
    const js = [...files].filter((f) => f.endsWith('.js'));
    return {
      path,
      module,
      bytes: sum(outDir, js),
      files: js.map((file) => ({ file, bytes: gzipBytes(join(outDir, file)) })),
    };
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
