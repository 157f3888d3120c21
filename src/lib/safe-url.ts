/** How an http(s) address starts (DOMPurify's `ALLOWED_URI_REGEXP` in `sanitize.ts`). */
export const HTTP_URL_START = /^https?:\/\//i;

/**
 * An absolute http(s) address a browser can load or follow: "https://", "https://a b.example/"
 * or a port past 65535 start like one but are not. What the sanitiser keeps of a URL attribute
 * (`sanitize.ts`), and so what counts as an image of a policy (`policy-content.ts`).
 */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL_START.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Only http: and https: URLs may reach an href or src. Relative URLs resolve against the app's
 * own origin (itself http(s)). Anything else (javascript:, data:, vbscript:...) gives null.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A path of this app to go to (after sign-in), or null: no open redirect. `next` must be a
 * path ("/..."); it is resolved against this origin and kept only if it stays on it and its
 * resolved path does not start with "//" ("/..//evil.example" resolves to "//evil.example",
 * which navigate() or location.assign() would read as another host). Backslashes and control
 * characters, which browsers read as path separators or drop, are refused outright.
 */
export function safeAppPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.includes('\\')) return null;
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f')) return null;
  try {
    const { origin } = window.location;
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
