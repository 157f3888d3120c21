import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';
import {
  useCartBusy,
  useLinkCustomer,
  useRedeemPoints,
  useRemoveRedemption,
} from './use-cart-mutations';

setupTestServer();

function renderCartHooks(cartId: string) {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.saveSettings({ baseUrl: '', storeId: 'demo-store', apiKey: 'demo-api-key' });
  const cashier = DEMO_IDENTITIES.find((d) => d.id === 'cashier');
  if (!cashier) throw new Error('no demo cashier');
  sessionStore.signIn(cashier, false);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      ...useCartBusy(cartId),
      link: useLinkCustomer(cartId),
      redeem: useRedeemPoints(cartId),
      remove: useRemoveRedemption(cartId),
    }),
    { wrapper },
  );
  return { result, queryClient };
}

type CartHooks = ReturnType<typeof renderCartHooks>['result']['current'];

// The forms guard a second press with busyNow() alone: that is only enough if a mutation counts
// as pending the moment mutate() returns, before React re-renders or any promise settles.
describe('useCartBusy', () => {
  it.each([
    ['link', (h: CartHooks) => h.link.mutate({ phone: '9876543210' })],
    ['redeem', (h: CartHooks) => h.redeem.mutate(100)],
    ['remove', (h: CartHooks) => h.remove.mutate()],
  ])('busyNow() is true as soon as %s mutate() returns', async (_, start) => {
    const { result, queryClient } = renderCartHooks('cart_1001');
    expect(result.current.busyNow()).toBe(false);
    start(result.current);
    // no await since mutate(): this is where a second press checks
    expect(queryClient.isMutating()).toBe(1);
    expect(result.current.busyNow()).toBe(true);
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(result.current.busyNow()).toBe(false);
  });
});
