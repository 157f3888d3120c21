import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/api/errors';
import { orderQueryOptions } from '@/api/orders';
import type { Order } from '@/api/schemas/order';
import { ApiErrorAlert, isSuperseded } from '@/components/api-error-alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useFocusOnArrival } from '@/components/ui/focus-on-arrival';
import { useConnection } from '@/lib/session';
import type { Landing } from './refusals';
import { type OrderStepValues, orderStepSchema } from './return-form';
import { ORDER_NOT_FOUND_MESSAGE, describeNotReturnable, whyNotReturnable } from './returnability';
import { LandingAlert, StepHeading, card, useLanding } from './wizard-parts';

export function OrderStep({
  defaultOrderNumber,
  inProgress,
  landing,
  onChange,
  onFound,
  onStartOver,
}: {
  defaultOrderNumber: string;
  /** The order of a return already being filled in, if any. */
  inProgress: string | null;
  landing: Landing | null;
  onChange: (orderInput: string) => void;
  onFound: (order: Order) => void;
  onStartOver: () => void;
}) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const { register, handleSubmit, formState, setError, subscribe } = useForm<OrderStepValues>({
    resolver: zodResolver(orderStepSchema),
    defaultValues: { orderNumber: defaultOrderNumber },
  });
  useLanding(landing, setError);

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
    mutationFn: (orderNumber: string) =>
      queryClient.fetchQuery(orderQueryOptions(conn, orderNumber)),
  });

  const onSubmit = ({ orderNumber }: OrderStepValues) => {
    const wanted = orderNumber.trim();
    lookup.mutate(wanted, {
      onSuccess: (order) => {
        const why = whyNotReturnable(order);
        if (why) {
          setError(
            'orderNumber',
            { type: 'not_returnable', message: describeNotReturnable(order.order_number, why) },
            { shouldFocus: true },
          );
          return;
        }
        onFound(order);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'order_not_found') {
          setError(
            'orderNumber',
            { type: 'not_found', message: ORDER_NOT_FOUND_MESSAGE },
            { shouldFocus: true },
          );
        }
      },
    });
  };

  const lookupError = lookup.error;
  // not shown: a missing order (said at the field), and a lookup dropped because someone signed
  // in or out or the store changed meanwhile (the cache clear cancels it; nothing went wrong)
  const shownError =
    lookupError &&
    !isSuperseded(lookupError) &&
    !(isApiError(lookupError) && lookupError.code === 'order_not_found')
      ? lookupError
      : null;

  // the Continue button is disabled during the lookup, so focus would fall to the page: a failure
  // shown here takes it (a missing or unreturnable order focuses the field instead)
  const errorRef = useFocusOnArrival<HTMLDivElement>(shownError);

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-4`}>
      <StepHeading step="order" />
      <LandingAlert landing={landing} />
      <p className="text-slate-800">
        Returns are accepted within 30 days of delivery. You will find the order number in your
        order confirmation email.
      </p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
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
              onRetry={() => void handleSubmit(onSubmit)()}
              retrying={lookup.isPending}
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
      </form>
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
    </section>
  );
}
