import { useLocation, useParams } from 'react-router';

/**
 * The path as the router matches it (its `decodePath`): each segment decoded, a "/" inside one
 * kept as %2F. For matching a pattern; a param's value is `lastSegmentDecoded`'s.
 */
export const pathAsRouted = (pathname: string) =>
  pathname
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s).replaceAll('/', '%2F');
      } catch {
        return s;
      }
    })
    .join('/');

/** The path's last segment decoded once, or null when it is not valid percent-encoding. */
export function lastSegmentDecoded(pathname: string): string | null {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A route's param that is the last segment of its path, as typed: decoded once. The router
 * decodes its params twice, so an id typed as "%2F" (in the address as %252F) came out as "/",
 * and the service was asked for another record than the one typed. index.html's early requests
 * decode the same way (scripts/early-requests.ts).
 */
export function useLastParam(name: string): string {
  const params = useParams();
  const { pathname } = useLocation();
  // not percent-encoding (a hand-typed address): as the router read it
  return lastSegmentDecoded(pathname) ?? params[name] ?? '';
}
