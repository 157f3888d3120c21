import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';
import { sessionStore } from '@/lib/session';
import { renderApp } from '@/testing/render-app';
import { keptKey } from './kept-cart-form';
import { openCart, region, toBePaid } from './test-helpers';
import { NO_CUSTOMER_ADDRESS } from '@/mocks/service/cart-math';

const testServer = setupTestServer();
const { service, faults, server } = testServer;

const field = (name: string) => screen.getByRole('textbox', { name });
const linkButton = () => screen.getByRole('button', { name: 'Link customer' });

describe('linking a customer', { timeout: 20_000 }, () => {
  it('links by phone (country code +91 by default) and shows name, phone, email and verified marks', async () => {
    const { user } = await openCart('cart_1001');
    expect(field('Country code')).toHaveValue('+91');
    // the regions that will say what happened are in the page before it happens
    const regions = within(region('Customer')).getAllByRole('status');
    await user.type(field('Phone number'), '98765 43210');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByText('Asha Rao')).toBeInTheDocument();
    expect(regions).toContain(within(customer).getByRole('status'));
    expect(customer).toHaveTextContent('Phone+91 9876543210');
    expect(customer).toHaveTextContent('Phone verified');
    expect(customer).toHaveTextContent('Emailasha@example.com');
    expect(customer).toHaveTextContent('Email verified');
    expect(within(customer).getByRole('status')).toHaveTextContent('Linked Asha Rao to this cart.');
  });

  it.each(['+91 98765 43210', '098765-43210'])(
    'takes %s as the Indian number it is (as the return address does)',
    async (typed) => {
      const { user } = await openCart('cart_1001');
      await user.type(field('Phone number'), typed);
      await user.click(linkButton());
      expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
      expect(service.getCart('cart_1001').billing_address?.phone).toBe('9876543210');
    },
  );

  it('links by email and by customer ID', async () => {
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(field('Email address'), 'vikram@example.com');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByText('Vikram Shah')).toBeInTheDocument();
    expect(customer).toHaveTextContent('Email not verified');

    await user.click(within(customer).getByRole('button', { name: 'Change customer' }));
    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.type(field('Customer ID'), 'cus_1001');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    expect(await within(customer).findByText('Asha Rao')).toBeInTheDocument();
  });

  it('checks what was typed before sending, and keeps it', async () => {
    const { user } = await openCart('cart_1001');
    await user.clear(field('Country code'));
    await user.type(field('Country code'), '91');
    await user.type(field('Phone number'), '12345');
    await user.type(field('Email address (optional)'), 'not-an-email');
    await user.click(linkButton());
    expect(field('Phone number')).toHaveAccessibleDescription(
      '10 digits Enter a 10-digit phone number',
    );
    expect(field('Country code')).toHaveAccessibleDescription(
      'Like +91 Enter a country code like +91',
    );
    expect(field('Email address (optional)')).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
    // the first is focused once the errors are drawn: each is read with its field, none also as
    // an alert (focused first, the field had focus as its error came, and it was read twice)
    await waitFor(() => expect(field('Country code')).toHaveFocus());
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(field('Phone number')).toHaveValue('12345');
    // nothing reached the service
    expect(service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);

    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.click(linkButton());
    expect(field('Customer ID')).toHaveAccessibleDescription('Enter a customer ID');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(linkButton());
    expect(field('Email address')).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('links by an ID pasted with an invisible character (a zero-width space from a chat)', async () => {
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.click(field('Customer ID'));
    await user.paste('cus_1001\u200b');
    await user.click(linkButton());
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
  });

  it('says when no customer has the ID', async () => {
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.type(field('Customer ID'), 'cus_nobody');
    await user.click(linkButton());
    expect(
      await screen.findByText(
        'No customer has this ID. Check it, or find the customer by phone or email.',
      ),
    ).toBeInTheDocument();
    expect(field('Customer ID')).toHaveValue('cus_nobody');
    expect(field('Customer ID')).toHaveAttribute('aria-invalid', 'true');
    // the service's refusal of the field is read once, with the field focused after it came
    await waitFor(() => expect(field('Customer ID')).toHaveFocus());
    expect(field('Customer ID')).toHaveAccessibleDescription(/No customer has this ID/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('creates a new customer with the names given when the phone is not known', async () => {
    const { user } = await openCart('cart_1002');
    await user.type(field('Phone number'), '9000012345');
    await user.type(field('First name'), 'Ravi');
    await user.type(field('Last name'), 'Kumar');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(customer).toHaveTextContent('Phone not verified');
  });

  it('a new customer by email alone (names null) shows as "Name not given", with the email', async () => {
    const { user } = await openCart('cart_1002');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.type(field('Email address'), 'new@x.com');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByText('Name not given')).toBeInTheDocument();
    expect(customer).toHaveTextContent('Emailnew@x.com');
    expect(within(customer).getByRole('status')).toHaveTextContent(
      'Linked the customer to this cart.',
    );
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('a new customer with a last name only is named by it', async () => {
    const { user } = await openCart('cart_1002');
    await user.type(field('Phone number'), '9000000002');
    await user.type(field('First name'), '   ');
    await user.type(field('Last name'), 'Kumar');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByText('Kumar')).toBeInTheDocument();
    expect(within(customer).getByRole('status')).toHaveTextContent('Linked Kumar to this cart.');
  });

  it('warns that changing the customer removes the loyalty redemption', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    await user.click(linkButton());
    await within(region('Customer')).findByText('Asha Rao');
    await user.type(field('Loyalty points'), '1000');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await screen.findByRole('button', { name: 'Remove redemption' });
    expect(toBePaid()).toHaveTextContent('₹3,592.20');

    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    expect(dialog).toHaveTextContent('loyalty redemption of 1,000 points');

    // the Print key leaves an open dialog alone: focus stays in it, nothing is read or printed
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const reads = sentRequests(server, 'GET', '/pos/carts/cart_1001');
    await user.keyboard('{Control>}p{/Control}');
    // eslint-disable-next-line testing-library/no-node-access -- wherever in the dialog focus is
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(reads).toEqual([]);
    expect(print).not.toHaveBeenCalled();

    // cancelling changes nothing and keeps what was typed
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('Phone number')).toHaveValue('9123456780');
    expect(toBePaid()).toHaveTextContent('₹3,592.20');

    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Change customer',
      }),
    );
    expect(await within(region('Customer')).findByText('Vikram Shah')).toBeInTheDocument();
    expect(toBePaid()).toHaveTextContent('₹4,592.20');
    expect(screen.queryByRole('button', { name: 'Remove redemption' })).not.toBeInTheDocument();
  });

  it.each([
    ['phone', '98765 43210'],
    ['email', '  ASHA@Example.com '],
  ])(
    'says the customer is already linked when the %s names them again, and keeps the redemption',
    async (mode, typed) => {
      const requests = sentRequests(server, 'POST', '/update-customer');
      service.linkCustomer('cart_1001', { phone: '9876543210' });
      service.redeemPoints('cart_1001', 1000);
      const { user } = await openCart('cart_1001');
      const customer = region('Customer');
      await user.click(within(customer).getByRole('button', { name: 'Change customer' }));
      if (mode === 'email') {
        await user.click(screen.getByRole('radio', { name: 'Email' }));
        await user.type(field('Email address'), typed);
      } else {
        await user.type(field('Phone number'), typed);
      }
      await user.click(screen.getByRole('button', { name: 'Link this customer' }));

      // the other status region (nothing sent) is there, empty
      const [note, ...others] = within(customer)
        .getAllByRole('status')
        .filter((region) => region.textContent !== '');
      expect(others).toEqual([]);
      expect(note).toHaveTextContent(
        'Asha Rao is already linked to this cart. Nothing was changed.',
      );
      // the answer to the press takes its focus, so it is heard (drawn with its words, a status
      // is read by some screen readers only when they come across it)
      // eslint-disable-next-line testing-library/no-node-access -- the focusable box in it
      await waitFor(() => expect(note?.firstElementChild).toHaveFocus());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(requests).toHaveLength(0);
      expect(toBePaid()).toHaveTextContent('₹3,592.20');

      // the form stays open for someone else, and the note goes once the entry changes
      if (mode === 'email') await user.click(screen.getByRole('radio', { name: 'Phone' }));
      else await user.clear(field('Phone number'));
      expect(within(customer).queryByText(/already linked/)).not.toBeInTheDocument();
      await user.type(field('Phone number'), '9123456780');
      await user.click(screen.getByRole('button', { name: 'Link this customer' }));
      expect(
        await screen.findByRole('alertdialog', { name: 'Change the customer?' }),
      ).toBeInTheDocument();
    },
  );

  it('warns about a redemption another till made after this screen read the cart', async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    const { user } = await openCart('cart_1001');
    expect(within(region('Loyalty')).queryByText('Points redeemed')).not.toBeInTheDocument();
    // another till redeems; this screen has not read the cart since
    service.redeemPoints('cart_1001', 500);
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    expect(dialog).toHaveTextContent('loyalty redemption of 500 points');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(500);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(500);
    expect(within(region('Customer')).getByText('Asha Rao')).toBeInTheDocument();
  });

  it("a Try again that brings up the redemption's warning gives focus back to the form when cancelled", async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    faults.set({ dropNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    await within(region('Customer')).findByRole('alert');
    // meanwhile another till redeems: the Try again's read of the cart finds it
    service.redeemPoints('cart_1001', 500);
    await user.click(within(region('Customer')).getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // the message with the Try again went as the read went through: focus is not left on the page
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Customer' })).toHaveFocus());
    expect(field('Phone number')).toHaveValue('9123456780');
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(500);
  });

  it('a change of customer with nothing redeemed anywhere links at once, after one read', async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    const reads = sentRequests(server, 'GET', '/pos/carts/cart_1001');
    const links = sentRequests(server, 'POST', '/update-customer');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    expect(await within(region('Customer')).findByText('Vikram Shah')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reads).toHaveLength(1);
    expect(links).toHaveLength(1);
  });

  it('by ID, warns only that a different customer would lose the redemption (the same one keeps it)', async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    service.redeemPoints('cart_1001', 300);
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.click(screen.getByRole('radio', { name: 'ID' }));
    await user.type(field('Customer ID'), 'cus_1001');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the customer?' });
    expect(dialog).toHaveTextContent(
      'If this ID is not the customer already linked, linking removes it, and To be paid goes back up.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change customer' }));
    // it was the same customer: the service kept the redemption (CONTRACT B4)
    expect(await within(region('Customer')).findByText(/Linked Asha Rao/)).toBeInTheDocument();
    expect(service.getCart('cart_1001').loyalty_points_redeemed).toBe(300);
  });

  it('still warns for the same phone number in another country', async () => {
    service.linkCustomer('cart_1001', { phone: '9876543210' });
    service.redeemPoints('cart_1001', 1000);
    const { user } = await openCart('cart_1001');
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.clear(field('Country code'));
    await user.type(field('Country code'), '+44');
    await user.type(field('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Change the customer?' }),
    ).toBeInTheDocument();
  });

  it('wraps a long unbroken name instead of widening the page', async () => {
    const { user } = await openCart('cart_1002');
    const longName = 'V'.repeat(80);
    await user.type(field('Phone number'), '9000012345');
    await user.type(field('First name'), 'Ravi');
    await user.type(field('Last name'), longName);
    await user.click(linkButton());
    const name = await within(region('Customer')).findByText(`Ravi ${longName}`);
    // jsdom lays nothing out, so what can be checked here is the class that lets the name break
    expect(name).toHaveClass('wrap-anywhere');
  });

  it('a double click links once', async () => {
    const requests = sentRequests(server, 'POST', '/update-customer');
    const { user } = await openCart('cart_1001');
    // first it reads the cart again (held here), then it links
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.type(field('Phone number'), '9876543210');
    await user.dblClick(linkButton());
    // a pending button stays focusable and ignores presses (components/ui/button.tsx)
    expect(screen.getByRole('button', { name: /^(Checking the cart|Linking)…$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    read.release();
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    expect(service.getCart('cart_1001').billing_address?.phone).toBe('9876543210');
    expect(requests).toHaveLength(1);
  });

  it('a link that lands after the cashier moved on leaves focus where they are; otherwise focus goes to the customer', async () => {
    const { user } = await openCart('cart_1001');
    const heading = screen.getByRole('heading', { name: 'Customer' });
    // held: the cashier goes on to the points while the link is on its way
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.type(field('Phone number'), '9876543210');
    await user.click(linkButton());
    await user.click(field('Loyalty points'));
    read.release();
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    expect(field('Loyalty points')).toHaveFocus();
    expect(heading).not.toHaveFocus();

    // a cashier who waited: the form goes, focus goes to its heading, not to the page
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    expect(await within(region('Customer')).findByText('Vikram Shah')).toBeInTheDocument();
    expect(heading).toHaveFocus();
  });

  it('keeps the form after a dropped connection and links on Try again', async () => {
    const links = sentRequests(server, 'POST', '/update-customer');
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    // the link reads the cart first: that read is dropped, and the link never sent
    faults.set({ dropNext: 1 });
    await user.click(linkButton());
    let alert = await within(region('Customer')).findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached');
    expect(alert).toHaveTextContent(
      'Nothing was changed: the cart is read first, and that read failed.',
    );
    expect(links).toHaveLength(0);
    expect(field('Phone number')).toHaveValue('9876543210');

    // now the read goes through and the link's own answer is lost
    server.use(http.post('*/update-customer', () => HttpResponse.error(), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(links).toHaveLength(1));
    alert = await within(region('Customer')).findByRole('alert');
    // a dropped answer is no proof that nothing was done: not said as if it were
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        'It may have gone through: check the cart before trying again.',
      ),
    );
    expect(field('Phone number')).toHaveValue('9876543210');
  });

  it('a failure of the pressed button takes focus, before its Try again', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    faults.set({ failNext: 1 });
    await user.click(linkButton());
    const alert = await within(region('Customer')).findByRole('alert');
    expect(alert).toHaveTextContent('The service failed');
    // on the failure, not on the button (Chrome drops focus from it while it is disabled)
    await waitFor(() => expect(linkButton()).not.toHaveFocus());
    expect(field('Phone number')).not.toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('a Try again that fails again keeps its message and focus, and says it failed again', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    faults.set({ failNext: 2 });
    await user.click(linkButton());
    const alert = await within(region('Customer')).findByRole('alert');
    expect(alert).toHaveTextContent('The service failed');
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    await user.click(within(region('Customer')).getByRole('button', { name: 'Try again' }));
    await read.arrived;
    // the message stays while its Try again runs, and focus on it (turned off, Chrome would
    // drop it to the page)
    expect(alert).toBeInTheDocument();
    const running = within(region('Customer')).getByRole('button', { name: 'Trying again…' });
    expect(running).toHaveFocus();
    expect(running).toHaveAttribute('aria-disabled', 'true');
    expect(alert).not.toHaveTextContent('Tried again');
    read.release();
    // the same words as before: without this, failing again sounds like nothing
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    expect(within(region('Customer')).getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(field('Phone number')).toHaveValue('9876543210');

    // and when it goes through, the message goes and focus comes to the Customer heading
    await user.click(within(region('Customer')).getByRole('button', { name: 'Try again' }));
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    expect(within(region('Customer')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer' })).toHaveFocus();
  });

  it('a failure while focus is in a field leaves it there', async () => {
    const { user } = await openCart('cart_1001');
    faults.set({ failNext: 1 });
    await user.type(field('Phone number'), '9876543210{Enter}');
    expect(await within(region('Customer')).findByRole('alert')).toHaveTextContent(
      'The service failed',
    );
    expect(field('Phone number')).toHaveFocus();
  });

  it('Try again links the customer the form shows now, checked as the Link button checks it', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    faults.set({ dropNext: 1 });
    await user.click(linkButton());
    const customer = region('Customer');
    const alert = await within(customer).findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached');

    // the cashier notices the wrong number, and first types too few digits
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '91234');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // the check is not synchronous (the resolver's promise): wait for its error; focus comes with it
    await waitFor(() =>
      expect(field('Phone number')).toHaveAccessibleDescription(
        '10 digits Enter a 10-digit phone number',
      ),
    );
    expect(field('Phone number')).toHaveFocus();
    expect(service.getCart('cart_1001').billing_address).toEqual(NO_CUSTOMER_ADDRESS);

    await user.type(field('Phone number'), '56780');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(customer).findByText('Vikram Shah')).toBeInTheDocument();
    // the message holding Try again went with its success: focus must not fall to the page
    expect(screen.getByRole('heading', { name: 'Customer' })).toHaveFocus();
    expect(within(customer).queryByText('Asha Rao')).not.toBeInTheDocument();
    expect(service.getCart('cart_1001').billing_address?.phone).toBe('9123456780');
  });

  it('turns Try again off while another action of the cart is pending', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    faults.set({ failNext: 1 });
    await user.click(linkButton());
    await within(region('Customer')).findByRole('alert');
    const tryAgain = within(region('Customer')).getByRole('button', { name: 'Try again' });

    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.type(field('Loyalty points'), '100');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    // a pending button stays focusable and ignores presses (components/ui/button.tsx)
    expect(screen.getByRole('button', { name: 'Redeeming…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(tryAgain).toBeDisabled();
    expect(linkButton()).toBeDisabled();
    redemption.release();
    // no customer yet, so the service refuses the points; then linking is back on
    expect(await screen.findByText('Link a customer first')).toBeInTheDocument();
    await waitFor(() => expect(tryAgain).toBeEnabled());
    expect(linkButton()).toBeEnabled();
  });

  it('Enter in a field while points are being redeemed says nothing was sent, until the cart is free', async () => {
    const { user } = await openCart('cart_1001');
    const links = sentRequests(server, 'POST', '/update-customer');
    const redemption = holdNext(server, 'post', '*/pos/carts/cart_1001/loyalty-points');
    await user.type(field('Loyalty points'), '100');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await redemption.arrived;
    await user.type(field('Phone number'), '9876543210{Enter}');
    const customer = region('Customer');
    expect(within(customer).getByText(/^Nothing was sent/)).toHaveTextContent(
      'Nothing was sent: another action on this cart is still on its way. Press Link customer once it is done.',
    );
    expect(field('Phone number')).toHaveFocus();
    expect(field('Phone number')).toHaveValue('9876543210');

    redemption.release();
    // no customer yet, so the service refuses the points; the cart is free again
    expect(await screen.findByText('Link a customer first')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(customer).queryByText(/^Nothing was sent/)).not.toBeInTheDocument(),
    );
    expect(links).toEqual([]);
  });

  it('says "Linked" only while that customer is on the cart', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    await user.click(linkButton());
    const customer = region('Customer');
    expect(await within(customer).findByRole('status')).toHaveTextContent(
      'Linked Asha Rao to this cart.',
    );
    // opening the form and cancelling it does not bring the old news back
    await user.click(within(customer).getByRole('button', { name: 'Change customer' }));
    await user.click(within(customer).getByRole('button', { name: 'Cancel' }));
    expect(within(customer).queryByText(/^Linked /)).not.toBeInTheDocument();

    // another customer linked here, then Asha linked at another till: the cart read again shows
    // her, and no note about Vikram beside her
    await user.click(within(customer).getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    expect(
      await within(customer).findByText('Linked Vikram Shah to this cart.'),
    ).toBeInTheDocument();
    service.linkCustomer('cart_1001', { phone: '9876543210', country_code: '+91' });
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    expect(await within(customer).findByText('Asha Rao')).toBeInTheDocument();
    expect(within(customer).queryByText(/^Linked /)).not.toBeInTheDocument();
  });

  it('cannot cancel a change of customer that has been sent', async () => {
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9876543210');
    await user.click(linkButton());
    const customer = region('Customer');
    await within(customer).findByText('Asha Rao');
    await user.click(within(customer).getByRole('button', { name: 'Change customer' }));
    await user.type(field('Phone number'), '9123456780');
    // each of the two requests is held in turn
    const read = holdNext(server, 'get', '*/pos/carts/cart_1001');
    const link = holdNext(server, 'post', '*/pos/carts/cart_1001/update-customer');
    await user.click(screen.getByRole('button', { name: 'Link this customer' }));
    // a pending button stays focusable and ignores presses (components/ui/button.tsx): first
    // the cart is read again (a redemption made elsewhere would be dropped), then the link goes
    expect(screen.getByRole('button', { name: 'Checking the cart…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(customer).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    read.release();
    expect(await screen.findByRole('button', { name: 'Linking…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(customer).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    link.release();
    expect(await within(customer).findByText('Vikram Shah')).toBeInTheDocument();
  });
});

describe('a link refused because the sign-in expired (401)', { timeout: 20_000 }, () => {
  it('keeps what was typed through signing in again, and forgets it once linked', async () => {
    const { repo } = testServer;
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9123456780');
    await user.type(field('First name'), 'Typed');
    const token = repo.read().tokens['demo-cashier-token'];
    delete repo.read().tokens['demo-cashier-token'];
    await user.click(linkButton());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();

    await user.click(within(region('Customer')).getByRole('link', { name: 'Sign in' }));
    repo.read().tokens['demo-cashier-token'] = token!;
    await user.click(await screen.findByRole('button', { name: /Sign in as Priya Nair/ }));

    // back on the cart, with the form as it was
    expect(
      await screen.findByText('The customer details you typed are back', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(field('Phone number')).toHaveValue('9123456780');
    expect(field('First name')).toHaveValue('Typed');
    // still kept while it is not sent
    expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-link-form'))).toHaveLength(1);
    // once sent, the note that nothing was sent goes, whatever the answer (here a failure)
    faults.set({ failNext: 1 });
    await user.click(linkButton());
    expect(await within(region('Customer')).findByText('The service failed')).toBeInTheDocument();
    expect(screen.queryByText('The customer details you typed are back')).not.toBeInTheDocument();
    expect(field('Phone number')).toHaveValue('9123456780');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(region('Customer')).findByText('Vikram Shah')).toBeInTheDocument();
    expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-link-form'))).toEqual([]);
  });

  it('keeps what was typed and not sent when the cashier leaves the cart, until it is linked', async () => {
    const { user, history } = await openCart('cart_1002');
    await user.type(field('Phone number'), '99887 76655');
    await user.type(field('First name'), 'Meera');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'POS' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    act(() => history.go(-1));
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    expect(await screen.findByText('The customer details you typed are back')).toBeVisible();
    expect(field('Phone number')).toHaveValue('99887 76655');
    expect(field('First name')).toHaveValue('Meera');

    // linked: the form is empty, and nothing is kept for a later visit
    await user.click(linkButton());
    expect(await within(region('Customer')).findByText(/Linked .* to this cart/)).toBeVisible();
    expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-link-form'))).toEqual([]);
  });

  it("is kept for that service's cart: another API's cart of the same ID and store ID does not get it", async () => {
    const { user, history } = await openCart('cart_1002');
    await user.type(field('Phone number'), '99887 76655');
    const pos = () =>
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'POS' });
    await user.click(pos());
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    const demo = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...demo, baseUrl: 'https://api.other.example' }));
    act(() => history.push('/pos/carts/cart_1002'));
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    expect(field('Phone number')).toHaveValue('');
    expect(screen.queryByText('The customer details you typed are back')).not.toBeInTheDocument();

    // the demo service's cart again: there it is
    await user.click(pos());
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    act(() => sessionStore.saveSettings(demo));
    act(() => history.push('/pos/carts/cart_1002'));
    expect(await screen.findByText('The customer details you typed are back')).toBeVisible();
    expect(field('Phone number')).toHaveValue('99887 76655');
  });

  it('offers nothing back to be linked on a closed cart, and forgets it', async () => {
    const key = (cartId: string) =>
      keptKey('link', { baseUrl: '', storeId: 'demo-store', userId: 'staff_01', cartId });
    const typed = JSON.stringify({
      mode: 'phone',
      customer_id: '',
      country_code: '+91',
      phone: '9123456780',
      email: '',
      first_name: '',
      last_name: '',
    });
    // signed in first (a sign-in sweeps what is kept), then the cart opened with it kept
    const { history } = renderApp('/pos', { session: 'cashier' });
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    sessionStorage.setItem(key('cart_inactive'), typed);
    act(() => history.push('/pos/carts/cart_inactive'));
    await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
    expect(screen.queryByText('The customer details you typed are back')).not.toBeInTheDocument();
    expect(field('Phone number')).toHaveValue('');
    expect(sessionStorage.getItem(key('cart_inactive'))).toBeNull();

    // ...while on an open cart it comes back
    sessionStorage.setItem(key('cart_1002'), typed);
    act(() => history.push('/pos/carts/cart_1002'));
    expect(await screen.findByText('The customer details you typed are back')).toBeVisible();
    expect(field('Phone number')).toHaveValue('9123456780');
  });

  it('keeps nothing when nothing was typed (a mode chosen is no text)', async () => {
    const { user } = await openCart('cart_1002');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(Object.keys(sessionStorage).filter((k) => k.includes('pos-link-form'))).toEqual([]);
  });

  it('holds the typed customer only until a sign-out', async () => {
    const { repo } = testServer;
    const { user } = await openCart('cart_1001');
    await user.type(field('Phone number'), '9123456780');
    delete repo.read().tokens['demo-cashier-token'];
    await user.click(linkButton());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    const kept = () => Object.keys(sessionStorage).filter((k) => k.includes('pos-link-form'));
    expect(kept()).toHaveLength(1);
    act(() => sessionStore.signOut());
    expect(kept()).toEqual([]);
  });
});
