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

/**
 * The page's inline scripts, each a bare `<script>` with its text up to the first `</script>`:
 * the only form hashed here. Anything the browser would read differently (another start tag
 * without `src`, a text that holds `<!--`, `<script` or `</script`) stops the build instead of
 * giving a hash that does not match, which would silently keep the script from running.
 */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
const SCRIPT_START = /<script\b[^>]*>/gi;
const TOKENISER_CHANGING = /<!--|<\/?script/i;

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function inlineScripts(html: string): string[] {
  for (const [tag] of html.matchAll(SCRIPT_START)) {
    if (tag !== '<script>' && !/\ssrc="[^"]+"/.test(tag)) {
      throw new Error(`csp: an inline script must be a bare <script> to be hashed: ${tag}`);
    }
  }
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text = '']) => {
    if (TOKENISER_CHANGING.test(text)) {
      throw new Error(
        `csp: an inline script holds text a browser reads differently: ${text.slice(0, 80)}`,
      );
    }
    return text;
  });
}

/** The policy for a page whose inline scripts are those of `html`. */
export function contentSecurityPolicy(html: string): string {
  const hashes = inlineScripts(html).map(sha256);
  return [
    ["script-src 'self'", ...hashes, "'unsafe-eval'"].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * `html` with its policy last in `<head>`: in force for everything after it (the body, and all
 * the app and anything else puts in the page later). Not first: placed before the scripts, it
 * held back their fetches (the preload scanner waits for a policy it has seen): at 150 ms RTT
 * the first script request started 184-191 ms after navigation against 170-176 ms without a
 * policy or with it here, and Lighthouse mobile put the notification settings' LCP 120-160 ms
 * later. The hashes still name the inline scripts, should one ever come after it.
 */
export function withContentSecurityPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(html)}">`;
  if (!/<\/head>/i.test(html)) throw new Error('csp: the page has no </head> to put the policy in');
  return html.replace(/<\/head>/i, (tag) => `  ${meta}\n  ${tag}`);
}

/** Last of the HTML plugins: the policy hashes the inline scripts the others put in. */
export const csp = () => builtHtmlPlugin('csp', (html) => withContentSecurityPolicy(html));
