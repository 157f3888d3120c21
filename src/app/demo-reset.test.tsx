import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { demoControls } from '@/lib/demo';
import { openCart, region, toBePaid } from '@/features/pos-cart/test-helpers';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

const { service, faults } = setupTestServer();

afterEach(() => demoControls.set({ service: null, notice: null }));

describe('Reset demo data', { timeout: 20_000 }, () => {
  it('leaves the screen on show following the service: what is done after it shows', async () => {
    const { user } = await openCart('cart_1002');
    const linkById = async (id: string) => {
      await user.click(screen.getByRole('radio', { name: 'ID' }));
      await user.type(screen.getByRole('textbox', { name: 'Customer ID' }), id);
      await user.click(screen.getByRole('button', { name: 'Link customer' }));
    };
    // made before the reset: the reset takes it off the screen too
    await linkById('cus_1002');
    expect(await within(region('Customer')).findByText('Vikram Shah')).toBeInTheDocument();
    // the header's Demo badge, over the test's service
    demoControls.set({ service: { reset: () => service.reset(), faults }, notice: null });
    await user.click(await screen.findByRole('button', { name: 'Reset demo data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset demo data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText('Demo data reset.')).toBeInTheDocument();
    // the answer to the question takes focus, once the dialog has let it go (its focus trap would
    // pull focus taken in the same commit back in, and then hand it to the button that opened it)
    await waitFor(() => expect(screen.getByText('Demo data reset.')).toHaveFocus());
    expect(
      await within(region('Customer')).findByText('No customer is linked to this cart yet.'),
    ).toBeInTheDocument();

    await linkById('cus_1001');
    expect(await within(region('Customer')).findByText('Asha Rao')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Loyalty points' }), '100{Enter}');
    await expect.poll(() => toBePaid().textContent).toBe('₹848.00');
  });

  it('a double click on the answer resets once, and the Demo panel stays open with the news', async () => {
    const { user } = await openCart('cart_1002');
    demoControls.set({ service: { reset: () => service.reset(), faults }, notice: null });
    const badge = screen.getByText('Demo', { selector: 'summary' });
    await user.click(badge);
    // <details> has no open state a role query reads
    // eslint-disable-next-line testing-library/no-node-access
    const panel = badge.closest('details');
    expect(panel).toHaveAttribute('open');
    await user.click(await screen.findByRole('button', { name: 'Reset demo data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset demo data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    // the second click of the double click lands on the page where the answer was
    fireEvent.click(screen.getByRole('main'), { detail: 2 });
    expect(await screen.findByText('Demo data reset.')).toBeInTheDocument();
    expect(panel).toHaveAttribute('open');
  });
});
