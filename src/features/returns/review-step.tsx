import { type ReactNode, useState } from 'react';
import { isApiError } from '@/api/errors';
import type { Order } from '@/api/schemas/order';
import type { CreateReturnBody } from '@/api/schemas/order-return';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Alert, useFailedAgain } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { formatMoney, formatNumber } from '@/lib/format';
import { AddressText } from './address-text';
import { estimateRefund, paiseToRupees } from './refund-estimate';
import { type Landing, isRefusedBeforeKey } from './refusals';
import type { Step } from './return-draft';
import { RESOLUTION_LABELS } from './return-form';
import { LandingAlert, StepActions, StepHeading, card } from './wizard-parts';

function EditButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Button variant="ghost" onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

/** A section of the review: its heading and, while the request may change, its edit button. */
function ReviewSection({
  id,
  title,
  edit,
  children,
}: {
  id: string;
  title: string;
  edit: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {edit}
      </div>
      {children}
    </section>
  );
}

/**
 * What is known of the send whose outcome is unknown, in words that fit how it failed (its own
 * message is shown below this). `failure` is null after a reload: the draft keeps the request,
 * not how it failed.
 */
function unconfirmedSummary(failure: unknown): string {
  if (!isApiError(failure)) {
    return 'We sent the return request below, but could not confirm that the store received it, so it may already have arrived.';
  }
  const { status } = failure;
  if (status === 0) {
    return 'We sent the return request below, but no answer came back from the store, so it may already have arrived.';
  }
  if (status >= 200 && status < 300) {
    return 'The store answered, but the answer could not be read: the request was probably received.';
  }
  if (status >= 500) {
    return `The store answered with an error of its own (HTTP ${status}), so we cannot tell whether it received the request first.`;
  }
  if (isRefusedBeforeKey(failure)) {
    return 'The store turned this check away before looking at the request, so it cannot tell us yet whether the request sent earlier arrived.';
  }
  return `Something between this device and the store answered instead of the store (HTTP ${status}), so we cannot tell whether the request arrived.`;
}

/**
 * The last step shows the request body itself: while the answers can change it is the body they
 * make now, and after a send whose outcome is unknown it is the body that was sent (kept in the
 * draft), which is all that a check may send again.
 */
export function ReviewStep({
  orderNumber,
  order,
  body,
  unconfirmed,
  awaiting = false,
  landing,
  ready,
  pending,
  error,
  onSubmit,
  onDiscard,
  onEdit,
  onBack,
}: {
  orderNumber: string;
  /** Names, prices and the delivery address; missing only if it could not be loaded again. */
  order: Order | undefined;
  /** The request as it will be sent, or as it was sent. */
  body: CreateReturnBody;
  /**
   * A request went out and no definite answer came back: it may have made the return. Nothing can
   * change; the only action is to send the same request again, which finds out.
   */
  unconfirmed: boolean;
  /** The unconfirmed request is still on its way (sent before the wizard was shown again). */
  awaiting?: boolean;
  landing: Landing | null;
  /** The submission (and its Idempotency-Key) is prepared. */
  ready: boolean;
  pending: boolean;
  /** The last send's failure. */
  error: unknown;
  onSubmit: () => void;
  /**
   * Give up on the unconfirmed request: its key and lock are dropped and the answers can change
   * again (the next send is a new request, which may make a second return).
   */
  onDiscard: () => void;
  onEdit: (step: Step) => void;
  onBack: () => void;
}) {
  const estimate = estimateRefund(order, body.return_items);
  const money = (paise: number, o: Order) => formatMoney(paiseToRupees(paise), o.currency);
  const edit = (label: string, step: Step) =>
    unconfirmed ? null : (
      <EditButton label={label} onClick={() => onEdit(step)} disabled={pending} />
    );

  // focus goes from the pressed button to what happened (a refusal that stays here, or the
  // unknown outcome)
  const news = error ?? landing;
  const outcomeRef = useFocusOnArrival<HTMLDivElement>(news);

  // a check clears the last failure while it is out: the words stay those of the last answer
  const [failure, setFailure] = useState(error);
  if (error && error !== failure) setFailure(error);
  const [discarding, setDiscarding] = useState(false);
  // a check that fails again leaves the alert's words as they were: its live region says so
  const [checkedAgain, checkPressed] = useFailedAgain(failure, unconfirmed && !awaiting);

  let outcome = null;
  if (unconfirmed && awaiting) {
    outcome = (
      <Alert tone="info" title="Waiting for the store's answer">
        <p>
          The return request below was sent, and the store has not answered yet. It cannot be
          changed until it does; its confirmation opens here when the answer comes.
        </p>
      </Alert>
    );
  } else if (unconfirmed) {
    // what to do about a sign-in or the store id is said by the standard alert below
    const advice = isRefusedBeforeKey(failure);
    outcome = (
      <>
        <Alert
          tone="error"
          title="We could not confirm your earlier request"
          // out of the live region: "Checking with the store…" does not have it all read again
          actions={
            <>
              <Button
                onClick={() => {
                  checkPressed();
                  onSubmit();
                }}
                pending={pending}
                pendingLabel="Checking with the store…"
              >
                Check again
              </Button>
              <Button variant="secondary" onClick={() => setDiscarding(true)} disabled={pending}>
                Start a different request
              </Button>
            </>
          }
        >
          <p>{unconfirmedSummary(failure)}</p>
          {failure instanceof Error && !advice ? (
            <p className="mt-1">
              {/* the answer's words are quoted as its own: its "on our side" is the store's, and
                  its "Try again" is the Check again below */}
              {isApiError(failure) && failure.status >= 400
                ? `The answer said: “${failure.message}”`
                : `What happened: ${failure.message}`}
            </p>
          ) : null}
          <p className="mt-1">
            Check again to find out: checking sends the same request, and if the store has it, it
            does not make a second one. Until the store answers, this request cannot be changed; if
            checking keeps failing, you can start a different request instead.
          </p>
          {checkedAgain > 0 ? (
            <p className="mt-1 font-semibold">
              {checkedAgain === 1
                ? 'Checked again: still no confirmation.'
                : `Checked again: still no confirmation (${checkedAgain} times).`}
            </p>
          ) : null}
        </Alert>
        {advice ? <ApiErrorAlert error={failure} /> : null}
        <ConfirmDialog
          open={discarding}
          onOpenChange={setDiscarding}
          title="Start a different request?"
          confirmLabel="Start a different request"
          cancelLabel="Keep checking"
          tone="danger"
          onConfirm={onDiscard}
        >
          <p>
            The request above may already have been made: the store may have it even though we could
            not confirm it. If it does, sending again may create a second return for the same items.
          </p>
        </ConfirmDialog>
      </>
    );
  } else if (landing) {
    outcome = <LandingAlert landing={landing} />;
  } else if (error) {
    outcome = <ApiErrorAlert error={error} />;
  }

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-5`}>
      {/* shown again to hold an unknown outcome: the outcome takes focus, not the heading */}
      <StepHeading step="review" takesFocus={!news} />
      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
          {outcome}
        </div>
      ) : null}

      <ReviewSection id="review-order" title="Order" edit={edit('Change order', 'order')}>
        <p>{orderNumber}</p>
      </ReviewSection>

      <ReviewSection id="review-items" title="Items" edit={edit('Change items', 'items')}>
        <ul className="flex flex-col divide-y divide-slate-200">
          {estimate.lines.map(({ entry, item, linePaise }) => (
            <li key={entry.sku} className="flex flex-col gap-1 py-2">
              <span className="font-semibold">
                {item
                  ? `${item.product_name}${item.variant_name ? `, ${item.variant_name}` : ''}`
                  : `SKU ${entry.sku}`}
              </span>
              {item && order ? (
                <span>
                  {formatNumber(entry.quantity)} × {formatMoney(item.selling_price, order.currency)}
                  {entry.quantity > 1 && linePaise !== null ? ` = ${money(linePaise, order)}` : ''}
                </span>
              ) : (
                <span>Quantity: {formatNumber(entry.quantity)}</span>
              )}
              <span className="text-slate-800 wrap-anywhere">Reason: {entry.return_reason}</span>
              <span className="text-slate-800">
                Resolution: {RESOLUTION_LABELS[entry.resolution]}
              </span>
            </li>
          ))}
        </ul>
      </ReviewSection>

      <ReviewSection
        id="review-address"
        title="Pickup address"
        edit={edit('Change address', 'address')}
      >
        {body.shipping_address ? (
          <AddressText address={body.shipping_address} />
        ) : order ? (
          <>
            <p>The order&apos;s delivery address:</p>
            <AddressText address={order.shipping_address} />
          </>
        ) : (
          <p>The order&apos;s delivery address.</p>
        )}
      </ReviewSection>

      <section aria-labelledby="review-refund" className="rounded-md bg-slate-100 p-4">
        <h3 id="review-refund" className="text-lg font-semibold">
          Estimated refund
        </h3>
        {!estimate.anyRefund ? (
          <p>No refund: every item is to be replaced.</p>
        ) : estimate.refundPaise !== null && order ? (
          <p className="text-2xl font-bold tabular-nums">{money(estimate.refundPaise, order)}</p>
        ) : order ? (
          // a line the order no longer lists has no price here
          <p className="font-semibold">Not known: an item is no longer listed on the order.</p>
        ) : (
          <p className="font-semibold">Shown once the order has been read.</p>
        )}
        <p className="mt-1 text-sm text-slate-800">
          Prices include tax. The store confirms the exact refund when it accepts the request.
        </p>
      </section>

      {unconfirmed ? null : (
        <StepActions onBack={onBack} backDisabled={pending}>
          <Button
            onClick={onSubmit}
            pending={pending}
            pendingLabel="Sending the request…"
            disabled={!ready}
          >
            Send return request
          </Button>
        </StepActions>
      )}
    </section>
  );
}
