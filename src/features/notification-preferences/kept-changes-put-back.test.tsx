/** Changes kept through a sign-in come back on a screen already open when Get user confirms it. */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { holdNext, setupTestServer } from '@/testing/test-server';

const { repo, server } = setupTestServer();
const ROUTE = '/account/notifications';
const toggle = (name: string) => screen.getByRole('switch', { name });
const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe(
  'a new token for the same customer, checked after she went back',
  { timeout: 30_000 },
  () => {
    it('the changes kept through the sign-in come back on her screen once the check puts them back', async () => {
      const { user } = renderApp(ROUTE, { session: 'asha' });
      await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 });
      await user.click(toggle('Promotional SMS'));
      // her token expires: Save is refused with 401, and the change is kept for after the sign-in
      delete repo.read().tokens['demo-customer-token'];
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(/your unsaved changes are kept/i)).toBeInTheDocument();
      await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
      await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' });

      // the store gives her a new token; the check of it (Get user) is slow to answer
      repo.read().tokens['asha-renewed-token'] = { role: 'customer', userId: 'cus_1001' };
      const token = screen.getByLabelText('Access token');
      await user.clear(token);
      await user.type(token, 'asha-renewed-token');
      const check = holdNext(server, 'get', '*/auth/user/cus_1001');
      await user.click(screen.getByRole('button', { name: 'Save connection' }));
      await act(() => check.arrived);
      // she goes back herself meanwhile (docs/security.md: leaving does not stop the check)
      await user.click(within(nav()).getByRole('link', { name: 'Notifications' }));
      await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 });
      check.release();
      await act(() => check.answered);
      await act(() => new Promise((r) => setTimeout(r, 300)));

      // docs/notification-preferences.md: "A new access token for the same user ID ... keeps them
      // too, once Get user accepts it for that user"
      expect(toggle('Promotional SMS')).toBeChecked();
      expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    });
  },
);
