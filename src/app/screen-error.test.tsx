import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

// the store info screen fails as it renders (a bug, say); the rest of the app is real
vi.mock('@/features/store-config/store-info-screen', () => ({
  StoreInfoScreen: () => {
    throw new Error('The store screen broke');
  },
}));

describe('a screen that fails', () => {
  it('shows its error inside the layout; the navigation still works and clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/store', { session: 'asha' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The store screen broke/)).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Notifications' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Notification settings/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
