import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from './demo-identities';
import { sessionStore } from './session';
import { APP_PREFIX, IDENTITY_KEY, USER_PREFIX, writeStored } from './storage';

const asha = DEMO_IDENTITIES.find((d) => d.id === 'asha')!;

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.reload();
  });

  it('keeps the token for the tab unless asked to remember it', () => {
    sessionStore.signIn(asha, false);
    expect(sessionStorage.getItem(`${USER_PREFIX}identity`)).toContain('demo-customer-token');
    expect(localStorage.getItem(`${USER_PREFIX}identity`)).toBeNull();
    sessionStore.signIn(asha, true);
    expect(localStorage.getItem(`${USER_PREFIX}identity`)).toContain('demo-customer-token');
    expect(sessionStorage.getItem(`${USER_PREFIX}identity`)).toBeNull();
    sessionStore.reload();
    expect(sessionStore.get().connection.accessToken).toBe('demo-customer-token');
    expect(sessionStore.get().remember).toBe(true);
  });

  it('a sign-in that remembers never takes the identity out of localStorage on its way', () => {
    // each change to it is a storage event in the other tabs: a removal reads there as a sign-out
    // (their drafts dropped, "signed out in another tab"), even when the same person signs in
    // again or someone else signs in straight after
    const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;
    sessionStore.signIn(asha, true);
    const seen: (string | null)[] = [];
    const { removeItem, setItem, clear } = Storage.prototype;
    const watch = <A extends unknown[]>(f: (this: Storage, ...a: A) => void) =>
      function (this: Storage, ...a: A) {
        f.apply(this, a);
        if (this === localStorage) seen.push(localStorage.getItem(IDENTITY_KEY));
      };
    Storage.prototype.removeItem = watch(removeItem);
    Storage.prototype.setItem = watch(setItem);
    Storage.prototype.clear = watch(clear);
    try {
      sessionStore.signIn(asha, true);
      sessionStore.signIn(cashier, true);
    } finally {
      Object.assign(Storage.prototype, { removeItem, setItem, clear });
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(null);
    expect(localStorage.getItem(IDENTITY_KEY)).toContain('demo-cashier-token');
    expect(sessionStorage.getItem(IDENTITY_KEY)).toBeNull();
    // and one not remembered takes the remembered one away: it is not left for the next visit
    sessionStore.signIn(asha, false);
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
    expect(sessionStorage.getItem(IDENTITY_KEY)).toContain('demo-customer-token');
  });

  it('says when another tab signed someone else in or signed out, while that holds', () => {
    const vikram = DEMO_IDENTITIES.find((d) => d.id === 'vikram')!;
    sessionStore.signIn(asha, true);
    // the other tab signs Vikram in
    writeStored('local', IDENTITY_KEY, vikram);
    sessionStore.reload();
    expect(sessionStore.get().switchedElsewhere).toEqual({
      from: 'Asha Rao',
      to: 'Vikram Shah',
      samePerson: false,
    });
    // a storage event that changes no person (the connection, elsewhere) keeps it said
    sessionStore.reload();
    expect(sessionStore.get().switchedElsewhere).toEqual({
      from: 'Asha Rao',
      to: 'Vikram Shah',
      samePerson: false,
    });
    sessionStore.dismissSwitchNotice();
    expect(sessionStore.get().switchedElsewhere).toBeUndefined();
    expect(sessionStore.get().identity?.userId).toBe('cus_1002');
    // the same user ID with another token (a new sign-in there): the same person, again
    writeStored('local', IDENTITY_KEY, { ...vikram, accessToken: 'another-token' });
    sessionStore.reload();
    expect(sessionStore.get().switchedElsewhere).toMatchObject({ samePerson: true });

    // signed out there: said on the sign-in prompt, and still so after another event
    localStorage.removeItem(IDENTITY_KEY);
    sessionStore.reload();
    sessionStore.reload();
    expect(sessionStore.get().endedElsewhere).toBe(true);
    // a sign-in (there, after none here) is nobody's switch, and ends the sign-out's news
    writeStored('local', IDENTITY_KEY, asha);
    sessionStore.reload();
    expect(sessionStore.get().endedElsewhere).toBeUndefined();
    expect(sessionStore.get().switchedElsewhere).toBeUndefined();
    // a sign-in here says nothing of elsewhere
    writeStored('local', IDENTITY_KEY, vikram);
    sessionStore.reload();
    sessionStore.signIn(asha, true);
    expect(sessionStore.get().switchedElsewhere).toBeUndefined();
  });

  it('a sign-in storage refuses to keep leaves no one stored, not the person before', () => {
    sessionStore.signIn(asha, true);
    const { setItem } = Storage.prototype;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === IDENTITY_KEY) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
    try {
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'vikram')!,
        true,
      );
    } finally {
      Storage.prototype.setItem = setItem;
    }
    // this visit goes on as Vikram; the next load is nobody's, never Asha's
    expect(sessionStore.get().identity?.userId).toBe('cus_1002');
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
  });

  it("follows another tab's sign-in, and ignores its other stored values", () => {
    const before = sessionStore.get();
    localStorage.setItem(`${APP_PREFIX}pos-shortcuts`, 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: `${APP_PREFIX}pos-shortcuts` }));
    expect(sessionStore.get()).toBe(before);
    writeStored('local', IDENTITY_KEY, asha);
    window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    expect(sessionStore.get().connection.accessToken).toBe('demo-customer-token');
  });

  it('signing out removes every person-related key and keeps device settings', () => {
    sessionStore.saveSettings({ baseUrl: 'https://api.example.com', storeId: 's1', apiKey: 'k' });
    sessionStore.signIn(asha, true);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    writeStored('session', `${USER_PREFIX}return-draft`, { order: 'ORD-1001' });
    sessionStore.signOut();
    const keys = [...Object.keys(localStorage), ...Object.keys(sessionStorage)];
    expect(keys.filter((k) => k.startsWith(USER_PREFIX))).toEqual([]);
    expect(sessionStore.get().identity).toBeNull();
    expect(sessionStore.get().connection).toMatchObject({
      baseUrl: 'https://api.example.com',
      storeId: 's1',
      apiKey: 'k',
      accessToken: '',
      userId: '',
    });
  });

  it("a new person signing in does not inherit the last one's records", () => {
    sessionStore.signIn(asha, false);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStore.signIn(
      DEMO_IDENTITIES.find((d) => d.id === 'cashier')!,
      false,
    );
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).toBeNull();
    expect(sessionStore.get().identity?.userId).toBe('staff_01');
  });

  it('records left by someone who closed the tab without signing out go when the next person signs in', () => {
    sessionStore.signIn(asha, false);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStorage.clear(); // the tab closed: Asha's sign-in went with it
    sessionStore.reload();
    expect(sessionStore.get().identity).toBeNull();
    sessionStore.signIn(
      DEMO_IDENTITIES.find((d) => d.id === 'cashier')!,
      false,
    );
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).toBeNull();
  });

  it('the same person signing in again keeps their records', () => {
    sessionStore.signIn(asha, false);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStorage.clear();
    sessionStore.reload();
    sessionStore.signIn(asha, false);
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).not.toBeNull();
  });

  it('a user ID typed with another token does not unlock the records left under it', () => {
    sessionStore.signIn(asha, false);
    writeStored('local', `${USER_PREFIX}returns:${asha.userId}`, [{ request_number: 'RET-1' }]);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStorage.clear(); // Asha closed the tab without signing out
    sessionStore.reload();
    sessionStore.signIn({ ...asha, accessToken: 'not-a-real-token' }, false);
    expect(localStorage.getItem(`${USER_PREFIX}returns:${asha.userId}`)).toBeNull();
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).toBeNull();
    // and Asha's own token, after that, finds nothing of the other sign-in's
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1002']);
    sessionStorage.clear();
    sessionStore.reload();
    sessionStore.signIn(asha, false);
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).toBeNull();
  });

  it('keeps no token in the owner mark, only its fingerprint', () => {
    sessionStore.signIn(asha, false);
    const owner = localStorage.getItem(`${USER_PREFIX}owner`) ?? '';
    expect(owner).toContain(asha.userId);
    expect(owner).not.toContain(asha.accessToken);
  });

  it("a tab where nobody is signed in leaves another tab's records alone", () => {
    sessionStore.signIn(asha, false);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStorage.clear(); // another tab: its own (empty) sessionStorage
    sessionStore.reload(); // what the storage event makes every tab do
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).not.toBeNull();
  });

  it('a demo data reset drops the records but keeps who is signed in', () => {
    sessionStore.signIn(asha, true);
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
    sessionStore.clearRecords();
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).toBeNull();
    sessionStore.reload();
    expect(sessionStore.get().identity?.userId).toBe(asha.userId);
    // still the owner: signing in again is not "someone else"
    writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1002']);
    sessionStore.signIn(asha, true);
    expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).not.toBeNull();
  });

  it('ignores unreadable stored data', () => {
    localStorage.setItem(`${USER_PREFIX}identity`, '{not json');
    localStorage.setItem('storefront-app:settings', '"a string"');
    sessionStore.reload();
    expect(sessionStore.get().identity).toBeNull();
    expect(sessionStore.get().settings.storeId).toBe('demo-store');
  });

  it('keeps an API key deliberately cleared: only an empty service or store means the build’s', () => {
    // an empty key is a setting of its own: the Locations screen says none is set rather than
    // sending the build's key the person removed
    sessionStore.saveSettings({ baseUrl: '', storeId: '', apiKey: '' });
    sessionStore.reload();
    expect(sessionStore.get().settings).toEqual({
      baseUrl: '',
      storeId: 'demo-store',
      apiKey: '',
    });
    expect(sessionStore.get().connection.apiKey).toBe('');
  });

  it('another tab clearing all storage (localStorage.clear()) signs this tab out', () => {
    sessionStore.signIn(asha, true);
    localStorage.clear();
    // what the browser sends the other tabs for clear(): a storage event with no key
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(sessionStore.get().identity).toBeNull();
    expect(sessionStore.get().connection.accessToken).toBe('');
  });

  it('a sign-in for this tab only stays not remembered when another tab remembers someone', () => {
    const vikram = DEMO_IDENTITIES.find((d) => d.id === 'vikram')!;
    sessionStore.signIn(asha, false);
    // the other tab signs Vikram in, remembered
    writeStored('local', IDENTITY_KEY, vikram);
    window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    expect(sessionStore.get().identity?.userId).toBe(asha.userId);
    // Settings' "Remember on this device" follows this: ticked, a Save would remember Asha's
    // token on the device and sign the other tab over to her
    expect(sessionStore.get().remember).toBe(false);
  });

  it('another tab signing the same person in again keeps this tab’s drafts', () => {
    sessionStore.signIn(asha, true);
    writeStored('session', `${USER_PREFIX}return-draft`, { order: 'ORD-1001' });
    writeStored('local', IDENTITY_KEY, { ...asha, displayName: 'Asha R.' });
    window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    expect(sessionStore.get().identity?.displayName).toBe('Asha R.');
    expect(sessionStorage.getItem(`${USER_PREFIX}return-draft`)).not.toBeNull();
  });

  it('another tab signing in with the same user ID and another token drops this tab’s drafts', () => {
    sessionStore.signIn(asha, true);
    writeStored('session', `${USER_PREFIX}return-draft`, { order: 'ORD-1001' });
    writeStored('local', IDENTITY_KEY, { ...asha, accessToken: 'a-new-token-for-asha' });
    window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    expect(sessionStore.get().connection.accessToken).toBe('a-new-token-for-asha');
    expect(sessionStorage.getItem(`${USER_PREFIX}return-draft`)).toBeNull();
  });

  describe('a switch of whom the app acts for', () => {
    const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;
    const settings = { baseUrl: '', storeId: 'demo-store', apiKey: 'demo-api-key' };

    function watch() {
      const seen = { switches: 0 };
      const stop = sessionStore.onSwitch(() => seen.switches++);
      return { seen, stop };
    }

    it('is a sign-in, a sign-out, another person, store or service; not a new API key', () => {
      sessionStore.saveSettings(settings);
      const { seen, stop } = watch();
      sessionStore.signIn(asha, false);
      expect(seen.switches).toBe(1);
      sessionStore.signIn(asha, true); // the same person, now remembered
      expect(seen.switches).toBe(1);
      sessionStore.signIn(cashier, false);
      expect(seen.switches).toBe(2);
      sessionStore.saveSettings({ ...settings, apiKey: 'another-key' });
      expect(seen.switches).toBe(2);
      sessionStore.saveSettings({ ...settings, storeId: 'other-store' });
      expect(seen.switches).toBe(3);
      sessionStore.saveSettings({ ...settings, baseUrl: 'https://api.example.com' });
      expect(seen.switches).toBe(4);
      sessionStore.signOut();
      expect(seen.switches).toBe(5);
      sessionStore.signOut(); // nobody to sign out
      expect(seen.switches).toBe(5);
      stop();
    });

    it('aborts the signal requests were sent under, and gives a fresh one', () => {
      sessionStore.signIn(asha, false);
      const before = sessionStore.signal();
      sessionStore.saveSettings({ ...settings, apiKey: 'another-key' });
      expect(before.aborted).toBe(false);
      sessionStore.signOut();
      expect(before.aborted).toBe(true);
      expect(sessionStore.signal().aborted).toBe(false);
    });

    it('another tab signing in the same user ID with a new token is one', () => {
      sessionStore.signIn(asha, true);
      const before = sessionStore.signal();
      const { seen, stop } = watch();
      writeStored('local', IDENTITY_KEY, { ...asha, accessToken: 'a-new-token-for-asha' });
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
      // answers to what the old token asked are refused, and what it fetched is dropped
      expect(seen.switches).toBe(1);
      expect(before.aborted).toBe(true);
      stop();
    });

    it("another tab's sign-in is one, and this tab's own records (drafts) go with it", () => {
      sessionStore.signIn(asha, true);
      writeStored('session', `${USER_PREFIX}return-draft`, { order: 'ORD-1001' });
      writeStored('local', `${USER_PREFIX}recent-carts`, ['cart_1001']);
      const { seen, stop } = watch();
      // another tab signs the cashier in, remembered: it has swept the shared records itself
      writeStored('local', IDENTITY_KEY, cashier);
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
      expect(seen.switches).toBe(1);
      expect(sessionStorage.getItem(`${USER_PREFIX}return-draft`)).toBeNull();
      expect(localStorage.getItem(`${USER_PREFIX}recent-carts`)).not.toBeNull();
      // a storage event that changes nothing for this tab is none
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
      expect(seen.switches).toBe(1);
      stop();
    });
  });
});
