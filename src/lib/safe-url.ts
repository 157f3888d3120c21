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
