import { useDeferredValue } from 'react';

/**
 * `data`, but on its first arrival (from nothing to a value) one render later, at a priority
 * React may split: the screen under it then mounts in short tasks instead of one long one, so
 * the page stays responsive while it draws (docs/performance.md). Once there, every change
 * (a mutation's new cart) renders at once, as before: only the arrival is deferred.
 */
export function useDeferredArrival<T>(data: T | undefined): T | undefined {
  const arrived = useDeferredValue(data !== undefined);
  return arrived ? data : undefined;
}
