import { describe, expect, it, vi } from 'vitest';
import { preloadScreen } from './router';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('@/features/store-config/store-info-screen', () => {
  loaded.push('store-info');
  return { StoreInfoScreen: () => null };
});
vi.mock('@/features/pos-cart/cart-screen', () => {
  loaded.push('cart');
  return { CartScreen: () => null };
});

describe('preloadScreen', () => {
  it("loads the screen of the route the path matches, and only that one's", async () => {
    await preloadScreen('/store');
    expect(loaded).toEqual(['store-info']);
    await preloadScreen('/pos/carts/cart_1001');
    expect(loaded).toEqual(['store-info', 'cart']);
  });

  it('does nothing for a path with no screen of its own (the not-found page)', async () => {
    await expect(preloadScreen('/no/such/page')).resolves.toBeUndefined();
  });
});
