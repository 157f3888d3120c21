import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Ref,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { isApiError, numericDetail } from '@/api/errors';
import { type Cart, loyaltyPointsSchema } from '@/api/schemas/cart';
import type { VerifiedAddress } from '@/api/schemas/common';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { focusLost, movedOn, useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { Money } from '@/components/ui/money';
import { formatCount, formatNumber } from '@/lib/format';
import { useFocusFirstError } from '@/lib/focus-first-error';
import { useRecordsChanged } from '@/lib/use-records-changed';
import { CartActionError, focusInFailure, useRetriedFailure } from './cart-action-error';
import {
  keepCartForm,
  keptPoints,
  parseKeptPoints,
  readKeptCartForm,
  useKeptPlace,
} from './kept-cart-form';
import { useNothingSentNote } from './nothing-sent-note';
import { holdsDigits, scanOutOfField } from './use-shortcuts';
import { customerKey, customerName } from './customer';
import {
  customerAtRefusal,
  useActionDone,
  useCartBusy,
  checkThen,
  useCustomerCheck,
  useRedeemPoints,
  useRemoveRedemption,
} from './use-cart-mutations';

/**
 * Cashiers type thousands separators as the app shows numbers (en-IN: "1,00,000") or the western
 * way ("100,000"). A comma anywhere else is not a separator: "2,5" may mean 2.5, or 2 and 5, so it
 * is refused rather than read as 25. So is a decimal point, whatever follows it: "1.000" may be
 * a thousand written the European way, and is not read as 1 (nor "2.0" as 2).
 */
const GROUPED_INTEGER = String.raw`\d+|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d?(?:,\d{2})*,\d{3}`;
const POINTS_PATTERN = new RegExp(String.raw`^[+-]?(?:${GROUPED_INTEGER})$`);

/**
 * The field is text, not type=number: a number input hides "1.5" or "-3" behind an empty value,
 * and every wrong entry must get its own clear message. The number rules are the request's own
 * with the form's ceiling (loyaltyPointsSchema).
 */
const pointsText = z.string().check(
  // spaces around the number carry no meaning; one inside it ("2 5") is refused like "2,5"
  z.overwrite((v) => v.trim()),
  z.minLength(1, { error: 'Enter the number of points to redeem' }),
  z.regex(POINTS_PATTERN, { error: 'Enter the points as a whole number, like 500' }),
);

export const pointsFormSchema = z.object({
  // text, cleaned and checked -> a number (separators dropped) -> the request's own rules
  points: z.pipe(
    z.pipe(
      pointsText,
      z.transform((v) => Number(v.replace(/,/g, ''))),
    ),
    loyaltyPointsSchema,
  ),
});
type PointsInput = z.input<typeof pointsFormSchema>;
type PointsOutput = z.output<typeof pointsFormSchema>;

export interface LoyaltyHandle {
  focus: () => void;
}

/** The service's refusals about the number of points sent (each offers a number instead). */
const REFUSALS_OF_THE_POINTS = new Set([
  'insufficient_loyalty_points',
  'redemption_exceeds_payable',
]);

/** The customer on a cart read again when it is not the one on `seen` (none: not a change). */
const otherCustomer = (seen: Cart, answer: Cart) => {
  const found = answer.billing_address;
  return found && customerKey(found) !== customerKey(seen.billing_address) ? found : null;
};

/** The news that `found` was linked at another till, and (`rest`) what it means. */
const changedAtTill = (found: VerifiedAddress, rest: string) => ({
  key: customerKey(found),
  title: 'Another customer is on this cart now',
  text: `${customerName(found)} was linked at another till${rest}`,
});

/** Ops 4 and 9: redeem a number of points on the cart, or remove the redemption. */

export function LoyaltyPanel({
  ref,
  cart,
  closed,
  onLinkCustomer,
  onScan,
}: {
  ref?: Ref<LoyaltyHandle>;
  cart: Cart;
  closed: boolean;
  /** Take the cashier to the customer form (the fix for "customer required"). */
  onLinkCustomer: () => void;
  /** A cart's scan typed into the points field: the Cart ID field's (scanOutOfField). */
  onScan?: (typed: string) => void;
}) {
  const redeem = useRedeemPoints(cart.id);
  const remove = useRemoveRedemption(cart.id);
  // the points are the customer's on the cart when the request lands, not the one on screen:
  // another till may have linked someone else since this screen read the cart. Redeem reads it
  // first, and sends only while the customer is the one the cashier saw
  const check = useCustomerCheck(cart.id, 'redeem-check');
  // ...and Remove too: the redemption on the cart may be another customer's by now
  const removeCheck = useCustomerCheck(cart.id, 'remove-check');
  /**
   * What Redeem or Remove found changed at another till: another customer in place of the one on
   * screen, by its read (nothing was sent) or, when linked between the read and the change, by the
   * change's answer; or, for Redeem, a redemption made there meanwhile (nothing was sent). `key`
   * is the customer on the cart then: the news goes when another comes.
   */
  const [changedTo, setChangedTo] = useState<{
    key: string;
    title: string;
    text: string;
  } | null>(null);
  const changedRef = useFocusOnArrival<HTMLDivElement>(changedTo);
  const headingId = useId();
  const redeemedRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // points typed and not sent before the cashier left this cart (or signed in again, which a
  // refused redemption (401) asked for): back in the field, said so (kept-cart-form.ts). Not on
  // a closed cart, nor for a customer other than the one they were typed for
  const place = useKeptPlace(cart.id);
  const customer = customerKey(cart.billing_address);
  const [restored, setRestored] = useState(() => {
    const kept = closed ? null : readKeptCartForm('points', place, parseKeptPoints);
    return kept?.customer === customer ? kept : null;
  });
  const {
    register,
    getValues,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    formState,
    control,
  } = useForm<PointsInput, unknown, PointsOutput>({
    resolver: zodResolver(pointsFormSchema),
    defaultValues: { points: restored?.points ?? '' },
    // once its error is drawn, so the error is read once (src/lib/focus-first-error.ts)
    shouldFocusError: false,
  });
  const { errors } = formState;
  const focusFirstError = useFocusFirstError(formState);
  useImperativeHandle(ref, () => ({ focus: () => setFocus('points') }));
  // kept while typed and not sent: a redemption made empties the field, and so forgets them
  const typed = useWatch({ control, name: 'points' });
  useEffect(() => {
    const keep = typed.trim() !== '' && !closed;
    keepCartForm('points', place, { points: typed, customer }, keep);
  }, [typed, closed, customer, place]);
  // the note is about the points it put back: changed, they are the cashier's own again
  if (restored !== null && typed !== restored.points) setRestored(null);
  // ...and they were for the customer on the cart as last read, and an open cart: the screen
  // first draws the cart it has, and the service's may show another customer (linked at another
  // till meanwhile) or a cart closed since. Then they go, field and note: not to be redeemed
  // from someone they were not typed for
  const restoredGone = restored !== null && (restored.customer !== customer || closed);
  // ...and put back while the cart is on screen (a new token confirmed after the cashier came
  // back: src/lib/use-records-changed.ts), they come into the field as if it had been drawn then
  useRecordsChanged(() => {
    const kept = closed ? null : readKeptCartForm('points', place, parseKeptPoints);
    if (kept?.customer !== customer || kept.points === getValues('points')) return;
    setRestored(kept);
    reset({ points: kept.points });
  });
  // ...and they were on their way when the cashier left the cart and came back: redeemed since,
  // they are no longer "not redeemed yet" (typed anew, they would not be `restored`)
  useActionDone<number>(cart.id, 'redeem', (sent) => {
    if (restored === null || keptPoints(restored) !== sent) return;
    setRestored(null);
    reset({ points: '' });
  });
  const dropRestored = useEffectEvent(() => {
    // the field emptied, the note goes with it (above)
    if (restoredGone && getValues('points') === restored.points) reset({ points: '' });
  });
  useEffect(() => {
    dropRestored();
  }, [restoredGone]);

  // one action of this cart at a time (use-cart-mutations.ts). busyNow() also stops a second
  // press that lands before React re-renders the pending button: mutate() marks the request
  // pending before it returns (use-cart-busy.test.tsx)
  const cartBusy = useCartBusy(cart.id);
  const { busy, busyNow } = cartBusy;
  // an Enter turned away: "Redeemed 100 points." is old news, and would be said again when
  // the note goes
  const pending = check.isPending || redeem.isPending;
  // a failed read is Redeem's own failure, with the same Try again
  const { failure: refusal, retrying } = useRetriedFailure(redeem.error ?? check.error, pending);
  const removing = removeCheck.isPending || remove.isPending;
  // a failed read is Remove's own failure, with the same Try again
  const { failure: removeFailure, retrying: removeRetrying } = useRetriedFailure(
    remove.error ?? removeCheck.error,
    removing,
  );
  const nothingSent = useNothingSentNote(cartBusy, pending, 'Redeem', () => {
    if (redeem.isSuccess) redeem.reset();
    if (remove.isSuccess) remove.reset();
  });

  // a refusal (and the points it suggests) was about the customer linked then: a new customer
  // (`customer`, above) starts clean. A request still pending is left alone: resetting it would
  // drop its callbacks. The note about who was found is true while they are on the cart
  // (adjusted as it renders)
  const [noteFor, setNoteFor] = useState(customer);
  if (noteFor !== customer) {
    setNoteFor(customer);
    if (changedTo && changedTo.key !== customer) setChangedTo(null);
  }
  const forgetOutcomes = useEffectEvent(() => {
    // ...but not a refusal the service made about this very customer: one linked at another
    // till, which the cart read again after the refusal brought on screen
    if (customerAtRefusal(redeem.error) === customer) return;
    // ...nor a success whose own answer brought this customer (linked at another till while this
    // screen showed none): "Redeemed 100 points." is about them
    const answeredFor = (m: typeof redeem | typeof remove) =>
      m.isSuccess && customerKey(m.data.billing_address) === customer;
    if (!redeem.isPending && !answeredFor(redeem)) redeem.reset();
    if (!remove.isPending && !answeredFor(remove)) remove.reset();
    // a read before Redeem or Remove that failed was about the press for the customer before
    if (!check.isPending) check.reset();
    if (!removeCheck.isPending) removeCheck.reset();
  });
  useEffect(() => {
    forgetOutcomes();
  }, [customer]);

  /**
   * The cart `answer` (read before a press, or the press's own answer) has another customer than
   * the cart the cashier saw: says so, with what it means (`rest`), and is true.
   */
  const toldOther = (seen: Cart, answer: Cart, rest: string) => {
    const found = otherCustomer(seen, answer);
    if (found) setChangedTo(changedAtTill(found, rest));
    return found !== null;
  };

  const send = (points: number) => {
    if (busyNow()) return;
    // what was kept is on its way now: its "not redeemed yet" note goes
    setRestored(null);
    remove.reset();
    removeCheck.reset();
    // the outcome of the press before goes as this one starts (as a new request replaces it)
    redeem.reset();
    setChangedTo(null);
    // what the field showed when sent: points typed while the request is pending are kept
    const sent = getValues('points');
    const seen = cart;
    checkThen(check, (now) => {
      // none at all now: the service's own refusal says what to do ("Link a customer first")
      if (
        toldOther(
          seen,
          now,
          '. Nothing was redeemed: check who is paying, then press Redeem again.',
        )
      ) {
        return;
      }
      // a redemption made at another till since this screen read the cart: Redeem would
      // replace it unseen. Now on screen, a second press replaces it knowingly. Not the points
      // this press asks for: that is most likely this till's own, sent before and its answer
      // lost (and the service replaces, so sending them again changes nothing)
      if (
        now.loyalty_points_redeemed !== seen.loyalty_points_redeemed &&
        now.loyalty_points_redeemed > 0 &&
        now.loyalty_points_redeemed !== points
      ) {
        setChangedTo({
          key: customerKey(now.billing_address),
          title: 'The redemption changed at another till',
          text: `${formatCount(now.loyalty_points_redeemed, 'point')} are redeemed on this cart now. Nothing was redeemed here: press Redeem again to replace them with the points in the field.`,
        });
        return;
      }
      redeem.mutate(points, {
        onSuccess: (updated) => {
          // a Try again's success takes its message, and the button with focus, away (before
          // the reset: it unregisters the field until the next render)
          if (focusInFailure('loyalty')) setFocus('points');
          if (getValues('points') === sent) reset({ points: '' });
          toldOther(
            seen,
            updated,
            ` as the points were sent: the ${formatCount(points, 'point')} redeemed are theirs. Check who is paying, and remove the redemption if it is not them.`,
          );
        },
        onError: (error) => {
          const message = isApiError(error)
            ? error.fieldError('loyalty_point_redeemed')
            : undefined;
          if (!message) return;
          setError('points', { message });
          focusFirstError();
        },
      });
    });
  };

  const onSubmit = (form: PointsOutput) => send(form.points);
  // the points the form refuses now are what to fix: the service's refusal of the points before
  // (and the number it offered) goes, so the cashier does not see two messages about two
  // different numbers. Other failures stay: a dropped connection's Try again, "Link a customer".
  const onInvalid = () => {
    // refused here: not "nothing was redeemed with them yet, press Redeem" beside the refusal
    setRestored(null);
    if (isApiError(redeem.error) && REFUSALS_OF_THE_POINTS.has(redeem.error.code)) redeem.reset();
    focusFirstError();
  };
  const submit = handleSubmit(onSubmit, onInvalid);

  // the buttons below sit in the message the new request replaces: without this, focus would
  // fall to the page. The points field is where Remove redemption sends it too
  const applySuggested = (points: number) => {
    setFocus('points');
    setValue('points', String(points));
    send(points);
  };

  // exactly a second press of Redeem: what the field shows now, checked again. Its message stays
  // while it runs (useRetriedFailure), and focus on its Try again
  const retry = () => {
    retrying();
    void submit();
  };

  // the redemption on screen may be another customer's by now: Remove reads the cart first, as
  // Redeem does, and removes only while the customer is the one the cashier saw
  const onRemove = () => {
    if (busyNow()) return;
    redeem.reset();
    check.reset();
    remove.reset();
    // "the points redeemed are theirs… remove the redemption" is done with
    setChangedTo(null);
    const seen = cart;
    checkThen(removeCheck, (now) => {
      const tail =
        '. Nothing was removed: the redemption on the cart is theirs. Check who is paying before removing it.';
      if (toldOther(seen, now, tail)) return;
      remove.mutate(undefined, {
        // the button goes away with the redemption: keep keyboard focus in the loyalty form.
        // But a cashier who moved on during a slow request keeps their place: only focus still
        // on the redemption (the button) or already dropped to the page is moved
        onSuccess: (updated) => {
          if (!movedOn(redeemedRef.current) || focusInFailure('loyalty')) setFocus('points');
          toldOther(
            seen,
            updated,
            ' as the redemption was removed: it was theirs. Check who is paying, and redeem their points again if it is them.',
          );
        },
      });
    });
  };

  // The redemption's box comes above the field: on a short screen (zoomed in) that pushed the
  // focused field or Redeem below what shows. Brought back into view, before paint, if it showed
  // (even in part) before the box came (where it was: moved down by the box); a cashier who
  // scrolled away meanwhile is not pulled back
  const redemptionShown = cart.loyalty_points_redeemed > 0;
  useLayoutEffect(() => {
    const active = document.activeElement;
    const box = redeemedRef.current;
    const form = formRef.current;
    if (!box || !form || !(active instanceof HTMLElement) || !form.contains(active)) return;
    const shift = form.getBoundingClientRect().top - box.getBoundingClientRect().top;
    const now = active.getBoundingClientRect();
    const wasInView = now.bottom - shift > 0 && now.top - shift < window.innerHeight;
    // jsdom has no scrolling
    if (wasInView) active.scrollIntoView?.({ block: 'nearest' });
  }, [redemptionShown]);

  // ...and goes: removed at another till (a refresh read it), focus on its Remove button would
  // fall to the page with it. The points field takes it, as after this till's own Remove
  const wasShown = useRef(redemptionShown);
  useLayoutEffect(() => {
    if (wasShown.current && !redemptionShown && focusLost()) setFocus('points');
    wasShown.current = redemptionShown;
  }, [redemptionShown, setFocus]);

  // shown at the field (setError above), not here
  const atField = isApiError(refusal) && refusal.fieldError('loyalty_point_redeemed') !== undefined;
  // a refusal that is loyalty's own, with its way on; any other failure is the cart's
  // (CartActionError, which takes focus itself). Focus goes from Redeem to the news
  const refusalRef = useFocusOnArrival<HTMLDivElement>(refusal);
  // a refusal of the points that offers a number in their place (when the service gave one)
  const offer = (
    title: string,
    text: string,
    points: number | undefined,
    label: (n: string) => string,
  ) => (
    <Alert
      tone="error"
      title={title}
      actions={
        points !== undefined && points >= 1 ? (
          <Button
            variant="secondary"
            disabled={busy || closed}
            onClick={() => applySuggested(points)}
          >
            {label(formatNumber(points))}
          </Button>
        ) : undefined
      }
    >
      <p>{text}</p>
    </Alert>
  );
  const ownRefusal = (() => {
    if (isApiError(refusal) && !atField) {
      if (refusal.code === 'insufficient_loyalty_points') {
        const available = numericDetail(refusal, 'available_points');
        return offer(
          'Not enough points',
          available !== undefined
            ? `The customer has ${formatCount(available, 'point')} available.`
            : refusal.message,
          available,
          (n) => `Use the ${n} available`,
        );
      }
      if (refusal.code === 'redemption_exceeds_payable') {
        const max = numericDetail(refusal, 'max_points');
        return offer(
          'More points than this cart needs',
          max !== undefined
            ? `At most ${formatCount(max, 'point')} can be redeemed on this cart.`
            : refusal.message,
          max,
          (n) => `Use ${n}`,
        );
      }
      if (refusal.code === 'customer_required') {
        return (
          <Alert
            tone="error"
            title="Link a customer first"
            actions={
              <Button variant="secondary" onClick={onLinkCustomer} disabled={closed}>
                Go to Link a customer
              </Button>
            }
          >
            <p>Points belong to a customer. Link the customer to this cart, then redeem.</p>
          </Alert>
        );
      }
    }
    return null;
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
            disabled={closed || busy}
            pending={removing}
            pendingLabel={removeCheck.isPending ? 'Checking the cart…' : 'Removing…'}
          >
            Remove redemption
          </Button>
        </div>
      ) : null}

      {/* Enter in its fields is heard from the form (nothingSent): the keys stay the fields' own */}
      <Form
        submitCount={formState.submitCount}
        ref={formRef}
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={nothingSent.onKeyDown}
        className="mt-3"
      >
        <fieldset disabled={closed} className="flex flex-col items-start gap-3">
          {restored !== null && !restoredGone ? (
            <Alert tone="info" title="The points you typed are back" className="w-full">
              The points typed earlier on this cart are in the field. Nothing was redeemed with them
              yet: press Redeem to redeem them.
            </Alert>
          ) : null}
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
            onKeyDown={
              onScan &&
              scanOutOfField(
                onScan,
                (before) => setValue('points', before, { shouldValidate: false }),
                holdsDigits,
              )
            }
          />
          <Button
            type="submit"
            pending={pending}
            pendingLabel={check.isPending ? 'Checking the cart…' : 'Redeeming…'}
            disabled={busy}
          >
            Redeem
          </Button>
        </fieldset>
      </Form>

      {/* said after each redemption, also one that changes no figure (the same points again):
          the region stays, its words go while the next request is on its way */}
      <p role="status" className="mt-3 text-sm text-emerald-900 empty:mt-0">
        {/* Enter while another action of the cart is on its way; then, while it is still so (a
            redemption changed at another till since is not this one), what was done */}
        {nothingSent.note ??
          (redeem.isSuccess && cart.loyalty_points_redeemed === redeem.variables
            ? `Redeemed ${formatCount(redeem.variables, 'point')}.`
            : remove.isSuccess
              ? 'Redemption removed.'
              : '')}
      </p>

      {changedTo ? (
        <div ref={changedRef} tabIndex={-1} className="mt-3 focus:outline-none">
          {/* an alert: when Enter was pressed in the field, focus stays there, and a status
              drawn with its words is heard by some screen readers only when found */}
          <Alert tone="error" title={changedTo.title}>
            <p>{changedTo.text}</p>
          </Alert>
        </div>
      ) : null}

      {ownRefusal ? (
        <div ref={refusalRef} tabIndex={-1} className="mt-3 focus:outline-none">
          {ownRefusal}
        </div>
      ) : refusal && !atField ? (
        <CartActionError
          className="mt-3"
          error={refusal}
          retrying={pending}
          onRetry={retry}
          unsent={!redeem.error}
          disabled={busy || closed}
          owner="loyalty"
        />
      ) : null}
      {removeFailure ? (
        <CartActionError
          className="mt-3"
          error={removeFailure}
          retrying={removing}
          unsent={!remove.error}
          onRetry={() => {
            // the message stays while it runs, with focus on its Try again; Remove's success
            // sends focus to the points field (as the message and its button go)
            removeRetrying();
            onRemove();
          }}
          disabled={busy || closed}
          owner="loyalty"
        />
      ) : null}
    </section>
  );
}
