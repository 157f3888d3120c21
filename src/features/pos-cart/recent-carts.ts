import { USER_PREFIX, createStoredValue, useStoredValue } from '@/lib/storage';

/**
 * Carts opened at this terminal, newest first. They name customers and their purchases, so the
 * key starts with USER_PREFIX: signing out removes the list with everything else about people.
 * No money is kept: a stored amount would go stale and could mislead at the till.
 */
export interface RecentCart {
  id: string;
  /** ISO time the cart was last opened here. */
  openedAt: string;
  itemCount: number | null;
  customerName: string | null;
}

/** One list per store (`storeOf`): another store's carts are not this one's to open. */
export const recentCartsKey = (store: string) => `${USER_PREFIX}recent-carts:${store}`;
export const MAX_RECENT_CARTS = 8;

function parse(raw: unknown): RecentCart[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((entry: unknown): RecentCart[] => {
    if (!entry || typeof entry !== 'object') return [];
    const r = entry as Record<string, unknown>;
    // a date Intl cannot format would take the POS screen down: such an entry is left out
    if (typeof r.id !== 'string' || typeof r.openedAt !== 'string') return [];
    if (Number.isNaN(Date.parse(r.openedAt))) return [];
    return [
      {
        id: r.id,
        openedAt: r.openedAt,
        itemCount: typeof r.itemCount === 'number' ? r.itemCount : null,
        customerName: typeof r.customerName === 'string' ? r.customerName : null,
      },
    ];
  });
}

const EMPTY: RecentCart[] = [];
// read on every get (a sign-out elsewhere empties storage), one stable array per stored value
const lists = new Map<string, ReturnType<typeof createList>>();
const createList = (store: string) => {
  const stored = createStoredValue(recentCartsKey(store), parse, EMPTY);
  return {
    stored,
    get: stored.get,
    /** Put the cart at the top of the list (once), dropping the oldest past the limit. */
    remember(entry: Omit<RecentCart, 'openedAt'>, now = new Date()) {
      const rest = stored.get().filter((c) => c.id !== entry.id);
      stored.set([{ ...entry, openedAt: now.toISOString() }, ...rest].slice(0, MAX_RECENT_CARTS));
    },
    clear: stored.clear,
  };
};

/** The carts opened at this terminal for the store `store` (`storeOf` of the connection). */
export function recentCarts(store: string) {
  let list = lists.get(store);
  if (!list) lists.set(store, (list = createList(store)));
  return list;
}

export function useRecentCarts(store: string): RecentCart[] {
  return useStoredValue(recentCarts(store).stored);
}
