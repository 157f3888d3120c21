import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (rotation, resizing). Where
 * `matchMedia` does not exist (jsdom), `fallback` is used.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, get, () => fallback);
}
