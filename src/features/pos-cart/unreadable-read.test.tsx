import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';
import { openCart, toBePaid } from './test-helpers';

const { server } = setupTestServer();

/** The next read of cart_1001 is answered 200 with a body cut off on the way (not JSON). */
const cutOffNextRead = () =>
  server.use(
    http.get(
      '*/pos/carts/cart_1001',
      () =>
        new HttpResponse('{"success":true,"message":"ok","content":{"cart":{"id":"cart_10', {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      { once: true },
    ),
  );

/** The next read of cart_1001 is answered 200 with a cart that breaks the contract. */
const badNextRead = () =>
  server.use(
    http.get(
      '*/pos/carts/cart_1001',
      () =>
        HttpResponse.json({
          success: true,
          message: 'ok',
          content: { cart: { id: 'cart_1001', grand_total: '3592.20' } },
        }),
      { once: true },
    ),
  );

describe('a read of the cart answered with what cannot be read', { timeout: 20_000 }, () => {
  it.each([
    ['cut off', cutOffNextRead],
    ['off the contract', badNextRead],
  ])('for Print (%s): says the receipt was not printed', async (_, breakNextRead) => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    breakNextRead();
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    const failure = await screen.findByRole('alert');
    expect(print).not.toHaveBeenCalled();
    expect(failure).toHaveTextContent('The receipt was not printed');
  });

  it.each([
    ['cut off', cutOffNextRead],
    ['off the contract', badNextRead],
  ])(
    'by itself (%s): says the figures on screen are from the last load',
    async (_, breakNextRead) => {
      await openCart('cart_1001');
      const before = toBePaid().textContent;
      breakNextRead();
      act(() => void window.dispatchEvent(new Event('visibilitychange')));
      expect(await screen.findByText('Could not refresh this cart')).toBeInTheDocument();
      // and why: the answer could not be read
      expect(screen.getByRole('main')).toHaveTextContent(
        /The service's answer (could not be read|does not match the contract)/,
      );
      // the figures stay, and the screen says they may be old
      expect(toBePaid()).toHaveTextContent(before!);
      expect(screen.getByRole('main')).toHaveTextContent(
        'The figures below are from the last time it loaded.',
      );
    },
  );
});

describe('a refresh refused without the service’s error body (a gateway’s page)', () => {
  it.each([
    [401, 'Sign in to continue'],
    [404, 'The storefront service is not at this address'],
  ])('%i is worded as on a first load, not as old figures', async (status, title) => {
    await openCart('cart_1001');
    server.use(
      http.get('*/pos/carts/cart_1001', () => new HttpResponse('<html>…</html>', { status }), {
        once: true,
      }),
    );
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.queryByText('Could not refresh this cart')).not.toBeInTheDocument();
  });
});
