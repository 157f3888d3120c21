/**
 * The app's own browser storage. Every key that holds anything about a person (token, user id,
 * recent carts, return drafts, the customer's return requests) starts with USER_PREFIX, so that
 * signing out can remove them all in one sweep.
 */
export const APP_PREFIX = 'storefront-app:';
export const USER_PREFIX = `${APP_PREFIX}user:`;

type Area = 'local' | 'session';
const area = (where: Area): Storage | null => {
  try {
    return where === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app still works for this page view
  }
};

export function readStored<T>(
  where: Area,
  key: string,
  parse: (raw: unknown) => T | null,
): T | null {
  const raw = area(where)?.getItem(key);
  if (raw == null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(where: Area, key: string, value: unknown) {
  try {
    area(where)?.setItem(key, JSON.stringify(value));
  } catch {
    // quota or disabled storage: keeping the value in memory for this visit is the best we can do
  }
}

export function removeStored(where: Area, key: string) {
  area(where)?.removeItem(key);
}

/** Remove every person-related key (or those `keep` does not keep) from both storages. */
export function clearUserData(keep: (key: string) => boolean = () => false) {
  for (const where of ['local', 'session'] as const) {
    const storage = area(where);
    if (!storage) continue;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(USER_PREFIX) && !keep(k),
    );
    keys.forEach((k) => storage.removeItem(k));
  }
}
