import { useSyncExternalStore } from 'react';
import { type Connection, storeOf } from '@/api/connection';
import { discardEarlyResponses } from '@/api/early-response';
import { BUILD_API_BASE_URL, DEFAULT_API_KEY, DEFAULT_STORE_ID, IS_DEMO_BUILD } from './config';
import {
  APP_PREFIX,
  IDENTITY_KEY,
  SETTINGS_KEY,
  USER_PREFIX,
  clearUserData,
  readStored,
  removeStored,
  writeStored,
} from './storage';

export type Role = 'staff' | 'customer';

export interface Identity {
  accessToken: string;
  userId: string;
  /** What the header shows; for a typed-in token, the user id. */
  displayName: string;
  role: Role | null;
}

export interface Settings {
  baseUrl: string;
  storeId: string;
  apiKey: string;
}

export interface Session {
  settings: Settings;
  identity: Identity | null;
  /** The identity is kept in localStorage ("Remember on this device") rather than sessionStorage. */
  remember: boolean;
  connection: Connection;
  /** Signed out by another tab (this tab's unsaved work went with it): the sign-in prompt says so. */
  endedElsewhere?: boolean;
  /**
   * Another tab signed someone else in (or the same user ID with another token): this tab now
   * works for them, and its unsaved work went. The layout says so until dismissed.
   */
  switchedElsewhere?: { from: string; to: string; samePerson: boolean };
}

/** Whose records the USER_PREFIX keys hold (localStorage): set at sign-in. */
const OWNER_KEY = `${USER_PREFIX}owner`;

/** A 53-bit fingerprint (cyrb53) of `text`: tells the same text again without keeping it. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The owner of the stored records: the user ID and a fingerprint of the token. A user ID alone
 * is only typed: anyone at a shared till could type another person's and see the records they
 * left. The fingerprint tells whether the same token came back without keeping the token; it
 * protects nothing from someone who can read storage, who can read the records.
 */
function ownerOf({ userId, accessToken }: Identity): string {
  return JSON.stringify([userId, fingerprint(accessToken)]);
}

/**
 * Sign-ins signed out (localStorage, a device key: a sign-out does not sweep it): a fingerprint of
 * each one's user ID and token, nothing readable. Written at sign-out, it is how the sign-out
 * reaches the other tabs holding the same sign-in in their sessionStorage (copied from this one
 * by window.open or Duplicate tab): the storage event of the write, in a tab that is open, and
 * the next load, in a tab that was closed and comes back (Reopen closed tab, a restored
 * session). A sign-in of the same user ID and token takes its fingerprint out again.
 */
const SIGNED_OUT_KEY = `${APP_PREFIX}signed-out`;
/** The last sign-outs kept: enough for the tabs of one till; old ones go first. */
const SIGNED_OUT_KEPT = 20;

const signInOf = ({ userId, accessToken }: Identity) =>
  fingerprint(JSON.stringify([userId, accessToken]));

const readSignedOut = (): string[] =>
  readStored('local', SIGNED_OUT_KEY, (v) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null,
  ) ?? [];

function writeSignedOut(list: string[]) {
  // not written (storage full): better no list than one that signs a new sign-in out
  if (list.length === 0 || !writeStored('local', SIGNED_OUT_KEY, list)) {
    removeStored('local', SIGNED_OUT_KEY);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function parseSettings(raw: unknown): Settings | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return { baseUrl: str(r.baseUrl), storeId: str(r.storeId), apiKey: str(r.apiKey) };
}

function parseIdentity(raw: unknown): Identity | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (!str(r.accessToken)) return null;
  const role = r.role === 'staff' || r.role === 'customer' ? r.role : null;
  return {
    accessToken: str(r.accessToken),
    userId: str(r.userId),
    displayName: str(r.displayName) || str(r.userId) || 'Signed in',
    role,
  };
}

export const buildSettings: Settings = {
  baseUrl: BUILD_API_BASE_URL,
  storeId: DEFAULT_STORE_ID,
  apiKey: DEFAULT_API_KEY,
};

function toSession(settings: Settings, identity: Identity | null, remember: boolean): Session {
  return {
    settings,
    identity,
    remember,
    connection: {
      baseUrl: settings.baseUrl,
      storeId: settings.storeId,
      apiKey: settings.apiKey,
      accessToken: identity?.accessToken ?? '',
      userId: identity?.userId ?? '',
    },
  };
}

function load(): Session {
  const stored = readStored('local', SETTINGS_KEY, parseSettings);
  const settings: Settings = {
    // empty means "the build's": in a demo build that is the demo service (''), in a real-backend
    // build its API (an empty value kept from elsewhere must not send requests to this host)
    baseUrl: stored?.baseUrl || buildSettings.baseUrl,
    storeId: stored?.storeId || buildSettings.storeId,
    apiKey: stored?.apiKey ?? buildSettings.apiKey,
  };
  const remembered = readStored('local', IDENTITY_KEY, parseIdentity);
  let tabOnly = readStored('session', IDENTITY_KEY, parseIdentity);
  // this tab's sign-in came from another tab (window.open, Duplicate tab) that has signed it out
  // since: signed out here too, with this tab's records (drafts, kept changes), as a sign-out in
  // this tab does. Told by the storage event of the sign-out, or found at this load (the tab was
  // closed then); index.html's early requests, sent before this knew, are not taken
  const endedElsewhere = tabOnly !== null && readSignedOut().includes(signInOf(tabOnly));
  if (endedElsewhere) {
    clearUserData(() => false, ['session']);
    discardEarlyResponses();
    tabOnly = null;
  }
  // a sign-in for this tab only is still not remembered when another tab remembers someone
  const session = toSession(
    settings,
    tabOnly ?? remembered,
    tabOnly === null && remembered !== null,
  );
  return endedElsewhere && !session.identity ? { ...session, endedElsewhere } : session;
}

let current: Session = load();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Whom the app acts for: the service, the store and the person. When it changes, everything
 * fetched for the one before belongs to someone else: it is dropped (`onSwitch`), and answers
 * still on their way are refused (`signal`).
 */
export const whomOf = (s: Session) =>
  JSON.stringify([storeOf(s.settings), s.identity?.accessToken ?? '', s.identity?.userId ?? '']);

let requests = new AbortController();
const switchListeners = new Set<() => void>();

function setCurrent(next: Session) {
  const switched = whomOf(next) !== whomOf(current);
  current = next;
  if (switched) {
    requests.abort(new DOMException('Whom the app acts for changed', 'AbortError'));
    requests = new AbortController();
    // what index.html requested early was for the one before
    discardEarlyResponses();
    switchListeners.forEach((l) => l());
  }
  emit();
}

export const sessionStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /**
   * Runs `listener` when the service, the store or the person changes (here or in another tab),
   * before any screen renders for the new one: the place to drop the query cache.
   */
  onSwitch(listener: () => void) {
    switchListeners.add(listener);
    return () => void switchListeners.delete(listener);
  },
  /** Aborted when whom the app acts for changes: an answer for the one before is not shown. */
  signal: () => requests.signal,
  saveSettings(settings: Settings) {
    writeStored('local', SETTINGS_KEY, settings);
    setCurrent(toSession(settings, current.identity, current.remember));
  },
  signIn(identity: Identity, remember: boolean) {
    // the stored records are someone else's (the last person signed out, or closed the tab
    // without signing out, on a shared till), or may be (their user ID with another token): they
    // go before this person sees anything
    const owner = ownerOf(identity);
    // the identity itself is replaced, never removed first: other tabs see every change to it
    // (a storage event each) and would take a removal for a sign-out, dropping their drafts
    if (readStored('local', OWNER_KEY, str) !== owner) clearUserData((key) => key === IDENTITY_KEY);
    writeStored('local', OWNER_KEY, owner);
    // signed in again: no longer signed out, here or in a tab that comes back with it
    const signedOut = readSignedOut();
    const signIn = signInOf(identity);
    if (signedOut.includes(signIn)) writeSignedOut(signedOut.filter((s) => s !== signIn));
    const [kept, other] = remember
      ? (['local', 'session'] as const)
      : (['session', 'local'] as const);
    removeStored(other, IDENTITY_KEY);
    // not written (storage full): the one there before must not come back at the next load
    if (!writeStored(kept, IDENTITY_KEY, identity)) removeStored(kept, IDENTITY_KEY);
    setCurrent(toSession(current.settings, identity, remember));
  },
  /**
   * Forget the identity and every stored customer record (and, by `onSwitch`, the cache), here
   * and in every other tab holding the same sign-in (SIGNED_OUT_KEY).
   */
  signOut() {
    const { identity } = current;
    // a sign-in remembered on this device by another tab, of someone else (this tab's was for
    // itself only): theirs, and this sign-out does not end it. The records go all the same
    const remembered = readStored('local', IDENTITY_KEY, parseIdentity);
    if (identity && remembered && signInOf(remembered) !== signInOf(identity)) {
      clearUserData((key) => key === IDENTITY_KEY, ['local']);
      clearUserData(() => false, ['session']);
    } else clearUserData();
    if (identity) {
      const signIn = signInOf(identity);
      // newest last: the oldest go first when the list is full
      const rest = readSignedOut().filter((s) => s !== signIn);
      // storage full: this sign-out alone, rather than no word of it to the other tabs
      const list = [...rest.slice(-(SIGNED_OUT_KEPT - 1)), signIn];
      if (!writeStored('local', SIGNED_OUT_KEY, list)) writeSignedOut([signIn]);
    }
    setCurrent(toSession(current.settings, null, false));
  },
  /** Forget the stored customer records but not who is signed in (a demo data reset). */
  clearRecords() {
    clearUserData((key) => key === IDENTITY_KEY || key === OWNER_KEY);
  },
  /** Re-read storage (tests, other tabs). */
  reload() {
    const next = load();
    // another tab signed someone else in (or a user ID with another token), or signed out: this
    // tab's own records (sessionStorage: drafts, kept changes) were the last person's. The same
    // person signing in again keeps them, as a sign-in here does. The shared ones (localStorage)
    // are that tab's to sweep.
    const person = (s: Session) => JSON.stringify([s.identity?.userId, s.identity?.accessToken]);
    const switched = person(next) !== person(current);
    if (switched) clearUserData((key) => key === IDENTITY_KEY, ['session']);
    // what this tab says of it: signed out, or someone else signed in, elsewhere; what was said
    // before stays while it is still true (a change of the connection only)
    const before = current.identity;
    let told: Pick<Session, 'endedElsewhere' | 'switchedElsewhere'> = {};
    if (!next.identity) told = { endedElsewhere: before ? true : current.endedElsewhere };
    else if (before && switched) {
      const { displayName: to, userId } = next.identity;
      told = {
        switchedElsewhere: { from: before.displayName, to, samePerson: userId === before.userId },
      };
    } else if (before) told = { switchedElsewhere: current.switchedElsewhere };
    setCurrent({ ...next, ...told });
  },
  /** The sign-out in another tab was news for the screen open then: the next is not told again. */
  forgetEndedElsewhere() {
    if (current.endedElsewhere) setCurrent({ ...current, endedElsewhere: undefined });
  },
  /** The notice of a sign-in in another tab was read. */
  dismissSwitchNotice() {
    if (current.switchedElsewhere) setCurrent({ ...current, switchedElsewhere: undefined });
  },
};

if (typeof window !== 'undefined') {
  // another tab signed in or out (SIGNED_OUT_KEY: a sign-in kept in sessionStorage, which no
  // other tab sees), or changed the connection
  const keys = new Set([SETTINGS_KEY, IDENTITY_KEY, SIGNED_OUT_KEY]);
  window.addEventListener('storage', (e) => {
    if (e.key === null || keys.has(e.key)) sessionStore.reload();
  });
  // back from the back/forward cache: storage events were not sent to it while it was there
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) sessionStore.reload();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function useConnection(): Connection {
  return useSession().connection;
}

/** Demo mode: this build has no API base URL and none was set at runtime. */
export function isDemoMode(settings: Settings = current.settings): boolean {
  return IS_DEMO_BUILD && settings.baseUrl === '';
}
