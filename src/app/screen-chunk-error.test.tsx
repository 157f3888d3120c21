import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

// the store info screen's code cannot be fetched (offline, or a release replaced the file)
vi.mock('@/features/store-config/store-info-screen', () => ({
  StoreInfoScreen: () => {
    throw new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/store-info-screen-D4.js',
    );
  },
}));

describe('a screen whose code cannot be fetched', () => {
  it('says so in plain words, with Reload the page (a failed module stays failed), and no file address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/store');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This screen did not load' }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Part of the app did not load');
    expect(alert).toHaveTextContent('Check the connection, then reload the page.');
    expect(alert).not.toHaveTextContent(/assets|dynamically/);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
