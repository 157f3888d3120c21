import { useSyncExternalStore } from 'react';
import { USER_PREFIX, readStored, writeStored } from '@/lib/storage';

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

export const RECENT_CARTS_KEY = `${USER_PREFIX}recent-carts`;
export const MAX_RECENT_CARTS = 8;

function parse(raw: unknown): RecentCart[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((entry: unknown): RecentCart[] => {
    if (!entry || typeof entry !== 'object') return [];
    const r = entry as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.openedAt !== 'string') return [];
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
let cache: { raw: string | null; list: RecentCart[] } = { raw: null, list: EMPTY };
const listeners = new Set<() => void>();

/** Read on every call (sign-out elsewhere empties storage), but keep a stable array per value. */
function read(): RecentCart[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(RECENT_CARTS_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cache.raw) {
    cache = { raw, list: readStored('local', RECENT_CARTS_KEY, parse) ?? EMPTY };
  }
  return cache.list;
}

export const recentCarts = {
  get: read,
  /** Put the cart at the top of the list (once), dropping the oldest past the limit. */
  remember(entry: Omit<RecentCart, 'openedAt'>, now = new Date()) {
    const rest = read().filter((c) => c.id !== entry.id);
    const next = [{ ...entry, openedAt: now.toISOString() }, ...rest].slice(0, MAX_RECENT_CARTS);
    writeStored('local', RECENT_CARTS_KEY, next);
    listeners.forEach((l) => l());
  },
  clear() {
    writeStored('local', RECENT_CARTS_KEY, []);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useRecentCarts(): RecentCart[] {
  return useSyncExternalStore(recentCarts.subscribe, recentCarts.get, () => EMPTY);
}
