import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCart, region } from './test-helpers';
import { holdNext, setupTestServer } from '@/testing/test-server';

const testServer = setupTestServer();

describe('the cashier signs in again with a new token from the cart that asked, pressing Save twice', () => {
  it('finds the customer details typed on the cart back', async () => {
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
