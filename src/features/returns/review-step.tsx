import { isApiError } from '@/api/errors';
import type { Order } from '@/api/schemas/order';
import type { Resolution } from '@/api/schemas/order-return';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { AddressText } from './address-step';
import { estimateRefund, paiseToRupees } from './refund-estimate';
import type { Landing } from './refusals';
import type { Step } from './return-draft';
import {
  type AddressValues,
  type ItemsValues,
  RESOLUTION_LABELS,
  reasonText,
  toAddressInput,
} from './return-form';
import { LandingAlert, StepActions, StepHeading, card } from './wizard-parts';

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" onClick={onClick}>
      {label}
    </Button>
  );
}

export function ReviewStep({
  order,
  items,
  address,
  landing,
  ready,
  pending,
  error,
  onSubmit,
  onEdit,
  onBack,
}: {
  order: Order;
  items: ItemsValues;
  address: AddressValues;
  landing: Landing | null;
  /** The submission (and its Idempotency-Key) is prepared. */
  ready: boolean;
  pending: boolean;
  /** The last send's failure, when it did not land on a step. */
  error: unknown;
  onSubmit: () => void;
  onEdit: (step: Step) => void;
  onBack: () => void;
}) {
  const estimate = estimateRefund(order, items);
  const money = (paise: number) => formatMoney(paiseToRupees(paise), order.currency);
  const uncertain = isApiError(error) && error.isTransient;

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-5`}>
      <StepHeading step="review" />
      <LandingAlert landing={landing} />

      <section aria-labelledby="review-order" className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="review-order" className="text-lg font-semibold">
            Order
          </h3>
          <EditButton label="Change order" onClick={() => onEdit('order')} />
        </div>
        <p>{order.order_number}</p>
      </section>

      <section aria-labelledby="review-items" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="review-items" className="text-lg font-semibold">
            Items
          </h3>
          <EditButton label="Change items" onClick={() => onEdit('items')} />
        </div>
        <ul className="flex flex-col divide-y divide-slate-200">
          {estimate.lines.map(({ line, item, ...l }) => {
            return (
              <li key={line.sku} className="flex flex-col gap-1 py-2">
                <span className="font-semibold">
                  {item.product_name}
                  {item.variant_name ? `, ${item.variant_name}` : ''}
                </span>
                <span>
                  {l.quantity} × {formatMoney(item.selling_price, order.currency)}
                  {l.quantity > 1 ? ` = ${money(l.linePaise)}` : ''}
                </span>
                <span className="text-slate-800">Reason: {reasonText(line)}</span>
                <span className="text-slate-800">
                  Resolution: {RESOLUTION_LABELS[line.resolution as Resolution]}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="review-address" className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="review-address" className="text-lg font-semibold">
            Pickup address
          </h3>
          <EditButton label="Change address" onClick={() => onEdit('address')} />
        </div>
        {address.pickup === 'delivery' ? (
          <>
            <p>The order&apos;s delivery address:</p>
            <AddressText address={order.shipping_address} />
          </>
        ) : (
          <AddressText address={toAddressInput(address.address)} />
        )}
      </section>

      <section aria-labelledby="review-refund" className="rounded-md bg-slate-100 p-4">
        <h3 id="review-refund" className="text-lg font-semibold">
          Estimated refund
        </h3>
        {estimate.lines.some((l) => l.refund) ? (
          <p className="text-2xl font-bold tabular-nums">{money(estimate.refundPaise)}</p>
        ) : (
          <p>No refund: you asked for a replacement for every item.</p>
        )}
        <p className="mt-1 text-sm text-slate-800">
          Prices include tax. The store confirms the exact refund when it accepts your request.
        </p>
      </section>

      {uncertain ? (
        <Alert
          tone="error"
          title="We could not confirm that your return request reached the store"
          onRetry={onSubmit}
          retrying={pending}
        >
          <p>
            Nothing you entered is lost. Try again: if the first attempt did arrive, trying again
            will not create a second request.
          </p>
        </Alert>
      ) : error && !landing ? (
        <ApiErrorAlert error={error} />
      ) : null}

      <StepActions>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button
          onClick={onSubmit}
          pending={pending}
          pendingLabel="Sending your request…"
          disabled={!ready}
        >
          Send return request
        </Button>
      </StepActions>
    </section>
  );
}
