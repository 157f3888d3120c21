import { zodResolver } from '@hookform/resolvers/zod';
import { type Ref, useId, useImperativeHandle, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { isApiError, numericDetail } from '@/api/errors';
import { type Cart, loyaltyPointsSchema } from '@/api/schemas/cart';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { formatNumber } from '@/lib/format';
import { CartActionError } from './cart-action-error';
import { useRedeemPoints, useRemoveRedemption } from './use-cart-mutations';

/**
 * The field is text, not type=number: a number input hides "1.5" or "-3" behind an empty value,
 * and every wrong entry must get its own clear message. The number rules are the request's own
 * (loyaltyPointsSchema).
 */
const pointsText = z.string().check(
  // cashiers type thousands separators ("1,000") and stray spaces; they carry no meaning here
  z.overwrite((v) => v.replace(/[\s,]/g, '')),
  z.minLength(1, { error: 'Enter the number of points to redeem' }),
  z.regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, { error: 'Enter the points as a whole number, like 500' }),
);

export const pointsFormSchema = z.object({
  // text, cleaned and checked -> a number -> the request's own rules
  points: z.pipe(z.pipe(pointsText, z.transform(Number)), loyaltyPointsSchema),
});
type PointsInput = z.input<typeof pointsFormSchema>;
type PointsOutput = z.output<typeof pointsFormSchema>;

export interface LoyaltyHandle {
  focus: () => void;
}

/** Ops 4 and 9: redeem a number of points on the cart, or remove the redemption. */
export function LoyaltyPanel({
  ref,
  cart,
  closed,
  onLinkCustomer,
}: {
  ref?: Ref<LoyaltyHandle>;
  cart: Cart;
  closed: boolean;
  /** Take the cashier to the customer form (the fix for "customer required"). */
  onLinkCustomer: () => void;
}) {
  const redeem = useRedeemPoints(cart.id);
  const remove = useRemoveRedemption(cart.id);
  const headingId = useId();
  const lastPoints = useRef<number | null>(null);
  const redeemedRef = useRef<HTMLDivElement>(null);
  // a click that lands before React re-renders the pending button must not send again
  const inFlight = useRef(false);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<PointsInput, unknown, PointsOutput>({
    resolver: zodResolver(pointsFormSchema),
    defaultValues: { points: '' },
  });
  useImperativeHandle(ref, () => ({ focus: () => setFocus('points') }));

  const busy = redeem.isPending || remove.isPending;

  const send = (points: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    lastPoints.current = points;
    remove.reset();
    redeem.mutate(points, {
      onSuccess: () => reset({ points: '' }),
      onError: (error) => {
        const message = isApiError(error) ? error.fieldError('loyalty_point_redeemed') : undefined;
        if (message) setError('points', { message }, { shouldFocus: true });
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const applySuggested = (points: number) => {
    setValue('points', String(points));
    send(points);
  };

  const onRemove = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    redeem.reset();
    remove.mutate(undefined, {
      // the button goes away with the redemption: keep keyboard focus in the loyalty form. But a
      // cashier who moved on during a slow request keeps their place: only focus still on the
      // redemption (the button) or already dropped to the page is moved
      onSuccess: () => {
        const active = document.activeElement;
        if (!active || active === document.body || redeemedRef.current?.contains(active)) {
          setFocus('points');
        }
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const refusal = redeem.error;
  const refusalView = (() => {
    if (!refusal) return null;
    if (isApiError(refusal)) {
      if (refusal.fieldError('loyalty_point_redeemed')) return null; // shown at the field
      if (refusal.code === 'insufficient_loyalty_points') {
        const available = numericDetail(refusal, 'available_points');
        return (
          <Alert tone="error" title="Not enough points">
            <p>
              {available !== undefined
                ? `The customer has ${formatNumber(available)} points available.`
                : refusal.message}
            </p>
            {available !== undefined && available >= 1 ? (
              <Button
                variant="secondary"
                className="mt-3"
                disabled={busy || closed}
                onClick={() => applySuggested(available)}
              >
                Use the {formatNumber(available)} available
              </Button>
            ) : null}
          </Alert>
        );
      }
      if (refusal.code === 'redemption_exceeds_payable') {
        const max = numericDetail(refusal, 'max_points');
        return (
          <Alert tone="error" title="More points than this cart needs">
            <p>
              {max !== undefined
                ? `At most ${formatNumber(max)} points can be redeemed on this cart.`
                : refusal.message}
            </p>
            {max !== undefined && max >= 1 ? (
              <Button
                variant="secondary"
                className="mt-3"
                disabled={busy || closed}
                onClick={() => applySuggested(max)}
              >
                Use {formatNumber(max)}
              </Button>
            ) : null}
          </Alert>
        );
      }
      if (refusal.code === 'customer_required') {
        return (
          <Alert tone="error" title="Link a customer first">
            <p>Points belong to a customer. Link the customer to this cart, then redeem.</p>
            <Button variant="secondary" className="mt-3" onClick={onLinkCustomer}>
              Go to Link a customer
            </Button>
          </Alert>
        );
      }
    }
    return (
      <CartActionError
        error={refusal}
        retrying={redeem.isPending}
        onRetry={() => {
          if (lastPoints.current !== null) send(lastPoints.current);
        }}
      />
    );
  })();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Loyalty
      </h2>

      {cart.loyalty_points_redeemed > 0 ? (
        <div
          ref={redeemedRef}
          className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md bg-emerald-50 p-3"
        >
          <dl className="text-sm text-emerald-950">
            <div className="flex gap-2">
              <dt>Points redeemed</dt>
              <dd className="font-semibold tabular-nums">
                {formatNumber(cart.loyalty_points_redeemed)}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt>To be paid now</dt>
              <dd className="font-semibold">
                <Money amount={cart.to_be_paid} currency={cart.currency} />
              </dd>
            </div>
          </dl>
          <Button
            variant="danger"
            onClick={onRemove}
            disabled={closed || redeem.isPending}
            pending={remove.isPending}
            pendingLabel="Removing…"
          >
            Remove redemption
          </Button>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={(e) => void handleSubmit((v) => send(v.points))(e)}
        className="mt-3"
      >
        <fieldset disabled={closed} className="flex flex-col items-start gap-3">
          <Field
            label="Loyalty points"
            inputMode="numeric"
            autoComplete="off"
            hint={
              cart.billing_address
                ? 'A whole number, at least 1. Redeeming again replaces the earlier amount.'
                : 'No customer linked yet: link one before redeeming.'
            }
            error={errors.points?.message}
            className="w-full"
            {...register('points')}
          />
          <Button
            type="submit"
            pending={redeem.isPending}
            pendingLabel="Redeeming…"
            disabled={remove.isPending}
          >
            Redeem
          </Button>
        </fieldset>
      </form>

      {refusalView ? <div className="mt-3">{refusalView}</div> : null}
      {remove.error ? (
        <div className="mt-3">
          <CartActionError error={remove.error} retrying={remove.isPending} onRetry={onRemove} />
        </div>
      ) : null}
    </section>
  );
}
