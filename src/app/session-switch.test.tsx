/**
 * Signing out, or someone else signing in, here or in another tab: nothing fetched for the one
 * before stays on screen or in memory, and an answer still on its way is not let in.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCart, region } from '@/features/pos-cart/test-helpers';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { cachedText, renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { answeredAfter } from '@/testing/settle';
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';

const { repo, server } = setupTestServer();
const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;

async function linkAsha() {
  const app = await openCart('cart_1001');
  await app.user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
  await app.user.click(screen.getByRole('button', { name: 'Link customer' }));
  expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
  return app;
}

describe('a switch of who is signed in', { timeout: 20_000 }, () => {
  it('a sign-out in another tab takes the customer off this screen and out of the cache', async () => {
    const { queryClient } = await linkAsha();
    act(() => sessionStore.signIn(cashier, true)); // remembered: shared with the other tab
    expect(cachedText(queryClient)).toContain('Asha');

    // the other tab signs out: it removes the remembered identity, this tab hears of it
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument();
    expect(cachedText(queryClient)).not.toContain('Asha');
    // the store's public config stays: the header's brand does not flicker
    expect(
      queryClient.getQueryCache().find({ queryKey: ['store-config'], exact: false })?.state.data,
    ).toBeTruthy();
    // the screen asks for a sign-in instead (the cart is fetched again, without a token)
    expect(await screen.findByRole('link', { name: /sign in/i })).toBeInTheDocument();
    expect(cachedText(queryClient)).not.toContain('Asha');
  });

  it('someone else signing in in another tab is said here, until dismissed', async () => {
    const { user } = renderApp('/account/notifications', { session: 'asha' });
    await screen.findByRole('switch', { name: 'Promotional WhatsApp' });
    // the live regions already in the page: one of them must say it (a region that comes with
    // its words is heard by some screen readers only when they find it)
    const regions = screen.getAllByRole('status');
    // remembered: shared with the other tab (a sign-in for this tab alone is this tab's)
    act(() =>
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'asha')!,
        true,
      ),
    );
    act(() => {
      localStorage.setItem(
        IDENTITY_KEY,
        JSON.stringify(DEMO_IDENTITIES.find((d) => d.id === 'vikram')),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    const notice = await screen.findByText('Vikram Shah signed in in another tab');
    const said = regions.filter((r) => r.textContent !== '').map((r) => r.textContent);
    expect(said).toContain(
      'Vikram Shah signed in in another tab. This tab now works for Vikram Shah, no longer for Asha Rao. Changes not saved here were not kept; one that was on its way may have been made.',
    );
    // and said once: the box on screen is not a live region of its own
    // eslint-disable-next-line testing-library/no-node-access -- the notice's own box
    expect(notice.closest('[role="status"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Vikram Shah signed in in another tab')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('a switch made while this tab was hidden is said when the tab is shown again', async () => {
    renderApp('/account/notifications', { session: 'asha' });
    await screen.findByRole('switch', { name: 'Promotional WhatsApp' });
    act(() =>
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'asha')!,
        true,
      ),
    );
    // the header's live region that has nothing to say yet
    const said = within(screen.getByRole('banner'))
      .getAllByRole('status')
      .find((r) => r.textContent === '')!;
    expect(said).toBeDefined();
    const setShown = (state: 'hidden' | 'visible') =>
      act(() => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    try {
      setShown('hidden');
      act(() => {
        localStorage.setItem(
          IDENTITY_KEY,
          JSON.stringify(DEMO_IDENTITIES.find((d) => d.id === 'vikram')),
        );
        window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
      });
      // shown on screen, but not said to a tab nobody is looking at
      expect(await screen.findByText('Vikram Shah signed in in another tab')).toBeInTheDocument();
      expect(said).toHaveTextContent('');
      setShown('visible');
      expect(said).toHaveTextContent(/^Vikram Shah signed in in another tab\. This tab now works/);
    } finally {
      // back to jsdom's own (the prototype's getter)
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('an answer that arrives after the sign-out is not let into the cache', async () => {
    const { user, queryClient } = await openCart('cart_1001');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    // the cart is read again, then the link (with Asha in its answer) goes out: held there
    const link = holdNext(server, 'post', '*/pos/carts/cart_1001/update-customer');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    await act(() => link.arrived);
    act(() => sessionStore.signOut());
    await answeredAfter(link);
    await waitFor(() => expect(screen.queryByText('Loading the cart…')).not.toBeInTheDocument());
    expect(cachedText(queryClient)).not.toContain('Asha');
    expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument();
  });

  it('a return order lookup cut off by a change of store is not shown as a failure', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), 'ORD-1001');
    const lookup = holdNext(server, 'get', '*/orders/ORD-1001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await act(() => lookup.arrived);
    const settings = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...settings, storeId: 'another-store' }));
    await answeredAfter(lookup);
    expect(screen.queryByText(/CancelledError|Something went wrong/)).not.toBeInTheDocument();
    // another store's wizard: the draft (its order number) stays with the store it was made for
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('');
  });

  it("keeps the store's locations (nothing of a person's) across a sign-out and a sign-in", async () => {
    const requests = sentRequests(server, 'GET', '/pos/locations');
    const { user, queryClient } = renderApp('/pos/locations');
    await screen.findByRole('list', { name: /locations/i }, { timeout: 5000 });
    expect(requests).toHaveLength(1);

    act(() => sessionStore.signOut());
    const locations = () =>
      queryClient.getQueryCache().find({ queryKey: ['locations'], exact: false })?.state.data;
    expect(locations()).toBeTruthy();
    act(() => sessionStore.signIn(cashier, false));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /POS/ }),
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: /Location/,
      }),
    );
    expect(await screen.findByRole('list', { name: /locations/i })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('a 401 on any screen is asked again when the same person signs in again in another tab', async () => {
    const { queryClient } = await openCart('cart_1001');
    const tokens = repo.read().tokens;
    const token = tokens['demo-cashier-token']!;
    delete tokens['demo-cashier-token'];
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();

    // the other tab signs in again, and its token is this one: no switch, the cache stays
    tokens['demo-cashier-token'] = token;
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY })));
    await waitFor(() => expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument());
    expect(await screen.findByRole('list', { name: 'Cart lines' })).toBeInTheDocument();
  });
});
