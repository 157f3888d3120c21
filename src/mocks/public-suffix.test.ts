import { describe, expect, it } from 'vitest';
import { getDomain } from './public-suffix';

describe('getDomain (the stand-in for tldts in the browser bundle)', () => {
  it.each([
    ['pos.example.com', 'example.com'],
    ['Shop.Example.COM.', 'example.com'],
    ['example.com', 'example.com'],
    ['localhost', null],
    ['127.0.0.1', null],
    ['[::1]', null],
    ['::1', null],
    ['a..b', null],
  ])('%s -> %s', (host, domain) => {
    expect(getDomain(host)).toBe(domain);
  });
});
