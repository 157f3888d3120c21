import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

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
