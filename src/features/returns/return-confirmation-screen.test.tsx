import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import { mountApp, renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';
import { saveReturn } from './returns-store';

const { repo, service, server } = setupTestServer();

const CONFIG_URL = '*/api/v1/:storeId/storefront/store/config';
const ASHA = 'cus_1001';

/** The store sells in US dollars (the demo store's config, with its currency changed). */
function storeInDollars() {
  const state = repo.read();
  repo.write({
    ...state,
    storeConfig: {
      ...state.storeConfig,
      currency: { name: 'US Dollar', code: 'USD', symbol: '$' },
    },
  });
}

/** Asha's return of one T-shirt (799.00, refund), made in this browser. */
function aReturnMadeHere() {
  const made = service.createReturn(
    service.authenticate('Bearer demo-customer-token'),
    'ORD-1001',
    RETURN_ONE_TSHIRT,
    'key-1',
  );
  saveReturn(ASHA, made);
  return made.request_number;
}

/** The store config request waits until the returned function is called. */
function holdTheStoreConfig() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(
      CONFIG_URL,
      async () => {
        await held;
        // nothing returned: the store's own handler answers
      },
      { once: true },
    ),
  );
  return release;
}

/** Asha signs in and makes a return here; then the page is loaded at its confirmation. */
async function openReturn({ beforeReload }: { beforeReload?: () => void } = {}) {
  const view = renderApp('/account/returns/new', { session: 'asha' });
  await screen.findByLabelText('Order number');
  const requestNumber = aReturnMadeHere();
  view.unmount();
  beforeReload?.();
  const app = mountApp(`/account/returns/${requestNumber}`);
  await screen.findByRole('heading', { level: 1, name: `Return request ${requestNumber}` });
  return app;
}

const refundAmount = () =>
  within(screen.getByRole('region', { name: 'Refund' })).getByText(/799\.00/);

describe('return confirmation: money', () => {
  it('shows the demo store’s amounts in rupees', async () => {
    await openReturn();
    await waitFor(() => expect(refundAmount()).toHaveTextContent(/^₹799\.00$/));
  });

  it('never shows a guessed currency while the store config is on its way', async () => {
    storeInDollars();
    let release = () => {};
    await openReturn({ beforeReload: () => (release = holdTheStoreConfig()) });
    expect(refundAmount()).toHaveTextContent(/^799\.00$/);
    expect(screen.getByRole('main')).not.toHaveTextContent('₹');

    release();
    await waitFor(() => expect(refundAmount()).toHaveTextContent(/^(US)?\$799\.00$/));
    expect(screen.getByRole('main')).not.toHaveTextContent('₹');
  });

  it('says the currency is unknown when the store config cannot be read, and shows the amounts', async () => {
    storeInDollars();
    server.use(
      http.get(CONFIG_URL, () =>
        HttpResponse.json(
          { success: false, message: 'Down for maintenance', code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    await openReturn();
    const alert = await screen.findByText("The store's currency could not be loaded");
    expect(alert).toBeInTheDocument();
    expect(refundAmount()).toHaveTextContent(/^799\.00$/);
    expect(screen.getByRole('main')).not.toHaveTextContent('₹');
  });
});
