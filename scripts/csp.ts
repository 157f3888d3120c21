// A vite plugin for the built index.html: a Content Security Policy, as a <meta> (the app is
// static files: whoever serves them may add the same policy as a header, and more).
//
// The policy is last in <head>, so it is in force for everything after it: the body, the app's
// own rendering and anything else that gets into the page later. Script from the app's files
// runs (`'self'`); script that reaches the page as markup (a sanitiser bypass in the store's
// HTML, injected HTML: an inline `<script>`, an inline event handler) does not. The page's own
// inline scripts (the route preloads and early requests, the scan keeper: scripts/route-preload.ts)
// come before it in <head> and have run by then, so the policy need not name them; the build
// stops if one ever comes after it, where it would be refused.
//
// Not first in <head>: placed before the scripts, it held back their fetches (the preload
// scanner waits for a policy it has seen): at 150 ms RTT the first script request started
// 184-191 ms after navigation against 170-176 ms without a policy or with it here, and
// Lighthouse mobile put the notification settings' LCP 120-160 ms later.
//
// `'unsafe-eval'` stays: zod compiles its object parsers with `new Function` (faster on 5,000
// locations or a 500-line cart), and it does not let markup run scripts. No plugins
// (`object-src`), and no `<base>` that would send the app's relative requests elsewhere.
// Connections, images and styles are not limited: the API's address and the store's logo are
// whatever the Connection settings and the store config say (http(s) only: src/lib/safe-url.ts).
//
// The page's inline scripts are named by hash all the same: a `<meta>` policy after them does
// not need it, but the same policy sent as a header (docs/security.md: whoever serves the files,
// for `frame-ancestors`) is in force from the first byte, and without the hashes it refused the
// scan keeper, the route preloads and the early requests.
import { createHash } from 'node:crypto';
import { builtHtmlPlugin } from './built-html.ts';

const SCRIPT_SRC = "script-src 'self' 'unsafe-eval'";
const REST = "object-src 'none'; base-uri 'self'";

export const CONTENT_SECURITY_POLICY = `${SCRIPT_SRC}; ${REST}`;

/** An inline script's opening tag (a `<script>` without `src`). */
const INLINE_OPEN = String.raw`<script\b(?![^>]*\ssrc=)[^>]*>`;

/** `CONTENT_SECURITY_POLICY` with each inline script of `head` allowed by its SHA-256. */
export function policyFor(head: string): string {
  const scripts = head.matchAll(new RegExp(String.raw`${INLINE_OPEN}([\s\S]*?)<\/script>`, 'gi'));
  const hashes = [...scripts].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`,
  );
  return `${[SCRIPT_SRC, ...new Set(hashes)].join(' ')}; ${REST}`;
}

/** `html` with the policy last in `<head>`. */
export function withContentSecurityPolicy(html: string): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('csp: the page has no </head> to put the policy in');
  const inlineAfter = new RegExp(INLINE_OPEN, 'i').exec(html.slice(end));
  if (inlineAfter) {
    throw new Error(`csp: an inline script after <head> would be refused: ${inlineAfter[0]}`);
  }
  const policy = policyFor(html.slice(0, end));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  return `${html.slice(0, end)}  ${meta}\n  ${html.slice(end)}`;
}

/** Last of the HTML plugins, after every one that puts an inline script in <head>. */
export const csp = () => builtHtmlPlugin('csp', withContentSecurityPolicy);
