import { describe, expect, it } from 'vitest';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';
import { openCart, region } from './test-helpers';

setupTestServer();

describe('the totals', { timeout: 20_000 }, () => {
  it.each([
    ['cart_1003', 'Subtotal excl. tax (1 line)₹'],
    ['cart_1002', 'Subtotal excl. tax (2 lines)₹'],
  ])('%s counts its lines in words that fit the number', async (cartId, label) => {
    await openCart(cartId);
    expect(region('Totals')).toHaveTextContent(label);
  });
});
