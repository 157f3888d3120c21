import { describe, expect, it } from 'vitest';
import { safeAppPath, safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['/brand/logo.svg', `${window.location.origin}/brand/logo.svg`],
  ])('keeps %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.c',
    '',
    '   ',
  ])('drops %j', (input) => {
    expect(safeUrl(input)).toBeNull();
  });

  it('drops non-strings', () => {
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: 'https://x' })).toBeNull();
  });
});

describe('safeAppPath (where sign-in may send you back to)', () => {
  it.each([
    ['/pos/carts/cart_1001', '/pos/carts/cart_1001'],
    ['/account/returns/new?order=ORD-1001#items', '/account/returns/new?order=ORD-1001#items'],
    // dot segments that stay inside the app are resolved, not refused
    ['/pos/../account/notifications', '/account/notifications'],
  ])('keeps the app path %s', (next, expected) => {
    expect(safeAppPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example',
    // another host by way of a backslash or a dropped control character: the origin check
    // refuses these too, as the URL parser reads them as "//evil.example"
    '/\\evil.example',
    '/\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    // only the refusal of backslashes and control characters catches these: the parser would
    // quietly turn them into another path of the app than the one written
    '/pos\\carts',
    '/account\\..\\pos',
    '/po\ts',
    '/pos\n',
    '/pos\u0001',
    '/pos\u007f',
    'javascript:alert(1)',
    'pos',
    // dot segments that resolve to "//evil.example", which navigation reads as another host
    '/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/pos/../..//evil.example',
  ])('refuses %j', (next) => {
    expect(safeAppPath(next)).toBeNull();
  });
});
