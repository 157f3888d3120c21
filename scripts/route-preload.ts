// A vite plugin for the built index.html: the first request for a route fetches its screen's
// chunk beside the entry, not after it. Without it the browser learns of the screen's chunk only
// once the entry has downloaded and run (the router imports it), one round trip and one download
// later. A small inline script matches `location.pathname` against the router's table and adds
// `<link rel="modulepreload">` for the screen's chunk and its static imports.
//
// In a real-backend build it also preconnects to the API's origin, so the first API request does
// not pay for the connection. In a demo build it also preloads the in-browser service's chunk
// (msw and the demo data), which every demo screen waits for before its first data, unless the
// app's settings point at a real API at run time.
//
// Beside it goes the script that sends the route's first GETs early (scripts/early-requests.ts).
import type { Rolldown } from 'vite';
import { EARLY_ALWAYS, EARLY_BY_ROUTE } from '../src/api/early-requests.ts';
import { type BuildEnv, buildSettingsFrom } from '../src/lib/build-settings.ts';
import { LOCALE } from '../src/lib/format.ts';
import { IDENTITY_KEY, SETTINGS_KEY } from '../src/lib/storage.ts';
import { type OutputBundle, builtHtmlPlugin } from './built-html.ts';
import { earlyKeysScript } from './early-keys.ts';
import { earlyRequestScript, earlyTable } from './early-requests.ts';
import { ROOT, readRoutes } from './routes.mjs';

type OutputChunk = Rolldown.OutputChunk;

/**
 * `/pos/carts/:cartId` -> `^/pos/carts/[^/]+/*$`, or with `capture`, `([^/]+)` for each param: the
 * pattern react-router compiles for the path. Used, as react-router does, case-insensitively on
 * the pathname decoded by `DECODE_PATH`.
 */
export function routePattern(path: string, capture = false): string {
  const param = capture ? '([^/]+)' : '[^/]+';
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? param : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return path === '/' ? '^/+$' : `^${body}/*$`;
}

/**
 * The inline scripts' `dp`: the pathname as react-router matches it, each segment decoded (a
 * slash inside one kept as `%2F`), or as it is when it cannot be decoded.
 */
export const DECODE_PATH =
  "function dp(v){try{return v.split('/').map(function(s){return decodeURIComponent(s).replace(/\\//g,'%2F')}).join('/')}catch(e){return v}}";

export interface PreloadTable {
  /** Files every route needs soon after the entry (the header's store config operation). */
  always: string[];
  /**
   * Per route, in the router's order: its pattern, its files, and whether its screen formats
   * numbers or dates (its files include src/lib/format.ts): then ICU is started early.
   */
  routes: [pattern: string, files: string[], formats: boolean][];
  /** The locale of src/lib/format.ts. */
  locale: string;
  /** Demo builds: the in-browser service's files, wanted unless the settings name an API. */
  demo?: { settingsKey: string; files: string[] };
}

/**
 * The inline script: preload `always`, the files of the first route that matches, and in a demo
 * build the service's files unless the stored settings have an API base URL (`isDemoMode`).
 *
 * On a route whose screen formats numbers or dates it also starts ICU: the first Intl formatter
 * of a page costs 15-40 ms of CPU. Done after the shell has painted, it runs while the app's
 * scripts download instead of inside the first render of data; numbers and dates in two tasks,
 * each shorter than the two together (docs/performance.md).
 */
export function preloadScript(table: PreloadTable): string {
  return `(function(t,p){function a(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;l.setAttribute('data-route-preload','');document.head.appendChild(l)}function api(k){try{var b=JSON.parse(localStorage.getItem(k)||'{}').baseUrl;return typeof b==='string'&&b!==''}catch(e){return false}}function icu(){try{new Intl.NumberFormat(t.locale,{style:'currency',currency:'INR'}).format(1)}catch(e){}setTimeout(function(){try{new Intl.DateTimeFormat(t.locale,{dateStyle:'medium',timeStyle:'short'}).format(0)}catch(e){}})}${DECODE_PATH}var r=t.routes,s=t.always.slice(),x=false,d=dp(p);for(var i=0;i<r.length;i++)if(new RegExp(r[i][0],'i').test(d)){s=s.concat(r[i][1]);x=r[i][2];break}if(t.demo&&!api(t.demo.settingsKey))s=s.concat(t.demo.files);s.filter(function(f,j){return s.indexOf(f)===j}).forEach(a);if(x)requestAnimationFrame(function(){setTimeout(icu)})})(${JSON.stringify(table)},location.pathname)`;
}

function chunksOf(bundle: OutputBundle) {
  return Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
}

/** `fileName` and its static imports, transitively. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, seen);
  return seen;
}

/** The formatters: a route whose files include it gets ICU started early. */
const FORMAT_MODULE = 'src/lib/format.ts';

/** Modules every route imports right after the entry has run. */
const ALWAYS = ['src/api/store-config'];

/** The demo build's in-browser service (`src/main.tsx` imports it when in demo mode). */
export const DEMO_SERVICE = {
  module: 'src/mocks/browser',
  settingsKey: SETTINGS_KEY,
};

/** Where the early-request script finds the connection and who is signed in. */
export const EARLY_KEYS = { settingsKey: SETTINGS_KEY, identityKey: IDENTITY_KEY };

export interface TableOptions {
  routes?: { path: string; module: string }[];
  always?: string[];
  /** A demo build: also list the in-browser service's files. */
  demo?: typeof DEMO_SERVICE;
}

/** The table for the inline script: the files of each route beyond what the entry loads. */
export function routeTable(
  bundle: OutputBundle,
  base: string,
  { routes = readRoutes(), always = ALWAYS, demo }: TableOptions = {},
): PreloadTable {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route-preload: the bundle has no entry chunk');
  const loaded = closure(bundle, entry.fileName);
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.startsWith(`${ROOT}/${module}.`));
    if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
    return chunk;
  };
  // the module's files beyond the entry's, in one walk: it stops at what the entry loads, whose
  // static imports the entry loads too
  const newFiles = (module: string) =>
    [...closure(bundle, chunkOf(module).fileName, new Set(loaded))].filter((f) => !loaded.has(f));
  const filesOf = (module: string) => newFiles(module).map((f) => base + f);
  const holdsFormatters = (f: string) => {
    const chunk = bundle[f];
    return chunk?.type === 'chunk' && chunk.moduleIds.includes(`${ROOT}/${FORMAT_MODULE}`);
  };
  // the screen formats numbers or dates when format.ts is in what it loads, the entry's files
  // included
  const entryFormats = [...loaded].some(holdsFormatters);
  return {
    always: [...new Set(always.flatMap(filesOf))],
    routes: routes.map(({ path, module }) => {
      const files = newFiles(module);
      return [
        routePattern(path),
        files.map((f) => base + f),
        entryFormats || files.some(holdsFormatters),
      ];
    }),
    locale: LOCALE,
    ...(demo && { demo: { settingsKey: demo.settingsKey, files: filesOf(demo.module) } }),
  };
}

/**
 * `tags` in the head before the first stylesheet: an inline script after a stylesheet waits for
 * it to download, and the preloads must start beside the stylesheet, not after it.
 */
export function placeBeforeStylesheet(html: string, tags: string): string {
  const at = html.search(/<link[^>]*rel="stylesheet"/);
  if (at >= 0) return `${html.slice(0, at)}${tags}\n    ${html.slice(at)}`;
  return html.replace('</head>', `  ${tags}\n  </head>`);
}

export function routePreload({ env }: { env: BuildEnv }) {
  const build = buildSettingsFrom(env);
  return builtHtmlPlugin('route-preload', (html, bundle, base) => {
    // the test src/main.tsx makes: it decides whether the service's chunk is in the bundle at all
    const demo = !env.VITE_API_BASE_URL;
    const routes = readRoutes();
    const table = routeTable(bundle, base, demo ? { demo: DEMO_SERVICE, routes } : { routes });
    const early = earlyTable(routes, EARLY_BY_ROUTE, EARLY_ALWAYS, EARLY_KEYS, build);
    let head = `<script>${earlyKeysScript()};${preloadScript(table)}</script>\n    <script>${earlyRequestScript(early)}</script>`;
    if (/^https?:\/\//.test(build.baseUrl)) {
      head = `<link rel="preconnect" href="${new URL(build.baseUrl).origin}" crossorigin>\n    ${head}`;
    }
    return placeBeforeStylesheet(html, head);
  });
}
