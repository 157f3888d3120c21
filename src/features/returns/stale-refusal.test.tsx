import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';
import {
  MUG,
  TSHIRT,
  continueButton,
  fillPickupAddress,
  returnOneTshirtElsewhere,
  stepHeading,
  toAnotherAddress,
  walkToReview,
} from './test-helpers';

const { service, server } = setupTestServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const RETURN_URL = '*/api/v1/:storeId/storefront/orders/:orderNumber/return';
const sendButton = () => screen.getByRole('button', { name: 'Send return request' });

/** Sent, refused for the T-shirt's quantity, corrected to 1 on the items step. */
async function refusedThenCorrected() {
  const view = renderApp('/account/returns/new', { session: 'asha' });
  await walkToReview(view.user);
  returnOneTshirtElsewhere(service);
  await view.user.click(sendButton());
  await screen.findByRole('heading', { level: 2, name: /Choose items/ });
  const tshirt = screen.getByRole('group', { name: TSHIRT });
  expect(await within(tshirt).findByText('Only 1 can be returned now')).toBeInTheDocument();
  const quantity = within(tshirt).getByRole('textbox', { name: 'Quantity to return' });
  await view.user.clear(quantity);
  await view.user.type(quantity, '1');
  return view;
}

describe('a refusal of an earlier request is not shown about a corrected one', () => {
  it('review reached by the browser Back after correcting: no refusal of the earlier request', async () => {
    const { history } = await refusedThenCorrected();
    // the browser's Back goes to the review the refused request was sent from
    act(() => history.go(-1));
    await screen.findByRole('heading', { level: 2, name: /Review and send/ });
    // the review is of the corrected request: one T-shirt
    expect(screen.getByText('1 × ₹799.00')).toBeInTheDocument();
    // … with no alert saying the store refused it, nor focus on one
    await stepHeading(/Review and send/);
    expect(screen.queryByText(/Only 1 of Organic Cotton Crew T-Shirt can be returned/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('items step shown again with the in-page Back: the corrected quantity is not flagged again', async () => {
    const { user, history } = await refusedThenCorrected();
    act(() => history.go(-1));
    await screen.findByRole('heading', { level: 2, name: /Review and send/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: /Pickup address/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(/Choose items/);
    const tshirt = screen.getByRole('group', { name: TSHIRT });
    const quantity = within(tshirt).getByRole('textbox', { name: 'Quantity to return' });
    expect(quantity).toHaveValue('1');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(within(tshirt).queryByText('Only 1 can be returned now')).toBeNull();
    expect(screen.queryByText('Please check this step')).toBeNull();
  });

  it('an address refusal, corrected, then the browser Back to the review: no stale refusal', async () => {
    const { user, history } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    server.use(
      http.post(
        RETURN_URL,
        () =>
          HttpResponse.json(
            {
              success: false,
              message: 'The request body is not valid.',
              code: 'validation_error',
              errors: [{ field: 'shipping_address.pincode', message: 'we do not pick up here' }],
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    await user.click(sendButton());
    await screen.findByRole('heading', { level: 2, name: /Pickup address/ });
    const pincode = screen.getByLabelText('Pincode');
    await waitFor(() => expect(pincode).toHaveFocus());
    await user.clear(pincode);
    await user.type(pincode, '560002');
    act(() => history.go(-1));
    await screen.findByRole('heading', { level: 2, name: /Review and send/ });
    expect(screen.getByText(/560002/)).toBeInTheDocument();
    expect(screen.queryByText(/The request body is not valid/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
