/**
 * A sign-in for this tab only (sessionStorage) is copied into a tab opened from it (window.open,
 * Duplicate tab): the same token in two tabs. Signing out in one signs the other out too.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openOtherTab, storedItems } from '@/testing/other-tab';
import { DEMO_IDENTITIES } from './demo-identities';
import { sessionStore } from './session';
import { IDENTITY_KEY, USER_PREFIX, onUserDataCleared, writeStored } from './storage';

const asha = DEMO_IDENTITIES.find((d) => d.id === 'asha')!;
const vikram = DEMO_IDENTITIES.find((d) => d.id === 'vikram')!;
const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;
const DRAFT_KEY = `${USER_PREFIX}return-draft:asha`;

const userKeys = (items: Record<string, string>) =>
  Object.keys(items).filter((k) => k.startsWith(USER_PREFIX));

describe('a sign-out in another tab holding the same sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.reload();
  });

  it('signs this tab out, with its own records, as a sign-out here does', async () => {
    sessionStore.signIn(asha, false);
    const opened = await openOtherTab(); // window.open from this tab: the same token
    writeStored('session', DRAFT_KEY, { order: 'ORD-1001' });
    const requests = sessionStore.signal();
    let swept = 0;
    const stop = onUserDataCleared(() => swept++);

    await opened.does((s) => s.signOut());
    stop();

    expect(sessionStore.get().identity).toBeNull();
    expect(sessionStore.get().connection.accessToken).toBe('');
    // the sign-in prompt: "You were signed out in another tab"
    expect(sessionStore.get().endedElsewhere).toBe(true);
    expect(userKeys(storedItems(sessionStorage))).toEqual([]);
    // parsed copies in memory went with the records, and answers on their way are refused
    expect(swept).toBeGreaterThan(0);
    expect(requests.aborted).toBe(true);
    // what told this tab holds neither the token nor the user ID
    const left = JSON.stringify(storedItems(localStorage));
    expect(left).not.toContain(asha.accessToken);
    expect(left).not.toContain(asha.userId);
  });

  it('leaves a tab signed in as someone else alone', async () => {
    sessionStore.signIn(vikram, false);
    writeStored('session', DRAFT_KEY, { order: 'ORD-1001' });
    const requests = sessionStore.signal();
    const other = await openOtherTab({});
    await other.does((s) => s.signIn(asha, false));
    await other.does((s) => s.signOut());

    expect(sessionStore.get().identity?.userId).toBe(vikram.userId);
    expect(sessionStore.get().endedElsewhere).toBeUndefined();
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(requests.aborted).toBe(false);
  });

  it("leaves another person's sign-in remembered in another tab alone", async () => {
    const other = await openOtherTab({});
    // a customer signs in for their tab only; the cashier, remembered on the device, here
    await other.does((s) => s.signIn(asha, false));
    sessionStore.signIn(cashier, true);
    await other.does((s) => s.signOut());

    expect(sessionStore.get().identity?.userId).toBe(cashier.userId);
    expect(sessionStore.get().endedElsewhere).toBeUndefined();
    expect(other.session.get().identity).toBeNull();
    // and a load of the page still finds the cashier
    const next = await openOtherTab({});
    expect(next.session.get().identity?.userId).toBe(cashier.userId);
  });

  it('a sign-out where another person is remembered on the device still takes every record', async () => {
    const other = await openOtherTab({});
    // a customer signs in for their tab only; the cashier, remembered on the device, here
    await other.does((s) => s.signIn(asha, false));
    sessionStore.signIn(cashier, true);
    // the customer's tab leaves records on the device and in the tab
    await other.does(() => {
      writeStored('local', `${USER_PREFIX}returns:${asha.userId}`, [{ request_number: 'RET-1' }]);
      writeStored('session', DRAFT_KEY, { order: 'ORD-1001' });
    });
    await other.does((s) => s.signOut());

    // only who is remembered stays: the cashier is still signed in here
    expect(userKeys(storedItems(localStorage))).toEqual([IDENTITY_KEY]);
    expect(userKeys(other.sessionItems())).toEqual([]);
    expect(sessionStore.get().identity?.userId).toBe(cashier.userId);
  });

  it('a tab closed at the time comes back signed out, until that sign-in is made again', async () => {
    sessionStore.signIn(asha, false);
    writeStored('session', DRAFT_KEY, { order: 'ORD-1001' });
    const closed = storedItems(sessionStorage); // a tab opened from this one, then closed
    sessionStore.signOut();

    // Reopen closed tab: its sessionStorage comes back with it
    const reopened = await openOtherTab(closed);
    expect(reopened.session.get().identity).toBeNull();
    expect(reopened.session.get().endedElsewhere).toBe(true);
    expect(userKeys(reopened.sessionItems())).toEqual([]);

    // the same person signs in again with the same token: it is theirs again
    sessionStore.signIn(asha, false);
    const again = await openOtherTab(closed);
    expect(again.session.get().identity?.userId).toBe(asha.userId);
    expect(again.session.get().endedElsewhere).toBeUndefined();
  });

  it('a tab back from the back/forward cache, where it heard nothing, is signed out', async () => {
    sessionStore.signIn(asha, false);
    const opened = await openOtherTab();
    await opened.does((s) => s.signOut(), { heard: false });
    expect(sessionStore.get().identity?.userId).toBe(asha.userId);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(sessionStore.get().identity).toBeNull();
    expect(sessionStore.get().endedElsewhere).toBe(true);
  });
});
