import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeOf } from '@/api/connection';
import { recentCarts } from '@/features/pos-cart/recent-carts';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { mountApp, renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier')!;

/** The text of what describes a field (its hint and its error). */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    // eslint-disable-next-line testing-library/no-node-access -- the ids aria-describedby names
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the connection form, at its edges', { timeout: 20_000 }, () => {
  it('a Store ID pasted with a hidden character is refused with a message that names it', async () => {
    const { user } = renderApp('/settings', { session: null });
    const storeId = await screen.findByLabelText('Store ID');
    await user.clear(storeId);
    await user.click(storeId);
    // what a copy from a chat brings along: the field shows "demo-store"
    await user.paste('demo-store\u200b');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    // "Use letters, digits, - and _ only" beside a field that shows exactly that is no help
    expect(storeId).toHaveAttribute('aria-invalid', 'true');
    expect(description(storeId)).toMatch(/hidden space/);
    expect(sessionStore.get().settings.storeId).toBe('demo-store');
  });

  it('the same API written another way (capitals, as a tablet types them) is the same store: the till keeps its recent carts', async () => {
    renderApp('/', { session: null }).unmount();
    // an API (not the demo service), here the test service on this origin
    const settings = { baseUrl: location.origin, storeId: 'demo-store', apiKey: 'demo-api-key' };
    sessionStore.saveSettings(settings);
    sessionStore.signIn(cashier, false);
    recentCarts(storeOf(settings)).remember({ id: 'cart_1001', itemCount: 5, customerName: null });

    const { user } = mountApp('/settings');
    const base = await screen.findByLabelText('API base URL');
    await user.clear(base);
    await user.type(base, location.origin.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('Connection saved and checked')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'POS' }));
    const recent = await screen.findByRole('region', { name: 'Recently opened carts' });
    expect(within(recent).getByRole('link', { name: /cart_1001/ })).toBeInTheDocument();
  });

  it('a token the service refuses, saved from a screen that asked for sign-in with a switch to an API, signs nobody in', async () => {
    const { user, unmount } = renderApp('/settings?next=%2Fpos', { session: null });
    // from the demo service to an API (here the test service on this origin): the page reloads
    await user.type(await screen.findByLabelText('API base URL'), location.origin);
    await user.type(screen.getByLabelText('Access token'), 'not-a-real-token');
    await user.type(screen.getByLabelText('User ID'), 'staff_01');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    // the Save's check waits for the other side of the reload, which comes back to this screen
    // (with the screen that asked for sign-in still to go to), not to that screen unchecked
    expect(sessionStorage.getItem('storefront-app:connection-check-after-reload')).toBe('true');
    unmount();
    const { history } = mountApp('/settings?next=%2Fpos');
    // without a Save's own check, a refused token must not be left signed in, unsaid
    await waitFor(() => expect(sessionStore.get().identity).toBeNull(), { timeout: 3000 });
    expect(history.location.pathname).toBe('/settings');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Signed in as staff_01');
  });

  it('a token the service accepts, saved the same way, goes on to the screen that asked', async () => {
    const { user, unmount } = renderApp('/settings?next=%2Fpos', { session: null });
    await user.type(await screen.findByLabelText('API base URL'), location.origin);
    await user.type(screen.getByLabelText('Access token'), cashier.accessToken);
    await user.type(screen.getByLabelText('User ID'), cashier.userId);
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    unmount();
    const { history } = mountApp('/settings?next=%2Fpos');
    await waitFor(() => expect(history.location.pathname).toBe('/pos'), { timeout: 3000 });
    expect(sessionStore.get().identity?.userId).toBe(cashier.userId);
  });

  it("a customer's demo sign-in on a till where the cashier was remembered is not remembered on the device unasked", async () => {
    renderApp('/', { session: null }).unmount();
    sessionStore.signIn(cashier, true);
    const { user } = mountApp('/settings');
    // Asha presses her button: she ticked nothing
    await user.click(await screen.findByRole('button', { name: /Sign in as Asha Rao/ }));
    await waitFor(() => expect(sessionStore.get().identity?.userId).toBe('cus_1001'));
    expect(localStorage.getItem(IDENTITY_KEY)).toBeNull();
    expect(sessionStore.get().remember).toBe(false);
  });
});
