import { z } from 'zod/mini';
import { type AddressInput, addressInputSchema, toNationalPhone } from '@/api/schemas/common';
import { issueMessage } from '@/api/schemas/issue-message';
import type { Order, OrderItem } from '@/api/schemas/order';
import { formatNumber } from '@/lib/format';
import { VISIBLE } from '@/lib/text';
import {
  type CreateReturnBody,
  MAX_REASON_LENGTH,
  reasonLength,
  MAX_RETURN_ITEMS,
  RESOLUTIONS,
  type Resolution,
} from '@/api/schemas/order-return';

/*
 * The wizard's form state mirrors the screens (strings as typed, a reason picked from a list,
 * a checkbox per line), one schema per step. Only `toCreateReturnBody` speaks the API's shape.
 * Each step's values have a structural schema (used to read a stored draft back safely) and a
 * validating schema (the step's rules, used by its form and by the wizard's step guard).
 */

// ---- step 1: order ----

export const orderStepSchema = z.object({
  orderNumber: z.string().check(
    z.trim(),
    // only invisible characters are no number (the lookup drops them: toOrderNumber)
    z.regex(VISIBLE, { error: 'Enter the order number' }),
    z.maxLength(64, { error: 'That is too long for an order number' }),
  ),
});
export type OrderStepValues = z.input<typeof orderStepSchema>;

// ---- step 2: items ----

export const RETURN_REASONS = [
  { value: 'too_small', label: 'Too small' },
  { value: 'too_large', label: 'Too large' },
  { value: 'damaged', label: 'Damaged or defective' },
  { value: 'not_as_described', label: 'Not as described' },
  { value: 'wrong_item', label: 'Wrong item sent' },
  { value: 'changed_mind', label: 'Changed my mind' },
  { value: 'other', label: 'Other' },
] as const;
export const OTHER_REASON = 'other';

export const RESOLUTION_LABELS: Record<Resolution, string> = {
  refund: 'Refund',
  replacement: 'Replacement',
};

const itemLineValuesSchema = z.object({
  sku: z.string(),
  product_id: z.string(),
  selected: z.boolean(),
  quantity: z.string(),
  reason: z.string(),
  otherReason: z.string(),
  // a radio group with nothing checked reads as null in react-hook-form
  resolution: z.nullable(z.string()),
});
export const itemsValuesSchema = z.object({ lines: z.array(itemLineValuesSchema) });
export type ItemLineValues = z.infer<typeof itemLineValuesSchema>;
export type ItemsValues = z.infer<typeof itemsValuesSchema>;

/** A fresh line for each order item, merged with what the customer already entered (by SKU). */
export function itemsDefaults(order: Order, saved: ItemsValues | null): ItemsValues {
  return {
    lines: order.order_items.map((item) => {
      const before = saved?.lines.find((l) => l.sku === item.sku);
      return (
        before ?? {
          sku: item.sku,
          product_id: item.product_id,
          selected: false,
          quantity: '1',
          reason: '',
          otherReason: '',
          resolution: '',
        }
      );
    }),
  };
}

/**
 * The quantity as typed, if it is a whole number; null otherwise. Any number of digits is a
 * whole number: 1000000 is "at most 2", not "not a whole number" (a number too large for a
 * double reads as Infinity, still more than any line can return).
 */
export function parseQuantity(typed: string): number | null {
  const trimmed = typed.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The quantity of a line that Continue accepts (and the running estimate counts): a whole number
 * from 1 to what the order line can return now; null otherwise (the step says why).
 */
export function acceptedQuantity(typed: string, item: OrderItem | undefined): number | null {
  const quantity = parseQuantity(typed);
  return item && quantity !== null && quantity >= 1 && quantity <= item.returnable_quantity
    ? quantity
    : null;
}

const isResolution = (value: string | null): value is Resolution =>
  value !== null && (RESOLUTIONS as readonly string[]).includes(value);

/**
 * What is wrong with how many lines are chosen, if anything. The items step also reads it as the
 * customer ticks, so a complaint goes once it no longer holds (not at the next Continue).
 */
export function chosenCountProblem(chosen: number): string | undefined {
  if (chosen === 0) return 'Choose at least one item';
  if (chosen > MAX_RETURN_ITEMS) return `Choose at most ${MAX_RETURN_ITEMS} items per return`;
  return undefined;
}

/** Step 2's rules: at least one line, and for each chosen line a quantity, reason, resolution. */
export function itemsStepSchema(order: Order) {
  const bySku = new Map(order.order_items.map((i) => [i.sku, i]));
  return itemsValuesSchema.check(
    z.superRefine((values, ctx) => {
      const chosen = values.lines.filter((l) => l.selected);
      const countProblem = chosenCountProblem(chosen.length);
      if (countProblem) ctx.addIssue({ code: 'custom', path: ['lines'], message: countProblem });
      values.lines.forEach((line, i) => {
        if (!line.selected) return;
        const at = (field: keyof ItemLineValues, message: string) =>
          ctx.addIssue({ code: 'custom', path: ['lines', i, field], message });
        const item = bySku.get(line.sku);
        if (!item) {
          at('selected', 'This item is no longer part of the order');
          return;
        }
        if (acceptedQuantity(line.quantity, item) === null) {
          // why not, in the order a customer would fix it
          const max = item.returnable_quantity;
          const typed = line.quantity.trim();
          const quantity = parseQuantity(typed);
          if (typed === '') at('quantity', 'Enter how many to return');
          else if (quantity === null) at('quantity', 'Enter a whole number, like 1');
          else if (max === 0) at('quantity', 'None of this item can be returned now');
          else if (quantity < 1) at('quantity', 'Return at least 1');
          else
            at(
              'quantity',
              max === 1 ? 'You can return only 1' : `You can return at most ${formatNumber(max)}`,
            );
        }
        if (line.reason === '') at('reason', 'Choose a reason');
        else if (line.reason === OTHER_REASON) {
          // only spaces and invisible characters are no reason, as the service says too
          if (!VISIBLE.test(line.otherReason)) at('otherReason', 'Tell us the reason');
          else if (reasonLength(line.otherReason) > MAX_REASON_LENGTH) {
            at('otherReason', `Keep the reason to ${MAX_REASON_LENGTH} characters or fewer`);
          }
        } else if (!RETURN_REASONS.some((r) => r.value === line.reason)) {
          at('reason', 'Choose a reason');
        }
        if (!isResolution(line.resolution)) at('resolution', 'Choose refund or replacement');
      });
    }),
  );
}

function reasonText(line: ItemLineValues): string {
  if (line.reason === OTHER_REASON) return line.otherReason.trim();
  return RETURN_REASONS.find((r) => r.value === line.reason)?.label ?? line.reason;
}

// ---- step 3: pickup address ----

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'address_line1',
  'address_line2',
  'landmark',
  'city',
  'state',
  'pincode',
  'country',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const PICKUP_CHOICES = ['delivery', 'other'] as const;

export const addressValuesSchema = z.object({
  pickup: z.enum(PICKUP_CHOICES),
  address: z.object({
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    email: z.string(),
    address_line1: z.string(),
    address_line2: z.string(),
    landmark: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    country: z.string(),
  }),
});
export type AddressValues = z.infer<typeof addressValuesSchema>;

/** Start with the order's delivery address; "another address" starts from its name and phone. */
export function addressDefaults(order: Order, saved: AddressValues | null): AddressValues {
  if (saved) return saved;
  const a = order.shipping_address;
  return {
    pickup: 'delivery',
    address: {
      first_name: a.first_name ?? '',
      last_name: a.last_name ?? '',
      phone: a.phone ?? '',
      email: a.email ?? '',
      address_line1: '',
      address_line2: '',
      landmark: '',
      city: '',
      state: '',
      pincode: '',
      country: a.country ?? 'India',
    },
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The typed address as the API takes it; spaces people type in numbers are dropped. */
function toAddressInput(values: AddressValues['address']): AddressInput {
  return {
    first_name: values.first_name.trim(),
    last_name: blankToNull(values.last_name),
    phone: toNationalPhone(values.phone),
    email: blankToNull(values.email),
    address_line1: values.address_line1.trim(),
    address_line2: blankToNull(values.address_line2),
    landmark: blankToNull(values.landmark),
    city: values.city.trim(),
    state: values.state.trim(),
    pincode: values.pincode.replace(/\s/g, ''),
    country: values.country.trim(),
  };
}

/** Step 3's rules: another address must pass the service's own address schema. */
export const addressStepSchema = addressValuesSchema.check(
  z.superRefine((values, ctx) => {
    if (values.pickup !== 'other') return;
    const parsed = addressInputSchema.safeParse(toAddressInput(values.address));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: ['address', ...issue.path],
        message: issueMessage(issue),
      });
    }
  }),
);

// ---- submission ----

export interface PreparedReturn {
  body: CreateReturnBody;
  /** For each entry of `body.return_items`, the index of its line in the items step. */
  lineIndex: number[];
}

/** Map the screens' answers to the request body, only at submit. */
export function toCreateReturnBody(items: ItemsValues, address: AddressValues): PreparedReturn {
  const lineIndex: number[] = [];
  const return_items = items.lines.flatMap((line, i) => {
    if (!line.selected || !isResolution(line.resolution)) return [];
    lineIndex.push(i);
    return [
      {
        product_id: line.product_id,
        sku: line.sku,
        quantity: parseQuantity(line.quantity) ?? 0,
        resolution: line.resolution,
        return_reason: reasonText(line),
      },
    ];
  });
  return {
    body: {
      return_items,
      // null: collect from the order's delivery address (CONTRACT B5)
      shipping_address: address.pickup === 'other' ? toAddressInput(address.address) : null,
    },
    lineIndex,
  };
}
