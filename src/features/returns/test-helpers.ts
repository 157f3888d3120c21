import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { StorefrontService } from '@/mocks/service/service';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';

/** The two returnable lines of Asha's ORD-1001. */
export const TSHIRT = /Organic Cotton Crew T-Shirt/;
export const MUG = /Stoneware Mug/;

export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/**
 * The step whose heading this is is on screen, and its heading has focus; on the screen a visit
 * began at (a load, a reload) it has not: the browser's own start is kept (the skip link first).
 */
export async function stepHeading(name: RegExp, { visitStart = false } = {}) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  if (visitStart) expect(document.activeElement).toBe(document.body);
  else await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}

export async function findOrder(user: UserEvent, orderNumber = 'ORD-1001') {
  const field = await screen.findByLabelText('Order number');
  await user.clear(field);
  await user.type(field, orderNumber);
  await user.click(continueButton());
}

/** Tick a line of the items step and fill what is given; returns the line's group. */
export async function chooseLine(
  user: UserEvent,
  product: RegExp,
  {
    quantity,
    reason,
    other,
    resolution,
  }: { quantity?: string; reason?: string; other?: string; resolution?: 'Refund' | 'Replacement' },
) {
  const group = screen.getByRole('group', { name: product });
  const box = within(group).getByRole('checkbox', { name: 'Return this item' });
  if (!(box as HTMLInputElement).checked) await user.click(box);
  if (quantity !== undefined) {
    const field = within(group).getByRole('textbox', { name: 'Quantity to return' });
    await user.clear(field);
    if (quantity) await user.type(field, quantity);
  }
  if (reason) {
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Reason' }), reason);
  }
  if (other !== undefined) {
    await user.type(within(group).getByRole('textbox', { name: 'Describe the reason' }), other);
  }
  if (resolution) await user.click(within(group).getByRole('radio', { name: resolution }));
  return group;
}

/** From ORD-1001's items step, with `product` chosen, to the address step's other-address form. */
export async function toAnotherAddress(user: UserEvent, product: RegExp) {
  await findOrder(user);
  await stepHeading(/Choose items/);
  await chooseLine(user, product, { reason: 'Too small', resolution: 'Refund' });
  await user.click(continueButton());
  await stepHeading(/Pickup address/);
  await user.click(screen.getByRole('radio', { name: 'From another address' }));
}

/** Fill the other-address form's required lines with a Bengaluru address that passes. */
export async function fillPickupAddress(user: UserEvent) {
  await user.type(screen.getByLabelText('Address'), '5, MG Road');
  await user.type(screen.getByLabelText('City'), 'Bengaluru');
  await user.type(screen.getByLabelText('State'), 'Karnataka');
  await user.type(screen.getByLabelText('Pincode'), '560001');
}

/** Order found, one T-shirt (x2, refund) and the mug (replacement), delivery address: review. */
export async function walkToReview(user: UserEvent) {
  await findOrder(user);
  await stepHeading(/Choose items/);
  await chooseLine(user, TSHIRT, { quantity: '2', reason: 'Too small', resolution: 'Refund' });
  await chooseLine(user, MUG, { reason: 'Damaged or defective', resolution: 'Replacement' });
  await user.click(continueButton());
  await stepHeading(/Pickup address/);
  await user.click(continueButton());
  await stepHeading(/Review and send/);
}

/** Another tab of Asha's returns one T-shirt of ORD-1001 meanwhile. */
export function returnOneTshirtElsewhere(service: StorefrontService) {
  service.createReturn(
    service.authenticate('Bearer demo-customer-token'),
    'ORD-1001',
    RETURN_ONE_TSHIRT,
    'other-tab',
  );
}
