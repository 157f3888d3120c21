import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createReturnBodySchema } from '@/api/schemas/order-return';
import { formatDate, formatDateTime } from '@/lib/format';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import { mountApp, renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';
import { APP_STORE } from '@/testing/fixtures';
import { recordsOwner, saveReturn } from './returns-store';
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

const { repo, service, server } = setupTestServer();

// some tests send a return through the whole wizard first
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const CONFIG_URL = '*/api/v1/:storeId/storefront/store/config';
const ORDER_URL = '*/api/v1/:storeId/storefront/orders/:orderNumber';
const RETURN_URL = '*/api/v1/:storeId/storefront/orders/:orderNumber/return';
// Asha's records at the demo store
const ASHA = recordsOwner(APP_STORE, 'cus_1001');

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

/** The order reads answer in US dollars; the store config stays in rupees. */
function ordersInDollars() {
  server.use(
    http.get(ORDER_URL, ({ request, params }) => {
      const order = service.getOrder(
        service.authenticate(request.headers.get('authorization')),
        String(params.orderNumber),
      );
      return HttpResponse.json({
        success: true,
        message: 'order details',
        content: { order: { ...order, currency: { name: 'US Dollar', code: 'USD', symbol: '$' } } },
      });
    }),
  );
}

/** The service makes the return and answers with `extra` in its order_return (the rest as made). */
function storeAnswersWith(extra: Record<string, unknown>) {
  server.use(
    http.post(
      RETURN_URL,
      async ({ request, params }) => {
        const made = service.createReturn(
          service.authenticate(request.headers.get('authorization')),
          String(params.orderNumber),
          createReturnBodySchema.parse(await request.json()),
          request.headers.get('idempotency-key'),
        );
        return HttpResponse.json({
          success: true,
          message: 'order details',
          content: { order_return: { ...made, ...extra } },
        });
      },
      { once: true },
    ),
  );
}

/** From ORD-1001's chosen items (delivery address) to the sent return's confirmation. */
async function sendFromItems(user: UserEvent) {
  await user.click(continueButton());
  await stepHeading(/Pickup address/);
  await user.click(continueButton());
  await stepHeading(/Review and send/);
  await user.click(screen.getByRole('button', { name: 'Send return request' }));
  await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
}

/** Asha returns the T-shirts for a replacement and the mug for a refund. */
async function returnForReplacement() {
  const { user } = renderApp('/account/returns/new', { session: 'asha' });
  await findOrder(user);
  await stepHeading(/Choose items/);
  await chooseLine(user, TSHIRT, { quantity: '2', reason: 'Too small', resolution: 'Replacement' });
  await chooseLine(user, MUG, { reason: 'Damaged or defective', resolution: 'Refund' });
  await sendFromItems(user);
}

describe('return confirmation: replacement and progress', () => {
  it('shows the replacement order, its date and amount, and the dates the return reached', async () => {
    const replacedAt = '2025-03-04T09:30:00Z';
    const approvedAt = '2025-03-03T08:00:00Z';
    const shippedAt = '2025-03-03T12:15:00Z';
    const receivedAt = '2025-03-04T07:45:00Z';
    storeAnswersWith({
      status: 'received',
      approved_at: approvedAt,
      shipped_at: shippedAt,
      received_at: receivedAt,
      replacement_order_number: 'ORD-9999',
      replacement_order_date: replacedAt,
      replacement_order_amount: 2798,
    });
    await returnForReplacement();

    const replacement = screen.getByRole('region', { name: 'Replacement' });
    expect(within(replacement).getByText('ORD-9999')).toBeInTheDocument();
    expect(within(replacement).getByText(formatDate(replacedAt))).toBeInTheDocument();
    expect(within(replacement).getByText('₹2,798.00')).toBeInTheDocument();
    const refund = screen.getByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('₹349.00')).toBeInTheDocument();

    const request = screen.getByRole('region', { name: 'Request' });
    for (const [label, at] of [
      ['Approved', approvedAt],
      ['Picked up', shippedAt],
      ['Received by the store', receivedAt],
    ] as const) {
      expect(within(request).getByText(label, { selector: 'dt' })).toBeInTheDocument();
      expect(within(request).getByText(formatDateTime(at))).toBeInTheDocument();
    }
  });

  it('says plainly when the replacement order is not created yet', async () => {
    // the service's answer to a new return: no replacement order, and 0 as its amount
    await returnForReplacement();

    const replacement = screen.getByRole('region', { name: 'Replacement' });
    expect(within(replacement).getByText('Not created yet')).toBeInTheDocument();
    expect(replacement).not.toHaveTextContent('₹0.00');
    expect(within(screen.getByRole('region', { name: 'Request' })).queryByText('Approved')).toBe(
      null,
    );
  });

  it('shows no replacement section for a refund-only return', async () => {
    await openReturn();
    expect(screen.queryByRole('region', { name: 'Replacement' })).not.toBeInTheDocument();
  });
});

describe('return confirmation: the order’s currency', () => {
  it('shows a return in its order’s currency, as the wizard estimated it, also after a reload', async () => {
    ordersInDollars();
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(view.user);
    await stepHeading(/Choose items/);
    await chooseLine(view.user, TSHIRT, {
      quantity: '1',
      reason: 'Too small',
      resolution: 'Refund',
    });
    expect(screen.getByText(/Estimated refund \$799\.00/)).toBeInTheDocument();
    await sendFromItems(view.user);

    const inDollars = async () => {
      await waitFor(() => expect(refundAmount()).toHaveTextContent(/^\$799\.00$/));
      expect(screen.getByRole('main')).not.toHaveTextContent('₹');
      expect(screen.queryByText("The store's currency could not be loaded")).toBe(null);
    };
    await inDollars();

    // the confirmation is drawn from this browser's list: the currency was kept there
    const { pathname } = view.history.location;
    view.unmount();
    mountApp(pathname);
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    await inDollars();
  });
});

describe('return confirmation: what the answer does not say', () => {
  it('shows the pickup address and each item’s variant, also after a reload', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(view.user);
    await stepHeading(/Choose items/);
    await chooseLine(view.user, TSHIRT, {
      quantity: '1',
      reason: 'Too small',
      resolution: 'Refund',
    });
    await sendFromItems(view.user);

    const shown = async () => {
      const pickup = await screen.findByRole('region', { name: 'Pickup address' });
      // the order's delivery address, which the request left to the store (null)
      expect(pickup).toHaveTextContent('12, 4th Cross, HAL 2nd Stage, Indiranagar');
      expect(pickup).toHaveTextContent('Bengaluru, Karnataka, 560038');
      expect(pickup).not.toHaveTextContent('asha@example.com');
      const items = screen.getByRole('region', { name: 'Items' });
      expect(within(items).getByText(/Organic Cotton Crew T-Shirt/)).toHaveTextContent(
        'Organic Cotton Crew T-Shirt, Indigo Blue / M',
      );
    };
    await shown();
    const { pathname } = view.history.location;
    view.unmount();
    mountApp(pathname);
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });
    await shown();
  });

  it('shows the other address the parcel is collected from', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await toAnotherAddress(user, MUG);
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await screen.findByRole('heading', { level: 1, name: /Return request RET-/ });

    const pickup = screen.getByRole('region', { name: 'Pickup address' });
    expect(pickup).toHaveTextContent('5, MG Road');
    expect(pickup).toHaveTextContent('Bengaluru, Karnataka, 560001');
    expect(pickup).not.toHaveTextContent('Indiranagar');
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText(MUG)).toHaveTextContent(
      'Stoneware Mug, White',
    );
  });

  it('shows no pickup address for a return kept without one (saved before it was kept)', async () => {
    await openReturn();
    expect(screen.queryByRole('region', { name: 'Pickup address' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent(
      /Organic Cotton Crew T-Shirt(?!,)/,
    );
  });
});
