import { describe, expect, it } from 'vitest';
import { safeNext } from './settings-screen';

describe('safeNext (where sign-in may send you back to)', () => {
  it.each([
    ['/pos/carts/cart_1001', '/pos/carts/cart_1001'],
    ['/account/returns/new?order=ORD-1001#items', '/account/returns/new?order=ORD-1001#items'],
  ])('keeps the app path %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'pos',
  ])('refuses %j', (next) => {
    expect(safeNext(next)).toBeNull();
  });
});
