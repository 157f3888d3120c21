import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeOf } from '@/api/connection';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';
import { recentCartsKey } from './recent-carts';

setupTestServer();

const DEMO_STORE = storeOf({ baseUrl: '', storeId: 'demo-store' });

describe('recent carts stored damaged', { timeout: 20_000 }, () => {
  it('a stored recent cart with an unreadable date does not take the POS start screen down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/pos');
    await screen.findByRole('textbox', { name: 'Cart ID' });
    // written by another version of the app, or damaged: every other field is as the app keeps it
    act(() => {
      localStorage.setItem(
        recentCartsKey(DEMO_STORE),
        JSON.stringify([
          {
            id: 'cart_1002',
            openedAt: '2025-11-24T10:00:00.000Z',
            itemCount: 2,
            customerName: null,
          },
          { id: 'cart_1001', openedAt: 'yesterday', itemCount: 5, customerName: null },
        ]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: recentCartsKey(DEMO_STORE) }));
    });
    // the screen stays: the damaged entry is left out (or shown without its date), not a crash
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Cart ID' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Recently opened carts' })).toHaveTextContent(
      'cart_1002',
    );
  });
});
