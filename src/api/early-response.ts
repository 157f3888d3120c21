/**
 * Responses to the GETs a route's screen makes first, requested by index.html's inline script
 * before the app's code has arrived (scripts/early-requests.ts; docs/performance.md). The client
 * takes one in place of its own `fetch` when it is for the same URL with exactly the same headers,
 * at most once, and only while it is fresh.
 */
export interface EarlyResponse {
  url: string;
  /** The headers it was sent with (names as the script wrote them). */
  headers: Record<string, string>;
  /** `performance.now()` when it was sent. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyResponses?: EarlyResponse[];
  }
}

/** Older than this, the screen fetches again: what it shows must not be older than its load. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

const canonical = (entries: Iterable<[string, string]>) =>
  JSON.stringify([...entries].map(([k, v]) => [k.toLowerCase(), v]).sort());

/** The early response for this request, removed from the list; undefined when there is none. */
export function takeEarlyResponse(url: string, headers: Headers): Promise<Response> | undefined {
  const list = typeof window === 'undefined' ? undefined : window.__earlyResponses;
  if (!Array.isArray(list)) return undefined;
  const index = list.findIndex((e) => e.url === url);
  if (index < 0) return undefined;
  const [entry] = list.splice(index, 1);
  if (!entry) return undefined;
  // a different credential (someone else signed in meanwhile) or header: not this request
  if (canonical(Object.entries(entry.headers)) !== canonical(headers.entries())) return undefined;
  if (performance.now() - entry.at > EARLY_RESPONSE_MAX_AGE_MS) return undefined;
  return entry.response;
}

/** Forget every early response (sign-in and sign-out: they may hold a customer's records). */
export function discardEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__earlyResponses;
}
