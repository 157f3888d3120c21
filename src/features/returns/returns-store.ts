import { useCallback, useSyncExternalStore } from 'react';
import { type OrderReturn, orderReturnSchema } from '@/api/schemas/order-return';
import { USER_PREFIX, onUserDataCleared, readStored, writeStored } from '@/lib/storage';

/*
 * The service has no operation to read a return back, so the returns a person sends from this
 * browser are kept here (localStorage, under USER_PREFIX so signing out removes them), newest
 * first, exactly as the service answered. The confirmation screen and the list read from here.
 */

const MAX_KEPT = 100;
export const returnsKey = (userId: string) => `${USER_PREFIX}returns:${userId}`;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function parseList(raw: unknown): OrderReturn[] | null {
  if (!Array.isArray(raw)) return null;
  // one damaged entry must not hide the others
  return raw.flatMap((entry) => {
    const parsed = orderReturnSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function readReturns(userId: string): OrderReturn[] {
  return readStored('local', returnsKey(userId), parseList) ?? [];
}

export function saveReturn(userId: string, created: OrderReturn) {
  const others = readReturns(userId).filter((r) => r.request_number !== created.request_number);
  writeStored('local', returnsKey(userId), [created, ...others].slice(0, MAX_KEPT));
  emit();
}

// snapshots must be stable between renders: re-parse only when the stored text changes
const cache = new Map<string, { raw: string | null; list: OrderReturn[] }>();
// signed out: the parsed copies leave memory with the stored lists
onUserDataCleared(() => {
  cache.clear();
  emit();
});
function snapshot(userId: string): OrderReturn[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(returnsKey(userId));
  } catch {
    raw = null;
  }
  const hit = cache.get(userId);
  if (hit && hit.raw === raw) return hit.list;
  const list = readReturns(userId);
  cache.set(userId, { raw, list });
  return list;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab sent a return
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useStoredReturns(userId: string): OrderReturn[] {
  const get = useCallback(() => snapshot(userId), [userId]);
  return useSyncExternalStore(subscribe, get, get);
}
