import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';
import { openCart, region } from './test-helpers';

const { repo, server, service } = setupTestServer();

/** Every read of a cart answers with `cart` (a figure the demo data has none of). */
const serveCart = (cart: object) =>
  server.use(
    http.get('*/pos/carts/:cartId', () =>
      HttpResponse.json({ success: true, message: 'OK', content: { cart } }),
    ),
  );

// on paper only (hidden on screen), so it is found among hidden elements
const receipt = () => screen.getByRole('region', { name: 'Receipt', hidden: true });

describe('the printed receipt', { timeout: 20_000 }, () => {
  it('counts a free item once, as the screen does (free_quantity is part of quantity)', async () => {
    await openCart('cart_1001');
    const tote = within(receipt())
      .getByText('Canvas Tote Bag')
      // eslint-disable-next-line testing-library/no-node-access -- the line holding the name
      .closest('li');
    expect(tote).toHaveTextContent('1 × ₹0.00 (1 free)');
    expect(tote).not.toHaveTextContent('+ 1 free');
    expect(
      within(screen.getByRole('list', { name: 'Cart lines' })).getAllByText('(1 free)', {
        exact: false,
      }),
    ).toHaveLength(1);
  });

  it("carries a line's subscription, as the screen does", async () => {
    await openCart('cart_1001');
    const coffee = within(receipt())
      .getByText((text) => text.startsWith('Chikmagalur Filter Coffee'))
      // eslint-disable-next-line testing-library/no-node-access -- the line holding the name
      .closest('li');
    expect(coffee).toHaveTextContent(
      'Monthly coffee: ₹420.00 monthly, 12 payments; delivered monthly, 12 orders; ships separately',
    );
  });

  it('shows what credit and points took off, so Grand total adds up to To be paid', async () => {
    service.linkCustomer('cart_1003', { phone: '9876543210' });
    service.redeemPoints('cart_1003', 1500);
    await openCart('cart_1003');
    const paper = receipt();
    // ₹12,515.82 − ₹1,600.00 (₹100.00 credit and 1,500 points) = ₹10,915.82, all as sent
    expect(paper).toHaveTextContent(
      'Grand total₹12,515.82Includes tax₹1,357.00' +
        'Credit and loyalty−₹1,600.00Credit used₹100.00Points redeemed1,500',
    );
    expect(paper).toHaveTextContent('To be paid₹10,915.82');
    expect(region('Savings')).toHaveTextContent('Credit and loyalty₹1,600.00');
  });

  it("carries a line's coupon discount, as the screen does", async () => {
    const cart = service.getCart('cart_1001');
    const [first, ...rest] = cart.cart_items;
    if (!first) throw new Error('cart_1001 has lines');
    serveCart({ ...cart, cart_items: [{ ...first, coupon_discount_amount: 33.33 }, ...rest] });
    await openCart('cart_1001');
    const line = within(receipt())
      .getByText((text) => text.startsWith(first.product_name))
      // eslint-disable-next-line testing-library/no-node-access -- the line holding the name
      .closest('li');
    expect(line).toHaveTextContent('Coupon −₹33.33');
    expect(screen.getByRole('list', { name: 'Cart lines' })).toHaveTextContent('−₹33.33');
  });

  it('says shipping a discount made free, with the discount, as the screen does', async () => {
    const cart = service.getCart('cart_1001');
    serveCart({ ...cart, shipping_estimated_cost: 99, shipping_discount_amount: 99 });
    await openCart('cart_1001');
    expect(receipt()).toHaveTextContent('Shipping, after ₹99.00 off₹0.00');
    expect(region('Totals')).toHaveTextContent('after ₹99.00 off ₹99.00');
  });

  it('heads the paper with the store\'s name, or "Store" when it is only spaces', async () => {
    repo.read().storeConfig.brand.name = '   ';
    await openCart('cart_1001');
    // the config has come when its logo is on the paper (before, the name is not known either)
    // eslint-disable-next-line testing-library/no-node-access -- the logo is decorative (alt="")
    await waitFor(() => expect(receipt().querySelector('header img')).not.toBeNull());
    expect(within(receipt()).getByText('Store', { exact: true })).toBeInTheDocument();
  });

  it('names the customer as the screen does: the phone with its country code', async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    await openCart('cart_1001');
    expect(receipt()).toHaveTextContent('Customer: Asha Rao · +91 9876543210');
    expect(region('Customer')).toHaveTextContent('+91 9876543210');
  });

  it('keeps a right-to-left name from turning the phone beside it around (each isolated)', async () => {
    service.linkCustomer('cart_1001', {
      phone: '9000000001',
      first_name: 'ليلى',
      last_name: 'حداد',
    });
    await openCart('cart_1001');
    expect(receipt()).toHaveTextContent('Customer: ليلى حداد · +91 9000000001');
    // the browser lays out each as a text of its own direction (jsdom draws no text to look at)
    expect(within(receipt()).getByText('ليلى حداد').tagName).toBe('BDI');
    expect(within(receipt()).getByText('+91 9000000001').tagName).toBe('BDI');
  });

  it('a customer linked by email alone: no name given, and the email to reach them', async () => {
    service.linkCustomer('cart_1001', { email: 'new.person@example.com' });
    await openCart('cart_1001');
    expect(receipt()).toHaveTextContent('Customer: Name not given · new.person@example.com');
    expect(region('Customer')).toHaveTextContent('Name not given');
  });

  it('shows no credit and loyalty row when neither was used', async () => {
    await openCart('cart_1001');
    expect(receipt()).not.toHaveTextContent('Credit and loyalty');
    expect(receipt()).toHaveTextContent(
      'Grand total₹4,592.20Includes tax₹425.38To be paid₹4,592.20',
    );
  });
});
