import type { Identity } from '@/lib/session';
import { IDENTITY_KEY, USER_PREFIX, clearUserData } from '@/lib/storage';

/*
 * A sign-in with a new access token for the user ID already signed in (the old token expired)
 * sweeps that person's records like any other sign-in (src/lib/session.ts): a token typed beside
 * someone's user ID proves nothing until the service accepts it for that user. The records are
 * set aside in memory first, and put back once Get user (op 10, "Bearer (that user)") answers
 * for the new token: the same person, so their return draft (with the Idempotency-Key of a send
 * whose outcome is unknown) and their list of returns are not lost to a token's expiry. A token
 * the service does not confirm, a reload or a sign-out meanwhile, and they are gone, as before.
 */

interface Entry {
  where: 'local' | 'session';
  key: string;
  raw: string;
}

export interface SetAside {
  /** Whose they are: the user ID, with the token of the sign-in that must be confirmed. */
  userId: string;
  accessToken: string;
  entries: Entry[];
}

function storageOf(where: Entry['where']): Storage | null {
  try {
    return where === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The records to set aside before `next` signs in in place of `current`: only when it is the
 * same user ID with another token (someone else's records are never kept for a new person).
 */
export function setAsideFor(current: Identity | null, next: Identity): SetAside | null {
  if (!current || current.userId !== next.userId || current.accessToken === next.accessToken) {
    return null;
  }
  const entries: Entry[] = [];
  for (const where of ['local', 'session'] as const) {
    const storage = storageOf(where);
    if (!storage) continue;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      // the identity is the new sign-in's; the rest of the person's keys are records
      if (!key?.startsWith(USER_PREFIX) || key === IDENTITY_KEY) continue;
      const raw = storage.getItem(key);
      if (raw !== null) entries.push({ where, key, raw });
    }
  }
  return entries.length > 0
    ? { userId: next.userId, accessToken: next.accessToken, entries }
    : null;
}

/**
 * Put the records back for `signedIn`, the identity the service has just confirmed, if it is the
 * sign-in they were set aside for. What was written since the sign-in (the owner's mark, a record
 * made meanwhile) stays as it is. Returns whether anything came back.
 */
export function putBack(aside: SetAside, signedIn: Identity | null): boolean {
  if (signedIn?.userId !== aside.userId || signedIn.accessToken !== aside.accessToken) return false;
  let any = false;
  for (const { where, key, raw } of aside.entries) {
    const storage = storageOf(where);
    if (!storage || storage.getItem(key) !== null) continue;
    try {
      storage.setItem(key, raw);
      any = true;
    } catch {
      // storage full: that record stays gone
    }
  }
  // what the app keeps in memory from these keys reads them again (nothing is removed)
  if (any) clearUserData(() => true, []);
  return any;
}

/**
 * What to set aside for the sign-in `next`, when the records of an earlier sign-in (`waiting`)
 * were set aside and its check has not answered: a Save pressed again meanwhile (a double click,
 * Enter twice, a token corrected) signs in over it, and finds the records swept already, so
 * `fresh` (what it sets aside itself) no longer holds them. For the same user ID, they are still
 * that user's, to come back once the service confirms `next`; for another, they are not.
 */
export function carryOver(
  waiting: SetAside | null,
  current: Identity | null,
  next: Identity,
  fresh: SetAside | null,
): SetAside | null {
  if (
    !waiting ||
    current?.userId !== waiting.userId ||
    current.accessToken !== waiting.accessToken ||
    next.userId !== waiting.userId
  ) {
    return fresh;
  }
  const held = new Set(waiting.entries.map((e) => `${e.where}:${e.key}`));
  return {
    userId: next.userId,
    accessToken: next.accessToken,
    entries: [
      ...waiting.entries,
      ...(fresh?.entries.filter((e) => !held.has(`${e.where}:${e.key}`)) ?? []),
    ],
  };
}
