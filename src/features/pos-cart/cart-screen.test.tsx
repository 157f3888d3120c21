import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CART_REFRESH_MS } from '@/api/carts';
import { formatDateTime } from '@/lib/format';
import { sessionStore } from '@/lib/session';
import { mountApp, renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';
import { SCAN_GAP_MS } from './scan-gap';
import { announcement, openCart, region, toBePaid } from './test-helpers';

const { repo, server, faults, service } = setupTestServer();

describe('the cart screen', { timeout: 20_000 }, () => {
  it('shows every line with the figures the service sends', async () => {
    await openCart('cart_1001');
    // the lines themselves (each has a heading), not the lists of options inside them
    const lines = within(screen.getByRole('list', { name: 'Cart lines' }))
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByRole('heading', { level: 3 }));
    expect(lines).toHaveLength(5);

    const [tshirt, kurta, coffee, mug, tote] = lines as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(tshirt).getByRole('heading', { name: 'Organic Cotton Crew T-Shirt' }));
    expect(tshirt).toHaveTextContent('Indigo Blue / M');
    expect(tshirt).toHaveTextContent('Colour: Indigo Blue');
    expect(tshirt).toHaveTextContent('Size: M');
    expect(tshirt).toHaveTextContent('Quantity2');
    expect(tshirt).toHaveTextContent('Unit price incl. tax₹799.00');
    expect(tshirt).toHaveTextContent('Unit price excl. tax₹760.95');
    expect(tshirt).toHaveTextContent('Tax on line (GST 5%)₹76.10');
    // the swatch shows the service's colour; it is aria-hidden (the name is written beside it)
    // eslint-disable-next-line testing-library/no-node-access
    expect(tshirt.querySelector('[style]')).toHaveStyle({ backgroundColor: '#3F51B5' });

    expect(within(kurta).getByText('On promotion')).toBeInTheDocument();
    expect(kurta).toHaveTextContent('Promotion discount−₹200.00');
    expect(kurta).toHaveTextContent('was ₹2,499.00');

    expect(within(coffee).getByText('Subscription', { selector: 'span' })).toBeInTheDocument();
    expect(coffee).toHaveTextContent('Monthly coffee: ₹420.00 monthly');

    expect(mug).toHaveTextContent('Handling (18% tax)₹47.20');
    expect(within(tote).getByText('Free item')).toBeInTheDocument();
    expect(tote).toHaveTextContent('Quantity1 (1 free)');
    // the product image is decorative (the name is beside it), so it has no role to query
    // eslint-disable-next-line testing-library/no-node-access
    expect(tote.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringMatching(/^https?:\/\/[^/]+\/products\/tote\.svg$/),
    );

    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    const totals = region('Totals');
    expect(totals).toHaveTextContent('Subtotal excl. tax (5 lines)₹4,326.82');
    expect(totals).toHaveTextContent('Tax on items₹418.18');
    expect(totals).toHaveTextContent('Handling incl. tax₹47.20');
    expect(totals).toHaveTextContent('Promotion discount (4.21%)−₹200.00');
    expect(totals).toHaveTextContent('Grand total₹4,592.20');
    expect(totals).toHaveTextContent('Loyalty points redeemed0');
    expect(totals).toHaveTextContent('To be paid₹4,592.20');
    expect(region('Promotions and coupons')).toHaveTextContent('promo_festive10');
    expect(region('Savings')).toHaveTextContent('Total savings₹200.00');
    expect(region('Cart details')).toHaveTextContent(
      'FulfilmentCollect in store, at Indigo Threads IndiranagarLines',
    );
    expect(region('Cart details')).toHaveTextContent('StatusActive');
  });

  it('shows coupons, shipping, credit used and delivery', async () => {
    await openCart('cart_1003');
    const totals = region('Totals');
    expect(totals).toHaveTextContent('Coupon discount (WELCOME100)−₹100.00');
    expect(totals).toHaveTextContent('Shipping incl. tax₹116.82');
    // credit and points come off as one figure, the service's, credit and points as its parts
    expect(totals).toHaveTextContent(
      'Grand total₹12,515.82Credit and loyalty−₹100.00Credit used₹100.00Loyalty points redeemed0To be paid₹12,415.82',
    );
    // each deduction's sign is one piece with its figure (Money's `off`), so a narrow column or
    // the paper never breaks the line between them: a bare figure reads as a charge
    expect(within(totals).getAllByText('−₹100.00')).toHaveLength(2);
    expect(region('Promotions and coupons')).toHaveTextContent('Coupon WELCOME100');
    expect(region('Cart details')).toHaveTextContent('Delivery, estimated 4 days');
  });

  it('shows a coupon applied to two products twice, once per product', async () => {
    const cart = service.getCart('cart_1003');
    const [coupon] = cart.applied_coupons;
    const onProduct = (product_id: string, product_name: string) => ({
      ...coupon!,
      savings: 50,
      product_id,
      product_name,
    });
    server.use(
      http.get('*/pos/carts/cart_1003', () =>
        HttpResponse.json({
          success: true,
          message: 'ok',
          content: {
            cart: {
              ...cart,
              applied_coupons: [onProduct('prod_a', 'Mug'), onProduct('prod_b', 'Tote')],
            },
          },
        }),
      ),
    );
    const errors = vi.spyOn(console, 'error');
    await openCart('cart_1003');
    const offers = region('Promotions and coupons');
    expect(offers).toHaveTextContent(/on Mug\b.*on Tote\b/);
    // each row its own (React warns of two children with the same key, and may drop one)
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
  });

  it.each([
    ['cart_expired', 'This cart has expired', 'Expired'],
    ['cart_inactive', 'This cart is inactive', 'Inactive'],
  ])('%s says so and disables its actions', async (cartId, title, status) => {
    await openCart(cartId);
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(region('Cart details')).toHaveTextContent(`Status${status}`);
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Link customer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Loyalty points' })).toBeDisabled();
    // nor the keys of those actions: they would do nothing
    expect(region('Keyboard shortcuts')).not.toHaveTextContent('Print the receipt');
    expect(region('Keyboard shortcuts')).not.toHaveTextContent('Link or change the customer');
    expect(region('Keyboard shortcuts')).not.toHaveTextContent('Go to Loyalty points');
    expect(region('Keyboard shortcuts')).toHaveTextContent('Go to the Cart ID field');
    // another cart can still be opened
    expect(screen.getByRole('textbox', { name: 'Cart ID' })).toBeEnabled();
    // the browser's own Print (its menu) gets a page saying why, not a blank one
    expect(screen.queryByRole('region', { name: 'Receipt', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByText(`No receipt: cart ${cartId} is closed.`)).toHaveClass(
      'hidden',
      'print:block',
    );
  });

  it('reads an open cart again while it is on screen: a change at another till shows, and is announced', async () => {
    // the cart's own timer, sped up (time still runs, for the requests)
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    onTestFinished(() => void vi.useRealTimers());
    service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    await openCart('cart_1001');
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    // another till redeems 700 points; this one is left alone, as a till side by side is
    service.redeemPoints('cart_1001', 700);
    await act(() => vi.advanceTimersByTimeAsync(CART_REFRESH_MS));
    await waitFor(() => expect(toBePaid()).toHaveTextContent('₹3,892.20'));
    expect(region('Loyalty')).toHaveTextContent('Points redeemed700');
    expect(announcement().join(' ')).toContain('₹3,892.20');
  });

  it('does not read a closed cart again by itself', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    onTestFinished(() => void vi.useRealTimers());
    await openCart('cart_inactive');
    const reads = sentRequests(server, 'GET', '/pos/carts/cart_inactive');
    await act(() => vi.advanceTimersByTimeAsync(CART_REFRESH_MS * 3));
    expect(reads).toHaveLength(0);
  });

  it('says when no cart has the id', async () => {
    renderApp('/pos/carts/cart_9999');
    expect(
      await screen.findByText(
        'There is no cart with the ID “cart_9999”. Check the ID, or scan the cart again.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('asks a signed-out cashier to sign in and come back to the same cart', async () => {
    renderApp('/pos/carts/cart_1001', { session: null });
    await screen.findByText('Sign in to continue', undefined, { timeout: 5000 });
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/settings?next=%2Fpos%2Fcarts%2Fcart_1001');
  });

  it('explains that customer accounts cannot use the POS (403)', async () => {
    renderApp('/pos/carts/cart_1001', { session: 'asha' });
    expect(
      await screen.findByText(/Customer accounts cannot use the POS terminal/, undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });

  it('says how often a subscription bills and delivers, and its minimum quantity', async () => {
    const cart = service.getCart('cart_1001');
    const items = cart.cart_items.map((item) => ({
      ...item,
      subscriptions: item.subscriptions.map((sub) => ({
        ...sub,
        billing_interval: 3,
        order_interval: 2,
        minimum_quantity: 2,
      })),
    }));
    server.use(
      http.get('*/pos/carts/:cartId', () =>
        HttpResponse.json({
          success: true,
          message: 'OK',
          content: { cart: { ...cart, cart_items: items } },
        }),
      ),
    );
    await openCart('cart_1001');
    const coffee = within(screen.getByRole('list', { name: 'Cart lines' }))
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { level: 3, name: /coffee/i }));
    expect(coffee).toHaveTextContent(
      'Monthly coffee: ₹420.00 every 3 months, 12 payments; delivered every 2 months, 12 orders; at least 2 at a time',
    );
  });

  it('a 404 that is not the service speaking points at the API address, not at the cart', async () => {
    // a web server at a wrong API address: 404, no error body of the service's
    server.use(
      http.get('*/pos/carts/:cartId', () => new HttpResponse('Not Found', { status: 404 })),
    );
    renderApp('/pos/carts/cart_1001');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The storefront service is not at this address');
    expect(screen.queryByText(/There is no cart/)).not.toBeInTheDocument();
    expect(
      within(alert).getByRole('link', { name: 'Check the API address in Connection settings' }),
    ).toHaveAttribute('href', '/settings');
  });

  it('keeps the screen after a failed load and loads on Try again', async () => {
    server.use(
      http.get(
        '*/pos/carts/:cartId',
        () =>
          HttpResponse.json(
            { success: false, message: 'Something went wrong.', code: 'internal_error' },
            { status: 500 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp('/pos/carts/cart_1001');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the cart');
    const retried = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(retry);
    // the message and its button stay while the retry is out: not swapped for a spinner, which
    // would drop the focus on Try again to the page
    expect(screen.getByRole('button', { name: 'Trying again…' })).toHaveFocus();
    expect(screen.queryByText('Loading the cart…')).not.toBeInTheDocument();
    retried.release();
    expect(await screen.findByRole('list', { name: 'Cart lines' })).toBeInTheDocument();
    // the message went when the cart came: focus goes to the screen's heading
    expect(screen.getByRole('heading', { level: 1, name: 'Cart cart_1001' })).toHaveFocus();
  });

  it('says so when the Try again of a failed load fails again: the words above are the same', async () => {
    server.use(
      http.get('*/pos/carts/:cartId', () =>
        HttpResponse.json(
          { success: false, message: 'Something went wrong.', code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderApp('/pos/carts/cart_1001');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent('Tried again');
    await user.click(retry);
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('prints a receipt with the brand, lines and totals', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const receipt = screen.getByRole('region', { name: 'Receipt', hidden: true });
    expect(receipt).toHaveClass('hidden', 'print:block');
    expect(receipt).toHaveTextContent('Indigo Threads');
    expect(receipt).toHaveTextContent('Receipt · Cart cart_1001');
    expect(receipt).toHaveTextContent('Stoneware Mug (White)');
    expect(receipt).toHaveTextContent('2 × ₹349.00');
    expect(receipt).toHaveTextContent('To be paid₹4,592.20');
    // the screen's own parts stay off the paper
    // eslint-disable-next-line testing-library/no-node-access
    expect(screen.getByRole('heading', { level: 1 }).closest('.print\\:hidden')).not.toBeNull();
  });

  it("prints nothing without the store's details to head the receipt, and prints once they load", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    // the store's details cannot be read (the header's own read and its retries too)
    let configDown = true;
    server.use(
      http.get('*/api/v1/:store/storefront/store/config', () =>
        configDown
          ? HttpResponse.json(
              { success: false, message: 'Something went wrong.', code: 'internal_error' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The receipt was not printed');
    expect(alert).toHaveTextContent(
      "The store's details, which head the receipt, could not be loaded.",
    );
    expect(print).not.toHaveBeenCalled();
    // the news has focus (it came from Print)
    // eslint-disable-next-line testing-library/no-node-access -- the focus box around the alert
    expect(alert.closest('[tabindex="-1"]')).toHaveFocus();

    // the browser thinks it is offline: the store's details are asked for anyway (as the cart
    // is), not held until it is back online and printed then by themselves
    configDown = false;
    onlineManager.setOnline(false);
    try {
      const config = holdNext(server, 'get', '*/api/v1/:store/storefront/store/config');
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      // the message, with focus on its Try again, stays while it runs
      expect(await screen.findByRole('button', { name: 'Trying again…' })).toHaveFocus();
      config.release();
      await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    } finally {
      onlineManager.setOnline(true);
    }
    expect(screen.getByRole('region', { name: 'Receipt', hidden: true })).toHaveTextContent(
      'Indigo Threads',
    );
    expect(screen.queryByText('The receipt was not printed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toHaveFocus();
  });

  it("says so when the store details' Try again fails again: the words above are the same", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    server.use(
      http.get('*/api/v1/:store/storefront/store/config', () =>
        HttpResponse.json(
          { success: false, message: 'Something went wrong.', code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The store's details, which head the receipt");
    expect(alert).not.toHaveTextContent('Tried again');
    // Print pressed again is not a "tried again" of this message
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Print receipt' })).not.toHaveAttribute(
        'aria-busy',
      ),
    );
    expect(alert).not.toHaveTextContent('Tried again');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(alert).findByText('Tried again: it failed again (2 times).'),
    ).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('has shortcuts for the cart field, the customer, loyalty points and printing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    const shortcuts = region('Keyboard shortcuts');
    expect(shortcuts).toHaveTextContent('/Go to the Cart ID field');
    // a shortcut runs once no second key follows at scanner speed (SCAN_GAP_MS)
    await user.keyboard('l');
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Loyalty points' })).toHaveFocus(),
    );
    // in a text field the key is text
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Loyalty points' })).toHaveValue('/');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('/');
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveFocus());
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('c');
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('p');
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('P from a cart button puts focus on Print, which keeps it while it checks', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    act(() => redeem.focus());
    const check = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.keyboard('p');
    // Redeem is off while Print checks the cart: had focus stayed there, it would drop to the page
    const printButton = await screen.findByRole('button', { name: 'Checking the cart…' });
    expect(printButton).toHaveFocus();
    expect(redeem).toBeDisabled();
    check.release();
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Print receipt' })).toHaveFocus();
  });

  it.each(['cart_1002', 'cart_1003'])(
    'a scan of %s with focus outside a text field opens that cart, and runs no shortcut',
    async (cartId) => {
      const print = vi.spyOn(window, 'print').mockImplementation(() => {});
      const { user, history } = await openCart('cart_1001');
      await user.click(screen.getByRole('heading', { level: 1 }));
      // a scanner: the id's characters back to back, then Enter
      await user.keyboard(`${cartId}{Enter}`);
      await vi.waitFor(() => expect(history.location.pathname).toBe(`/pos/carts/${cartId}`));
      expect(
        await screen.findByRole('heading', { level: 1, name: `Cart ${cartId}` }),
      ).toBeInTheDocument();
      await screen.findByRole('list', { name: 'Cart lines' });
      // nothing of the id went anywhere else
      expect(screen.getByRole('textbox', { name: 'Cart ID' })).toHaveValue('');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(print).not.toHaveBeenCalled();
    },
  );

  it('a scan typed into the points field, where focus stays after Redeem, opens that cart', async () => {
    service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    const { user, history } = await openCart('cart_1001');
    const points = screen.getByRole('textbox', { name: 'Loyalty points' });
    await user.type(points, '100{Enter}');
    await within(region('Loyalty')).findByText('Redeemed 100 points.');
    expect(points).toHaveFocus();
    // the next cart's scan: no points, and opened as a scan anywhere else is
    await user.keyboard('cart_1002{Enter}');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/pos/carts/cart_1002'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' }),
    ).toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(100);
    // nothing of it kept as points typed on the cart left
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('cart_1002"');
  });

  it('digits typed fast into the points field stay points', async () => {
    service.linkCustomer('cart_1001', { customer_id: 'cus_1001' });
    const { user, history } = await openCart('cart_1001');
    await user.click(screen.getByRole('textbox', { name: 'Loyalty points' }));
    await user.keyboard('250{Enter}');
    await within(region('Loyalty')).findByText('Redeemed 250 points.');
    expect(history.location.pathname).toBe('/pos/carts/cart_1001');
  });

  it('a scan typed into the phone field opens that cart, and the phone typed stays', async () => {
    const { user, history } = await openCart('cart_1001');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '98765');
    // a person's typing ends; then the next cart's scan, with focus still in the field
    await new Promise((done) => setTimeout(done, SCAN_GAP_MS + 10));
    await user.keyboard('cart_1002{Enter}');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/pos/carts/cart_1002'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' }),
    ).toBeInTheDocument();
    expect(sentRequests(server, 'POST', '/update-customer')).toHaveLength(0);
    // back on the first cart, the number typed there is what its field holds
    act(() => history.go(-1));
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveValue('98765');
  });

  it('a phone number typed fast, with its signs, is a phone number', async () => {
    const { user, history } = await openCart('cart_1001');
    await user.click(screen.getByRole('textbox', { name: 'Phone number' }));
    await user.keyboard('98765 43210{Enter}');
    await within(region('Customer')).findByText('Asha Rao');
    expect(history.location.pathname).toBe('/pos/carts/cart_1001');
  });

  it('a scan that starts outside the field and ends inside it is one cart id', async () => {
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('pq');
    const field = screen.getByRole('textbox', { name: 'Cart ID' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('pq');
    // the rest of the scan lands in the field after what came first
    await user.keyboard('r');
    expect(field).toHaveValue('pqr');
  });

  it('after a failure that leaves the outcome unknown, shows the figures the service has', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    await within(region('Customer')).findByText('Asha Rao');
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    // the service makes the change, then the connection drops before the answer arrives
    server.use(
      http.post(
        '*/pos/carts/:cartId/loyalty-points',
        () => {
          repo.read().carts.cart_1001!.loyalty_points_redeemed = 500;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '500');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await within(region('Loyalty')).findByRole('alert')).toBeInTheDocument();
    // the cart is read again: To be paid is what the service will charge, not the old figure
    await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,092.20'));
  });

  it("a proxy's refusal (not in the service's words) also leaves the outcome unknown", async () => {
    const { user } = await openCart('cart_1001');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    await within(region('Customer')).findByText('Asha Rao');
    // the service made the change; a gateway in front of it answered 429 in the error format
    server.use(
      http.post(
        '*/pos/carts/:cartId/loyalty-points',
        () => {
          repo.read().carts.cart_1001!.loyalty_points_redeemed = 500;
          return HttpResponse.json(
            { success: false, code: 'too_many_requests', message: 'Slow down.' },
            { status: 429 },
          );
        },
        { once: true },
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '500');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await within(region('Loyalty')).findByRole('alert')).toBeInTheDocument();
    await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,092.20'));
  });

  it('a failed action whose re-read finds the cart closed offers no retry', async () => {
    const { user } = await openCart('cart_1001');
    server.use(
      http.post(
        '*/pos/carts/:cartId/loyalty-points',
        () => {
          repo.read().carts.cart_1001!.active = false;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '500');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This cart is inactive')).toBeInTheDocument();
    expect(within(region('Loyalty')).getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  });

  it('a store the service does not have is said so, with the way to the settings', async () => {
    renderApp('/pos').unmount(); // signed in as the cashier
    sessionStore.saveSettings({ baseUrl: '', storeId: 'no-such-store', apiKey: 'demo-api-key' });
    const { unmount } = mountApp('/pos/carts/cart_1001');
    expect(await screen.findByText('Store not found')).toBeInTheDocument();
    expect(screen.queryByText(/There is no cart/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Check the store ID in Connection settings' }),
    ).toHaveAttribute('href', '/settings');
    unmount();
  });

  it('turns the actions off when the service says the cart has closed meanwhile', async () => {
    const { user } = await openCart('cart_1001');
    repo.read().carts.cart_1001!.active = false;
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    expect(await screen.findByText('This cart can no longer be changed')).toBeInTheDocument();
    expect(await screen.findByText('This cart is inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  });

  // Redeem, unlike Link customer, reads nothing before it sends: only the refusal itself can
  // tell the screen that the cart it shows has closed
  it.each([
    [
      'cart_inactive',
      'This cart is inactive',
      () => void (repo.read().carts.cart_1001!.active = false),
    ],
    [
      'cart_expired',
      'This cart has expired',
      () =>
        void (repo.read().carts.cart_1001!.expires_at = new Date(
          Date.now() - 60_000,
        ).toISOString()),
    ],
  ])(
    'a Redeem refused with %s reads the cart again and shows it closed',
    async (_, title, close) => {
      const { user } = await openCart('cart_1001');
      close();
      await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '500');
      await user.click(screen.getByRole('button', { name: 'Redeem' }));
      expect(await screen.findByText('This cart can no longer be changed')).toBeInTheDocument();
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Link customer' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Print receipt' })).toBeDisabled();
    },
  );

  it('a Redeem refused with cart_not_found reads the cart again and says it is gone', async () => {
    const { user } = await openCart('cart_1001');
    delete repo.read().carts.cart_1001;
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '500');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    // the cart read again: its refusal says so above the figures last read
    expect(
      await screen.findByText(
        'There is no cart with the ID “cart_1001”. Check the ID, or scan the cart again.',
      ),
    ).toBeInTheDocument();
  });
});

describe('a cart changed elsewhere (another till, another tab)', { timeout: 20_000 }, () => {
  const changeElsewhere = () => {
    service.linkCustomer('cart_1001', { phone: '9876543210', country_code: '+91' });
    service.redeemPoints('cart_1001', 1000);
  };

  it('is read again when opened again, also within a minute of the last time', async () => {
    const { user, history } = await openCart('cart_1001');
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    // the cashier scans another cart; meanwhile another till changes this one
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'cart_1002{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    changeElsewhere();

    // back to it (the browser's Back), seconds later: the figures are the service's, not the
    // ones this screen had before
    act(() => history.go(-1));
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1001' });
    await waitFor(() => expect(toBePaid()).toHaveTextContent('₹3,592.20'));
    expect(region('Customer')).toHaveTextContent('Asha Rao');

    // and scanned again
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'cart_1002{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1002' });
    service.redeemPoints('cart_1001', 500);
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'cart_1001{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Cart cart_1001' });
    await waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,092.20'));
  });

  it('is read again before its receipt is printed: the paper has what the service has', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    changeElsewhere();
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const receipt = screen.getByRole('region', { name: 'Receipt', hidden: true });
    expect(receipt).toHaveTextContent('To be paid₹3,592.20');
    expect(receipt).toHaveTextContent('Points redeemed1,000');
    expect(toBePaid()).toHaveTextContent('₹3,592.20');
  });

  it("the browser's Print key (Ctrl+P) reads it again first too, as Print receipt does", async () => {
    // as a browser does: print() fires beforeprint before the page is laid out for paper
    const print = vi
      .spyOn(window, 'print')
      .mockImplementation(() => void window.dispatchEvent(new Event('beforeprint')));
    const { user } = await openCart('cart_1001');
    changeElsewhere();
    await user.keyboard('{Control>}p{/Control}');
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const receipt = screen.getByRole('region', { name: 'Receipt', hidden: true });
    expect(receipt).toHaveTextContent('To be paid₹3,592.20');
    expect(receipt).not.toHaveTextContent('not checked with the service');
  });

  it('Ctrl+P while a customer is being linked prints nothing and says so, until the cart is free', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    const linking = holdNext(server, 'post', '*/pos/carts/cart_1001/update-customer');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    await linking.arrived;
    // the region that says it is in the page before (a status drawn with its words may go unheard)
    const regions = within(screen.getByRole('main')).getAllByRole('status');
    await user.keyboard('{Control>}p{/Control}');
    const said = screen.getByText(/^Nothing was printed/);
    expect(regions).toContain(said);
    expect(said).toHaveTextContent(
      'Nothing was printed: another action on this cart is still on its way. Press Print receipt once it is done.',
    );
    expect(said).toHaveRole('status');
    linking.release();
    await within(region('Customer')).findByText('Asha Rao');
    await waitFor(() => expect(said).toBeEmptyDOMElement());
    expect(print).not.toHaveBeenCalled();
    // a later action says nothing of it
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '100{Enter}');
    await redemption.arrived;
    expect(said).toBeEmptyDOMElement();
    redemption.release();
  });

  it('a second Ctrl+P while Print checks the cart says nothing more: the first prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    const check = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.keyboard('{Control>}p{/Control}');
    await check.arrived;
    await user.keyboard('{Control>}p{/Control}');
    expect(screen.queryByText(/^Nothing was printed/)).not.toBeInTheDocument();
    check.release();
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it("printed from the browser's menu with no cart loaded, the paper says so, not blank", async () => {
    renderApp('/pos/carts/cart_nope');
    expect(await screen.findByText(/There is no cart with the ID/)).toBeInTheDocument();
    expect(screen.getByText('No receipt: cart cart_nope has not loaded.')).toHaveClass(
      'hidden',
      'print:block',
    );
  });

  it('the paper Print receipt prints has the time of the press, and says its figures were checked', async () => {
    // what the paper says at the moment the browser lays it out: inside print(), at beforeprint
    const paper: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      window.dispatchEvent(new Event('beforeprint'));
      paper.push(screen.getByRole('region', { name: 'Receipt', hidden: true }).textContent ?? '');
    });
    const { user } = await openCart('cart_1001');
    // printed from the browser's menu first: that paper says its figures were not checked
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    // two hours later (only the clock moves: the cart stays open), Print receipt
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await vi.waitFor(() => expect(paper).toHaveLength(1));
    expect(paper[0]).toContain(formatDateTime(new Date().toISOString()));
    expect(paper[0]).not.toContain('not checked with the service');
  });

  it("printed from the browser's menu (no read first), the paper says its figures were not checked", async () => {
    await openCart('cart_1001');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    const receipt = screen.getByRole('region', { name: 'Receipt', hidden: true });
    expect(receipt).toHaveTextContent(
      'Figures as on screen, not checked with the service: use Print receipt.',
    );
  });

  it('prints nothing when that read fails, says so, and prints on Try again', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    faults.set({ dropNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The receipt was not printed');
    expect(failure).toHaveTextContent('nothing was printed');
    expect(print).not.toHaveBeenCalled();
    // the news took focus from Print, which kept it while it checked
    // eslint-disable-next-line testing-library/no-node-access -- the focus box around the alert
    expect(failure.closest('[tabindex="-1"]')).toHaveFocus();

    changeElsewhere();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('region', { name: 'Receipt', hidden: true })).toHaveTextContent(
      'To be paid₹3,592.20',
    );
    // the message and its button went: focus goes to the screen's heading, not the page
    expect(screen.queryByText('The receipt was not printed')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it("says so when the not-printed message's Try again fails again: the words above are the same", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    faults.set({ failNext: 20 });
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The receipt was not printed');
    // Print's own read failing is not a "tried again"
    expect(alert).not.toHaveTextContent('Tried again');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The receipt was not printed');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(alert).findByText('Tried again: it failed again (2 times).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(print).not.toHaveBeenCalled();
  });

  it("says so when a failed refresh's Try again fails again", async () => {
    const { user } = await openCart('cart_1001');
    faults.set({ failNext: 20 });
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    const title = await screen.findByText('Could not refresh this cart');
    // eslint-disable-next-line testing-library/no-node-access -- the message's live region
    const message = title.closest<HTMLElement>('[role="status"]')!;
    expect(message).not.toHaveTextContent('Tried again');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(message).findByText('Tried again: it failed again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(message).findByText('Tried again: it failed again (2 times).'),
    ).toBeInTheDocument();
  });

  it('a read that fails by itself (not a print) says only that the figures are old', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await openCart('cart_1001');
    faults.set({ dropNext: 1 });
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('Could not refresh this cart')).toBeInTheDocument();
    expect(screen.queryByText('The receipt was not printed')).not.toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();

    // it recovers by itself (the tab shown again): nobody's focus moves
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    act(() => redeem.focus());
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() =>
      expect(screen.queryByText('Could not refresh this cart')).not.toBeInTheDocument(),
    );
    expect(redeem).toHaveFocus();
  });

  it('a till the app thinks is offline still asks: nothing waits unseen to be sent later', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    service.linkCustomer('cart_1001', { phone: '9876543210', country_code: '+91' });
    const { user } = await openCart('cart_1001');
    onlineManager.setOnline(false);
    try {
      await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '100{Enter}');
      await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,492.20'));
      await user.click(screen.getByRole('button', { name: 'Print receipt' }));
      await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));

      // and a request that cannot go out fails at once, with Try again
      faults.set({ dropNext: 1 });
      await user.click(screen.getByRole('button', { name: 'Print receipt' }));
      expect(await screen.findByText('The receipt was not printed')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Redeem' })).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('Print and the cart actions take turns: the paper never has figures an action is changing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    service.linkCustomer('cart_1001', { phone: '9876543210', country_code: '+91' });
    const { user } = await openCart('cart_1001');
    // while Print checks the cart, Redeem is off (a press does nothing)
    const check = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '100');
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    check.release();
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const receipt = screen.getByRole('region', { name: 'Receipt', hidden: true });
    expect(receipt).toHaveTextContent('To be paid₹4,592.20');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);

    // while Redeem is on its way, Print is off
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeDisabled();
    redemption.release();
    await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,492.20'));
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(receipt).toHaveTextContent('To be paid₹4,492.20');
  });

  it("a refused action leaves a read on its way to bring the service's cart", async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210', country_code: '+91' });
    service.redeemPoints('cart_1001', 100);
    const { user } = await openCart('cart_1001');
    // another till redeems 200 in place of the 100 on screen
    service.redeemPoints('cart_1001', 200);
    // the tab is shown again: a read of the cart goes out (held)
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await read.arrived;
    // meanwhile the cashier links a customer nobody has (a redemption on screen: no read first,
    // the warning is confirmed), which the service refuses
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Customer ID' }), 'cus_nobody');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change customer' }));
    expect(await screen.findByText(/No customer has this ID/)).toBeInTheDocument();
    read.release();
    // the read was not called off by the action: the other till's redemption is on screen
    expect(await within(region('Loyalty')).findByText('200')).toBeInTheDocument();
  });

  it('is read again when it is scanned again', async () => {
    const { user } = await openCart('cart_1001');
    changeElsewhere();
    await user.type(screen.getByRole('textbox', { name: 'Cart ID' }), 'cart_1001{Enter}');
    await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹3,592.20'));
    expect(within(region('Customer')).getByText('Asha Rao')).toBeInTheDocument();
  });

  it('is read again when the tab is shown again', async () => {
    await openCart('cart_1001');
    changeElsewhere();
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(toBePaid()).toHaveTextContent('₹3,592.20'));
    expect(within(region('Customer')).getByText('Asha Rao')).toBeInTheDocument();
  });
});

describe('a cart that expires while it is on screen', { timeout: 20_000 }, () => {
  const expireIn = (ms: number) => {
    repo.read().carts.cart_1001!.expires_at = new Date(Date.now() + ms).toISOString();
  };
  /** The cart read again (as when its tab is shown again), with what the service has now. */
  const readAgain = async (expiresAt: string) => {
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await screen.findByText(formatDateTime(expiresAt));
  };

  it('shows as expired at its expiry, not at the next half-minute tick', async () => {
    await openCart('cart_1001');
    // it loaded with a day to go; then its expiry moved to a moment from now
    expireIn(2500);
    await readAgain(repo.read().carts.cart_1001!.expires_at);
    expect(screen.getByText('Active')).toBeInTheDocument();
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    act(() => redeem.focus());
    expect(await screen.findByText('This cart has expired', {}, { timeout: 6000 })).toBeVisible();
    expect(screen.getByText('Expired', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeDisabled();
    expect(redeem).toBeDisabled();
    // the control that had focus went off under it: focus goes to why
    // (after the commit that drew it: the move is an effect)
    await waitFor(() =>
      // eslint-disable-next-line testing-library/no-node-access -- the focus box around the alert
      expect(screen.getByText('This cart has expired').closest('[tabindex="-1"]')).toHaveFocus(),
    );
  });

  it('prints nothing when the read before printing finds it expired, and says so', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    // it expires while Print's read is on its way
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expireIn(-1000);
    read.release();
    const said = await screen.findByText(/Nothing was printed\./);
    // eslint-disable-next-line testing-library/no-node-access -- the focus box around the alert
    const box = said.closest('[tabindex="-1"]');
    expect(box).toHaveTextContent('This cart has expired');
    // (after the commit that drew it: the move is an effect)
    await waitFor(() => expect(box).toHaveFocus());
    expect(print).not.toHaveBeenCalled();
  });
});
