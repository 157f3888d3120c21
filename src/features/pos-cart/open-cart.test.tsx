import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { USER_PREFIX } from '@/lib/storage';
import { storeOf } from '@/api/connection';
import { recentCarts, recentCartsKey } from './recent-carts';
import { shortcutSetting } from './shortcut-setting';
import { SCAN_GAP_MS } from './use-shortcuts';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { sentRequests, setupTestServer } from '@/testing/test-server';

// the store the tests' connection names (renderApp: the demo store on the app's own origin)
const DEMO_STORE = storeOf({ baseUrl: '', storeId: 'demo-store' });

const { server } = setupTestServer();

// the cart screen is large for jsdom, and role queries walk all of it
describe('open a cart (/pos)', { timeout: 20_000 }, () => {
  it('starts in the Cart ID field and opens the cart typed or scanned (id + Enter)', async () => {
    const { user } = renderApp('/pos');
    const field = await screen.findByRole('textbox', { name: 'Cart ID' });
    expect(field).toHaveFocus();
    // a scanner types the id and presses Enter
    await user.keyboard('cart_1001{Enter}');
    // the first visit loads the cart screen's code as well as the cart
    const lines = await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Cart cart_1001' })).toBeInTheDocument();
    expect(within(lines).getByText('Organic Cotton Crew T-Shirt')).toBeInTheDocument();
  });

  // on /pos, and on a cart reloaded at the till; there the field takes focus only for a scan
  for (const [start, focusWithoutScan] of [
    ['/pos', true],
    ['/pos/carts/cart_1001', false],
  ] as const) {
    it(`${start}: takes a scan typed while the page loaded (kept by index.html) and opens that cart`, async () => {
      window.__earlyKeys = { s: 'cart_1002', t: performance.now() - 2000, done: true };
      const { history } = renderApp(start);
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
      expect(history.location.pathname).toBe('/pos/carts/cart_1002');
      expect(window.__earlyKeys).toBeUndefined();
    });

    it(`${start}: puts a scan still arriving in the field; a key or two from a while ago is no scan`, async () => {
      // still arriving: its last key came just now whenever the field looks, however long the
      // screen took to appear (a fixed time would be stale on a machine slower than SCAN_GAP_MS)
      window.__earlyKeys = {
        s: 'cart_10',
        get t() {
          return performance.now();
        },
        done: false,
      };
      const { unmount } = renderApp(start);
      const field = await screen.findByRole('textbox', { name: 'Cart ID' });
      expect(field).toHaveValue('cart_10');
      expect(field).toHaveFocus();
      unmount();

      window.__earlyKeys = { s: '/', t: performance.now() - 2000, done: false };
      renderApp(start);
      const fresh = await screen.findByRole('textbox', { name: 'Cart ID' });
      expect(fresh).toHaveValue('');
      if (focusWithoutScan) expect(fresh).toHaveFocus();
      else expect(fresh).not.toHaveFocus();
      expect(window.__earlyKeys).toBeUndefined();
    });
  }

  it('a customer account on /pos ends the keeping: a later sign-in as staff opens nothing by itself', async () => {
    window.__earlyKeys = { s: 'cart_1002', t: performance.now(), done: true };
    renderApp('/pos', { session: 'asha' });
    await screen.findByText('Not allowed');
    expect(window.__earlyKeys).toBeUndefined();
  });

  it('asks for an id when the field is blank, and trims what a scanner adds', async () => {
    const { user, history } = renderApp('/pos');
    const field = await screen.findByRole('textbox', { name: 'Cart ID' });
    await user.click(screen.getByRole('button', { name: 'Open cart' }));
    expect(field).toHaveAccessibleDescription('Enter or scan a cart ID');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '  cart_1002  {Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    expect(history.location.pathname).toBe('/pos/carts/cart_1002');
  });

  it('opens a cart ID pasted with an invisible character (a zero-width space from a chat)', async () => {
    const { user, history } = renderApp('/pos');
    await screen.findByRole('textbox', { name: 'Cart ID' });
    await user.paste('\u2060cart_1002\u200b');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    expect(history.location.pathname).toBe('/pos/carts/cart_1002');
  });

  it('opens the cart of an address whose ID carries an invisible character (a link from a chat)', async () => {
    renderApp('/pos/carts/cart_1002%E2%80%8B');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
  });

  it('lists recently opened carts under the user prefix, and sign-out clears them', async () => {
    const { user } = renderApp('/pos/carts/cart_1001');
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    // open a second cart from the cart screen's own field
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'cart_1002{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    await screen.findByRole('heading', { level: 3, name: 'Bamboo Socks (3 pairs)' });
    await user.click(screen.getByRole('link', { name: 'POS' }));

    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('cart_1002'),
      expect.stringContaining('cart_1001'),
    ]);
    expect(Object.keys(localStorage)).toContain(recentCartsKey(DEMO_STORE));

    await user.click(links[1]!);
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1001' });

    sessionStore.signOut();
    expect(Object.keys(localStorage).filter((k) => k.startsWith(USER_PREFIX))).toEqual([]);
  });

  it('Clear list empties the list and puts focus on its heading, not on the page', async () => {
    const { user } = renderApp('/pos');
    act(() =>
      recentCarts(DEMO_STORE).remember({ id: 'cart_1001', itemCount: 5, customerName: null }),
    );
    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    await user.click(within(recent).getByRole('button', { name: 'Clear list' }));
    expect(within(recent).queryByRole('link')).not.toBeInTheDocument();
    expect(within(recent).getByText(/will be listed here/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recently opened carts' })).toHaveFocus();
  });

  it("lists only the carts of the store the terminal is set up for (not another store's)", async () => {
    renderApp('/pos');
    act(() =>
      recentCarts(DEMO_STORE).remember({ id: 'cart_1001', itemCount: 5, customerName: null }),
    );
    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    expect(within(recent).getByRole('link', { name: /cart_1001/ })).toBeInTheDocument();
    // the Connection settings name another store: its carts are not these
    const settings = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...settings, storeId: 'other-store' }));
    expect(within(recent).queryByRole('link', { name: /cart_1001/ })).not.toBeInTheDocument();
    // and back: the list is there again
    act(() => sessionStore.saveSettings(settings));
    expect(within(recent).getByRole('link', { name: /cart_1001/ })).toBeInTheDocument();
  });

  it('shows no recent carts while nobody is signed in (a shared till)', async () => {
    renderApp('/pos');
    act(() =>
      recentCarts(DEMO_STORE).remember({ id: 'cart_1001', itemCount: 5, customerName: null }),
    );
    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    expect(within(recent).getByRole('link', { name: /cart_1001/ })).toBeInTheDocument();
    // the tab closed without signing out; the next person opens the POS signed out
    act(() => {
      sessionStorage.clear();
      sessionStore.reload();
    });
    await screen.findByText('Sign in with a staff account to open carts.');
    expect(screen.queryByRole('region', { name: 'Recently opened carts' })).toBeNull();
  });

  it.each(['%2F', '50%', 'a/b', 'x y'])(
    'asks the service for exactly the id typed (%s), and says there is no such cart',
    async (typed) => {
      const { user } = renderApp('/pos');
      const field = await screen.findByRole('textbox', { name: 'Cart ID' });
      await user.type(field, `${typed}{Enter}`);
      expect(
        await screen.findByText(
          `There is no cart with the ID “${typed}”. Check the ID, or scan the cart again.`,
          undefined,
          {
            timeout: 5000,
          },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Cart ${typed}`);
    },
  );

  it('keeps a cart ID that opened no cart in the field, to be fixed where it went wrong', async () => {
    const { user } = renderApp('/pos');
    await user.type(await screen.findByRole('textbox', { name: 'Cart ID' }), 'CART_1002{Enter}');
    await screen.findByText(/There is no cart with the ID “CART_1002”/, undefined, {
      timeout: 5000,
    });
    const field = screen.getByRole('textbox', { name: 'Cart ID' });
    expect(field).toHaveValue('CART_1002');
    // one part fixed, not the whole ID typed again
    await user.click(field);
    await user.keyboard('{Home}{Delete}{Delete}{Delete}{Delete}cart{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveValue('');
  });

  it('puts the cart ID back again when the same one is asked for again and not found', async () => {
    const { user } = renderApp('/pos/carts/nope_404');
    await screen.findByText(/There is no cart with the ID “nope_404”/, undefined, {
      timeout: 5000,
    });
    const field = screen.getByRole('textbox', { name: 'Cart ID' });
    expect(field).toHaveValue('nope_404');
    // Enter again, not fixed: the service is asked again (the field is emptied as it goes),
    // and says so again
    const reads = sentRequests(server, 'GET', '/pos/carts/nope_404');
    await user.type(field, '{Enter}');
    await waitFor(() => expect(reads).toHaveLength(1));
    await waitFor(() => expect(field).toHaveValue('nope_404'));
    expect(screen.getByText(/There is no cart with the ID “nope_404”/)).toBeInTheDocument();
  });

  it('a scan begun outside the field replaces the cart ID that opened no cart', async () => {
    const { user } = renderApp('/pos/carts/nope_404');
    await screen.findByText(/There is no cart with the ID “nope_404”/, undefined, {
      timeout: 5000,
    });
    expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveValue('nope_404');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('cart_1002{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' }),
    ).toBeInTheDocument();
  });

  it('the cart ID put back goes once another cart is opened without it', async () => {
    const { user, history } = renderApp('/pos/carts/cart_1002');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'nope_404{Enter}');
    await screen.findByText(/There is no cart with the ID “nope_404”/, undefined, {
      timeout: 5000,
    });
    expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveValue('nope_404');
    // the browser's Back: the cart before, on the same screen, and not the field's doing
    act(() => history.go(-1));
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveValue(''));
  });

  it.each(['.', '..'])('refuses "%s", which no web address can carry as an id', async (typed) => {
    const { user, history } = renderApp('/pos');
    const field = await screen.findByRole('textbox', { name: 'Cart ID' });
    await user.type(field, `${typed}{Enter}`);
    expect(field).toHaveAccessibleDescription('“.” and “..” are not cart IDs');
    expect(field).toHaveValue(typed);
    expect(history.location.pathname).toBe('/pos');
  });

  it('does not list an id that is not a cart', async () => {
    const { user } = renderApp('/pos/carts/nope_404');
    await screen.findByText(/There is no cart with the ID “nope_404”/);
    await user.click(screen.getByRole('link', { name: 'POS' }));
    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    expect(within(recent).queryByRole('link')).not.toBeInTheDocument();
  });

  it('"/" goes to the Cart ID field, but not while typing in a field', async () => {
    const { user } = renderApp('/pos');
    const field = await screen.findByRole('textbox', { name: 'Cart ID' });
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toHaveTextContent(
      'Go to the Cart ID field',
    );
    await user.type(field, 'a/b');
    expect(field).toHaveValue('a/b');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(field).not.toHaveFocus();
    await user.keyboard('/');
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('a/b');
  });

  it('single-key shortcuts can be turned off for this terminal', async () => {
    const { user } = renderApp('/pos');
    const field = await screen.findByRole('textbox', { name: 'Cart ID' });
    const toggle = screen.getByRole('checkbox', { name: /Single-key shortcuts/ });
    expect(toggle).toBeChecked();
    const help = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    // the help no longer lists keys that do nothing, and says so
    expect(help).not.toHaveTextContent('Go to the Cart ID field');
    expect(help).toHaveTextContent('Single-key shortcuts are off on this terminal');
    expect(help).toHaveTextContent('Submit the field you are in');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('/');
    await new Promise((resolve) => setTimeout(resolve, 2 * SCAN_GAP_MS));
    expect(field).not.toHaveFocus();
    await user.click(toggle);
    expect(help).toHaveTextContent('Go to the Cart ID field');
    expect(help).not.toHaveTextContent('are off');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('/');
    await vi.waitFor(() => expect(field).toHaveFocus());
  });

  it.each([
    ['on', true],
    ['off', false],
  ])(
    'a scan that starts outside the Cart ID field still opens the cart (shortcuts %s)',
    async (_, enabled) => {
      const { user, history } = renderApp('/pos');
      await screen.findByRole('textbox', { name: 'Cart ID' });
      act(() => shortcutSetting.set(enabled));
      // focus on a button: the scanner's Enter must not press it
      const toggle = screen.getByRole('checkbox', { name: /Single-key shortcuts/ });
      toggle.focus();
      await user.keyboard('cart_1002{Enter}');
      await vi.waitFor(() => expect(history.location.pathname).toBe('/pos/carts/cart_1002'));
      expect(shortcutSetting.get()).toBe(enabled);
      shortcutSetting.clear();
    },
  );

  it('explains that customer accounts cannot use the POS', async () => {
    renderApp('/pos', { session: 'asha' });
    expect(
      await screen.findByText(/Customer accounts cannot use the POS terminal/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Cart ID' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderApp('/pos', { session: null });
    const main = await screen.findByRole('main');
    const link = await within(main).findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toContain('next=%2Fpos');
  });
});
