import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, RequestHandler, getResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { cartSchema } from '@/api/schemas/cart';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';
import { renderApp } from '@/testing/render-app';
import { customerKey } from './customer';
import { keptKey } from './kept-cart-form';
import { announcement, linkAsha, openCart, region, toBePaid } from './test-helpers';

const { service, faults, server } = setupTestServer();

const pointsField = () => screen.getByRole('textbox', { name: 'Loyalty points' });
const redeemButton = () => screen.getByRole('button', { name: /^Redeem/ });

async function redeem(user: UserEvent, points: string) {
  await user.clear(pointsField());
  await user.type(pointsField(), points);
  await user.click(redeemButton());
}

async function changeCustomerTo(user: UserEvent, phone: string, name: string) {
  await user.click(within(region('Customer')).getByRole('button', { name: 'Change customer' }));
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), phone);
  await user.click(screen.getByRole('button', { name: 'Link this customer' }));
  await within(region('Customer')).findByText(name);
}

/**
 * The next GET of `path` is answered at once (the service as it is now) and delivered only once
 * `deliver()` is called, which then gives the app 300 ms to do what it would with it (as
 * `answeredAfter`, src/testing/settle.ts): a read overtaken by a later one.
 */
function answerNowDeliverLater(path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (markArrived = resolve));
  // the service's own handlers (no WebSocket ones here), as they were before this one
  const handlers = server.listHandlers().filter((h) => h instanceof RequestHandler);
  server.use(
    http.get(
      path,
      async ({ request }) => {
        const answer = await getResponse(handlers, request.clone());
        markArrived();
        await released;
        return answer;
      },
      { once: true },
    ),
  );
  const deliver = () => {
    release();
    return act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  };
  return { deliver, arrived };
}

/**
 * Redeem `points`, and while the redemption is on its way (after the read before it), another till
 * links `customerId`: the race the read cannot close.
 */
async function redeemAsLinkedElsewhere(
  user: UserEvent,
  cartId: string,
  points: string,
  customerId: string,
) {
  const post = holdNext(server, 'post', `*/pos/carts/${cartId}/loyalty-points`);
  await redeem(user, points);
  await post.arrived;
  service.linkCustomer(cartId, { customer_id: customerId });
  post.release();
}

const userRemoves = async (user: UserEvent) =>
  user.click(await within(region('Loyalty')).findByRole('button', { name: 'Remove redemption' }));

describe('loyalty points', { timeout: 20_000 }, () => {
  it.each([
    ['', 'Enter the number of points to redeem'],
    ['0', 'Enter at least 1 point'],
    ['-5', 'Enter at least 1 point'],
    ['2.5', 'Enter the points as a whole number, like 500'],
    // "." as a thousands separator ("1.000" for a thousand) is not read as 1, nor is "2.0" as 2
    ['1.000', 'Enter the points as a whole number, like 500'],
    ['2.0', 'Enter the points as a whole number, like 500'],
    ['1.', 'Enter the points as a whole number, like 500'],
    ['1,000.00', 'Enter the points as a whole number, like 500'],
    ['ten', 'Enter the points as a whole number, like 500'],
    // not a thousands separator: once read as 25
    ['2,5', 'Enter the points as a whole number, like 500'],
  ])('refuses %j with a clear message next to the field', async (typed, message) => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    if (typed) await user.type(pointsField(), typed);
    await user.click(redeemButton());
    expect(pointsField()).toHaveAttribute('aria-invalid', 'true');
    expect(pointsField()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(pointsField()).toHaveValue(typed);
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
    // Redeem pressed: the field is focused once its error is there, and the error is read with
    // it, not also as an alert (the field had focus as it came, and it was read twice)
    await waitFor(() => expect(pointsField()).toHaveFocus());
    expect(within(region('Loyalty')).queryAllByRole('alert')).toEqual([]);
  });

  it('a check failed with Enter is read out from the field, which keeps focus', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(pointsField(), 'ten{Enter}');
    expect(pointsField()).toHaveFocus();
    expect(within(region('Loyalty')).getByRole('alert')).toHaveTextContent(
      'Enter the points as a whole number, like 500',
    );
  });

  it('Enter again on points refused in the same words says it again, not silence', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await user.type(pointsField(), '0{Enter}');
    const loyalty = region('Loyalty');
    const first = await within(loyalty).findByRole('alert');
    expect(first).toHaveTextContent('Enter at least 1 point');
    // Enter again, the number unchanged: the same words
    await user.type(pointsField(), '{Enter}');
    await waitFor(() => expect(first).not.toBeInTheDocument());
    // a new message where focus is: an alert, heard again
    expect(within(loyalty).getByRole('alert')).toHaveTextContent('Enter at least 1 point');
    expect(pointsField()).toHaveFocus();
    expect(pointsField()).toHaveValue('0');
  });

  it('redeems, shows the points and the new To be paid, announces it, and removes it', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '1,000');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByText('Points redeemed')).toBeInTheDocument();
    expect(loyalty).toHaveTextContent('Points redeemed1,000');
    expect(loyalty).toHaveTextContent('To be paid now₹3,592.20');
    expect(toBePaid()).toHaveTextContent('₹3,592.20');
    // the points' value comes off Grand total, so the figures add up to To be paid
    expect(region('Totals')).toHaveTextContent(
      'Grand total₹4,592.20Credit and loyalty−₹1,000.00Credit used₹0.00Loyalty points redeemed1,000To be paid₹3,592.20',
    );
    expect(region('Savings')).toHaveTextContent('Credit and loyalty₹1,000.00');
    expect(announcement()).toContain('To be paid ₹3,592.20, earns 35 points');
    expect(within(loyalty).getByRole('status')).toHaveTextContent('Redeemed 1,000 points.');

    await user.click(within(loyalty).getByRole('button', { name: 'Remove redemption' }));
    await screen.findByText(/^To be paid ₹4,592\.20/);
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    expect(within(loyalty).queryByText('Points redeemed')).not.toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
  });

  it('keeps points typed and not redeemed when the cashier leaves the cart, until redeemed', async () => {
    const { user, history } = await openCart('cart_1001');
    await linkAsha(user);
    await user.type(pointsField(), '250');
    const kept = () => Object.keys(sessionStorage).filter((k) => k.includes('pos-points-form'));
    expect(kept()).toHaveLength(1);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'POS' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    act(() => history.go(-1));
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    // (the screen may draw its sections anew as the cart is read again: looked up each time)
    await waitFor(() =>
      expect(within(region('Loyalty')).getByText('The points you typed are back')).toBeVisible(),
    );
    const loyalty = region('Loyalty');
    expect(pointsField()).toHaveValue('250');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);

    await user.click(redeemButton());
    expect(await within(loyalty).findByText('Redeemed 250 points.')).toBeInTheDocument();
    expect(within(loyalty).queryByText('The points you typed are back')).not.toBeInTheDocument();
    expect(pointsField()).toHaveValue('');
    expect(kept()).toEqual([]);
  });

  it('a redemption answered after the cashier left the cart is not offered again as not sent', async () => {
    const { user, history } = await openCart('cart_1001');
    await linkAsha(user);
    await user.type(pointsField(), '250');
    const post = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.click(redeemButton());
    await post.arrived;
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'POS' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    post.release();
    await post.answered;
    await waitFor(() =>
      expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-points-form'))).toEqual([]),
    );
    act(() => history.go(-1));
    await waitFor(() => expect(region('Loyalty')).toHaveTextContent('Points redeemed250'));
    expect(screen.queryByText('The points you typed are back')).not.toBeInTheDocument();
    expect(pointsField()).toHaveValue('');
  });

  it('kept points go when the cart, read again, has another customer (linked at another till)', async () => {
    const { user, history } = await openCart('cart_1001');
    await linkAsha(user);
    await user.type(pointsField(), '300');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'POS' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    // another till links Meera; this screen first draws the cart it has (Asha's)
    service.linkCustomer('cart_1001', { customer_id: 'cus_1003' });
    act(() => history.go(-1));
    await waitFor(() => expect(region('Customer')).toHaveTextContent('Meera Iyer'));
    await waitFor(() => expect(pointsField()).toHaveValue(''));
    expect(screen.queryByText('The points you typed are back')).not.toBeInTheDocument();
    expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-points-form'))).toEqual([]);
  });

  it('offers kept points back only for the customer they were typed for, on a cart still open', async () => {
    const key = (cartId: string) =>
      keptKey('points', { baseUrl: '', storeId: 'demo-store', userId: 'staff_01', cartId });
    // signed in first (a sign-in sweeps what is kept), then the cart opened with it kept
    const { history } = renderApp('/pos', { session: 'cashier' });
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    // typed for someone else than the customer now on the cart (linked at another till), and on
    // a cart that has closed since
    sessionStorage.setItem(key('cart_1001'), JSON.stringify({ points: '250', customer: 'other' }));
    act(() => history.push('/pos/carts/cart_1001'));
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    expect(pointsField()).toHaveValue('');
    expect(screen.queryByText('The points you typed are back')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(key('cart_1001'))).toBeNull();

    // ...while the same, kept for the customer on the cart, comes back
    // (the cart as the app reads it: no customer is null there)
    const cart = cartSchema.parse(service.getCart('cart_1002'));
    const customer = customerKey(cart.billing_address);
    sessionStorage.setItem(key('cart_1002'), JSON.stringify({ points: '250', customer }));
    act(() => history.push('/pos/carts/cart_1002'));
    expect(await screen.findByText('The points you typed are back')).toBeVisible();
    expect(pointsField()).toHaveValue('250');
  });

  it('says each redemption is done, also one that changes no figure', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const status = within(region('Loyalty')).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await redeem(user, '500');
    await waitFor(() => expect(status).toHaveTextContent('Redeemed 500 points.'));
    const again = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await redeem(user, '500'); // the same again: the cart comes back as it was
    // its words go while the request is on its way, and come back: said again
    await waitFor(() => expect(status).toBeEmptyDOMElement());
    again.release();
    await waitFor(() => expect(status).toHaveTextContent('Redeemed 500 points.'));
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(500);
    await userRemoves(user);
    await waitFor(() => expect(status).toHaveTextContent('Redemption removed.'));
  });

  it('clears the points once redeemed, but keeps points typed while the redemption was pending', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '500');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByText('Points redeemed')).toBeInTheDocument();
    // the field still held what was sent: it is cleared for the next entry
    expect(pointsField()).toHaveValue('');

    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await redeem(user, '700');
    expect(redeemButton()).toHaveTextContent('Redeeming…');
    // the cashier corrects the amount while the request is on its way
    await user.type(pointsField(), '0');
    redemption.release();
    expect(await within(loyalty).findByText('700')).toBeInTheDocument();
    await waitFor(() => expect(redeemButton()).toBeEnabled());
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(700);
    expect(pointsField()).toHaveValue('7000');
  });

  it('Enter in the points field while a customer is being linked says nothing was sent, until the cart is free', async () => {
    const { user } = await openCart('cart_1001');
    const redemptions = sentRequests(server, 'POST', '/loyalty-points');
    const linking = holdNext(server, 'post', '*/pos/carts/cart_1001/update-customer');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link customer' }));
    await linking.arrived;
    await user.type(pointsField(), '100{Enter}');
    const loyalty = region('Loyalty');
    expect(within(loyalty).getByText(/^Nothing was sent/)).toHaveTextContent(
      'Nothing was sent: another action on this cart is still on its way. Press Redeem once it is done.',
    );
    expect(within(loyalty).getByText(/^Nothing was sent/)).toHaveAttribute('role', 'status');
    expect(pointsField()).toHaveFocus();
    expect(pointsField()).toHaveValue('100');

    linking.release();
    await within(region('Customer')).findByText('Asha Rao');
    expect(within(loyalty).queryByText(/^Nothing was sent/)).not.toBeInTheDocument();
    expect(redemptions).toEqual([]);
    await user.type(pointsField(), '{Enter}');
    expect(await within(loyalty).findByText('Points redeemed')).toBeInTheDocument();
    expect(within(loyalty).queryByText(/^Nothing was sent/)).not.toBeInTheDocument();
  });

  it('Enter while Print checks the cart: nothing sent, said; the last redemption is not said again after', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    const said = within(loyalty).getByRole('status');
    expect(await within(loyalty).findByText('Redeemed 100 points.')).toBe(said);

    const check = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    await check.arrived;
    await user.type(pointsField(), '50{Enter}');
    expect(said).toHaveTextContent(
      'Nothing was sent: another action on this cart is still on its way. Press Redeem once it is done.',
    );
    check.release();
    await waitFor(() => expect(said).toBeEmptyDOMElement());
    expect(pointsField()).toHaveValue('50');
  });

  it('Enter while its own redemption is on its way says nothing more: the button says Redeeming…', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.type(pointsField(), '100{Enter}');
    await redemption.arrived;
    await user.type(pointsField(), '{Enter}');
    expect(redeemButton()).toHaveTextContent('Redeeming…');
    expect(within(region('Loyalty')).queryByText(/^Nothing was sent/)).not.toBeInTheDocument();
    redemption.release();
    expect(await within(region('Loyalty')).findByText('Points redeemed')).toBeInTheDocument();
  });

  it('after Remove redemption, focus goes to the points field, unless the cashier moved on', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '500');
    const loyalty = region('Loyalty');
    await user.click(await within(loyalty).findByRole('button', { name: 'Remove redemption' }));
    await waitFor(() => expect(pointsField()).toHaveFocus());

    await redeem(user, '500');
    const removal = holdNext(server, 'delete', '*/pos/carts/cart_1001/loyalty-points');
    await user.click(await within(loyalty).findByRole('button', { name: 'Remove redemption' }));
    // during the slow request the cashier goes on to the next cart
    const cartId = screen.getByRole('textbox', { name: 'Cart ID' });
    await user.click(cartId);
    removal.release();
    await screen.findByText(/^To be paid ₹4,592\.20/);
    await waitFor(() => expect(within(loyalty).queryByText('Points redeemed')).toBeNull());
    expect(cartId).toHaveFocus();
  });

  it('offers the available points when the customer has fewer', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '2000');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent('The customer has 1,500 points available.');
    await user.click(
      within(region('Loyalty')).getByRole('button', { name: 'Use the 1,500 available' }),
    );
    // the message holding the button goes with the new request: focus must not fall to the page
    expect(pointsField()).toHaveFocus();
    expect(await within(region('Loyalty')).findByText('1,500')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹3,092.20');
    expect(within(region('Loyalty')).queryByRole('alert')).not.toBeInTheDocument();
    expect(pointsField()).toHaveFocus();
  });

  it('offers the most the cart can take when the points exceed what is payable', async () => {
    const { user } = await openCart('cart_1002');
    await linkAsha(user);
    await redeem(user, '1200');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent('At most 948 points can be redeemed on this cart.');
    await user.click(within(region('Loyalty')).getByRole('button', { name: 'Use 948' }));
    expect(pointsField()).toHaveFocus();
    expect(await within(region('Loyalty')).findByText('948')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹0.00');
    expect(pointsField()).toHaveFocus();
  });

  it("reads the cart before it removes: another customer's redemption, made at another till, is not removed", async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '500');
    const loyalty = region('Loyalty');
    await within(loyalty).findByText('Redeemed 500 points.');
    // another till links Meera and redeems 200 of her points; this screen still shows Asha's 500
    service.linkCustomer('cart_1001', { customer_id: 'cus_1003' });
    service.redeemPoints('cart_1001', 200);
    const removals = sentRequests(server, 'DELETE', '/loyalty-points');
    await userRemoves(user);
    const warning = await within(loyalty).findByText(/Meera Iyer was linked at another till/);
    expect(warning).toHaveTextContent(
      'Nothing was removed: the redemption on the cart is theirs. Check who is paying before removing it.',
    );
    expect(within(loyalty).getByRole('alert')).toHaveTextContent(
      'Another customer is on this cart now',
    );
    expect(removals).toEqual([]);
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(200);
    // the screen shows the cart as it is now: Meera, her 200 points, and what is left to pay
    expect(loyalty).toHaveTextContent('Points redeemed200');
    expect(toBePaid()).toHaveTextContent('₹4,392.20');
    expect(within(region('Customer')).getByText('Meera Iyer')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- the box around the warning
    await waitFor(() => expect(warning.closest('[tabindex="-1"]')).toHaveFocus());

    // pressed again, knowing whose it is: removed, and the warning goes
    await userRemoves(user);
    expect(await within(loyalty).findByText('Redemption removed.')).toBeInTheDocument();
    expect(within(loyalty).queryByText(/was linked at another till/)).not.toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
  });

  it('a read of the cart before Remove that fails removes nothing, says so, and Try again removes', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    await within(loyalty).findByText('Redeemed 100 points.');
    server.use(http.get('*/pos/carts/cart_1001', () => HttpResponse.error(), { once: true }));
    await userRemoves(user);
    const alert = await within(loyalty).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nothing was changed: the cart is read first, and that read failed.',
    );
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(100);
    await user.click(within(loyalty).getByRole('button', { name: 'Try again' }));
    expect(await within(loyalty).findByText('Redemption removed.')).toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
  });

  it('reads the cart before it redeems: a redemption another till made since is shown, not replaced unseen', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const redemptions = sentRequests(server, 'POST', '/loyalty-points');
    // another till redeems 700 of Asha's points; this screen still shows none
    service.redeemPoints('cart_1001', 700);
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    const alert = await within(loyalty).findByRole('alert');
    expect(alert).toHaveTextContent('The redemption changed at another till');
    expect(alert).toHaveTextContent(
      '700 points are redeemed on this cart now. Nothing was redeemed here: press Redeem again to replace them with the points in the field.',
    );
    expect(redemptions).toEqual([]);
    expect(loyalty).toHaveTextContent('Points redeemed700');
    expect(pointsField()).toHaveValue('100');

    // pressed again, knowingly: replaced
    await user.click(redeemButton());
    expect(await within(loyalty).findByText('Redeemed 100 points.')).toBeInTheDocument();
    expect(within(loyalty).queryByText(/changed at another till/)).not.toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(100);
  });

  it('reads the cart before it redeems: a customer another till linked since is shown, and nothing is redeemed', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const redemptions = sentRequests(server, 'POST', '/loyalty-points');
    // another till links Meera (320 points) to this cart; this screen still shows Asha
    service.linkCustomer('cart_1001', { customer_id: 'cus_1003' });
    await redeem(user, '300');
    const loyalty = region('Loyalty');
    const warning = await within(loyalty).findByText(/Meera Iyer was linked at another till/);
    expect(warning).toHaveTextContent('Nothing was redeemed');
    // an alert: heard also when focus stays in the field (Enter)
    expect(within(loyalty).getByRole('alert')).toHaveTextContent(
      'Another customer is on this cart now',
    );
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
    expect(within(region('Customer')).getByText('Meera Iyer')).toBeInTheDocument();
    expect(within(region('Customer')).queryByText('Asha Rao')).not.toBeInTheDocument();
    // the press is answered where focus was; what was typed stays for a second press
    // eslint-disable-next-line testing-library/no-node-access -- the box around the warning
    await waitFor(() => expect(warning.closest('[tabindex="-1"]')).toHaveFocus());
    expect(pointsField()).toHaveValue('300');
    expect(redemptions).toEqual([]);

    // pressed again, knowing who is paying: the points are Meera's, and the warning goes
    await user.click(redeemButton());
    expect(await within(loyalty).findByText('Redeemed 300 points.')).toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(300);
    expect(within(loyalty).queryByText(/was linked at another till/)).not.toBeInTheDocument();
  });

  it("a read of the cart answered before Redeem's, and delivered after it, does not put the customer before back", async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    // the tab is shown again: its read is answered now (Asha), and delivered late
    const late = answerNowDeliverLater('*/pos/carts/cart_1001');
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await late.arrived;
    service.linkCustomer('cart_1001', { customer_id: 'cus_1003' });
    await redeem(user, '300');
    const note = await within(region('Loyalty')).findByText(
      /Meera Iyer was linked at another till/,
    );
    await late.deliver();
    expect(within(region('Customer')).getByText('Meera Iyer')).toBeInTheDocument();
    expect(within(region('Customer')).queryByText('Asha Rao')).not.toBeInTheDocument();
    expect(note).toBeInTheDocument();
  });

  it('Remove redemption takes away the note that the points redeemed were of a customer linked meanwhile', async () => {
    const { user } = await openCart('cart_1002');
    await redeemAsLinkedElsewhere(user, 'cart_1002', '100', 'cus_1001');
    const loyalty = region('Loyalty');
    await within(loyalty).findByText(/the 100 points redeemed are theirs/);
    await userRemoves(user);
    await within(loyalty).findByText('Redemption removed.');
    expect(within(loyalty).queryByText(/was linked at another till/)).not.toBeInTheDocument();
  });

  it('a failed read before Redeem is forgotten when another customer is linked', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    server.use(http.get('*/pos/carts/cart_1001', () => HttpResponse.error(), { once: true }));
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByRole('alert')).toHaveTextContent('that read failed');
    await changeCustomerTo(user, '9123456780', 'Vikram Shah');
    expect(within(loyalty).queryByText(/that read failed/)).not.toBeInTheDocument();
    expect(within(loyalty).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a cart with no customer on screen: one linked at another till since is shown, not redeemed from', async () => {
    const { user } = await openCart('cart_1002');
    // another till links Asha; this screen still shows no customer
    service.linkCustomer('cart_1002', { customer_id: 'cus_1001' });
    await redeem(user, '100');
    expect(
      await within(region('Loyalty')).findByText(/Asha Rao was linked at another till/),
    ).toHaveTextContent('Nothing was redeemed');
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    expect(service.getCart('cart_1002').loyalty_points_redeemed).toBe(0);
    expect(toBePaid()).toHaveTextContent('₹948.00');
  });

  it('a read of the cart that fails sends no redemption, says so, and Try again reads and redeems', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    server.use(http.get('*/pos/carts/cart_1001', () => HttpResponse.error(), { once: true }));
    await redeem(user, '100');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nothing was changed: the cart is read first, and that read failed.',
    );
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
    await user.click(within(region('Loyalty')).getByRole('button', { name: 'Try again' }));
    expect(await within(region('Loyalty')).findByText('Redeemed 100 points.')).toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(100);
  });

  it('a Try again of Redeem that fails again keeps its message and focus, and says it failed again', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    faults.set({ failNext: 2 });
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    const alert = await within(loyalty).findByRole('alert');
    expect(alert).toHaveTextContent('The service failed');
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(within(loyalty).getByRole('button', { name: 'Try again' }));
    await read.arrived;
    expect(alert).toBeInTheDocument();
    expect(within(loyalty).getByRole('button', { name: 'Trying again…' })).toHaveFocus();
    read.release();
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(within(loyalty).getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(pointsField()).toHaveValue('100');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);

    await user.click(within(loyalty).getByRole('button', { name: 'Try again' }));
    expect(await within(loyalty).findByText('Redeemed 100 points.')).toBeInTheDocument();
    expect(within(loyalty).queryByRole('alert')).not.toBeInTheDocument();
    // the message and its Try again went: focus to the points field, not to the page
    expect(pointsField()).toHaveFocus();
  });

  it('a Try again of Remove redemption that fails again says so, and focus stays with it', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    await within(loyalty).findByText('Redeemed 100 points.');
    // the removal fails twice (the cart read again after each failure goes through)
    let failures = 2;
    server.use(
      http.delete('*/pos/carts/cart_1001/loyalty-points', () =>
        failures-- > 0 ? HttpResponse.json({ success: false }, { status: 503 }) : undefined,
      ),
    );
    await user.click(within(loyalty).getByRole('button', { name: 'Remove redemption' }));
    const alert = await within(loyalty).findByRole('alert');
    expect(alert).toHaveTextContent('The service failed');
    await user.click(within(loyalty).getByRole('button', { name: 'Try again' }));
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(within(loyalty).getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(100);

    await user.click(within(loyalty).getByRole('button', { name: 'Try again' }));
    expect(await within(loyalty).findByText('Redemption removed.')).toBeInTheDocument();
    expect(within(loyalty).queryByRole('alert')).not.toBeInTheDocument();
    expect(pointsField()).toHaveFocus();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
  });

  it('a customer linked elsewhere between the read and the redemption: the refusal is shown beside them', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    // Vikram has no points
    await redeemAsLinkedElsewhere(user, 'cart_1001', '500', 'cus_1002');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent('The customer has 0 points available.');
    expect(within(region('Customer')).getByText('Vikram Shah')).toBeInTheDocument();
    expect(within(region('Customer')).queryByText('Asha Rao')).not.toBeInTheDocument();
  });

  it('a customer linked elsewhere between the read and the redemption: a redemption made is said to be theirs', async () => {
    const { user } = await openCart('cart_1002');
    // this screen showed no customer
    await redeemAsLinkedElsewhere(user, 'cart_1002', '100', 'cus_1001');
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹848.00');
    const loyalty = region('Loyalty');
    expect(within(loyalty).getByText('Redeemed 100 points.')).toBeInTheDocument();
    expect(
      within(loyalty).getByText(/Asha Rao was linked at another till as the points were sent/),
    ).toHaveTextContent('the 100 points redeemed are theirs');
  });

  it('says "1 point", not "1 points"', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    service.linkCustomer('cart_1003', { phone: '9876543210', country_code: '+91' });
    service.redeemPoints('cart_1003', 1499);
    await redeem(user, '2');
    expect(await within(region('Loyalty')).findByRole('alert')).toHaveTextContent(
      'The customer has 1 point available.',
    );

    // a cart that can take one point more at most (a ₹1.50 cart); the service's own words differ
    server.use(
      http.post(
        '*/pos/carts/cart_1001/loyalty-points',
        () =>
          HttpResponse.json(
            {
              success: false,
              message: 'Too many.',
              code: 'redemption_exceeds_payable',
              details: { max_points: 1, requested_points: 5 },
            },
            { status: 422 },
          ),
        { once: true },
      ),
    );
    await redeem(user, '5');
    expect(await within(region('Loyalty')).findByRole('alert')).toHaveTextContent(
      'At most 1 point can be redeemed on this cart.',
    );

    // and a redemption of 1 point, when the customer changes
    await redeem(user, '1');
    await within(region('Loyalty')).findByText('Points redeemed');
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    expect(dialog).toHaveTextContent('loyalty redemption of 1 point.');
  });

  it('forgets a refusal when the customer changes: no "link a customer" once one is linked', async () => {
    const { user } = await openCart('cart_1001');
    await redeem(user, '100');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByRole('alert')).toHaveTextContent('Link a customer first');
    await linkAsha(user);
    expect(within(loyalty).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(loyalty).queryByText('Link a customer first')).not.toBeInTheDocument();
  });

  it('forgets the points offered to one customer when another is linked', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '2000');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByRole('alert')).toHaveTextContent('Not enough points');
    expect(within(loyalty).getByRole('button', { name: 'Use the 1,500 available' })).toBeEnabled();
    // Vikram has no points: Asha's 1,500 are not his to use
    await changeCustomerTo(user, '9123456780', 'Vikram Shah');
    expect(within(loyalty).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(loyalty).queryByRole('button', { name: /Use the 1,500 available/ }),
    ).not.toBeInTheDocument();
  });

  it('while one cart action is pending the others are off, so a redemption cannot slip past the warning', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const changeCustomer = () =>
      within(region('Customer')).getByRole('button', { name: 'Change customer' });
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await redeem(user, '500');
    expect(redeemButton()).toHaveTextContent('Redeeming…');
    expect(changeCustomer()).toBeDisabled();
    redemption.release();
    expect(await within(region('Loyalty')).findByText('Points redeemed')).toBeInTheDocument();
    await waitFor(() => expect(changeCustomer()).toBeEnabled());

    // now the redemption is on the cart, so changing the customer warns about it
    await user.click(changeCustomer());
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    expect(dialog).toHaveTextContent('loyalty redemption of 500 points');
  });

  it('while a customer is being linked, Redeem and Remove redemption are off', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '500');
    const loyalty = region('Loyalty');
    const removeButton = await within(loyalty).findByRole('button', { name: 'Remove redemption' });
    await user.type(pointsField(), '300');

    await user.click(within(region('Customer')).getByRole('button', { name: 'Change customer' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog');
    const link = holdNext(server, 'post', '*/pos/carts/cart_1001/update-customer');
    await user.click(within(dialog).getByRole('button', { name: 'Change customer' }));
    expect(await screen.findByRole('button', { name: 'Linking…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(redeemButton()).toBeDisabled();
    expect(removeButton).toBeDisabled();
    link.release();

    await within(region('Customer')).findByText('Vikram Shah');
    await waitFor(() => expect(redeemButton()).toBeEnabled());
    expect(within(loyalty).queryByText('Points redeemed')).not.toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);
  });

  it('says to link a customer first, and takes the cashier there', async () => {
    const { user } = await openCart('cart_1001');
    await redeem(user, '100');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent('Link a customer first');
    await user.click(
      within(region('Loyalty')).getByRole('button', { name: 'Go to Link a customer' }),
    );
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveFocus();
  });

  it.each([
    ['no customer linked', false, '100', 'Link a customer first', 'Go to Link a customer'],
    [
      'more points than the customer has',
      true,
      '2000',
      'Not enough points',
      'Use the 1,500 available',
    ],
  ])(
    'a refusal (%s) takes focus from the pressed Redeem, before its way on',
    async (_case, link, points, title, onwards) => {
      const { user } = await openCart('cart_1001');
      if (link) await linkAsha(user);
      await redeem(user, points);
      const alert = await within(region('Loyalty')).findByRole('alert');
      expect(alert).toHaveTextContent(title);
      // on the refusal, not on the button (Chrome drops focus from it while it is disabled)
      await waitFor(() => expect(redeemButton()).not.toHaveFocus());
      expect(pointsField()).not.toHaveFocus();
      await user.tab();
      expect(within(region('Loyalty')).getByRole('button', { name: onwards })).toHaveFocus();
    },
  );

  it.each([
    ['no customer linked', 'cart_1001', false, '100', 'Go to Link a customer'],
    ['more points than the customer has', 'cart_1001', true, '2000', 'Use the 1,500 available'],
    ['more points than the cart needs', 'cart_1002', true, '1200', 'Use 948'],
  ])(
    'a refusal (%s) keeps its way on out of its live region',
    async (_case, cartId, link, points, onwards) => {
      const { user } = await openCart(cartId);
      if (link) await linkAsha(user);
      await redeem(user, points);
      const alert = await within(region('Loyalty')).findByRole('alert');
      // the button's name is not read as part of the message, nor its changes as news
      expect(within(alert).queryAllByRole('button')).toEqual([]);
      expect(alert).not.toHaveTextContent(onwards);
      expect(within(region('Loyalty')).getByRole('button', { name: onwards })).toBeEnabled();
    },
  );

  it('a refusal while focus is in the points field leaves it there', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(pointsField(), '100{Enter}');
    expect(await within(region('Loyalty')).findByRole('alert')).toHaveTextContent(
      'Link a customer first',
    );
    expect(pointsField()).toHaveFocus();
  });

  it('an entry the form refuses takes away the refusal of the points before', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    await redeem(user, '2000');
    const loyalty = region('Loyalty');
    expect(await within(loyalty).findByRole('alert')).toHaveTextContent('Not enough points');

    // its error is what to fix now: not two messages about two different numbers (nor an offer
    // of 1,500 beside a field that says something else)
    await user.clear(pointsField());
    await user.type(pointsField(), '1.5{Enter}');
    expect(pointsField()).toHaveAccessibleDescription(expect.stringContaining('a whole number'));
    expect(within(loyalty).queryByText('Not enough points')).not.toBeInTheDocument();
    expect(
      within(loyalty).queryByRole('button', { name: 'Use the 1,500 available' }),
    ).not.toBeInTheDocument();
  });

  it('a double click redeems once and the figures are right', async () => {
    const requests = sentRequests(server, 'POST', '/loyalty-points');
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.type(pointsField(), '1000');
    await user.dblClick(redeemButton());
    expect(redeemButton()).toHaveAttribute('aria-disabled', 'true');
    expect(redeemButton()).toHaveTextContent('Redeeming…');
    redemption.release();
    expect(await within(region('Loyalty')).findByText('Points redeemed')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹3,592.20');
    expect(region('Loyalty')).toHaveTextContent('Points redeemed1,000');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(1000);
    expect(requests).toHaveLength(1);
  });

  it('keeps the points typed after a server failure and redeems on Try again', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    faults.set({ failNext: 1 });
    await redeem(user, '500');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent('The service failed');
    expect(pointsField()).toHaveValue('500');
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(region('Loyalty')).findByText('Points redeemed')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹4,092.20');
  });

  it('after an answer it cannot read, says the redemption may have been made, and reads the cart', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    // the service redeems; what comes back is a cut-off body
    server.use(
      http.post(
        '*/pos/carts/cart_1001/loyalty-points',
        async () => {
          service.redeemPoints('cart_1001', 500);
          return new HttpResponse('{"success": tr', {
            headers: { 'Content-Type': 'application/json' },
          });
        },
        { once: true },
      ),
    );
    await redeem(user, '500');
    const alert = await within(region('Loyalty')).findByRole('alert');
    expect(alert).toHaveTextContent("Could not read the service's answer");
    expect(alert).toHaveTextContent(
      'It may have gone through: check the cart before trying again.',
    );
    // the cart read again shows that it did
    await waitFor(() => expect(toBePaid()).toHaveTextContent('₹4,092.20'));
    expect(pointsField()).toHaveValue('500');
  });

  it('Try again redeems what the field shows now, checked as Redeem checks it', async () => {
    const { user } = await openCart('cart_1001');
    await linkAsha(user);
    faults.set({ dropNext: 1 });
    await redeem(user, '500');
    const loyalty = region('Loyalty');
    let alert = await within(loyalty).findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached');

    // the cashier corrects the amount, and it is no longer a number
    await user.clear(pointsField());
    await user.type(pointsField(), 'ten');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(pointsField()).toHaveAccessibleDescription(
      expect.stringContaining('Enter the points as a whole number, like 500'),
    );
    expect(pointsField()).toHaveFocus();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(0);

    await user.clear(pointsField());
    await user.type(pointsField(), '300');
    alert = within(loyalty).getByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(loyalty).findByText('Points redeemed')).toBeInTheDocument();
    // the message holding Try again went with its success: focus must not fall to the page
    expect(pointsField()).toHaveFocus();
    expect(loyalty).toHaveTextContent('Points redeemed300');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(300);
  });
});
