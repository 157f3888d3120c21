import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceErrorCode } from '@/api/error-codes';
import type { ErrorBody } from '@/api/schemas/common';
import { createReturnBodySchema } from '@/api/schemas/order-return';
import { APP_STORE, RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import { sessionStore } from '@/lib/session';
import { mountApp, renderApp } from '@/testing/render-app';
import { answeredAfter } from '@/testing/settle';
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';
import {
  MUG,
  TSHIRT,
  chooseLine,
  continueButton,
  fillPickupAddress,
  findOrder,
  returnOneTshirtElsewhere,
  stepHeading,
  toAnotherAddress,
  walkToReview,
} from './test-helpers';
import { draftKey } from './return-draft';
import { recordsOwner, returnsKey } from './returns-store';

// registers vitest lifecycle hooks, not React hooks; the name is the shared helper's
const { repo, service, faults, server } = setupTestServer();

// whole wizards typed key by key through the real app: slower than one screen's test
vi.setConfig({ testTimeout: 30_000 });
// screens are lazy chunks: their first load can take over a second on a busy machine
configure({ asyncUtilTimeout: 8_000 });

const RETURN_URL = '*/api/v1/:storeId/storefront/orders/:orderNumber/return';

const returnCount = () => Object.keys(repo.read().returns).length;

const sendButton = () => screen.getByRole('button', { name: 'Send return request' });
const UNCONFIRMED = 'We could not confirm your earlier request';

/** Asha sends from the review and the connection drops: the request is locked, its outcome unknown. */
async function lockedByADroppedSend() {
  const view = renderApp('/account/returns/new', { session: 'asha' });
  await walkToReview(view.user);
  faults.set({ dropNext: 1 });
  await view.user.click(sendButton());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(UNCONFIRMED);
  return { ...view, alert };
}

/** The next send makes the return in the store, then its answer is lost on the way back. */
function storeMakesTheReturnThenAnswer(answer: () => Response) {
  server.use(
    http.post(
      RETURN_URL,
      async ({ request, params }) => {
        service.createReturn(
          service.authenticate(request.headers.get('authorization')),
          String(params.orderNumber),
          createReturnBodySchema.parse(await request.json()),
          request.headers.get('idempotency-key'),
        );
        return answer();
      },
      { once: true },
    ),
  );
}

/** The next send is refused by the service itself: its error body, with one of its codes. */
function storeRefusesTheSend(
  status: number,
  refusal: Omit<ErrorBody, 'success' | 'code'> & { code: ServiceErrorCode },
) {
  server.use(
    http.post(RETURN_URL, () => HttpResponse.json({ success: false, ...refusal }, { status }), {
      once: true,
    }),
  );
}

/** What a reload would load: the address as it is now. */
const currentUrl = (history: { location: { pathname: string; search: string } }) =>
  `${history.location.pathname}${history.location.search}`;

/**
 * A message that appears after a press has focus: it sits in a focusable box (the pressed button
 * is disabled while pending, so focus must be put somewhere on purpose).
 */
async function expectFocusOn(message: HTMLElement) {
  // the focusable box around the alert has no role of its own to query it by
  // eslint-disable-next-line testing-library/no-node-access
  await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
}

describe('return wizard: order step', () => {
  it('asks for an order number', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await stepHeading(/Find the order/, { visitStart: true });
    await user.click(continueButton());
    expect(await screen.findByText('Enter the order number')).toBeInTheDocument();
    const field = screen.getByLabelText('Order number');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // focus goes to the field once its error is there: the error is read once, as the field's
    // description, not also as an alert (it was both when focus came first)
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(/Enter the order number/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['its answer', () => {}],
    ['its failure', () => faults.set({ failNext: 1 })],
  ])('drops %s when the customer changed the number while it ran', async (_, answerWith) => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    const lookup = holdNext(server, 'get', '*/orders/ORD-1001');
    await findOrder(user, 'ORD-1001');
    const field = screen.getByLabelText('Order number');
    await user.clear(field);
    await user.type(field, 'ORD-1003');
    answerWith();
    await answeredAfter(lookup);
    // ORD-1001's answer neither takes the wizard on nor shows a failure beside ORD-1003
    expect(screen.getByRole('heading', { level: 2, name: /Find the order/ })).toBeInTheDocument();
    expect(field).toHaveValue('ORD-1003');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // the number in the field is the one looked up at the next Continue
    await user.click(continueButton());
    expect(await screen.findByText(/return window for ORD-1003 closed/)).toBeInTheDocument();
  });

  it("keeps a draft with its store: another store's wizard starts empty, and the draft is back with the store", async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await user.type(await screen.findByLabelText('Order number'), 'ORD-1001');
    const settings = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...settings, storeId: 'other-store' }));
    expect(await screen.findByLabelText('Order number')).toHaveValue('');
    act(() => sessionStore.saveSettings(settings));
    expect(await screen.findByLabelText('Order number')).toHaveValue('ORD-1001');
  });

  it('pre-fills the order number from ?order=', async () => {
    renderApp('/account/returns/new?order=ORD-1001', { session: 'asha' });
    expect(await screen.findByLabelText('Order number')).toHaveValue('ORD-1001');
  });

  it('does not let ?order= replace what the customer typed after a reload', async () => {
    const view = renderApp('/account/returns/new?order=ORD-1001', { session: 'asha' });
    const field = await screen.findByLabelText('Order number');
    expect(field).toHaveValue('ORD-1001');
    await view.user.clear(field);
    await view.user.type(field, 'ORD-1003');
    const url = currentUrl(view.history);
    view.unmount();

    mountApp(url);
    expect(await screen.findByLabelText('Order number')).toHaveValue('ORD-1003');
  });

  it('moves focus to the failure of a lookup', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await screen.findByLabelText('Order number');
    faults.set({ failNext: 1 });
    await findOrder(user);
    const alert = await screen.findByRole('alert');
    // what did not load is named (heard without the screen around it)
    expect(alert).toHaveTextContent('Could not load the order');
    await expectFocusOn(alert);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();

    // Try again checks the field as Continue does: emptied meanwhile, focus goes to it
    const field = screen.getByLabelText('Order number');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Enter the order number')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('keeps the failure and its Try again, focused, while the retry runs; a second failure says so', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await screen.findByLabelText('Order number');
    faults.set({ failNext: 1 });
    await findOrder(user);
    const alert = await screen.findByRole('alert');
    const retried = holdNext(server, 'get', '*/api/v1/:storeId/storefront/orders/:orderNumber');
    faults.set({ failNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await retried.arrived;
    // not dropped to the page: the message and its pressed button stay until the answer
    expect(screen.getByRole('button', { name: 'Trying again…' })).toHaveFocus();
    expect(alert).toBeInTheDocument();
    expect(alert).toHaveTextContent('Could not load the order');
    retried.release();
    expect(await within(alert).findByText('Tried again: it failed again.')).toBeInTheDocument();
    // focus stays on the button pressed, in the message: what changed there is heard
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();

    // and a Try again that works goes on to the next step
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Choose items/ })).toBeInTheDocument();
  });

  it('says an undelivered order cannot be returned yet', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, 'ORD-1002');
    expect(
      await screen.findByText(/ORD-1002 has not been delivered yet \(it is on its way\)/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Choose items/ })).not.toBeInTheDocument();
  });

  it('groups large quantities as the POS does (1,500, not 1500)', async () => {
    const tshirt = repo.read().orders['ORD-1001']!.items.find((i) => TSHIRT.test(i.product_name))!;
    tshirt.quantity = 1500;
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    const group = await chooseLine(user, TSHIRT, { quantity: '1600' });
    expect(group).toHaveTextContent('Bought1,500');
    expect(group).toHaveTextContent('Can return1,500');
    expect(group).toHaveTextContent('Up to 1,500');
    await user.click(continueButton());
    expect(await within(group).findByText('You can return at most 1,500')).toBeInTheDocument();
    await chooseLine(user, TSHIRT, { quantity: '1200' });
    expect(await screen.findByText(/^1,200 items chosen\./)).toBeInTheDocument();
  });

  it('says when the 30-day window of an old order closed', async () => {
    const delivered = Date.parse(repo.read().orders['ORD-1003']!.delivered_at!);
    const closed = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(
      new Date(delivered + 30 * 24 * 60 * 60 * 1000),
    );
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, 'ORD-1003');
    expect(
      await screen.findByText(`The 30-day return window for ORD-1003 closed on ${closed}.`),
    ).toBeInTheDocument();
  });

  it("says it cannot find someone else's order", async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, 'ORD-2001');
    expect(
      await screen.findByText(/We couldn't find that order on your account/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('ORD-2001');
  });

  it('keeps the number and offers a retry when the lookup fails', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await screen.findByLabelText('Order number');
    faults.set({ failNext: 1 });
    await findOrder(user);
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Order number')).toHaveValue('ORD-1001');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await stepHeading(/Choose items/);
  });

  it('lets staff start a return for any customer’s order', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'cashier' });
    await findOrder(user, 'ORD-2001');
    await stepHeading(/Choose items/);
  });

  it('tells staff a missing order is not in the store, not on their account', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'cashier' });
    expect(await screen.findByText(/^Returns are accepted within 30 days/)).not.toHaveTextContent(
      /your order confirmation email/,
    );
    await findOrder(user, 'ORD-9999');
    const field = screen.getByLabelText('Order number');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/in this store/));
    expect(field).not.toHaveAccessibleDescription(/your account|your order confirmation/);
  });

  it('starts over on request, clearing the answers', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, MUG, { reason: 'Too small' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(/Find the order/);
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start over?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(screen.getByLabelText('Order number')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
    expect(Object.keys(sessionStorage).filter((k) => k.includes('return-draft'))).toEqual([]);
  });

  describe('another order found while answers are entered for one', () => {
    /** Answers for ORD-1001, back on the order step, and ORD-1004 (hers too) typed and found. */
    async function anotherOrderFound() {
      const state = repo.read();
      state.orders['ORD-1004'] = { ...state.orders['ORD-1001']!, order_number: 'ORD-1004' };
      const { user } = renderApp('/account/returns/new', { session: 'asha' });
      await findOrder(user, 'ORD-1001');
      await stepHeading(/Choose items/);
      await chooseLine(user, TSHIRT, { quantity: '2', reason: 'Too small', resolution: 'Refund' });
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await stepHeading(/Find the order/);
      const field = screen.getByLabelText('Order number');
      await findOrder(user, 'ORD-1004');
      const dialog = await screen.findByRole('alertdialog', { name: 'Return ORD-1004 instead?' });
      expect(dialog).toHaveTextContent('you entered for ORD-1001 will be cleared');
      return { user, dialog, field };
    }

    it('asks first; keeping the answers puts the field back to their order', async () => {
      const { user, dialog, field } = await anotherOrderFound();
      await user.click(within(dialog).getByRole('button', { name: 'Keep my answers' }));
      await waitFor(() => expect(field).toHaveValue('ORD-1001'));
      await user.click(continueButton());
      await stepHeading(/Choose items/);
      const line = screen.getByRole('group', { name: TSHIRT });
      expect(within(line).getByRole('textbox', { name: 'Quantity to return' })).toHaveValue('2');
    });

    it('asks first; saying yes starts the other order afresh', async () => {
      const { user, dialog } = await anotherOrderFound();
      await user.click(within(dialog).getByRole('button', { name: 'Return ORD-1004' }));
      await stepHeading(/Choose items/);
      const line = screen.getByRole('group', { name: TSHIRT });
      expect(within(line).getByRole('checkbox', { name: 'Return this item' })).not.toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await stepHeading(/Find the order/);
      expect(screen.getByLabelText('Order number')).toHaveValue('ORD-1004');
    });
  });

  it('after a reload as well, Start over puts focus on the order step drawn anew', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(view.user);
    await stepHeading(/Choose items/);
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(/Find the order/);
    const url = currentUrl(view.history);
    view.unmount();

    const { user } = mountApp(url);
    await stepHeading(/Find the order/, { visitStart: true });
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start over?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(screen.getByLabelText('Order number')).toHaveValue(''));
    await stepHeading(/Find the order/);
  });

  it('asks to sign in first', async () => {
    renderApp('/account/returns/new', { session: null });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/settings?next=%2Faccount%2Freturns%2Fnew',
    );
  });
});

describe('return wizard: items step', () => {
  it('needs at least one item', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await user.click(continueButton());
    expect(await screen.findByText('Choose at least one item')).toBeInTheDocument();
    // it goes as soon as an item is ticked, not at the next Continue; and comes back untick
    const tshirt = await chooseLine(user, TSHIRT, {});
    expect(screen.queryByText('Choose at least one item')).not.toBeInTheDocument();
    await user.click(within(tshirt).getByRole('checkbox', { name: 'Return this item' }));
    expect(screen.getByText('Choose at least one item')).toBeInTheDocument();
  });

  it('a failed Continue puts focus on the first field in error on the screen', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    // the lower line ticked first: its fields are registered before the upper one's
    await chooseLine(user, MUG, {});
    const tshirt = await chooseLine(user, TSHIRT, {});
    await user.click(continueButton());
    await waitFor(() =>
      expect(within(tshirt).getByRole('combobox', { name: 'Reason' })).toHaveFocus(),
    );

    // "Describe the reason" comes after the resolution in registration, before it on screen
    await chooseLine(user, TSHIRT, { reason: 'Other' });
    await chooseLine(user, MUG, { reason: 'Too small', resolution: 'Refund' });
    await user.click(continueButton());
    await waitFor(() =>
      expect(within(tshirt).getByRole('textbox', { name: 'Describe the reason' })).toHaveFocus(),
    );
  });

  it('checks quantity, reason and resolution of each chosen line', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    const tshirt = await chooseLine(user, TSHIRT, { quantity: '3' });
    const mug = await chooseLine(user, MUG, { quantity: '', reason: 'Other' });
    await user.click(continueButton());

    expect(await within(tshirt).findByText('You can return at most 2')).toBeInTheDocument();
    // each is read with its field as focus reaches it, none as an alert: the first field with an
    // error is focused once they are drawn (before, it had focus as its error came: read twice)
    const quantity = within(tshirt).getByRole('textbox', { name: 'Quantity to return' });
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(quantity).toHaveAccessibleDescription(/You can return at most 2/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(within(tshirt).getByText('Choose a reason')).toBeInTheDocument();
    expect(within(tshirt).getByText('Choose refund or replacement')).toBeInTheDocument();
    for (const choice of within(tshirt).getAllByRole('radio')) {
      expect(choice).toHaveAccessibleDescription('Choose refund or replacement');
    }
    expect(within(mug).getByText('Enter how many to return')).toBeInTheDocument();
    expect(within(mug).getByText('Tell us the reason')).toBeInTheDocument();
    expect(within(tshirt).getByRole('textbox', { name: 'Quantity to return' })).toHaveValue('3');

    await user.clear(within(tshirt).getByRole('textbox', { name: 'Quantity to return' }));
    await user.type(within(tshirt).getByRole('textbox', { name: 'Quantity to return' }), '1.5');
    await user.click(continueButton());
    expect(await within(tshirt).findByText('Enter a whole number, like 1')).toBeInTheDocument();

    // a whole number past what a double holds exactly is still a whole number, only too many
    for (const typed of ['1000000', '9'.repeat(30)]) {
      await user.clear(within(tshirt).getByRole('textbox', { name: 'Quantity to return' }));
      await user.type(within(tshirt).getByRole('textbox', { name: 'Quantity to return' }), typed);
      await user.click(continueButton());
      expect(await within(tshirt).findByText('You can return at most 2')).toBeInTheDocument();
    }
  });

  it('drops the complaints about a line once it is no longer chosen', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    const tshirt = await chooseLine(user, TSHIRT, { reason: 'Other' });
    await user.click(continueButton());
    expect(await within(tshirt).findByText('Choose refund or replacement')).toBeInTheDocument();
    await chooseLine(user, MUG, { reason: 'Wrong item sent', resolution: 'Replacement' });
    await user.click(within(tshirt).getByRole('checkbox', { name: 'Return this item' }));
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
  });

  it('announces the estimated refund as lines change, in whole paise', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    expect(screen.getByText('No items chosen yet.')).toHaveAttribute('role', 'status');
    await chooseLine(user, TSHIRT, { quantity: '2', resolution: 'Refund' });
    await chooseLine(user, MUG, { resolution: 'Refund' });
    // 2 x 799.00 + 349.00
    expect(screen.getByText('3 items chosen. Estimated refund ₹1,947.00.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('says which ticked lines the figures leave out, never "No items chosen" beside a tick', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    const status = screen.getByText('No items chosen yet.');
    await chooseLine(user, TSHIRT, { quantity: '3', resolution: 'Refund' });
    expect(status).toHaveTextContent(
      'No items counted yet: check the quantity of the line you chose.',
    );
    await chooseLine(user, MUG, { quantity: '0', resolution: 'Refund' });
    expect(status).toHaveTextContent(
      'No items counted yet: check the quantities of the 2 lines you chose.',
    );
    await chooseLine(user, MUG, { quantity: '1' });
    expect(status).toHaveTextContent(
      '1 item chosen. Estimated refund ₹349.00. 1 more line is not counted: check its quantity.',
    );
    await chooseLine(user, TSHIRT, { quantity: '2' });
    expect(status).toHaveTextContent('3 items chosen. Estimated refund ₹1,947.00.');
  });
});

describe('return wizard: address step', () => {
  it('checks another pickup address: required fields, 10-digit phone, 6-digit pincode', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, TSHIRT);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.type(screen.getByLabelText('Pincode'), '5600');
    await user.click(continueButton());

    expect(await screen.findByText('Enter a 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter a 6-digit pincode')).toBeInTheDocument();
    expect(screen.getByText('Enter the address')).toBeInTheDocument();
    expect(screen.getByText('Enter the city')).toBeInTheDocument();
    expect(screen.getByText('Enter the state')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('12345');
    expect(screen.getByRole('heading', { name: /Pickup address/, level: 2 })).toBeInTheDocument();
  });

  it('says an address error again when Enter is pressed again on it, in the same words', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, TSHIRT);
    await fillPickupAddress(user);
    const pincode = screen.getByLabelText('Pincode');
    await user.clear(pincode);
    await user.type(pincode, '5600{Enter}');
    const first = await screen.findByRole('alert');
    expect(first).toHaveTextContent('Enter a 6-digit pincode');
    await user.type(pincode, '{Enter}');
    await waitFor(() => expect(first).not.toBeInTheDocument());
    // a new message where focus is: an alert, heard again
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a 6-digit pincode');
    expect(pincode).toHaveFocus();
    expect(pincode).toHaveValue('5600');
  });
});

describe('return wizard: submit', () => {
  it('sends one return and shows its confirmation with the refund', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    expect(screen.getByText('2 × ₹799.00 = ₹1,598.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,598.00', { selector: 'p' })).toBeInTheDocument();

    await user.click(sendButton());

    const heading = await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your return request was sent')).toBeInTheDocument();
    const refund = screen.getByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('₹1,598.00')).toBeInTheDocument();
    expect(within(refund).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(returnCount()).toBe(1);
    // the draft is gone: a new return starts empty
    expect(Object.keys(sessionStorage).filter((k) => k.includes('return-draft'))).toEqual([]);
  });

  it('sends a pickup address other than the delivery address', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, MUG, { reason: 'Other', other: 'Chipped rim', resolution: 'Refund' });
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
    await user.click(screen.getByRole('radio', { name: 'From another address' }));
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    expect(screen.getByText('Reason: Chipped rim')).toBeInTheDocument();
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    const [record] = Object.values(repo.read().returns);
    expect(record?.pickup_address.pincode).toBe('560001');
  });

  it('keeps everything after a dropped connection, and the retry makes exactly one return', async () => {
    const { user } = await lockedByADroppedSend();
    expect(screen.getByText('Reason: Too small')).toBeInTheDocument();
    expect(screen.getByText('2 × ₹799.00 = ₹1,598.00')).toBeInTheDocument();
    expect(returnCount()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    expect(returnCount()).toBe(1);
  });

  it('reuses the Idempotency-Key when the connection drops after the store made the return', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeMakesTheReturnThenAnswer(() => HttpResponse.error());
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(UNCONFIRMED);
    expect(returnCount()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: /Return request RET-000001/ });
    expect(returnCount()).toBe(1);
  });

  it('a double click sends one return', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    // both presses land while the send is on its way
    const send = holdNext(server, 'post', RETURN_URL);
    // counted as sent: the store would make one return of two sends with one Idempotency-Key
    // anyway, so the count of returns alone could not tell
    const sends = sentRequests(server, 'POST', '/return');
    await user.dblClick(sendButton());
    send.release();
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    expect(returnCount()).toBe(1);
    expect(sends).toHaveLength(1);
  });
});

/**
 * The next send waits until the returned `release` is called, then goes on to the store (or, with
 * `answer`, gets that answer instead): time for the customer to leave the wizard meanwhile.
 */
function holdTheNextSend(answer?: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // every send waits (not only the first to match): nothing can slip past the hold
  server.use(
    http.post(RETURN_URL, async () => {
      await held;
      // nothing returned: the store's own handler answers
      return answer?.();
    }),
  );
  return release;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

/** Send from the review, then leave for the store page before the answer comes. */
async function sendAndLeave(user: UserEvent) {
  await user.click(sendButton());
  await user.click(within(mainNav()).getByRole('link', { name: 'Store' }));
  await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' });
  // left before the answer: the send is held, so nothing is known of it yet
  expect(storedReturns()).toBe('');
}

// Asha's records at the demo store
const ASHA_RECORDS = recordsOwner(APP_STORE, 'cus_1001');
const storedReturns = () => localStorage.getItem(returnsKey(ASHA_RECORDS)) ?? '';
const storedDraft = () => sessionStorage.getItem(draftKey(ASHA_RECORDS));

describe('return wizard: the customer leaves before the answer comes', () => {
  it('a success that came meanwhile opens its confirmation when the wizard is shown again', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    const release = holdTheNextSend();
    await sendAndLeave(user);
    release();
    await waitFor(() => expect(storedReturns()).toContain('RET-000001'));
    // the answer settled the draft sent under its key
    expect(storedDraft()).toContain('"created":"RET-000001"');
    expect(storedDraft()).toContain('"unconfirmed":null');

    await user.click(within(mainNav()).getByRole('link', { name: 'Returns' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Return request RET-000001',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your return request was sent')).toBeInTheDocument();
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    expect(returnCount()).toBe(1);
    // the draft is done: the next return starts empty
    expect(storedDraft()).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Return something else' }));
    await stepHeading(/Find the order/);
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });

  it('after a reload as well', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(view.user);
    const release = holdTheNextSend();
    await sendAndLeave(view.user);
    release();
    await waitFor(() => expect(storedReturns()).toContain('RET-000001'));
    view.unmount();

    mountApp('/account/returns/new?step=review');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' }),
    ).toBeInTheDocument();
    expect(returnCount()).toBe(1);
  });

  it('a wizard shown again before the answer moves on to the confirmation when it comes', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    const release = holdTheNextSend();
    await sendAndLeave(user);
    await user.click(within(mainNav()).getByRole('link', { name: 'Returns' }));
    // the send of the earlier visit is still on its way: the review waits for its answer rather
    // than asking to check (which would send the request a second time meanwhile)
    await screen.findByText("Waiting for the store's answer");
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();

    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your return request was sent')).toBeInTheDocument();
    expect(storedDraft()).toBeNull();
    expect(returnCount()).toBe(1);
  });

  it('an answer that does not say whether the return was made keeps the request locked', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    const release = holdTheNextSend(() => HttpResponse.error());
    await sendAndLeave(user);
    release();
    await waitFor(() => expect(storedDraft()).toContain('unconfirmed'));

    await user.click(within(mainNav()).getByRole('link', { name: 'Returns' }));
    const alert = await screen.findByText(UNCONFIRMED);
    expect(screen.queryByText("Waiting for the store's answer")).not.toBeInTheDocument();
    expect(alert).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send return request' })).not.toBeInTheDocument();
    expect(storedReturns()).toBe('');
  });
});

describe('return wizard: a send whose outcome is unknown', () => {
  it('after a reload shows the request as it was sent, unchangeable, and a check confirms it', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(view.user);
    storeMakesTheReturnThenAnswer(() => HttpResponse.error());
    await view.user.click(sendButton());
    await screen.findByText(UNCONFIRMED);
    const url = currentUrl(view.history);
    view.unmount();

    // a reload: the order now has nothing left to return, because of this very request
    const { user } = mountApp(url);
    await stepHeading(/Review and send/, { visitStart: true });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    expect(await screen.findByText('2 × ₹799.00 = ₹1,598.00')).toBeInTheDocument();
    expect(screen.getByText('Reason: Too small')).toBeInTheDocument();
    expect(screen.getByText('Reason: Damaged or defective')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send return request' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(screen.getByText('Your return request was sent')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText(TSHIRT)).toBeInTheDocument();
    expect(within(items).getByText(MUG)).toBeInTheDocument();
    expect(returnCount()).toBe(1);
  });

  it('keeps the answers as sent: nothing to change, and no step is judged again', async () => {
    const { user, history } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeMakesTheReturnThenAnswer(() => HttpResponse.error());
    await user.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    await expectFocusOn(alert);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    // the browser's Back leads to the same request, not to an items step judged on the new order
    act(() => history.go(-1));
    await waitFor(() => expect(history.location.search).toBe('?step=review'));
    expect(screen.getByText(UNCONFIRMED)).toBeInTheDocument();
    expect(screen.queryByText('None of this item can be returned now')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it.each([
    {
      what: 'a success whose body the app cannot read',
      created: true,
      answer: () =>
        HttpResponse.json({
          success: true,
          message: 'order details',
          content: { order_return: { request_number: 1 } },
        }),
    },
    {
      what: 'a 4xx with no error body (a proxy)',
      created: false,
      answer: () => new HttpResponse('Too many requests', { status: 429 }),
    },
    {
      what: "a 4xx in the error format with a code that is not the service's (a proxy)",
      created: false,
      answer: () =>
        HttpResponse.json(
          { success: false, message: 'Slow down.', code: 'too_many_requests' },
          { status: 429 },
        ),
    },
  ])('treats $what as unconfirmed, never as a refusal', async ({ created, answer }) => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    if (created) storeMakesTheReturnThenAnswer(answer);
    else server.use(http.post(RETURN_URL, answer, { once: true }));
    await user.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    expect(screen.queryByText(/did not accept/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument();
    expect(returnCount()).toBe(created ? 1 : 0);

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it('after a definite refusal of the check, the answers can change again', async () => {
    const { user } = await lockedByADroppedSend();
    // meanwhile one T-shirt went into another return (another tab)
    returnOneTshirtElsewhere(service);

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 2, name: /Choose items/ });
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    const quantity = within(tshirt).getByRole('textbox', { name: 'Quantity to return' });
    expect(await within(tshirt).findByText('Only 1 can be returned now')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    expect(screen.getByRole('button', { name: 'Change items' })).toBeEnabled();
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    expect(returnCount()).toBe(2);
  });

  it('a refusal that stays on the review takes focus', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeRefusesTheSend(403, { message: 'Returns are paused today.', code: 'forbidden' });
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/The store did not accept this return: Returns are paused/);
    await expectFocusOn(alert);
    expect(screen.getByRole('button', { name: 'Change items' })).toBeEnabled();
  });
});

describe('return wizard: a request that cannot be confirmed', () => {
  it('survives a sign-in with a new token of the same customer: the check finds the first request', async () => {
    const view = await lockedByADroppedSend();
    // Asha's token expires; the store gives her a new one
    const state = repo.read();
    const { 'demo-customer-token': expired, ...others } = state.tokens;
    repo.write({ ...state, tokens: { ...others, 'asha-renewed-token': expired! } });

    act(() => view.history.push('/settings?next=%2Faccount%2Freturns%2Fnew'));
    const token = await screen.findByLabelText('Access token');
    expect(screen.getByLabelText('User ID')).toHaveValue('cus_1001');
    await view.user.clear(token);
    await view.user.type(token, 'asha-renewed-token');
    await view.user.click(screen.getByRole('button', { name: 'Save connection' }));

    // back at the request as sent, with its Idempotency-Key: checking does not make a second
    await stepHeading(/Review and send/);
    expect(screen.getByRole('alert')).toHaveTextContent(UNCONFIRMED);
    await view.user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it('the review read again before its order says the refund is shown once the order is read', async () => {
    const view = await lockedByADroppedSend();
    const url = currentUrl(view.history);
    view.unmount();
    server.use(http.get('*/storefront/orders/:orderNumber', () => delay('infinite')));
    mountApp(url);
    const refund = await screen.findByRole('region', { name: 'Estimated refund' });
    expect(refund).toHaveTextContent('Shown once the order has been read.');
  });

  it('Check again does not change the alert’s words: it is not read out again at the press', async () => {
    const { user, alert } = await lockedByADroppedSend();
    const words = alert.textContent;
    const check = holdNext(server, 'post', RETURN_URL);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await act(() => check.arrived);
    // the press shows on the button, where focus is, outside the alert's live region
    expect(screen.getByRole('button', { name: 'Checking with the store…' })).toHaveFocus();
    expect(alert.textContent).toBe(words);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    check.release();
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
  });

  it('a check that fails again says so in the alert: its words alone stay the same', async () => {
    const { user, alert } = await lockedByADroppedSend();
    expect(alert).not.toHaveTextContent(/Checked again/);
    const checkAgain = () => screen.getByRole('button', { name: 'Check again' });

    faults.set({ dropNext: 1 });
    await user.click(checkAgain());
    expect(
      await within(alert).findByText('Checked again: still no confirmation.'),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(UNCONFIRMED);

    faults.set({ dropNext: 1 });
    await user.click(checkAgain());
    expect(
      await within(alert).findByText('Checked again: still no confirmation (2 times).'),
    ).toBeInTheDocument();

    await user.click(checkAgain());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    expect(returnCount()).toBe(1);
  });

  it.each([
    {
      what: 'a success the app cannot read',
      answer: () =>
        HttpResponse.json({
          success: true,
          message: 'order details',
          content: { order_return: { request_number: 1 } },
        }),
      summary:
        'The store answered, but the answer could not be read: the request was probably received.',
      detail: /What happened: The service's answer does not match the contract: order_return\./,
    },
    {
      what: 'a server error',
      answer: () =>
        HttpResponse.json(
          { success: false, message: 'The store is down for maintenance.', code: 'internal_error' },
          { status: 503 },
        ),
      summary: /The store answered with an error of its own \(HTTP 503\)/,
      detail: 'The answer said: “The store is down for maintenance.”',
    },
    {
      what: 'a proxy refusing it',
      answer: () =>
        HttpResponse.json(
          { success: false, message: 'Slow down.', code: 'too_many_requests' },
          { status: 429 },
        ),
      summary: /Something between this device and the store answered instead of the store/,
      detail: 'The answer said: “Slow down.”',
    },
  ])('says what happened after $what, and Check again stays the way on', async (c) => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    server.use(http.post(RETURN_URL, c.answer, { once: true }));
    await user.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    expect(within(alert).getByText(c.summary)).toBeInTheDocument();
    expect(within(alert).getByText(c.detail)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/no answer came back/);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Start a different request' })).toBeEnabled();
  });

  it('a store whose answer can never be read: after a warning, a different request can start', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, TSHIRT, { quantity: '1', reason: 'Too small', resolution: 'Refund' });
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    // the store makes the return, but every answer to that key (the first one, replayed) is
    // unreadable on the way back
    server.use(
      http.post(RETURN_URL, async ({ request, params }) => {
        service.createReturn(
          service.authenticate(request.headers.get('authorization')),
          String(params.orderNumber),
          createReturnBodySchema.parse(await request.json()),
          request.headers.get('idempotency-key'),
        );
        return HttpResponse.json({ success: true, message: 'order details', content: {} });
      }),
    );
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/the request was probably received/);

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent(/the request was probably received/);
    expect(returnCount()).toBe(1);

    // the way out is a question first, and "no" keeps the request as it is
    await user.click(screen.getByRole('button', { name: 'Start a different request' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Start a different request?' });
    expect(dialog).toHaveTextContent(/may already have been made/);
    expect(dialog).toHaveTextContent(/may create a second return/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep checking' }));
    expect(screen.getByText(UNCONFIRMED)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a different request' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Start a different request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start a different request' }));

    // editing again, from the same answers, with focus back on the step
    await stepHeading(/Review and send/);
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change items' })).toBeEnabled();
    expect(screen.getByText('Reason: Too small')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(sendButton());
    // a new key: the store makes a second return instead of answering with the first
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000002' });
    expect(returnCount()).toBe(2);
  });

  it('after a reload as well, Start a different request puts focus on the review drawn anew', async () => {
    const view = await lockedByADroppedSend();
    const url = currentUrl(view.history);
    view.unmount();

    // a reload: the router has not moved since, and the screen keeps the browser's start
    const { user } = mountApp(url);
    await stepHeading(/Review and send/, { visitStart: true });
    await user.click(screen.getByRole('button', { name: 'Start a different request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a different request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start a different request' }));

    // the customer's own action drew the review anew: focus is on its heading, not on <body>
    await waitFor(() => expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument());
    await stepHeading(/Review and send/);
    expect(await screen.findByRole('button', { name: 'Change items' })).toBeEnabled();
  });

  it('a reload at a later step whose order cannot be read says that step, not the order step', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(view.user);
    const url = currentUrl(view.history);
    view.unmount();

    server.use(
      http.get('*/api/v1/:storeId/storefront/orders/:orderNumber', () =>
        HttpResponse.json(
          { success: false, message: 'Something went wrong.', code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    mountApp(url);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the order');
    const steps = screen.getByRole('navigation', { name: 'Return steps' });
    // eslint-disable-next-line testing-library/no-node-access -- the step marked current
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent('Review and send');
    expect(document.title).toMatch(/^Review and send · Return an item/);
    expect(screen.getByRole('button', { name: 'Choose another order' })).toBeInTheDocument();
  });

  it('shows a kept request at once while the order cannot be loaded', async () => {
    const view = await lockedByADroppedSend();
    const url = currentUrl(view.history);
    view.unmount();

    // a reload while the order's read never ends (offline, retrying)
    server.use(
      http.get('*/api/v1/:storeId/storefront/orders/:orderNumber', () => delay('infinite')),
    );
    const { user } = mountApp(url);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    expect(screen.queryByText('Loading the order…')).not.toBeInTheDocument();
    expect(screen.getByText('Reason: Too small')).toBeInTheDocument();
    expect(screen.getByText('Quantity: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it.each([
    {
      what: 'a 401',
      refuse: () => {
        const tokens = repo.read().tokens;
        const token = tokens['demo-customer-token']!;
        delete tokens['demo-customer-token'];
        return () => void (repo.read().tokens['demo-customer-token'] = token);
      },
      shown: 'Sign in to continue',
    },
    {
      what: 'store_not_found',
      refuse: () => {
        storeRefusesTheSend(404, { message: 'No such store.', code: 'store_not_found' });
        return () => undefined;
      },
      shown: 'Store not found',
    },
  ])('$what on a first send made nothing: the request is not locked', async (c) => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(view.user);
    const undo = c.refuse();
    await view.user.click(sendButton());

    expect(await screen.findByText(c.shown)).toBeInTheDocument();
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change items' })).toBeEnabled();
    const url = currentUrl(view.history);
    view.unmount();

    // nor after a reload; and the send can simply be made again
    undo();
    const { user } = mountApp(url);
    await stepHeading(/Review and send/, { visitStart: true });
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it('a 401 on a check keeps the request locked', async () => {
    const { user } = await lockedByADroppedSend();
    delete repo.read().tokens['demo-customer-token'];
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(screen.getByText(UNCONFIRMED)).toBeInTheDocument();
    expect(
      screen.getByText(/turned this check away before looking at the request/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument();
  });
});

describe('return wizard: a draft saved by an earlier version of the app', () => {
  /** What the app stored before a send's request was kept as sent. */
  const oldDraft = (uncertain: boolean) => ({
    orderInput: 'ORD-1001',
    orderNumber: 'ORD-1001',
    items: {
      lines: [
        {
          sku: 'TSHIRT-BLU-M',
          product_id: 'prod_tshirt',
          selected: true,
          quantity: '2',
          reason: 'too_small',
          otherReason: '',
          resolution: 'refund',
        },
        {
          sku: 'MUG-WHT',
          product_id: 'prod_mug',
          selected: false,
          quantity: '1',
          reason: '',
          otherReason: '',
          resolution: '',
        },
      ],
    },
    address: {
      pickup: 'delivery',
      address: {
        first_name: 'Asha',
        last_name: 'Rao',
        phone: '9876543210',
        email: 'asha@example.com',
        address_line1: '',
        address_line2: '',
        landmark: '',
        city: '',
        state: '',
        pincode: '',
        country: 'India',
      },
    },
    submission: { key: 'key-from-before', uncertain },
  });

  /** Signed in as Asha, with `draft` in this tab's storage, then the app loads at the review. */
  async function reloadWith(draft: unknown) {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await screen.findByLabelText('Order number');
    view.unmount();
    sessionStorage.setItem(draftKey(ASHA_RECORDS), JSON.stringify(draft));
    return mountApp('/account/returns/new?step=review');
  }

  it('keeps an uncertain send locked with its key, so a check makes no second return', async () => {
    // that send did reach the store
    service.createReturn(
      service.authenticate('Bearer demo-customer-token'),
      'ORD-1001',
      {
        ...RETURN_ONE_TSHIRT,
        return_items: [{ ...RETURN_ONE_TSHIRT.return_items[0]!, quantity: 2 }],
      },
      'key-from-before',
    );
    const { user } = await reloadWith(oldDraft(true));
    await stepHeading(/Review and send/, { visitStart: true });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(UNCONFIRMED);
    expect(screen.getByText('Reason: Too small')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send return request' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
    expect(returnCount()).toBe(1);
  });

  it('keeps the answers of a draft whose send was not uncertain', async () => {
    const { user } = await reloadWith(oldDraft(false));
    await stepHeading(/Review and send/, { visitStart: true });
    expect(screen.queryByText(UNCONFIRMED)).not.toBeInTheDocument();
    expect(await screen.findByText('2 × ₹799.00 = ₹1,598.00')).toBeInTheDocument();
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' });
  });
});

describe('return wizard: a draft the order no longer allows', () => {
  it('after a reload, says that part of what was chosen was returned since, on the items step', async () => {
    const { user, unmount } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    // another tab returns one of the two T-shirts chosen here
    returnOneTshirtElsewhere(service);
    unmount();

    mountApp('/account/returns/new?step=review');
    await stepHeading(/Choose items/);
    expect(
      screen.getAllByRole('status').filter((s) => /Less can be returned/.test(s.textContent ?? '')),
    ).toEqual([
      expect.objectContaining({
        textContent:
          'Less can be returned than you chosePart of order ORD-1001 was returned since you chose it. Check the highlighted line.',
      }),
    ]);
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    expect(await within(tshirt).findByText('You can return only 1')).toBeInTheDocument();
  });
  it('unticking a line none of which can be returned now keeps focus on that line', async () => {
    const { user, unmount } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    // another tab returns both T-shirts chosen here
    service.createReturn(
      service.authenticate('Bearer demo-customer-token'),
      'ORD-1001',
      {
        ...RETURN_ONE_TSHIRT,
        return_items: [{ ...RETURN_ONE_TSHIRT.return_items[0]!, quantity: 2 }],
      },
      'other-tab',
    );
    unmount();

    const view = mountApp('/account/returns/new?step=review');
    await stepHeading(/Choose items/);
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    const box = within(tshirt).getByRole('checkbox', { name: 'Return this item' });
    expect(box).toBeChecked();
    await view.user.click(box);
    const note = within(tshirt).getByText('Already in a return request.');
    expect(note).toHaveFocus();
    expect(within(tshirt).queryByRole('checkbox')).not.toBeInTheDocument();
    // the keyboard goes on from there, to the next line
    await view.user.tab();
    expect(
      within(screen.getByRole('group', { name: MUG })).getByRole('checkbox', {
        name: 'Return this item',
      }),
    ).toHaveFocus();
  });
});

describe('return wizard: refusals land on their step and field', () => {
  it('says when the order could not be read again after a refusal, with Try again', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    returnOneTshirtElsewhere(service);
    // the refusal reads the order again; that read fails until the service is back
    let failing = true;
    server.use(
      http.get('*/orders/ORD-1001', () =>
        failing ? HttpResponse.json({ message: 'Down' }, { status: 503 }) : undefined,
      ),
    );
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Choose items/ });
    const warning = await screen.findByText('Could not refresh order ORD-1001');
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    // what it shows of what can be returned is from before the refusal, and it says so
    expect(tshirt).toHaveTextContent('Can return2');
    expect(screen.getByText(/What can be returned below is from the last time/)).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(warning).not.toBeInTheDocument());
    expect(tshirt).toHaveTextContent('Can return1');
  });

  it('return_quantity_exceeded: back to the items step, on that line’s quantity', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    // meanwhile one T-shirt went into another return (another tab)
    returnOneTshirtElsewhere(service);
    await user.click(sendButton());

    await screen.findByRole('heading', { level: 2, name: /Choose items/ });
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    const quantity = within(tshirt).getByRole('textbox', { name: 'Quantity to return' });
    expect(await within(tshirt).findByText('Only 1 can be returned now')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(quantity).toHaveValue('2');
    // the refusal's alert (the line's own message is announced as well), in the app's words:
    // not the service's "Only 1 of Organic Cotton Crew T-Shirt can be returned"
    const refusal = screen
      .getAllByRole('alert')
      .filter((alert) => /The store did not accept this return/.test(alert.textContent ?? ''));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toHaveTextContent(
      'Fewer can be returned than you chose: part of it may have been returned since.',
    );
    expect(refusal[0]).not.toHaveTextContent(/Only \d+ of/);

    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    expect(returnCount()).toBe(2);
  });

  it('item_not_in_order: back to the items step, on that line', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeRefusesTheSend(422, {
      message: 'This item is not part of the order.',
      code: 'item_not_in_order',
      errors: [{ field: 'return_items.1.sku', message: 'not an item of this order' }],
    });
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Choose items/ });
    const mug = screen.getByRole('group', { name: MUG });
    expect(
      await within(mug).findByText('The store says this item is not part of the order'),
    ).toBeInTheDocument();
  });

  it('a validation error on shipping_address.* goes to the address step field', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    storeRefusesTheSend(400, {
      message: 'The request body is not valid.',
      code: 'validation_error',
      errors: [{ field: 'shipping_address.pincode', message: 'we do not pick up here' }],
    });
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Pickup address/ });
    const pincode = screen.getByLabelText('Pincode');
    expect(await screen.findByText('We do not pick up here.')).toBeInTheDocument();
    expect(pincode).toHaveAttribute('aria-invalid', 'true');
    expect(pincode).toHaveValue('560001');
    await waitFor(() => expect(pincode).toHaveFocus());
  });

  it('order_not_returnable at submit: back to the order step with the reason', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeRefusesTheSend(422, {
      message: 'The 30-day return window for this order closed on 2025-01-01.',
      code: 'order_not_returnable',
      details: { reason: 'window_closed', window_closed_at: '2025-01-01T10:00:00.000Z' },
    });
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Find the order/ });
    // said once, on the order field; the step's alert says what happened (the same sentence in
    // two alerts was read out twice)
    expect(
      await screen.findAllByText('The 30-day return window for ORD-1001 closed on 1 Jan 2025.'),
    ).toHaveLength(1);
    expect(
      screen
        .getAllByRole('alert')
        .filter((a) => /did not accept this return/.test(a.textContent ?? '')),
    ).toHaveLength(1);
  });

  it('order_not_found at submit: back to the order step', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    storeRefusesTheSend(404, { message: 'No order.', code: 'order_not_found' });
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Find the order/ });
    expect(
      (await screen.findAllByText(/We couldn't find that order on your account/)).length,
    ).toBeGreaterThan(0);
  });
});

describe('return wizard: draft', () => {
  it('survives a remount (reload) with the step and what was typed', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(view.user);
    await stepHeading(/Choose items/);
    await chooseLine(view.user, TSHIRT, { quantity: '2', reason: 'Other', other: 'Colour ran' });
    const url = `${view.history.location.pathname}${view.history.location.search}`;
    expect(url).toBe('/account/returns/new?step=items');
    view.unmount();

    // a reload: same storage, a new app
    mountApp(url);
    await stepHeading(/Choose items/, { visitStart: true });
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    expect(within(tshirt).getByRole('checkbox', { name: 'Return this item' })).toBeChecked();
    expect(within(tshirt).getByRole('textbox', { name: 'Quantity to return' })).toHaveValue('2');
    expect(within(tshirt).getByRole('textbox', { name: 'Describe the reason' })).toHaveValue(
      'Colour ran',
    );
  });

  it('moves between steps with the browser history, keeping the answers', async () => {
    const { user, history } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, MUG, { quantity: '1', reason: 'Too small', resolution: 'Refund' });
    await user.click(continueButton());
    await stepHeading(/Pickup address/);

    act(() => history.go(-1));
    await stepHeading(/Choose items/);
    const mug = screen.getByRole('group', { name: MUG });
    expect(within(mug).getByRole('combobox', { name: 'Reason' })).toHaveValue('too_small');

    act(() => history.go(1));
    await stepHeading(/Pickup address/);
  });

  it('after a reload whose order read failed, Try again keeps focus, then hands it to the screen', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(view.user);
    await stepHeading(/Choose items/);
    await chooseLine(view.user, TSHIRT, { quantity: '1' });
    view.unmount();

    server.use(
      http.get('*/orders/ORD-1001', () => HttpResponse.json({ message: 'Down' }, { status: 503 }), {
        once: true,
      }),
    );
    const { user } = mountApp('/account/returns/new?step=items');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const read = holdNext(server, 'get', '*/orders/ORD-1001');
    await user.click(retry);
    await read.arrived;
    // the failure and its pressed Try again stay while it runs (no spinner in their place)
    expect(retry).toHaveFocus();
    read.release();
    await screen.findByRole('heading', { level: 2, name: /Choose items/ });
    // the Try again is gone: focus goes to the screen, not to the page
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Return an item' })).toHaveFocus(),
    );
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    expect(within(tshirt).getByRole('checkbox', { name: 'Return this item' })).toBeChecked();
  });

  it('a step the answers do not reach yet sends the customer back', async () => {
    const { history } = renderApp('/account/returns/new?step=review', { session: 'asha' });
    await stepHeading(/Find the order/);
    expect(history.location.search).toBe('?step=order');
  });
});

describe('return confirmation', () => {
  it('lists the requests made in this browser and opens one', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await walkToReview(user);
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-000001/ });
    await user.click(screen.getByRole('link', { name: 'Return something else' }));
    const list = await screen.findByRole('region', { name: 'Your return requests' });
    await user.click(within(list).getByRole('link', { name: 'RET-000001' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return request RET-000001' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your return request was sent')).not.toBeInTheDocument();
  });

  it("a cashier's return is told as the store's, not the cashier's own", async () => {
    const { user } = renderApp('/account/returns/new', { session: 'cashier' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, MUG, { reason: 'Damaged or defective', resolution: 'Replacement' });
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 1, name: /Return request RET-000001/ });
    const sent = screen.getByText('The return request was sent');
    // eslint-disable-next-line testing-library/no-node-access -- the alert's box, for its words
    expect(sent.parentElement).toHaveTextContent(
      'The store has received it. The pickup is arranged once the store approves it.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Refund' })).getByText(
        'No refund: every item is to be replaced.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return something else' }));
    const list = await screen.findByRole('region', { name: 'Return requests' });
    expect(within(list).getByRole('link', { name: 'RET-000001' })).toBeInTheDocument();
  });

  it('says clearly when a request number is unknown in this browser', async () => {
    renderApp('/account/returns/RET-999999', { session: 'asha' });
    expect(
      await screen.findByText('This request is not known in this browser'),
    ).toBeInTheDocument();
    expect(screen.getByText(/RET-999999 is not one of them/)).toBeInTheDocument();
  });
});
