import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type TestIdentity, renderApp } from '@/testing/render-app';

/** Open a cart screen and wait until its lines are on screen (the first load also fetches code). */
export async function openCart(cartId: string, session: TestIdentity = 'cashier') {
  const app = renderApp(`/pos/carts/${cartId}`, { session });
  await screen.findByRole('list', { name: 'Cart lines' }, { timeout: 5000 });
  return app;
}

/** A named section of the screen (Customer, Loyalty, Totals...). */
export const region = (name: string) => screen.getByRole('region', { name });

/** The big figure at the top of the summary. */
export const toBePaid = () =>
  within(region('To be paid')).getByText(/^₹[\d,.]+$/, { selector: 'p' });

/** The polite live region that announces a changed To be paid. */
export const announcement = () =>
  Array.from(document.querySelectorAll('[aria-live="polite"]')).map((el) => el.textContent);

/** Link Asha Rao to the cart on screen by her phone, and wait for her name in the panel. */
export async function linkAsha(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
  await user.click(screen.getByRole('button', { name: 'Link customer' }));
  await within(region('Customer')).findByText('Asha Rao');
}
