// A vite plugin for the built index.html: a Content Security Policy, as a <meta> (the app is
// static files: whoever serves them may add the same policy as a header, and more).
//
// The page runs its own inline scripts (the route preloads and early requests, the scan keeper:
// scripts/route-preload.ts) and the app's files, and nothing else: the policy names each inline
// script by its SHA-256, so a script that got into the page some other way (a sanitiser bypass in
// the store's HTML, an extension's injected markup) does not run, nor does an inline event handler.
// `'unsafe-eval'` stays: zod compiles its object parsers with `new Function` (faster on 5,000
// locations or a 500-line cart), and it does not let markup run scripts. No plugins
// (`object-src`), and no `<base>` that would send the app's relative requests elsewhere.
// Connections, images and styles are not limited: the API's address and the store's logo are
// whatever the Connection settings and the store config say (http(s) only: src/lib/safe-url.ts).
import { createHash } from 'node:crypto';
import { builtHtmlPlugin } from './built-html.ts';

/** Every inline script (one without `src`), with its text exactly as the browser hashes it. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy for a page whose inline scripts are those of `html`. */
export function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(([, text]) => sha256(text ?? ''));
  return [
    ["script-src 'self'", ...hashes, "'unsafe-eval'"].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** `html` with its policy as the first thing after the charset (before any script it covers). */
export function withContentSecurityPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(html)}">`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (charset.test(html)) return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
  return html.replace(/<head>/i, (tag) => `${tag}\n    ${meta}`);
}

/** Last of the HTML plugins: the policy hashes the inline scripts the others put in. */
export const csp = () => builtHtmlPlugin('csp', (html) => withContentSecurityPolicy(html));
