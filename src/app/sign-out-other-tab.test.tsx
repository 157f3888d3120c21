/**
 * A sign-in for this tab only, copied into another tab (window.open, Duplicate tab), signed out
 * there: this tab stops showing the person's records and asks for a sign-in. In a file of its
 * own: the other tab loads its own copy of the modules (src/testing/other-tab.ts).
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openOtherTab } from '@/testing/other-tab';
import { cachedText, renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

describe('a sign-out in a tab holding the same sign-in', { timeout: 20_000 }, () => {
  it("takes the person's records off this tab's screen and out of its cache", async () => {
    const { queryClient } = renderApp('/account/notifications', { session: 'asha' });
    await screen.findByRole('switch', { name: 'Promotional WhatsApp' });
    expect(cachedText(queryClient)).toContain('Asha');

    const opened = await openOtherTab(); // its sessionStorage: a copy of this tab's
    await act(() => opened.does((s) => s.signOut()));

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByText(/^You were signed out in another tab\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Promotional WhatsApp' })).not.toBeInTheDocument();
    expect(cachedText(queryClient)).not.toContain('Asha');
  });
});
