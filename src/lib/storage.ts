import { useSyncExternalStore } from 'react';

/**
 * The app's own browser storage. Every key that holds anything about a person (token, user id,
 * recent carts, return drafts, the customer's return requests) starts with USER_PREFIX, so that
 * signing out can remove them all in one sweep.
 */
export const APP_PREFIX = 'storefront-app:';
export const USER_PREFIX = `${APP_PREFIX}user:`;
/** The connection settings (a device setting). index.html's inline scripts read it too. */
export const SETTINGS_KEY = `${APP_PREFIX}settings`;
/** Who is signed in (sessionStorage, or localStorage when remembered). Read by index.html too. */
export const IDENTITY_KEY = `${USER_PREFIX}identity`;

type Area = 'local' | 'session';
const area = (where: Area): Storage | null => {
  try {
    return where === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app still works for this page view
  }
};

const readRaw = (where: Area, key: string): string | null => area(where)?.getItem(key) ?? null;

function parseRaw<T>(raw: string | null, parse: (raw: unknown) => T | null): T | null {
  if (raw == null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function readStored<T>(
  where: Area,
  key: string,
  parse: (raw: unknown) => T | null,
): T | null {
  return parseRaw(readRaw(where, key), parse);
}

/** Whether it was written (false: quota or storage off; the value holds in memory only). */
export function writeStored(where: Area, key: string, value: unknown): boolean {
  const storage = area(where);
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // quota or disabled storage: keeping the value in memory for this visit is the best we can do
    return false;
  }
}

export function removeStored(where: Area, key: string) {
  area(where)?.removeItem(key);
}

const userDataListeners = new Set<() => void>();

/**
 * `listener` runs after each sweep of the person-related keys: what a module keeps in memory
 * from them (a parsed copy) must go too. Returns the unsubscribe.
 */
export function onUserDataCleared(listener: () => void): () => void {
  userDataListeners.add(listener);
  return () => void userDataListeners.delete(listener);
}

/** Remove every person-related key (or those `keep` does not keep) from both storages (or `areas`). */
export function clearUserData(
  keep: (key: string) => boolean = () => false,
  areas: readonly Area[] = ['local', 'session'],
) {
  for (const where of areas) {
    const storage = area(where);
    if (!storage) continue;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(USER_PREFIX) && !keep(k),
    );
    keys.forEach((k) => storage.removeItem(k));
  }
  userDataListeners.forEach((l) => l());
}

export interface StoredValue<T> {
  get: () => T;
  set: (value: T) => void;
  /** Forget the value: back to the fallback. */
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * One value kept in localStorage (a device setting), with subscribers for React. `get` follows
 * storage: when the stored text changes underneath (localStorage.clear() between tests, a
 * sign-out sweep) it is parsed again; while it does not, the same value comes back, as
 * useSyncExternalStore requires. A value storage refuses (quota, privacy mode) still holds for
 * this page view.
 */
export function createStoredValue<T>(
  key: string,
  parse: (raw: unknown) => T | null,
  fallback: T,
): StoredValue<T> {
  let raw: string | null = null;
  let value = fallback;
  let read = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  // a person's value (recent carts) leaves memory with the sign-out sweep, not at the next read
  if (key.startsWith(USER_PREFIX)) {
    onUserDataCleared(() => {
      read = false;
      raw = null;
      value = fallback;
      notify();
    });
  }

  return {
    get() {
      const now = readRaw('local', key);
      if (!read || now !== raw) {
        read = true;
        raw = now;
        value = parseRaw(now, parse) ?? fallback;
      }
      return value;
    },
    set(next: T) {
      writeStored('local', key, next);
      read = true;
      raw = readRaw('local', key);
      value = next;
      notify();
    },
    clear() {
      removeStored('local', key);
      read = true;
      raw = null;
      value = fallback;
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      // another tab changed it (or cleared storage): `get` reads what is stored now
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) listener();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The current value of a stored value, re-rendering when it is set or cleared. */
export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
