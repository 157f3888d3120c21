import { vi } from 'vitest';

type Items = Record<string, string>;

/** What a storage holds, key by key. */
export const storedItems = (storage: Storage): Items =>
  Object.fromEntries(Object.keys(storage).map((k) => [k, storage.getItem(k) ?? '']));

function fill(storage: Storage, items: Items) {
  storage.clear();
  for (const [k, v] of Object.entries(items)) storage.setItem(k, v);
}

/**
 * Another tab of this browser: the session module as a page load starts it, with a
 * sessionStorage of its own that starts with `items` (by default a copy of this tab's, as
 * window.open and Duplicate tab make) and the same localStorage. What it changes in localStorage
 * reaches this tab as the browser's storage events.
 *
 * It loads its own copy of the modules (vi.resetModules): call it once the screens a test needs
 * are loaded, as a module imported after it is a new copy too.
 */
export async function openOtherTab(items: Items = storedItems(sessionStorage)) {
  let own = { ...items };
  async function inTab<T>(run: () => T | Promise<T>): Promise<T> {
    const here = storedItems(sessionStorage);
    fill(sessionStorage, own);
    try {
      return await run();
    } finally {
      own = storedItems(sessionStorage);
      fill(sessionStorage, here);
    }
  }
  vi.resetModules();
  // the events sent here are this tab's: a browser sends a tab none of its own changes
  const listen = vi.spyOn(window, 'addEventListener').mockImplementation(() => undefined);
  const { sessionStore: session } = await inTab(() => import('@/lib/session'));
  listen.mockRestore();
  return {
    session,
    sessionItems: () => own,
    /** `run` in that tab; this tab hears of each localStorage key it changed (unless not `heard`). */
    async does(run: (s: typeof session) => void, { heard = true } = {}) {
      const before = storedItems(localStorage);
      await inTab(() => run(session));
      const after = storedItems(localStorage);
      if (!heard) return;
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (before[key] === after[key]) continue;
        window.dispatchEvent(
          new StorageEvent('storage', {
            key,
            oldValue: before[key] ?? null,
            newValue: after[key] ?? null,
            storageArea: localStorage,
          }),
        );
      }
    },
  };
}
