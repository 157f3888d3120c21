/**
 * A sign-in from a screen that asked (next=) whose check is still on its way when another tab
 * signs out: the check is called off, and "Signing in…" must not stay on screen for ever.
 * In a file of its own: the other tab loads its own copy of the modules.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openOtherTab } from '@/testing/other-tab';
import { renderApp } from '@/testing/render-app';
import { holdNext, setupTestServer } from '@/testing/test-server';

const testServer = setupTestServer();

describe(
  'a sign-in whose check is called off by a sign-out in another tab',
  { timeout: 20_000 },
  () => {
    it('does not go on saying "Signing in…"', async () => {
      const view = renderApp('/settings?next=%2Fpos', { session: null });
      await view.user.type(await screen.findByLabelText('Access token'), 'demo-cashier-token');
      await view.user.type(screen.getByLabelText('User ID'), 'staff_01');
      const held = holdNext(testServer.server, 'get', '*/auth/user/staff_01');
      await view.user.click(screen.getByRole('button', { name: 'Save connection' }));
      await held.arrived;
      const main = screen.getByRole('main');
      expect(within(main).getByText('Signing in…')).toBeInTheDocument();

      const opened = await openOtherTab(); // a copy of this tab's sign-in
      await act(() => opened.does((s) => s.signOut()));
      held.release();
      await held.answered;
      await waitFor(() => expect(view.history.location.pathname).toBe('/settings'));
      // the sign-out elsewhere is said; the sign-in is not still under way
      await waitFor(() =>
        expect(screen.getByRole('banner')).toHaveTextContent('You were signed out in another tab'),
      );
      expect(screen.queryByRole('region', { name: 'Signed in' })).not.toBeInTheDocument();
      // said in its place (no sleep: the words that replace it are what the person waits for)
      await waitFor(() =>
        expect(main).toHaveTextContent(
          'Who is signed in, or the connection, changed in another tab.',
        ),
      );
      expect(within(main).queryByText('Signing in…')).not.toBeInTheDocument();
    });
  },
);
