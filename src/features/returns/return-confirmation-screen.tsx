import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { RefreshFailedAlert } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { Money } from '@/components/ui/money';
import { Page } from '@/components/ui/page';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useLastParam } from '@/lib/path-param';
import { safeUrl } from '@/lib/safe-url';
import { useSession } from '@/lib/session';
import { storeOf } from '@/api/connection';
import { useStoreConfig } from '@/lib/use-store-config';
import { AddressText } from './address-text';
import { ReturnRequestsList } from './return-requests-list';
import { paymentModeLabel, refundStatusLabel, resolutionLabel, statusLabel } from './return-status';
import { type StoredReturn, recordsOwner, useStoredReturns } from './returns-store';
import { card } from './wizard-parts';

const linkClass = 'inline-flex min-h-11 items-center font-semibold text-indigo-800 underline';

/** A line of a details list, when it has something to say (`null`: a date still to come, B3). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return children === null ? null : (
    <>
      <dt className="font-medium">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const when = (at: string | null, format: (iso: string) => string) => (at ? format(at) : null);

function ReturnDetails({ ret }: { ret: StoredReturn }) {
  // the order's currency, kept with the return when it was made (the wizard showed its estimate
  // in it). Older entries have none: the store's, null until the store config arrives (or if it
  // cannot be read), and amounts are then shown without a currency rather than in a guessed one
  const config = useStoreConfig();
  const currency = ret.order_currency ?? config.data?.currency ?? null;
  const replacementAmount = ret.replacement_order_amount;
  const replacementOrder = ret.replacement_order_number;
  // the service sends 0, not null, as the amount of a replacement order not made yet
  const showReplacementAmount = replacementOrder !== null || replacementAmount !== 0;
  const anyReplacement =
    ret.return_items.some((item) => item.resolution === 'replacement') ||
    replacementOrder !== null ||
    ret.replacement_order_date !== null ||
    showReplacementAmount;
  return (
    <>
      {currency ? null : (
        <RefreshFailedAlert query={config} title="The store's currency could not be loaded">
          Amounts are shown without their currency.
        </RefreshFailedAlert>
      )}
      <section aria-labelledby="ret-summary" className={card}>
        <h2 id="ret-summary" className="text-lg font-semibold">
          Request
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Request number</dt>
          <dd>{ret.request_number}</dd>
          <dt className="font-medium">Status</dt>
          <dd>{statusLabel(ret.status)}</dd>
          <dt className="font-medium">Order</dt>
          <dd>{ret.original_order_number}</dd>
          <dt className="font-medium">Sent</dt>
          <dd>{formatDateTime(ret.created_at)}</dd>
          <Detail label="Approved">{when(ret.approved_at, formatDateTime)}</Detail>
          <Detail label="Picked up">{when(ret.shipped_at, formatDateTime)}</Detail>
          <Detail label="Received by the store">{when(ret.received_at, formatDateTime)}</Detail>
          <dt className="font-medium">Delivered</dt>
          <dd>{formatDate(ret.original_order_delivered_at)}</dd>
        </dl>
      </section>

      <section aria-labelledby="ret-items" className={card}>
        <h2 id="ret-items" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-slate-200">
          {ret.return_items.map((item) => {
            const image = safeUrl(item.product_image_url);
            return (
              <li key={item.sku} className="flex gap-3 py-3">
                {image ? (
                  <img
                    src={image}
                    alt=""
                    width={56}
                    height={56}
                    className="size-14 shrink-0 rounded border border-slate-200 bg-slate-50"
                  />
                ) : null}
                <div className="flex min-w-0 flex-col">
                  <span className="font-semibold">
                    {item.product_name}
                    {ret.variant_names?.[item.sku] ? (
                      <span className="font-normal">, {ret.variant_names[item.sku]}</span>
                    ) : null}
                  </span>
                  <span className="text-sm text-slate-700">SKU {item.sku}</span>
                  <span>
                    {formatNumber(item.quantity)} ×{' '}
                    <Money amount={item.selling_price} currency={currency} />
                  </span>
                  <span className="wrap-anywhere">Reason: {item.return_reason}</span>
                  <span>Resolution: {resolutionLabel(item.resolution)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {ret.pickup_address ? (
        <section aria-labelledby="ret-pickup" className={card}>
          <h2 id="ret-pickup" className="text-lg font-semibold">
            Pickup address
          </h2>
          <p className="mt-2">
            <AddressText address={ret.pickup_address} />
          </p>
        </section>
      ) : null}

      <section aria-labelledby="ret-totals" className={card}>
        <h2 id="ret-totals" className="text-lg font-semibold">
          Totals
        </h2>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 sm:max-w-md">
          <dt>Items before tax</dt>
          <dd className="text-right">
            <Money amount={ret.subtotal} currency={currency} />
          </dd>
          <dt>Tax</dt>
          <dd className="text-right">
            <Money amount={ret.total_tax} currency={currency} />
          </dd>
          <dt>Shipping</dt>
          <dd className="text-right">
            <Money amount={ret.shipping_amount} currency={currency} />
          </dd>
          <dt className="font-semibold">Total value</dt>
          <dd className="text-right font-semibold">
            <Money amount={ret.grand_total} currency={currency} />
          </dd>
        </dl>
      </section>

      <section aria-labelledby="ret-refund" className={card}>
        <h2 id="ret-refund" className="text-lg font-semibold">
          Refund
        </h2>
        {ret.refund.length === 0 ? (
          <p className="mt-2">No refund: every item is to be replaced.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3">
            {ret.refund.map((r, i) => (
              <li key={`${r.request_number}-${i}`}>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  <dt className="font-medium">Refund amount</dt>
                  <dd className="text-xl font-bold">
                    <Money amount={r.refund_amount} currency={currency} />
                  </dd>
                  <dt className="font-medium">Refund status</dt>
                  <dd>{refundStatusLabel(r.status)}</dd>
                  <dt className="font-medium">Refund to</dt>
                  <dd>{paymentModeLabel(r.payment_mode)}</dd>
                  <dt className="font-medium">Refund date</dt>
                  <dd>{r.refund_date ? formatDate(r.refund_date) : 'Not refunded yet'}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      {anyReplacement ? (
        <section aria-labelledby="ret-replacement" className={card}>
          <h2 id="ret-replacement" className="text-lg font-semibold">
            Replacement
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <Detail label="Replacement order">{replacementOrder ?? 'Not created yet'}</Detail>
            <Detail label="Replacement order date">
              {when(ret.replacement_order_date, formatDate)}
            </Detail>
            <Detail label="Replacement order amount">
              {showReplacementAmount ? (
                <Money amount={replacementAmount} currency={currency} />
              ) : null}
            </Detail>
          </dl>
        </section>
      ) : null}
    </>
  );
}

/**
 * The state a navigation gave the current entry (the router's `usr`), forgotten in the browser's
 * history without a navigation: a reload, or a Back or Forward to the entry later, finds none.
 * What is on screen keeps what it read. (A test's memory history has no browser entry.)
 */
function forgetEntryState(key: string) {
  const state: unknown = window.history.state;
  // only the entry this screen was drawn for (the effect runs after the commit)
  if (!state || typeof state !== 'object' || !('key' in state) || state.key !== key) return;
  if ('usr' in state && state.usr != null) {
    window.history.replaceState({ ...state, usr: null }, '');
  }
}

function Confirmation({
  userId,
  requestNumber,
  staff,
}: {
  userId: string;
  requestNumber: string;
  /** A cashier made it for a customer: told as the store's, not as theirs. */
  staff: boolean;
}) {
  const location = useLocation();
  const returns = useStoredReturns(userId);
  const ret = returns.find((r) => r.request_number === requestNumber);
  // said once, on arrival from the send: not again at a reload, or a Back and Forward to here
  const [arrival] = useState(() => ({
    key: location.key,
    justCreated: (location.state as { justCreated?: boolean } | null)?.justCreated === true,
  }));
  const { justCreated } = arrival;
  useEffect(() => {
    if (arrival.justCreated) forgetEntryState(arrival.key);
  }, [arrival]);

  if (!ret) {
    return (
      <Page title={`Return request ${requestNumber}`}>
        <Alert tone="warning" title="This request is not known in this browser">
          <p>
            We can only show return requests that were sent from this browser while you were signed
            in, and {requestNumber} is not one of them.
            {staff ? null : " The store's email about your return has its details."}
          </p>
        </Alert>
        <p>
          <Link to="/account/returns/new" className={linkClass}>
            Start a return
          </Link>
        </p>
        <ReturnRequestsList returns={returns} staff={staff} />
      </Page>
    );
  }

  return (
    <Page title={`Return request ${ret.request_number}`}>
      {justCreated ? (
        <Alert
          tone="success"
          title={staff ? 'The return request was sent' : 'Your return request was sent'}
        >
          The store has received it.{' '}
          {staff
            ? 'The pickup is arranged once the store approves it.'
            : 'We will arrange the pickup once the store approves it.'}
        </Alert>
      ) : null}
      <ReturnDetails ret={ret} />
      <p>
        <Link to="/account/returns/new" className={linkClass}>
          Return something else
        </Link>
      </p>
      <ReturnRequestsList returns={returns} exclude={ret.request_number} staff={staff} />
    </Page>
  );
}

/** /account/returns/:requestNumber, read from this browser's list (no read operation exists). */
export function ReturnConfirmationScreen() {
  const requestNumber = useLastParam('requestNumber');
  const { identity, connection } = useSession();
  if (!identity) {
    return (
      <Page title="Return request">
        <SignInPrompt message="Sign in to see your return requests." />
      </Page>
    );
  }
  return (
    <Confirmation
      userId={recordsOwner(storeOf(connection), identity.userId || 'unknown-user')}
      requestNumber={requestNumber}
      staff={identity.role === 'staff'}
    />
  );
}
