/** Where and as whom the client talks to the service. */
export interface Connection {
  /** Origin (and optional path prefix) of the API; '' = the app's own origin (demo mode). */
  baseUrl: string;
  storeId: string;
  apiKey: string;
  accessToken: string;
  /** The signed-in user's id, for the user operations (1, 2, 10). */
  userId: string;
}

/**
 * Encode one path segment (ids come from users, scanners and settings). `.` and `..` would be
 * resolved as dot segments (also when written `%2E%2E`) and send the request, with its credential,
 * to another path: they are encoded twice, so the service receives `%2E%2E`, one segment that
 * names nothing.
 */
export const seg = (value: string) =>
  encodeURIComponent(/^\.\.?$/.test(value) ? value.replaceAll('.', '%2E') : value);

export function storefrontUrl(conn: Pick<Connection, 'baseUrl' | 'storeId'>, path: string): string {
  // '' = the app's own origin; spelled out because Node's fetch (tests) needs absolute URLs
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const base = (conn.baseUrl || origin).replace(/\/+$/, '');
  return `${base}/api/v1/${seg(conn.storeId)}/storefront${path}`;
}

/** The base URL as the browser reads it: "Https://API.example.com:443/" is https://api.example.com. */
function sameService(baseUrl: string): string {
  let read = baseUrl;
  try {
    read = new URL(baseUrl).href;
  } catch {
    // '' (the demo service) or not an address: as written
  }
  return read.replace(/\/+$/, '');
}

/**
 * Which service and store a connection talks to (the base URL as the browser reads it: a
 * trailing slash, capitals in the scheme or host, or the default port name the same service):
 * the key of whatever belongs to one store, e.g. the terminal's location.
 */
export const storeOf = (conn: Pick<Connection, 'baseUrl' | 'storeId'>) =>
  JSON.stringify([sameService(conn.baseUrl), conn.storeId]);
