import { useMemo, useRef } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useWatch,
} from 'react-hook-form';
import type { Order, OrderItem } from '@/api/schemas/order';
import { MAX_REASON_LENGTH, RESOLUTIONS, reasonLength } from '@/api/schemas/order-return';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { formatCount, formatMoney, formatNumber } from '@/lib/format';
import { safeUrl } from '@/lib/safe-url';
import { ChoiceGroup, RadioOption, SelectField, TextAreaField } from './form-controls';
import { chosenEntries, estimateRefund, paiseToRupees } from './refund-estimate';
import {
  type ItemsValues,
  OTHER_REASON,
  RESOLUTION_LABELS,
  RETURN_REASONS,
  chosenCountProblem,
  itemsDefaults,
  itemsStepSchema,
  parseQuantity,
} from './return-form';
import { LandingAlert, StepActions, StepHeading, type StepProps, card } from './wizard-parts';
import { useStepForm } from './use-step-form';

function ProductLabel({ item }: { item: OrderItem }) {
  return (
    <>
      {item.product_name}
      {item.variant_name ? <span className="font-normal">, {item.variant_name}</span> : null}
    </>
  );
}

/**
 * "Describe the reason", with how much of its limit is left as the hint (tied to the box by
 * aria-describedby, not live: the count is read with the field, not at every key). No maxLength:
 * the browser would cut a longer paste without a word; the text stays whole, the count says how
 * far over it is, and Continue refuses it with the step's own message.
 */
function OtherReasonField({
  value,
  error,
  ...registration
}: { value: string; error: string | undefined } & UseFormRegisterReturn) {
  const left = MAX_REASON_LENGTH - reasonLength(value);
  return (
    <TextAreaField
      label="Describe the reason"
      hint={
        left >= 0
          ? `${left} of ${MAX_REASON_LENGTH} characters left.`
          : `${formatCount(-left, 'character')} over the limit of ${MAX_REASON_LENGTH}.`
      }
      error={error}
      {...registration}
    />
  );
}

function LineFields({
  index,
  item,
  order,
  control,
  register,
  errors,
}: {
  index: number;
  item: OrderItem;
  order: Order;
  control: Control<ItemsValues>;
  register: UseFormRegister<ItemsValues>;
  errors: FieldErrors<ItemsValues>;
}) {
  const line = useWatch({ control, name: `lines.${index}` });
  const e = errors.lines?.[index];
  const image = safeUrl(item.product_image_url);
  const resolutionErrorId = `line-${index}-resolution-error`;
  const selectedErrorId = `line-${index}-selected-error`;
  const nothingLeft = item.returnable_quantity === 0;
  // unticking a line that can no longer be returned takes its checkbox away: focus goes to the
  // words that take its place, not to the page
  const untickedHere = useRef(false);
  const selected = register(`lines.${index}.selected`);

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 text-lg font-semibold text-slate-900">
        <ProductLabel item={item} />
      </legend>
      <div className="flex gap-3">
        {image ? (
          <img
            src={image}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded border border-slate-200 bg-slate-50"
          />
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
          <dt>SKU</dt>
          <dd>{item.sku}</dd>
          <dt>Price</dt>
          <dd>{formatMoney(item.selling_price, order.currency)} each</dd>
          <dt>Bought</dt>
          <dd>{formatNumber(item.quantity)}</dd>
          <dt>Can return</dt>
          <dd>{formatNumber(item.returnable_quantity)}</dd>
        </dl>
      </div>
      {nothingLeft && !line?.selected ? (
        <p
          tabIndex={-1}
          ref={(el) => {
            if (el && untickedHere.current) {
              untickedHere.current = false;
              el.focus();
            }
          }}
          className="text-slate-800 focus:outline-none"
        >
          Already in a return request.
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-indigo-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              aria-invalid={e?.selected ? true : undefined}
              aria-describedby={e?.selected ? selectedErrorId : undefined}
              {...selected}
              onChange={(event) => {
                if (nothingLeft && !event.target.checked) untickedHere.current = true;
                return selected.onChange(event);
              }}
            />
            Return this item
          </label>
          {e?.selected?.message ? (
            <p id={selectedErrorId} className="text-sm font-medium text-red-800">
              {e.selected.message}
            </p>
          ) : null}
        </div>
      )}
      {line?.selected ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Quantity to return"
            hint={`Up to ${formatNumber(item.returnable_quantity)}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="sm:col-span-2 sm:max-w-48"
            error={e?.quantity?.message}
            {...register(`lines.${index}.quantity`)}
          />
          <SelectField
            label="Reason"
            error={e?.reason?.message}
            {...register(`lines.${index}.reason`)}
          >
            <option value="">Select a reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </SelectField>
          {line.reason === OTHER_REASON ? (
            <OtherReasonField
              value={line.otherReason}
              error={e?.otherReason?.message}
              {...register(`lines.${index}.otherReason`)}
            />
          ) : null}
          <ChoiceGroup
            legend="Refund or replacement?"
            error={e?.resolution?.message}
            errorId={resolutionErrorId}
            className="sm:col-span-2"
          >
            {RESOLUTIONS.map((r) => (
              <RadioOption
                key={r}
                value={r}
                label={RESOLUTION_LABELS[r]}
                errorId={e?.resolution ? resolutionErrorId : undefined}
                {...register(`lines.${index}.resolution`)}
              />
            ))}
          </ChoiceGroup>
        </div>
      ) : null}
    </fieldset>
  );
}

/** A running summary, announced politely as the customer changes quantities and resolutions. */
function Summary({ order, control }: { order: Order; control: Control<ItemsValues> }) {
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const entries = chosenEntries(order, { lines });
  const { count, anyRefund, refundPaise } = estimateRefund(order, entries);
  // a ticked line whose quantity cannot be sent is left out of the figures (chosenEntries): the
  // summary says so, rather than "No items chosen" beside a ticked box, or a total that quietly
  // lacks a line
  const uncounted = lines.filter((l) => l.selected).length - entries.length;
  const refund =
    anyRefund && refundPaise !== null
      ? ` Estimated refund ${formatMoney(paiseToRupees(refundPaise), order.currency)}.`
      : '';
  const notCounted =
    uncounted === 0
      ? ''
      : uncounted === 1
        ? ' 1 more line is not counted: check its quantity.'
        : ` ${formatNumber(uncounted)} more lines are not counted: check their quantities.`;
  let text: string;
  if (count > 0) text = `${formatCount(count, 'item')} chosen.${refund}${notCounted}`;
  else if (uncounted === 0) text = 'No items chosen yet.';
  else if (uncounted === 1)
    text = 'No items counted yet: check the quantity of the line you chose.';
  else
    text = `No items counted yet: check the quantities of the ${formatNumber(uncounted)} lines you chose.`;
  return (
    <p role="status" className="rounded-md bg-slate-100 p-3 text-slate-900">
      {text}
    </p>
  );
}

export function ItemsStep({
  order,
  saved,
  landing,
  checkNow,
  onChange,
  onContinue,
  onBack,
}: StepProps<ItemsValues>) {
  const schema = useMemo(() => itemsStepSchema(order), [order]);
  const { control, register, handleSubmit, formState } = useStepForm({
    schema,
    defaultValues: itemsDefaults(order, saved),
    landing,
    checkNow,
    onChange,
  });

  // sent back here (a reload, Back from a later step) with a chosen quantity the order no longer
  // allows: part of it was returned since (another tab, the store). Said, not only under the line
  const shrunk =
    checkNow &&
    !landing &&
    (saved?.lines ?? []).some((line) => {
      const quantity = parseQuantity(line.quantity);
      const item = order.order_items.find((i) => i.sku === line.sku);
      return line.selected && quantity !== null && quantity > (item?.returnable_quantity ?? 0);
    });

  // flagged by a Continue, then following the ticks: it goes once an item is chosen
  const flagged = !!(formState.errors.lines?.message ?? formState.errors.lines?.root?.message);
  const lines = useWatch({ control, name: 'lines' });
  const linesError = flagged
    ? chosenCountProblem(lines.filter((l) => l.selected).length)
    : undefined;

  return (
    <section aria-labelledby="return-step-heading" className={`${card} flex flex-col gap-4`}>
      <StepHeading step="items" />
      <LandingAlert landing={landing} />
      {shrunk ? (
        <Alert tone="warning" title="Less can be returned than you chose">
          Part of order {order.order_number} was returned since you chose it. Check the highlighted
          line.
        </Alert>
      ) : null}
      <p className="text-slate-800">
        Order {order.order_number}. Choose what you are sending back, how many, and why.
      </p>
      {/* no scroll anchoring here: what this form adds (a ticked line's fields, "Describe the
          reason") opens below the control that asked for it. With the line's top scrolled away,
          Chrome anchored the scroll on something below the new fields (the next line) and
          scrolled the page by their height: the checkbox just ticked, and focus on it, went off
          the top of the screen (e2e/returns.spec.ts, on a phone) */}
      <Form
        submitCount={formState.submitCount}
        noValidate
        onSubmit={handleSubmit(onContinue)}
        className="flex flex-col gap-4 [overflow-anchor:none]"
      >
        {linesError ? (
          <p id="lines-error" role="alert" className="font-medium text-red-800">
            {linesError}
          </p>
        ) : null}
        {order.order_items.map((item, index) => (
          <LineFields
            key={item.sku}
            index={index}
            item={item}
            order={order}
            control={control}
            register={register}
            errors={formState.errors}
          />
        ))}
        <Summary order={order} control={control} />
        <StepActions onBack={onBack} />
      </Form>
    </section>
  );
}
