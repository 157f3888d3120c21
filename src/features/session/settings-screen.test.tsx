import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY, USER_PREFIX } from '@/lib/storage';
import { mountApp, renderApp } from '@/testing/render-app';
import { answeredAfter } from '@/testing/settle';
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';

const testServer = setupTestServer();

describe('connection and sign-in', () => {
  it('signs in as a demo identity and goes to their area', async () => {
    const { user, history } = renderApp('/settings', { session: null });
    await user.click(await screen.findByRole('button', { name: /Sign in as Asha Rao/ }));
    await waitFor(() => expect(history.location.pathname).toBe('/account/notifications'));
    expect(sessionStore.get().connection).toMatchObject({
      accessToken: 'demo-customer-token',
      userId: 'cus_1001',
    });
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as Asha Rao');
  });

  it('offers the browser no login to save: the token masked, but no username and password pair', async () => {
    renderApp('/settings', { session: 'cashier' });
    const token = await screen.findByLabelText('Access token');
    expect(token).toHaveAttribute('type', 'password');
    // a password manager ignores "off" on a password field; it saves no one-time code
    expect(token).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveAttribute('autocomplete', 'off');
    for (const field of [...screen.getAllByRole('textbox'), token]) {
      expect(field.getAttribute('autocomplete')).not.toMatch(/username|password/);
    }
  });

  it('names who is signed in and their kind of account once', async () => {
    renderApp('/settings', { session: 'cashier' });
    const section = await screen.findByRole('region', { name: 'Signed in' });
    expect(section).toHaveTextContent('Priya Nair (cashier)Staff account: the POS terminal');
    expect(section).not.toHaveTextContent('(staff)');
  });

  it('comes back to the screen that asked for sign-in', async () => {
    const { user, history } = renderApp('/settings?next=%2Fpos%2Fcarts%2Fcart_1001', {
      session: null,
    });
    await user.click(await screen.findByRole('button', { name: /Sign in as Priya Nair/ }));
    await waitFor(() => expect(history.location.pathname).toBe('/pos/carts/cart_1001'));
  });

  it.each(['//evil.example', '/..//evil.example', '/%2e%2e//evil.example'])(
    'does not follow a next= that leaves the app (%s)',
    async (next) => {
      const { user, history } = renderApp(`/settings?next=${encodeURIComponent(next)}`, {
        session: null,
      });
      await user.click(await screen.findByRole('button', { name: /Sign in as Priya Nair/ }));
      await waitFor(() => expect(history.location.pathname).toBe('/pos'));
    },
  );

  it('checks the connection fields and keeps what was typed', async () => {
    const { user } = renderApp('/settings', { session: null });
    const base = await screen.findByLabelText(/API base URL/);
    await user.clear(base);
    await user.type(base, 'ftp://example.com');
    await user.clear(screen.getByLabelText('Store ID'));
    await user.type(screen.getByLabelText('Access token'), 'tok-123');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(base).toHaveAccessibleDescription(/Enter a full http:\/\/ or https:\/\/ address/);
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Store ID')).toHaveAccessibleDescription('Enter the store ID');
    expect(screen.getByLabelText('User ID')).toHaveAccessibleDescription(/Enter the user ID/);
    expect(base).toHaveValue('ftp://example.com');
    expect(screen.getByLabelText('Access token')).toHaveValue('tok-123');
    expect(sessionStore.get().identity).toBeNull();
    // the first is focused once the errors are drawn: read with its field, not also as an alert
    await waitFor(() => expect(base).toHaveFocus());
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('says a connection error again when Enter is pressed again on it, in the same words', async () => {
    const { user } = renderApp('/settings', { session: null });
    const storeId = await screen.findByLabelText('Store ID');
    await user.clear(storeId);
    await user.type(storeId, '{Enter}');
    const first = await screen.findByRole('alert');
    expect(first).toHaveTextContent('Enter the store ID');
    await user.type(storeId, '{Enter}');
    await waitFor(() => expect(first).not.toBeInTheDocument());
    // a new message where focus is: an alert, heard again
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the store ID');
    expect(storeId).toHaveFocus();
  });

  it('saves a typed token and user id, and signing out forgets them', async () => {
    const { user } = renderApp('/settings', { session: null });
    await user.type(await screen.findByLabelText('Access token'), 'demo-customer-2-token');
    await user.type(screen.getByLabelText('User ID'), 'cus_1002');
    await user.click(screen.getByLabelText('Remember on this device'));
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();
    const status = within(screen.getByRole('main')).getByRole('status');
    expect(status).toHaveTextContent('Works: Store “Indigo Threads” found.');
    expect(status).toHaveTextContent('Works: API key accepted (');
    expect(status).toHaveTextContent('Works: Access token accepted for Vikram Shah (cus_1002).');
    expect(sessionStore.get()).toMatchObject({ remember: true, identity: { userId: 'cus_1002' } });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(/Signed out/)).toBeInTheDocument();
    expect(sessionStore.get().identity).toBeNull();
    expect(screen.getByLabelText('Access token')).toHaveValue('');
  });

  it('a second save with the same words is a new message: focused again', async () => {
    const { user } = renderApp('/settings', { session: null });
    const save = await screen.findByRole('button', { name: 'Save connection' });
    await user.click(save);
    const first = await screen.findByText('Connection saved and checked');
    // eslint-disable-next-line testing-library/no-node-access -- the focused box holds the title
    expect(first.parentElement).toHaveFocus();
    await user.click(save);
    await waitFor(() => expect(first).not.toBeInTheDocument());
    const second = await screen.findByText('Connection saved and checked');
    expect(second).not.toBe(first); // a new node, which screen readers announce again
    // eslint-disable-next-line testing-library/no-node-access -- as above
    expect(second.parentElement).toHaveFocus();
  });

  it('a save that fails its checks takes away the last save\'s "Connection saved."', async () => {
    const { user } = renderApp('/settings', { session: null });
    const save = await screen.findByRole('button', { name: 'Save connection' });
    await user.click(save);
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();

    const baseUrl = screen.getByLabelText('API base URL');
    await user.type(baseUrl, 'ftp://x');
    await user.click(save);
    expect(baseUrl).toBeInvalid();
    expect(screen.queryByText(/Connection saved/)).not.toBeInTheDocument();
    expect(baseUrl).toHaveValue('ftp://x');
  });

  it('follows a sign-out in another tab, so Save does not sign that person back in', async () => {
    const { user } = renderApp('/settings', { session: 'asha' });
    const token = await screen.findByLabelText('Access token');
    expect(token).toHaveValue('demo-customer-token');
    act(() => sessionStore.signOut()); // as another tab does, through storage
    await waitFor(() => expect(token).toHaveValue(''));
    expect(screen.getByLabelText('User ID')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();
    expect(sessionStore.get().identity).toBeNull();
  });

  it("a sign-out in another tab takes away the check's words that named the customer", async () => {
    const { user } = renderApp('/settings', { session: null });
    await user.type(await screen.findByLabelText('Access token'), 'demo-customer-token');
    await user.type(screen.getByLabelText('User ID'), 'cus_1001');
    await user.click(screen.getByLabelText('Remember on this device'));
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    const status = within(screen.getByRole('main')).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(/accepted for Asha Rao/));
    // eslint-disable-next-line testing-library/no-node-access -- the focused box holds the words
    const box = screen.getByText('Connection saved and checked').parentElement;
    expect(box).toHaveFocus();
    // another tab signs out: its storage, then the event every other tab gets
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    await waitFor(() => expect(screen.getByLabelText('Access token')).toHaveValue(''));
    expect(status).not.toHaveTextContent(/Asha Rao/);
    expect(status).toHaveTextContent(
      'Who is signed in, or the connection, changed in another tab.',
    );
    // in place: the message keeps the focus it had
    expect(box).toHaveFocus();
  });

  it('a sign-out in another tab, with focus on Sign out, is said, and focus goes to the heading', async () => {
    renderApp('/settings', { session: 'asha' });
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    act(() => signOut.focus());
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      sessionStorage.removeItem(IDENTITY_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    // said by the header's live region (src/app/layout.tsx), as on every screen
    expect(
      await within(screen.getByRole('banner')).findByText(/^You were signed out in another tab\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Connection and sign-in' }),
      ).toHaveFocus(),
    );
  });

  it('a connection saved in another tab shows in the fields not being edited here', async () => {
    const { user } = renderApp('/settings', { session: 'asha' });
    const apiKey = await screen.findByLabelText('API key');
    await user.clear(apiKey);
    await user.type(apiKey, 'typed-key');
    const { settings } = sessionStore.get();
    act(() => sessionStore.saveSettings({ ...settings, storeId: 'store_2', apiKey: 'rotated' }));
    await waitFor(() => expect(screen.getByLabelText('Store ID')).toHaveValue('store_2'));
    // what was typed here stays, to be saved or changed
    expect(apiKey).toHaveValue('typed-key');
  });

  it('Sign out keeps a connection typed and not yet saved', async () => {
    const { user } = renderApp('/settings', { session: 'asha' });
    const apiKey = await screen.findByLabelText('API key');
    await user.clear(apiKey);
    await user.type(apiKey, 'typed-key');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(/^Signed out\./)).toBeInTheDocument();
    expect(apiKey).toHaveValue('typed-key');
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(screen.getByLabelText('User ID')).toHaveValue('');
  });

  it('says at Save which setting does not work: a wrong API key, a token that is not accepted', async () => {
    const { user } = renderApp('/settings', { session: null });
    const apiKey = await screen.findByLabelText('API key');
    await user.clear(apiKey);
    await user.type(apiKey, 'not-the-key');
    await user.type(screen.getByLabelText('Access token'), 'expired-token');
    await user.type(screen.getByLabelText('User ID'), 'cus_1001');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText('Connection saved, but not everything works'),
    ).toBeInTheDocument();
    const status = within(screen.getByRole('main')).getByRole('status');
    expect(status).toHaveTextContent('Works: Store “Indigo Threads” found.');
    expect(status).toHaveTextContent('Problem: The API key was not accepted');
    expect(status).toHaveTextContent('Problem: The access token was not accepted');
    // a token the service refused signs nobody in: the header does not say someone is
    expect(status).toHaveTextContent(
      'You are not signed in: the service did not accept the access token.',
    );
    expect(sessionStore.get().identity).toBeNull();
    expect(screen.getByRole('banner')).not.toHaveTextContent('Signed in as');
    // what was typed stays, to be fixed
    expect(apiKey).toHaveValue('not-the-key');
    expect(screen.getByLabelText('Access token')).toHaveValue('expired-token');
    expect(screen.getByLabelText('User ID')).toHaveValue('cus_1001');
  });

  it('a Save with the token cleared says it signed the person out', async () => {
    const { user } = renderApp('/settings', { session: 'asha' });
    await user.clear(await screen.findByLabelText('Access token'));
    await user.clear(screen.getByLabelText('User ID'));
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    const status = within(screen.getByRole('main')).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Signed out: no access token was given. Customer data was removed from this device.',
      ),
    );
    expect(sessionStore.get().identity).toBeNull();
  });

  it('a demo sign-in is remembered on this device when Remember is ticked', async () => {
    const { user } = renderApp('/settings', { session: null });
    await user.click(await screen.findByLabelText('Remember on this device'));
    await user.click(screen.getByRole('button', { name: /Sign in as Asha Rao/ }));
    await waitFor(() => expect(sessionStore.get().identity?.userId).toBe('cus_1001'));
    expect(sessionStore.get().remember).toBe(true);
    expect(localStorage.getItem(IDENTITY_KEY)).toContain('cus_1001');
  });

  it('checks a Save that reloaded the page (a switch between the demo service and an API) once back', async () => {
    renderApp('/pos', { session: 'asha' }).unmount();
    // as the Save left it before the page reloaded
    sessionStorage.setItem('storefront-app:connection-check-after-reload', 'true');
    mountApp('/settings');
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('storefront-app:connection-check-after-reload')).toBeNull();
  });

  it('the check answers in place: focus stays where the user went meanwhile', async () => {
    const { user } = renderApp('/settings', { session: null });
    // the check reads the store, then lists the locations (for the API key): held there
    const check = holdNext(testServer.server, 'get', '*/pos/locations');
    await user.click(await screen.findByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText(/Checking it with the service/)).toBeInTheDocument();
    const apiKey = screen.getByLabelText('API key');
    await user.click(apiKey);
    check.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(apiKey).toHaveFocus();
  });

  it('a later Save that is refused, or a sign-out, stops the check of the one before', async () => {
    const { user } = renderApp('/settings', { session: null });
    // each check reads the store, then lists the locations (for the API key): held there
    let check = holdNext(testServer.server, 'get', '*/pos/locations');
    const save = await screen.findByRole('button', { name: 'Save connection' });
    await user.click(save);
    await act(() => check.arrived);
    const baseUrl = screen.getByLabelText('API base URL');
    await user.type(baseUrl, 'ftp://x');
    await user.click(save);
    expect(baseUrl).toBeInvalid();
    await answeredAfter(check);
    expect(screen.queryByText(/Connection saved/)).not.toBeInTheDocument();
    expect(baseUrl).toHaveFocus();

    await user.clear(baseUrl);
    await user.type(screen.getByLabelText('Access token'), 'demo-customer-token');
    await user.type(screen.getByLabelText('User ID'), 'cus_1001');
    check = holdNext(testServer.server, 'get', '*/pos/locations');
    await user.click(save);
    const reads = sentRequests(testServer.server, 'GET', '/auth/user/cus_1001');
    await act(() => check.arrived);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await answeredAfter(check);
    expect(screen.getByText(/Signed out/)).toBeInTheDocument();
    expect(screen.queryByText(/Connection saved/)).not.toBeInTheDocument();
    // the signed-out token went to no operation after the sign-out
    expect(reads).toEqual([]);
  });

  it('a cashier’s token is accepted; an unknown store is said so', async () => {
    const { user } = renderApp('/settings', { session: null });
    await user.type(await screen.findByLabelText('Access token'), 'demo-cashier-token');
    await user.type(screen.getByLabelText('User ID'), 'staff_01');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Works: Access token accepted for Priya Nair (staff_01).',
    );

    const storeId = screen.getByLabelText('Store ID');
    await user.clear(storeId);
    await user.type(storeId, 'no-such-store');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText('Connection saved, but not everything works'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Problem: The service has no store with the ID “no-such-store”.',
    );
  });

  it('keeps a token being typed, and its user ID with it, when someone signs in elsewhere', async () => {
    const { user } = renderApp('/settings', { session: null });
    const token = await screen.findByLabelText('Access token');
    await user.type(token, 'my-new-token');
    act(() =>
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'vikram')!,
        false,
      ),
    );
    // the screen shows who is signed in now, and the fields keep what was typed, as a pair
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(token).toHaveValue('my-new-token');
    expect(screen.getByLabelText('User ID')).toHaveValue('');
  });
});

describe('a new access token for the user ID signed in', () => {
  const RECORD = `${USER_PREFIX}returns:probe`;
  const DRAFT = `${USER_PREFIX}return-draft:probe`;

  /** Asha is signed in with records on this device; the store has given her another token. */
  async function ashaWithRecords() {
    const view = renderApp('/settings', { session: 'asha' });
    localStorage.setItem(RECORD, '["kept"]');
    sessionStorage.setItem(DRAFT, '{"draft":1}');
    const state = testServer.repo.read();
    testServer.repo.write({
      ...state,
      tokens: { ...state.tokens, 'asha-renewed-token': { role: 'customer', userId: 'cus_1001' } },
    });
    const token = await screen.findByLabelText('Access token');
    await view.user.clear(token);
    return { ...view, token };
  }

  it('keeps her records once the service accepts the token for her', async () => {
    const { user, token } = await ashaWithRecords();
    await user.type(token, 'asha-renewed-token');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();
    expect(localStorage.getItem(RECORD)).toBe('["kept"]');
    expect(sessionStorage.getItem(DRAFT)).toBe('{"draft":1}');
    expect(sessionStore.get().connection.accessToken).toBe('asha-renewed-token');
  });

  it("sweeps them for someone else's token typed beside her user ID", async () => {
    const { user, token } = await ashaWithRecords();
    await user.type(token, 'demo-customer-2-token');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText('Connection saved, but not everything works'),
    ).toBeInTheDocument();
    const status = within(screen.getByRole('main')).getByRole('status');
    expect(status).toHaveTextContent(
      'Problem: The access token is not for the user ID “cus_1001”.',
    );
    // nobody is signed in with another person's token under her ID; what was typed stays
    expect(status).toHaveTextContent(
      'You are not signed in: the access token belongs to another user, not to “cus_1001”.',
    );
    expect(sessionStore.get().identity).toBeNull();
    expect(screen.getByRole('banner')).not.toHaveTextContent('Signed in as');
    expect(token).toHaveValue('demo-customer-2-token');
    expect(screen.getByLabelText('User ID')).toHaveValue('cus_1001');
    expect(localStorage.getItem(RECORD)).toBeNull();
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });

  /** Saves the token typed while the check of the one saved first is held; then lets it answer. */
  async function saveAgainWhileChecking(user: UserEvent, token: HTMLElement, retype?: string) {
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    if (retype !== undefined) {
      await user.clear(token);
      await user.type(token, retype);
    }
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }

  it.each([
    // a double click, or Enter twice, while the first check's Get user is slow
    ['Save pressed again while checking', 'asha-renewed-token', undefined],
    ['a token corrected while the first was checked', 'asha-renewed-tokn', 'asha-renewed-token'],
  ])('keeps her records once the service accepts the token: %s', async (_, typed, retype) => {
    const { user, token } = await ashaWithRecords();
    await user.type(token, typed);
    await saveAgainWhileChecking(user, token, retype);
    expect(sessionStore.get().connection.accessToken).toBe('asha-renewed-token');
    expect(localStorage.getItem(RECORD)).toBe('["kept"]');
    expect(sessionStorage.getItem(DRAFT)).toBe('{"draft":1}');
  });

  it("sweeps them for another user ID's sign-in saved while her check ran", async () => {
    const { user, token } = await ashaWithRecords();
    await user.type(token, 'asha-unknown-token');
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    await user.clear(token);
    await user.type(token, 'demo-customer-2-token');
    await user.clear(screen.getByLabelText('User ID'));
    await user.type(screen.getByLabelText('User ID'), 'cus_1002');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sessionStore.get().identity?.userId).toBe('cus_1002');
    expect(localStorage.getItem(RECORD)).toBeNull();
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });

  it.each([
    [
      "someone else's token",
      'demo-customer-2-token',
      'the access token belongs to another user, not to “cus_1001”',
    ],
    [
      'a token the service does not know',
      'no-such-token',
      'the service did not accept the access token',
    ],
  ])(
    'signed in from a screen that asked (next=), %s signs nobody in and stays here',
    async (_, typed, why) => {
      const view = renderApp('/settings?next=%2Faccount%2Fnotifications', { session: 'asha' });
      const token = await screen.findByLabelText('Access token');
      await view.user.clear(token);
      await view.user.type(token, typed);
      await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
      expect(
        await screen.findByText(`You are not signed in: ${why}`, { exact: false }),
      ).toBeVisible();
      expect(screen.getByText('Not signed in')).toBeVisible();
      expect(view.history.location.pathname).toBe('/settings');
      expect(sessionStore.get().identity).toBeNull();
      expect(token).toHaveValue(typed);
      expect(screen.getByLabelText('User ID')).toHaveValue('cus_1001');
    },
  );

  it("with no one signed in before, someone else's token from a screen that asked signs nobody in", async () => {
    const view = renderApp('/settings?next=%2Faccount%2Fnotifications', { session: null });
    await view.user.type(await screen.findByLabelText('Access token'), 'demo-customer-2-token');
    await view.user.type(screen.getByLabelText('User ID'), 'cus_1001');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText('the access token belongs to another user', { exact: false }),
    ).toBeVisible();
    expect(view.history.location.pathname).toBe('/settings');
    expect(sessionStore.get().identity).toBeNull();
  });

  it('a refused token signs nobody in even when the screen is left before the check answers', async () => {
    const view = renderApp('/settings', { session: null });
    await view.user.type(await screen.findByLabelText('Access token'), 'demo-customer-2-token');
    await view.user.type(screen.getByLabelText('User ID'), 'cus_1001');
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    expect(sessionStore.get().identity?.userId).toBe('cus_1001');
    await view.user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Store' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' });
    held.release();
    await waitFor(() => expect(sessionStore.get().identity).toBeNull());
    // and the store page stays where it was
    expect(view.history.location.pathname).toBe('/store');
  });

  it('sweeps them when the token cannot be checked', async () => {
    const { user, token } = await ashaWithRecords();
    testServer.faults.set({ failNext: 10 });
    await user.type(token, 'asha-renewed-token');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText(/Connection saved, but not everything works|could not be checked/),
    ).toBeInTheDocument();
    expect(localStorage.getItem(RECORD)).toBeNull();
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });
});
