// Stands in for `tldts` in the app's bundle (vite.config.ts aliases it). msw's browser worker
// keeps a cookie jar (tough-cookie), and tough-cookie asks `tldts` for a host's registrable domain
// from the full public suffix list: 257 KB of the demo's 458 KB service chunk (about 100 KB gzip),
// downloaded and run before the demo's first data. The demo service reads no cookies and sets
// none, and the jar only mirrors the page's own origin, so this answer is enough: the last two
// labels of a name, nothing for an IP address or a one-label host (which tough-cookie handles
// itself, e.g. `localhost`). The Node side (vitest, `npm run api`) is not bundled and keeps tldts.

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The registrable domain of `host` by its last two labels; `null` when there is none. */
export function getDomain(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.includes(':') || name.startsWith('[') || IPV4.test(name)) return null;
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  return labels.slice(-2).join('.');
}
