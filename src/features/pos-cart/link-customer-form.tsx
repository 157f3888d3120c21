import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Ref,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { isApiError, isUnauthorized } from '@/api/errors';
import { type Cart, type LinkCustomerBody, linkCustomerBodySchema } from '@/api/schemas/cart';
import { type VerifiedAddress, toNationalPhone } from '@/api/schemas/common';
import { issueMessage } from '@/api/schemas/issue-message';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { movedOn, useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { formatCount, fullName } from '@/lib/format';
import { useFocusFirstError } from '@/lib/focus-first-error';
import { useRecordsChanged } from '@/lib/use-records-changed';
import { withoutFormatChars } from '@/lib/text';
import { CartActionError, focusInFailure, useRetriedFailure } from './cart-action-error';
import { customerKey, customerName, customerPhone } from './customer';
import { keepCartForm, readKeptCartForm, useKeptPlace } from './kept-cart-form';
import { useNothingSentNote } from './nothing-sent-note';
import {
  useActionDone,
  useCartBusy,
  checkThen,
  useCustomerCheck,
  useLinkCustomer,
} from './use-cart-mutations';
import { holdsPhone, scanOutOfField } from './use-shortcuts';

const MODES = [
  { value: 'phone', label: 'Phone' },
  { value: 'email', label: 'Email' },
  { value: 'id', label: 'ID' },
] as const;
type Mode = (typeof MODES)[number]['value'];

/** Field names match the request body, so the service's field errors land on the right input. */
const formFields = ['customer_id', 'country_code', 'phone', 'email', 'first_name', 'last_name'];
type FormField = 'customer_id' | 'country_code' | 'phone' | 'email' | 'first_name' | 'last_name';

const optional = (value: string) => value.trim() || undefined;

/** Form state (what the screen shows) to the one request variant the chosen mode means. */
function toBody(form: LinkForm): LinkCustomerBody {
  // an ID pasted with a format character (a zero-width space) is the ID without it
  if (form.mode === 'id') return { customer_id: withoutFormatChars(form.customer_id).trim() };
  const names = { first_name: optional(form.first_name), last_name: optional(form.last_name) };
  if (form.mode === 'phone') {
    return {
      // people type "98765 43210", and an Indian number with +91 or 0 in front; the service
      // wants the ten digits (a prefix means India only when the country code says +91)
      phone:
        (optional(form.country_code) ?? '+91') === '+91'
          ? toNationalPhone(form.phone)
          : form.phone.replace(/[\s-]/g, ''),
      country_code: optional(form.country_code),
      email: optional(form.email),
      ...names,
    };
  }
  return { email: form.email.trim(), ...names };
}

/**
 * Whether the request would find the customer already on the cart, judged the way the service
 * finds one (CONTRACT B4): by phone and country code when a phone is given, else by email with
 * case ignored. The body is already normalised by toBody (phone digits only, email trimmed). An
 * ID is never matched: the cart does not carry its customer's ID (billing_address.id is the
 * address's own), so linking by ID keeps the warning. A null country code on the cart is not
 * taken as +91: a wrong "already linked" would stop the cashier from linking someone else.
 */
function isLinkedCustomer(body: LinkCustomerBody, linked: VerifiedAddress): boolean {
  if ('customer_id' in body) return false;
  if (body.phone !== undefined) {
    return body.phone === linked.phone && (body.country_code ?? '+91') === linked.country_code;
  }
  const email = body.email?.trim().toLowerCase();
  return email !== undefined && email === linked.email?.trim().toLowerCase();
}

/** What the form holds, as typed (also what is kept until sent: kept-cart-form.ts). */
const linkFormValuesSchema = z.object({
  mode: z.enum(['id', 'phone', 'email']),
  customer_id: z.string(),
  country_code: z.string(),
  phone: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

const keptValues = (raw: unknown) => {
  const parsed = linkFormValuesSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

/** The body schema the service uses is the one the form checks before sending. */
export const linkFormSchema = linkFormValuesSchema.check(
  z.superRefine((form, ctx) => {
    const result = linkCustomerBodySchema.safeParse(toBody(form));
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issueMessage(issue) });
    }
  }),
);
type LinkForm = z.infer<typeof linkFormSchema>;

const DEFAULTS: LinkForm = {
  mode: 'phone',
  customer_id: '',
  country_code: '+91',
  phone: '',
  email: '',
  first_name: '',
  last_name: '',
};

/** The fields whose text is worth keeping (the country code is filled in from the start). */
const TYPED_FIELDS = ['customer_id', 'phone', 'email', 'first_name', 'last_name'] as const;

const FIRST_FIELD: Record<Mode, FormField> = { id: 'customer_id', phone: 'phone', email: 'email' };

/** Whether the form shows `field` when finding the customer by `mode`. */
const shows = (mode: Mode, field: FormField) =>
  field === 'customer_id'
    ? mode === 'id'
    : field === 'phone' || field === 'country_code'
      ? mode === 'phone'
      : mode !== 'id';

const NO_SUCH_ID = 'No customer has this ID. Check it, or find the customer by phone or email.';

function Verified({ yes, what }: { yes: boolean; what: string }) {
  return yes ? (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
      <span aria-hidden="true">✓</span> {what} verified
    </span>
  ) : (
    <span className="ml-2 inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
      {what} not verified
    </span>
  );
}

function LinkedCustomer({ cart }: { cart: Cart }) {
  const a = cart.billing_address;
  if (!a) return <p className="text-slate-700">No customer is linked to this cart yet.</p>;
  const name = customerName(a);
  return (
    <dl className="grid gap-1 text-sm">
      <div>
        <dt className="sr-only">Name</dt>
        {/* a long unbroken name must wrap, not widen the page on a phone. break-words is not
            enough: the grids around this card take a word's whole width as their narrowest,
            and only "anywhere" lets that word count as breakable there (like the email's
            break-all, without splitting names that already fit) */}
        <dd className="text-lg font-semibold wrap-anywhere text-slate-900">{name}</dd>
      </div>
      {a.phone ? (
        <div className="flex flex-wrap items-center">
          <dt className="mr-1 text-slate-600">Phone</dt>
          <dd className="flex flex-wrap items-center">
            <span className="tabular-nums">{customerPhone(a)}</span>
            <Verified yes={a.is_phone_verified} what="Phone" />
          </dd>
        </div>
      ) : null}
      {a.email ? (
        <div className="flex flex-wrap items-center">
          <dt className="mr-1 text-slate-600">Email</dt>
          <dd className="flex flex-wrap items-center break-all">
            {a.email}
            <Verified yes={a.is_email_verified} what="Email" />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export interface LinkCustomerHandle {
  /** Open the form (if a customer is linked) and put focus in its first field. */
  focus: () => void;
}

/** Op 3: the linked customer, and the form that links one by phone, email or customer ID. */
export function LinkCustomerPanel({
  ref,
  cart,
  closed,
  onScan,
}: {
  ref?: Ref<LinkCustomerHandle>;
  cart: Cart;
  /** The cart is inactive or expired: nothing can be changed. */
  closed: boolean;
  /** A cart's scan typed into a phone field: the Cart ID field's (scanOutOfField). */
  onScan?: (typed: string) => void;
}) {
  const link = useLinkCustomer(cart.id);
  const check = useCustomerCheck(cart.id, 'link-check');
  const hasCustomer = cart.billing_address !== null;
  // what was typed and not sent before the cashier left this cart (or signed in again, which a
  // refused link (401) asked for): back in the form
  const place = useKeptPlace(cart.id);
  const [restored, setRestored] = useState(() =>
    // a closed cart takes no link: nothing is offered back to be sent
    closed ? null : readKeptCartForm('link', place, keptValues),
  );
  const [editing, setEditing] = useState(!hasCustomer || restored !== null);
  // a cart with no customer always offers the form: also one whose customer went after it was
  // closed (the demo's reset takes a linked customer off a cart on screen)
  const showForm = editing || !hasCustomer;
  const [confirming, setConfirming] = useState<LinkCustomerBody | null>(null);
  /** Who this form linked last (customerKey): its success note is true while they are on the cart. */
  const [linkedKey, setLinkedKey] = useState<string | null>(null);
  /**
   * What the last press of Link asked for, when it named the customer already on the cart:
   * nothing was sent. The note says so while it is still true (the cart can change under it).
   */
  const [askedAgain, setAskedAgain] = useState<LinkCustomerBody | null>(null);
  const linked = cart.billing_address;
  const alreadyLinked =
    askedAgain && linked && isLinkedCustomer(askedAgain, linked)
      ? fullName(linked) || 'This customer'
      : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // the answer to the press, where focus is (on Link): a status drawn with its words already in
  // it is read by some screen readers only when they come across it
  const alreadyLinkedRef = useFocusOnArrival<HTMLDivElement>(alreadyLinked !== null && askedAgain);

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    clearErrors,
    setFocus,
    setValue,
    getValues,
    formState,
  } = useForm<LinkForm>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: restored ?? DEFAULTS,
    // once its error is drawn, so the error is read once (src/lib/focus-first-error.ts)
    shouldFocusError: false,
  });
  const { errors } = formState;
  const focusFirstError = useFocusFirstError(formState);
  const mode = useWatch({ control, name: 'mode' });
  // the next cart's scan, with focus left in a phone field: no phone number, and the cart opens
  const scanOut = (name: 'country_code' | 'phone') =>
    onScan &&
    scanOutOfField(
      onScan,
      (before) => setValue(name, before, { shouldValidate: false }),
      holdsPhone,
    );

  // what the form shows is kept while something typed in it is not sent (kept-cart-form.ts:
  // swept at sign-out or when someone else signs in), and while a link waits for a sign-in; a
  // link made empties the form, and so forgets it
  const values = useWatch({ control });
  const signInNeeded = isUnauthorized(link.error) || isUnauthorized(check.error);
  const typed = TYPED_FIELDS.some((name) => values[name]?.trim());
  useEffect(() => {
    keepCartForm('link', place, { ...DEFAULTS, ...values }, (signInNeeded || typed) && !closed);
  }, [signInNeeded, typed, closed, values, place]);
  const forgetTyped = () => setRestored(null);
  /** What the form showed is linked: it empties and closes, focus to the heading if it was in it. */
  const linkDone = () => {
    forgetTyped();
    reset(DEFAULTS);
    setEditing(false);
    if (!movedOn(headingRef.current?.closest('section'))) headingRef.current?.focus();
  };
  // the details put back were on their way when the cashier left the cart and came back: their
  // link landed since, so they are linked, not "not linked yet" (unless changed meanwhile)
  useActionDone<LinkCustomerBody>(cart.id, 'link-customer', (sent) => {
    if (restored === null) return;
    if (JSON.stringify(toBody(getValues())) === JSON.stringify(sent)) linkDone();
  });
  // ...and put back while the cart is on screen (a new token confirmed after the cashier came
  // back: src/lib/use-records-changed.ts), they come into the form as if it had been drawn then
  useRecordsChanged(() => {
    const kept = closed ? null : readKeptCartForm('link', place, keptValues);
    if (!kept || JSON.stringify(kept) === JSON.stringify({ ...DEFAULTS, ...getValues() })) return;
    setRestored(kept);
    reset(kept);
    setEditing(true);
  });
  // a cart found closed after the screen drew the one it had: nothing is offered back to be sent
  const restoredGone = restored !== null && closed;
  const dropOnClose = useEffectEvent(() => {
    if (restoredGone) reset(DEFAULTS);
  });
  useEffect(() => {
    dropOnClose();
  }, [restoredGone]);

  // focus the first field after the render that shows it (the form may be opening just now)
  const [focusRequest, setFocusRequest] = useState(0);
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  });
  useEffect(() => {
    if (focusRequest > 0) setFocus(FIRST_FIELD[modeRef.current]);
  }, [focusRequest, setFocus]);
  const open = () => {
    setAskedAgain(null);
    setLinkedKey(null);
    setEditing(true);
    setFocusRequest((n) => n + 1);
  };
  useImperativeHandle(ref, () => ({ focus: open }));

  // one action of this cart at a time (use-cart-mutations.ts). busyNow() also stops a second
  // press that lands before React re-renders the pending button: mutate() marks the request
  // pending before it returns (use-cart-busy.test.tsx)
  const cartBusy = useCartBusy(cart.id);
  const { busy, busyNow } = cartBusy;
  const nothingSent = useNothingSentNote(
    cartBusy,
    link.isPending || check.isPending,
    hasCustomer ? 'Link this customer' : 'Link customer',
  );

  /** The refusal last said at a field of the form (not in the box under it). */
  const [shownAtField, setShownAtField] = useState<unknown>(null);
  const send = (body: LinkCustomerBody) => {
    if (busyNow()) return;
    check.reset();
    setLinkedKey(null);
    link.mutate(body, {
      onSuccess: (updated) => {
        setLinkedKey(customerKey(updated.billing_address));
        linkDone();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        // said at its field only while the field is on screen: the cashier may have turned to
        // another way of finding the customer while the request was on its way
        const mode = getValues('mode');
        if (error.code === 'customer_not_found') {
          setError('customer_id', { message: NO_SUCH_ID });
          if (shows(mode, 'customer_id')) setShownAtField(error);
          focusFirstError();
          return;
        }
        for (const fe of error.fieldErrors) {
          if (formFields.includes(fe.field)) {
            setError(fe.field as FormField, { message: fe.message });
            if (shows(mode, fe.field as FormField)) setShownAtField(error);
            focusFirstError();
          }
        }
      },
    });
  };

  /** What to do with `body` on the cart `now` (as shown, or as just read again). */
  const decide = (body: LinkCustomerBody, now: Cart) => {
    // a Try again's read went through: its message goes, and the button with focus. Focus waits
    // on the heading (where a question asked now gives it back, and success sends it)
    if (focusInFailure('customer')) headingRef.current?.focus();
    // linking them again would change nothing (the service keeps their redemption), so the
    // warning below would be false: say who is linked and leave the form as it is
    if (now.billing_address && isLinkedCustomer(body, now.billing_address)) {
      setAskedAgain(body);
      return;
    }
    setAskedAgain(null);
    // a different customer cannot use the current one's redemption: say so before it goes
    if (now.billing_address && now.loyalty_points_redeemed > 0) {
      setConfirming(body);
      return;
    }
    send(body);
  };

  const onSubmit = (form: LinkForm) => {
    if (busyNow()) return;
    // what was kept through a sign-in is on its way now: its "not linked yet" note goes
    forgetTyped();
    const body = toBody(form);
    // no redemption on screen: another till may have linked a customer and redeemed since (a
    // first link too: the cart on screen may be behind), and this link would drop it unwarned,
    // or "already linked" would be said of someone no longer on it. The cart is read again first
    // (a cart action: nothing else runs meanwhile), and both go by what came back. A redemption
    // already on screen needs no read: the warning shows either way
    if (cart.loyalty_points_redeemed === 0) {
      link.reset();
      checkThen(check, (now) => decide(body, now));
      return;
    }
    decide(body, cart);
  };

  // exactly a second press of the submit button: what the form shows now, checked again. Its
  // message stays while it runs (useRetriedFailure), with focus on its Try again; success sends
  // focus to the heading, as the message goes
  const pending = link.isPending || check.isPending;
  const { failure: error, retrying } = useRetriedFailure(link.error ?? check.error, pending);
  const retry = () => {
    retrying();
    void handleSubmit(onSubmit, focusFirstError)();
  };

  // errors already shown next to their fields need no second message
  const shownInline = error !== null && error === shownAtField;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Customer
        </h2>
        {hasCustomer && !showForm ? (
          <Button variant="secondary" onClick={open} disabled={closed || busy}>
            Change customer
          </Button>
        ) : null}
      </div>

      <div className="mt-2">
        <LinkedCustomer cart={cart} />
      </div>
      {/* always in the page, so the news is heard as it comes (a region drawn with its words
          already in it is read by some screen readers only when they come across it): focus
          goes to the heading, and the figures may not change (both customers earn the same) */}
      <div role="status">
        {linked && linkedKey === customerKey(linked) && !showForm ? (
          <Alert tone="success" className="mt-3" announce={false}>
            Linked {fullName(linked) || 'the customer'} to this cart.
          </Alert>
        ) : null}
      </div>

      {showForm ? (
        <Form
          submitCount={formState.submitCount}
          noValidate
          aria-label={hasCustomer ? 'Change customer' : 'Link a customer'}
          onSubmit={(e) => void handleSubmit(onSubmit, focusFirstError)(e)}
          // what was typed has changed, so the "already linked" note may no longer be true
          onChange={() => setAskedAgain(null)}
          // Enter in its fields, heard from the form: the keys stay the fields' own
          onKeyDown={nothingSent.onKeyDown}
          className="mt-4"
        >
          <fieldset disabled={closed} className="flex flex-col gap-4">
            <legend className="sr-only">
              {hasCustomer ? 'Change customer' : 'Link a customer'}
            </legend>
            {restored && !restoredGone && !signInNeeded ? (
              <Alert tone="info" title="The customer details you typed are back">
                The customer details typed earlier on this cart are in the form. They are not linked
                yet: press {hasCustomer ? 'Link this customer' : 'Link customer'} to link them.
              </Alert>
            ) : null}
            <fieldset>
              <legend className="mb-1 font-medium text-slate-900">Find the customer by</legend>
              <div className="inline-flex flex-wrap rounded-md border border-slate-400 bg-slate-50 p-0.5">
                {MODES.map((m) => (
                  <label
                    key={m.value}
                    // in forced colours (high contrast) the chosen one is marked in system colours: the
                    // page's own background colour would be painted over
                    className="relative inline-flex min-h-11 cursor-pointer items-center rounded px-3 font-medium text-slate-800 has-checked:bg-indigo-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-indigo-600 forced-colors:forced-color-adjust-none forced-colors:text-[CanvasText] forced-colors:has-checked:bg-[Highlight] forced-colors:has-checked:text-[HighlightText] forced-colors:has-focus-visible:outline-[CanvasText]"
                  >
                    <input
                      type="radio"
                      value={m.value}
                      // invisible but covering its label: clicks and taps land on the radio itself
                      className="absolute inset-0 size-full cursor-pointer opacity-0"
                      {...register('mode', { onChange: () => clearErrors() })}
                    />
                    {m.label}
                  </label>
                ))}
              </div>
            </fieldset>

            {shows(mode, 'customer_id') ? (
              <Field
                label="Customer ID"
                autoComplete="off"
                spellCheck={false}
                error={errors.customer_id?.message}
                {...register('customer_id')}
              />
            ) : null}
            {shows(mode, 'phone') ? (
              <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-start gap-3">
                <Field
                  label="Country code"
                  hint="Like +91"
                  autoComplete="off"
                  inputMode="tel"
                  error={errors.country_code?.message}
                  {...register('country_code')}
                  onKeyDown={scanOut('country_code')}
                />
                <Field
                  label="Phone number"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="off"
                  hint="10 digits"
                  error={errors.phone?.message}
                  {...register('phone')}
                  onKeyDown={scanOut('phone')}
                />
              </div>
            ) : null}
            {shows(mode, 'email') ? (
              <Field
                label={mode === 'phone' ? 'Email address (optional)' : 'Email address'}
                type="email"
                autoComplete="off"
                spellCheck={false}
                error={errors.email?.message}
                {...register('email')}
              />
            ) : null}
            {shows(mode, 'first_name') ? (
              <fieldset className="flex flex-col gap-3">
                <legend className="font-medium text-slate-900">New customer? (optional)</legend>
                <p className="text-sm text-slate-600">
                  Names are used only when no customer has this{' '}
                  {mode === 'phone' ? 'phone number' : 'email address'}; one is then created.
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label="First name"
                    autoComplete="off"
                    error={errors.first_name?.message}
                    {...register('first_name')}
                  />
                  <Field
                    label="Last name"
                    autoComplete="off"
                    error={errors.last_name?.message}
                    {...register('last_name')}
                  />
                </div>
              </fieldset>
            ) : null}

            {/* a live region always in the form, so the answer is heard also where focus stays
                (a field, Enter): one drawn with its words already in it is read by some screen
                readers only when they come across it */}
            <div role="status" className="empty:hidden">
              {alreadyLinked !== null ? (
                <div ref={alreadyLinkedRef} tabIndex={-1} className="focus:outline-none">
                  <Alert tone="info" announce={false}>
                    {alreadyLinked} is already linked to this cart. Nothing was changed.
                  </Alert>
                </div>
              ) : null}
            </div>

            {/* in the form: only a field of it can be where Enter was pressed. Empty, it takes no room
                (sr-only, out of the flow) but stays a live region in the tree */}
            <p role="status" className="text-sm text-slate-800 empty:sr-only">
              {nothingSent.note}
            </p>

            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                pending={pending}
                pendingLabel={check.isPending ? 'Checking the cart…' : 'Linking…'}
                disabled={busy}
              >
                {hasCustomer ? 'Link this customer' : 'Link customer'}
              </Button>
              {hasCustomer ? (
                <Button
                  variant="secondary"
                  // a sent request cannot be called back: cancelling now would hide a link that
                  // still happens (and resetting a pending mutation would drop its callbacks)
                  disabled={pending}
                  onClick={() => {
                    setAskedAgain(null);
                    forgetTyped();
                    reset(DEFAULTS);
                    link.reset();
                    check.reset();
                    setEditing(false);
                    headingRef.current?.focus();
                  }}
                >
                  Cancel
                </Button>
              ) : null}
            </div>
          </fieldset>
        </Form>
      ) : null}

      {error && !shownInline ? (
        <CartActionError
          className="mt-3"
          error={error}
          unsent={!link.error}
          retrying={pending}
          onRetry={retry}
          disabled={busy || closed}
          owner="customer"
          notFound={
            isApiError(error) && error.code === 'customer_not_found' ? NO_SUCH_ID : undefined
          }
        />
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title="Change the customer?"
        confirmLabel="Change customer"
        tone="danger"
        onConfirm={() => {
          if (confirming) send(confirming);
        }}
      >
        <p>
          This cart has a loyalty redemption of{' '}
          <strong>{formatCount(cart.loyalty_points_redeemed, 'point')}</strong>.{' '}
          {/* the cart does not carry its customer's ID: by ID, the screen cannot tell whether it
              is the customer already linked, whose redemption the service keeps (CONTRACT B4) */}
          {confirming && 'customer_id' in confirming
            ? 'If this ID is not the customer already linked, linking removes it, and To be paid goes back up.'
            : 'Linking a different customer removes it, and To be paid goes back up.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
