import { describe, expect, it } from 'vitest';
import { externalUrl } from './external-url';

describe('externalUrl', () => {
  it.each([
    ['https://instagram.com/shop', 'https://instagram.com/shop'],
    ['  http://x.example/a b ', 'http://x.example/a%20b'],
    // typed without a scheme: the site it names, not a page of this app
    ['www.instagram.com/shop', 'https://www.instagram.com/shop'],
    ['instagram.com', 'https://instagram.com/'],
    ['//facebook.com/shop', 'https://facebook.com/shop'],
  ])('%s -> %s', (input, expected) => {
    expect(externalUrl(input)).toBe(expected);
  });

  it.each([
    ['/shop'],
    ['shop'],
    ['../x'],
    ['?q=1'],
    ['javascript:alert(1)'],
    ['mailto:a@b.example'],
    ['https://'],
    ['https://a b.example/'],
    ['user@instagram.com'],
    // a scheme without "//" would resolve against this app's own address
    ['https:shop'],
    ['http:/shop'],
    [''],
  ])('%s is no link', (input) => {
    expect(externalUrl(input)).toBeNull();
  });

  it('drops non-strings', () => {
    expect(externalUrl(null)).toBeNull();
    expect(externalUrl(['https://x.example'])).toBeNull();
  });
});
