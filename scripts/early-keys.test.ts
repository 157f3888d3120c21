import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endEarlyKeys } from '../src/features/pos-cart/cart-id-form.tsx';
import { earlyKeysScript } from './early-keys.ts';

/** Run index.html's script on `pathname`, as the page does before the app's code. */
function load(pathname: string) {
  window.history.replaceState(null, '', pathname);
  new Function(earlyKeysScript())();
}

let clock = 1000;
beforeEach(() => {
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});

/** A key `after` ms after the one before (a scanner: a few ms; a person: far more). */
const press = (key: string, init: KeyboardEventInit = {}, after = 5) => {
  clock += after;
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
};
const scan = (text: string) => {
  for (const key of text) press(key);
  press('Enter');
};

afterEach(() => {
  // a focus ends the listeners of the test before, and drops what they kept
  window.dispatchEvent(new FocusEvent('focusin'));
  (document.activeElement as HTMLElement | null)?.blur();
  document.body.replaceChildren();
});

describe('a scan typed on /pos before the app has drawn its field', () => {
  it('is kept up to its Enter, and nothing after it', () => {
    load('/pos');
    scan('cart_1002');
    scan('cart_1003');
    expect(window.__earlyKeys).toEqual({ s: 'cart_1002', t: clock - 10 * 5, done: true });
  });

  it('leaves out shortcuts, keys that type nothing, spaces and held keys', () => {
    load('/pos/');
    press('p', { ctrlKey: true });
    press('r', { metaKey: true });
    press('Tab');
    press('Shift');
    press(' ');
    press('A', { shiftKey: true });
    press('A', { repeat: true });
    expect(window.__earlyKeys?.s).toBe('A');
  });

  it('starts afresh after a pause: a stray key or Enter before the scan is not part of it', () => {
    load('/pos');
    press('/', {}, 100);
    press('Enter', {}, 400);
    for (const key of 'cart_1002') press(key, {}, key === 'c' ? 700 : 5);
    press('Enter');
    expect(window.__earlyKeys).toMatchObject({ s: 'cart_1002', done: true });
  });

  it('keeps nothing typed into a field (its typing is its own), and ends on focus or a press', () => {
    load('/pos');
    const field = document.body.appendChild(document.createElement('input'));
    field.focus(); // focusin: the keeping ends, what it kept goes
    press('s');
    expect(window.__earlyKeys).toBeUndefined();

    load('/pos'); // a field with focus already (no focusin to come)
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
    expect(window.__earlyKeys?.s).toBe('');

    load('/pos');
    press('x');
    window.dispatchEvent(new Event('pointerdown'));
    expect(window.__earlyKeys).toBeUndefined();
  });

  it('ends once the /pos screen is there, whether or not a field took the keys', () => {
    load('/pos');
    press('x');
    endEarlyKeys();
    press('y');
    expect(window.__earlyKeys).toBeUndefined();
  });

  it('keeps a scan on a cart too: a reloaded cart is where the next scan comes soonest', () => {
    load('/pos/carts/cart_1001');
    scan('cart_1002');
    expect(window.__earlyKeys).toMatchObject({ s: 'cart_1002', done: true });
  });

  it('keeps nothing on any other route (a password typed on /settings is never held)', () => {
    for (const path of ['/settings', '/pos/carts/a/b', '/pos/carts/', '/pos/locations', '/']) {
      load(path);
      press('s');
      expect(window.__earlyKeys).toBeUndefined();
    }
  });
});
