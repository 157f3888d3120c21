import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { USER_PREFIX } from '@/lib/storage';
import { renderApp } from '@/testing/render-app';
import { holdNext, setupTestServer } from '@/testing/test-server';

const testServer = setupTestServer();

describe('a new access token for the user ID signed in, saved twice before the check answers', () => {
  const RECORD = `${USER_PREFIX}returns:probe`;
  const DRAFT = `${USER_PREFIX}return-draft:probe`;

  it('keeps her records once the service accepts the token (Save pressed again while checking)', async () => {
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
    await view.user.type(token, 'asha-renewed-token');
    // the first check's Get user is slow: the cashier presses Save again meanwhile
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(sessionStore.get().connection.accessToken).toBe('asha-renewed-token'),
    );
    // the same token, confirmed for her: her records are hers
    expect(localStorage.getItem(RECORD)).toBe('["kept"]');
    expect(sessionStorage.getItem(DRAFT)).toBe('{"draft":1}');
  });
});

describe('a token corrected and saved again while the check of the first one runs', () => {
  const RECORD = `${USER_PREFIX}returns:probe`;

  it('keeps her records once the service accepts the corrected token', async () => {
    const view = renderApp('/settings', { session: 'asha' });
    localStorage.setItem(RECORD, '["kept"]');
    const state = testServer.repo.read();
    testServer.repo.write({
      ...state,
      tokens: { ...state.tokens, 'asha-renewed-token': { role: 'customer', userId: 'cus_1001' } },
    });
    const token = await screen.findByLabelText('Access token');
    await view.user.clear(token);
    await view.user.type(token, 'asha-renewed-tokn');
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    // the typo seen: corrected and saved again before the first check answers
    await view.user.clear(token);
    await view.user.type(token, 'asha-renewed-token');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sessionStore.get().connection.accessToken).toBe('asha-renewed-token');
    expect(localStorage.getItem(RECORD)).toBe('["kept"]');
  });

  it("sweeps them for another user ID's sign-in saved meanwhile", async () => {
    const view = renderApp('/settings', { session: 'asha' });
    localStorage.setItem(RECORD, '["kept"]');
    const token = await screen.findByLabelText('Access token');
    await view.user.clear(token);
    await view.user.type(token, 'asha-unknown-token');
    const held = holdNext(testServer.server, 'get', '*/auth/user/cus_1001');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    await view.user.clear(token);
    await view.user.type(token, 'demo-customer-2-token');
    await view.user.clear(screen.getByLabelText('User ID'));
    await view.user.type(screen.getByLabelText('User ID'), 'cus_1002');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    expect(
      await screen.findByText('Connection saved and checked', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sessionStore.get().identity?.userId).toBe('cus_1002');
    expect(localStorage.getItem(RECORD)).toBeNull();
  });
});

describe('the cashier signs in again with a new token from the cart that asked, pressing Save twice', () => {
  it('finds the customer details typed on the cart back', async () => {
    const { within } = await import('@testing-library/react');
    const { openCart, region } = await import('@/features/pos-cart/test-helpers');
    const { repo } = testServer;
    const { user, history } = await openCart('cart_1001');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9123456780');
    // the cashier's token expires; the store gives a new one
    const old = repo.read().tokens['demo-cashier-token']!;
    delete repo.read().tokens['demo-cashier-token'];
    repo.read().tokens['cashier-renewed-token'] = old;
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    await user.click(within(region('Customer')).getByRole('link', { name: 'Sign in' }));
    const token = await screen.findByLabelText('Access token');
    await user.clear(token);
    await user.type(token, 'cashier-renewed-token');
    const held = holdNext(testServer.server, 'get', '*/auth/user/staff_01');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    await held.arrived;
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    held.release();
    await waitFor(() => expect(history.location.pathname).toBe('/pos/carts/cart_1001'), {
      timeout: 5000,
    });
    expect(
      await screen.findByText('The customer details you typed are back', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('9123456780');
  });
});
