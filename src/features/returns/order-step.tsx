import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/api/errors';
import { orderQueryOptions } from '@/api/orders';
import type { Order } from '@/api/schemas/order';
import { ApiErrorAlert, isSuperseded } from '@/components/api-error-alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { useConnection } from '@/lib/session';
import { useFocusFirstError } from '@/lib/focus-first-error';
import { withoutFormatChars } from '@/lib/text';
import type { Landing } from './refusals';
import { type OrderStepValues, orderStepSchema } from './return-form';
import { describeNotReturnable, orderNotFoundMessage, whyNotReturnable } from './returnability';
import { LandingAlert, StepHeading, card, useLanding } from './wizard-parts';

/**
 * The order number to look up in what was typed. A number pasted from an email or a chat can
 * bring characters the field does not show, or a dash that only looks like "-" (a hyphen, an
 * en dash, a minus sign, a full-width one: U+2010 to U+2015, U+2212, U+FE63, U+FF0D are all
 * Unicode dashes, \p{Pd}, but for the minus sign). Asked for as is, the order is not found, and
 * the customer, looking at a field that reads right, cannot tell why. So format characters are
 * taken out and dashes become "-"; the field keeps what was typed.
 */
export const toOrderNumber = (typed: string) =>
  withoutFormatChars(typed)
    .replace(/[\p{Pd}\u2212]/gu, '-')
    .trim();

const isOrderNotFound = (error: unknown) => isApiError(error) && error.code === 'order_not_found';

export function OrderStep({
  defaultOrderNumber,
  inProgress,
  hasAnswers,
  landing,
  onChange,
  onFound,
  onStartOver,
  staff,
}: {
  defaultOrderNumber: string;
  /** The order of a return already being filled in, if any. */
  inProgress: string | null;
  /** Items, reasons or an address are entered for it: another order would clear them. */
  hasAnswers: boolean;
  landing: Landing | null;
  onChange: (orderInput: string) => void;
  onFound: (order: Order) => void;
  onStartOver: () => void;
  /** A cashier asks for a customer's return: that account and email are not theirs. */
  staff: boolean;
}) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  const [confirmingReset, setConfirmingReset] = useState(false);
  // another order found while answers for `inProgress` are entered: asked before they go
  const [switchingTo, setSwitchingTo] = useState<Order | null>(null);
  const switchConfirmed = useRef(false);
  const { register, handleSubmit, formState, setError, setValue, getValues, subscribe } =
    useForm<OrderStepValues>({
      resolver: zodResolver(orderStepSchema),
      defaultValues: { orderNumber: defaultOrderNumber },
      // once its error is drawn (useFocusFirstError), so the error is read once
      shouldFocusError: false,
    });
  const focusFirstError = useFocusFirstError(formState);
  useLanding(landing, setError, focusFirstError);

  useEffect(
    () =>
      subscribe({
        name: 'orderNumber',
        formState: { values: true },
        callback: ({ values }) => onChange(values.orderNumber),
      }),
    [subscribe, onChange],
  );

  // a read, but started by the customer's submit: a mutation gives its pending and error state
  const lookup = useMutation({
    mutationFn: async (typed: string) => {
      const find = (orderNumber: string) =>
        queryClient.fetchQuery(orderQueryOptions(conn, orderNumber));
      try {
        return await find(typed);
      } catch (error) {
        // The contract does not say order numbers ignore case, so a store may have numbers whose
        // case matters: what was typed is asked first and an exact match wins. Only when that is
        // missing is the upper-case form asked, once, because people type "ord-1001" for the
        // ORD-1001 of their confirmation email.
        const upper = typed.toUpperCase();
        if (upper === typed || !isOrderNotFound(error)) throw error;
        try {
          return await find(upper);
        } catch (second) {
          // neither exists: the customer hears that what they typed was not found
          throw isOrderNotFound(second) ? error : second;
        }
      }
    },
  });

  const onSubmit = ({ orderNumber }: OrderStepValues) => {
    const wanted = toOrderNumber(orderNumber);
    // the field stays editable while the lookup runs: an answer about a number the customer has
    // since changed is not about what the field shows, and is dropped, failure and all
    // (Continue asks again)
    const stillWanted = () => toOrderNumber(getValues('orderNumber')) === wanted;
    lookup.mutate(wanted, {
      onSuccess: (order) => {
        if (!stillWanted()) return lookup.reset();
        // found by its upper-case form: the field shows the order's own number from here on
        if (order.order_number !== wanted) setValue('orderNumber', order.order_number);
        const why = whyNotReturnable(order);
        if (why) {
          setError('orderNumber', {
            type: 'not_returnable',
            message: describeNotReturnable(order.order_number, why),
          });
          focusFirstError();
          return;
        }
        if (inProgress && hasAnswers && order.order_number !== inProgress) {
          setSwitchingTo(order);
          return;
        }
        onFound(order);
      },
      onError: (error) => {
        if (!stillWanted()) return lookup.reset();
        if (isOrderNotFound(error)) {
          setError('orderNumber', { type: 'not_found', message: orderNotFoundMessage(staff) });
          focusFirstError();
        }
      },
    });
  };

  const lookupError = lookup.error;
  // not shown: a missing order (said at the field), and a lookup dropped because someone signed
  // in or out or the store changed meanwhile (the cache clear cancels it; nothing went wrong)
  const failedNow =
    lookupError && !isSuperseded(lookupError) && !isOrderNotFound(lookupError) ? lookupError : null;
  // the failure whose Try again is on its way stays, with its button (which keeps focus), until
  // the answer: TanStack clears the error as the retry starts, which took both away and dropped
  // focus to the page. Continue starts afresh
  const [retryOf, setRetryOf] = useState<unknown>(null);
  const shownError = failedNow ?? (lookup.isPending ? retryOf : null);
  const submit = handleSubmit(onSubmit, focusFirstError);

  // a failure shown here takes focus from Continue (a missing or unreturnable order focuses the
  // field instead)
  const errorRef = useFocusOnArrival<HTMLDivElement>(shownError);

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-4`}>
      <StepHeading step="order" />
      <LandingAlert landing={landing} />
      <p className="text-slate-800">
        Returns are accepted within 30 days of delivery.
        {staff ? null : ' You will find the order number in your order confirmation email.'}
      </p>
      <Form
        submitCount={formState.submitCount}
        noValidate
        onSubmit={(e) => {
          setRetryOf(null);
          void submit(e);
        }}
        className="flex flex-col gap-4"
      >
        <Field
          label="Order number"
          hint="For example ORD-1001"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={formState.errors.orderNumber?.message}
          {...register('orderNumber')}
        />
        {shownError ? (
          <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
            <ApiErrorAlert
              error={shownError}
              onRetry={() => {
                setRetryOf(shownError);
                void submit();
              }}
              retrying={lookup.isPending}
              subject="the order"
            />
          </div>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
          <Button type="submit" pending={lookup.isPending} pendingLabel="Looking up the order…">
            Continue
          </Button>
          {inProgress ? (
            <Button variant="secondary" onClick={() => setConfirmingReset(true)}>
              Start over
            </Button>
          ) : null}
        </div>
      </Form>
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title="Start over?"
        confirmLabel="Start over"
        cancelLabel="Keep my answers"
        tone="danger"
        onConfirm={onStartOver}
      >
        <p>The items, reasons and address you entered for {inProgress} will be cleared.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={switchingTo !== null}
        onOpenChange={(open) => {
          if (open) return;
          // kept: the field goes back to the order the answers are for, so Continue goes on with it
          if (!switchConfirmed.current && inProgress) setValue('orderNumber', inProgress);
          switchConfirmed.current = false;
          setSwitchingTo(null);
        }}
        title={`Return ${switchingTo?.order_number ?? ''} instead?`}
        confirmLabel={`Return ${switchingTo?.order_number ?? ''}`}
        cancelLabel="Keep my answers"
        tone="danger"
        onConfirm={() => {
          switchConfirmed.current = true;
          if (switchingTo) onFound(switchingTo);
        }}
      >
        <p>The items, reasons and address you entered for {inProgress} will be cleared.</p>
      </ConfirmDialog>
    </section>
  );
}
