import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';
import {
  MUG,
  TSHIRT,
  chooseLine,
  continueButton,
  fillPickupAddress,
  findOrder,
  stepHeading,
  toAnotherAddress,
} from './test-helpers';

// registers vitest lifecycle hooks, not React hooks; the name is the shared helper's
const { repo } = setupTestServer();

// the wizard's steps typed key by key through the real app
vi.setConfig({ testTimeout: 30_000 });
// screens are lazy chunks: their first load can take over a second on a busy machine
configure({ asyncUtilTimeout: 8_000 });

const NOT_FOUND = /We couldn't find that order on your account/;

/** Asha's ORD-1001 at the items step, its T-shirt ticked with reason Other: the reason's box. */
async function reasonBox() {
  const { user } = renderApp('/account/returns/new', { session: 'asha' });
  await findOrder(user);
  await stepHeading(/Choose items/);
  const tshirt = await chooseLine(user, TSHIRT, { reason: 'Other', resolution: 'Refund' });
  return { user, box: within(tshirt).getByRole('textbox', { name: 'Describe the reason' }) };
}

/** Asha also has an order numbered in lower case: only its mug, under the number "ord-1001". */
function aLowerCaseOrderNumberToo() {
  const state = repo.read();
  const upper = state.orders['ORD-1001']!;
  repo.write({
    ...state,
    orders: {
      ...state.orders,
      'ord-1001': {
        ...upper,
        order_number: 'ord-1001',
        items: upper.items.filter((i) => i.sku === 'MUG-WHT'),
      },
    },
  });
}

describe('order step: the case of the order number', () => {
  it('finds ORD-1001 typed as ord-1001, and the field then shows its own number', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, '  ord-1001 ');
    await stepHeading(/Choose items/);
    expect(screen.getByText(/^Order ORD-1001\./)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: TSHIRT })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(/Find the order/);
    expect(screen.getByLabelText('Order number')).toHaveValue('ORD-1001');
  });

  it('says why an order found by its upper-case form cannot be returned, under its own number', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, 'ord-1002');
    expect(
      await screen.findByText(/ORD-1002 has not been delivered yet \(it is on its way\)/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('ORD-1002');
  });

  it.each(['ORD-9999', 'ord-9999'])('still does not find %s', async (typed) => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, typed);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    const field = screen.getByLabelText('Order number');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(typed);
  });

  it('takes the order whose number is exactly what was typed when there is one', async () => {
    aLowerCaseOrderNumberToo();
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user, 'ord-1001');
    await stepHeading(/Choose items/);
    expect(screen.getByText(/^Order ord-1001\./)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: MUG })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: TSHIRT })).not.toBeInTheDocument();
  });
});

describe('order step: a number pasted with characters that only look right', () => {
  async function pasteOrder(user: UserEvent, pasted: string) {
    const field = await screen.findByLabelText('Order number');
    await user.clear(field);
    await user.click(field);
    await user.paste(pasted);
    await user.click(continueButton());
  }

  it.each([
    ['a zero-width space after it', 'ORD-1001\u200B'],
    ['a word joiner and a BOM in it', '\u2060ORD-10\uFEFF01'],
    ['a Unicode hyphen (U+2010)', 'ORD\u20101001'],
    ['an en dash', 'ORD\u20131001'],
    ['a minus sign', 'ORD\u22121001'],
    ['a full-width hyphen-minus', 'ORD\uFF0D1001'],
  ])('finds ORD-1001 pasted with %s', async (_what, pasted) => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await pasteOrder(user, pasted);
    await stepHeading(/Choose items/);
    expect(screen.getByText(/^Order ORD-1001\./)).toBeInTheDocument();
  });

  it('keeps what was typed in the field, and a number of invisible characters only is empty', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await pasteOrder(user, 'ORD\u20109999\u200B');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('ORD\u20109999\u200B');

    await pasteOrder(user, '\u200B\u2060');
    expect(await screen.findByText('Enter the order number')).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('\u200B\u2060');
  });
});

describe('items step: the running estimate', () => {
  it('counts only quantities that can be returned', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    // 2 T-shirts can be returned
    await chooseLine(user, TSHIRT, { quantity: '5', resolution: 'Refund' });
    await chooseLine(user, MUG, { resolution: 'Refund' });
    // the T-shirts are left out of the figures, and the summary says so
    expect(
      screen.getByText(
        '1 item chosen. Estimated refund ₹349.00. 1 more line is not counted: check its quantity.',
      ),
    ).toHaveAttribute('role', 'status');

    await chooseLine(user, TSHIRT, { quantity: '2' });
    expect(screen.getByText('3 items chosen. Estimated refund ₹1,947.00.')).toBeInTheDocument();
  });
});

describe('items step: describing the reason', () => {
  it('says how many characters are left, and keeps a longer paste whole for Continue to refuse', async () => {
    const { user, box } = await reasonBox();
    expect(box).toHaveAccessibleDescription('500 of 500 characters left.');

    await user.type(box, 'Colour ran');
    expect(box).toHaveAccessibleDescription('490 of 500 characters left.');

    // nothing is cut without a word: the text stays, the count says how far over it is
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(600));
    expect(box).toHaveValue('x'.repeat(600));
    expect(box).toHaveAccessibleDescription('100 characters over the limit of 500.');
    await user.click(continueButton());
    expect(box).toHaveAccessibleDescription(
      '100 characters over the limit of 500. Keep the reason to 500 characters or fewer',
    );
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('counts characters as the service does: an emoji is one, and spaces around are not sent', async () => {
    const { user, box } = await reasonBox();
    await user.click(box);
    await user.paste(`  ${'📦'.repeat(501)}  `);
    expect(box).toHaveAccessibleDescription('1 character over the limit of 500.');
    await user.clear(box);
    await user.paste(`  ${'📦'.repeat(500)}  `);
    expect(box).toHaveAccessibleDescription('0 of 500 characters left.');
    await user.click(continueButton());
    await stepHeading(/Pickup address/);
  });
});

describe('required text of invisible characters only', () => {
  // a zero-width space and a word joiner: nothing on screen, and trim() keeps both
  const INVISIBLE = '\u200B\u2060';

  it('refuses a reason described as nothing visible, as an empty one, keeping what was typed', async () => {
    const { user, box } = await reasonBox();
    await user.click(box);
    await user.paste(INVISIBLE);
    await user.click(continueButton());
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription(/Tell us the reason$/);
    expect(box).toHaveValue(INVISIBLE);
    expect(screen.getByRole('heading', { level: 2, name: /Choose items/ })).toBeInTheDocument();
  });

  it('refuses address lines of a zero-width space, as empty ones, keeping what was typed', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    const required = [
      ['First name', 'Enter the first name'],
      ['Address', 'Enter the address'],
      ['City', 'Enter the city'],
      ['State', 'Enter the state'],
      ['Country', 'Enter the country'],
    ] as const;
    for (const [label] of required) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste('\u200B');
    }
    await user.click(continueButton());
    for (const [label, message] of required) {
      const field = screen.getByLabelText(label);
      await waitFor(() =>
        expect(field).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
      expect(field).toHaveValue('\u200B');
    }
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });
});

describe('address step: the pickup phone', () => {
  it('takes a number with +91 and sends its 10 digits', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+91 91234 56780');
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    expect(screen.getByText('Phone 9123456780')).toBeInTheDocument();
  });

  it('still refuses a number of another country', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+44 91234 56780');
    await user.click(continueButton());
    expect(await screen.findByText('Enter a 10-digit phone number')).toBeInTheDocument();
    expect(phone).toHaveValue('+44 91234 56780');
  });
});
