import { z } from 'zod';
import { addressInputSchema, dateTimeSchema, moneySchema } from './common';

export const RESOLUTIONS = ['refund', 'replacement'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RETURN_STATUSES = [
  'created',
  'approved',
  'rejected',
  'shipped',
  'received',
  'complete',
  'cancelled',
] as const;
export const REFUND_STATUSES = ['pending', 'approved', 'success', 'failed'] as const;

export const RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_ITEMS = 50;
export const MAX_REASON_LENGTH = 500;

export const returnItemInputSchema = z.strictObject({
  product_id: z.string().min(1, { error: 'Choose a product' }).max(100),
  sku: z.string().min(1, { error: 'Choose a product' }).max(100),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int({ error: 'Enter a whole number' })
    .min(1, { error: 'Return at least 1' }),
  resolution: z.enum(RESOLUTIONS, { error: 'Choose refund or replacement' }),
  return_reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, { error: 'Give a reason' })
    .max(MAX_REASON_LENGTH, { error: `Keep the reason under ${MAX_REASON_LENGTH} characters` }),
});
export type ReturnItemInput = z.infer<typeof returnItemInputSchema>;

export const createReturnBodySchema = z.strictObject({
  return_items: z
    .array(returnItemInputSchema)
    .min(1, { error: 'Choose at least one item to return' })
    .max(MAX_RETURN_ITEMS, { error: `At most ${MAX_RETURN_ITEMS} items per return` })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.sku)) {
          ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: 'This item is listed twice' });
        }
        seen.add(item.sku);
      });
    }),
  shipping_address: addressInputSchema.nullable().optional(),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

export const returnItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  product_image_url: z.string().nullable(),
  sku: z.string(),
  selling_price: moneySchema,
  tax_type: z.string(),
  tax_rate: z.number(),
  quantity: z.number().int(),
  resolution: z.string(),
  return_reason: z.string(),
});

export const refundSchema = z.object({
  request_number: z.string(),
  refund_amount: moneySchema,
  refund_date: dateTimeSchema.nullable(),
  status: z.string(),
  payment_mode: z.string(),
  payment_method: z.string().nullable(),
  payment_reference_number: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  refund_remarks: z.string().nullable(),
});

export const orderReturnSchema = z.object({
  request_number: z.string(),
  status: z.string(),
  return_items: z.array(returnItemSchema),
  subtotal: moneySchema,
  shipping_amount: moneySchema,
  total_tax: moneySchema,
  grand_total: moneySchema,
  created_at: dateTimeSchema,
  approved_at: dateTimeSchema.nullable(),
  shipped_at: dateTimeSchema.nullable(),
  received_at: dateTimeSchema.nullable(),
  original_order_number: z.string(),
  original_order_delivered_at: dateTimeSchema,
  replacement_order_number: z.string().nullable(),
  replacement_order_date: dateTimeSchema.nullable(),
  replacement_order_amount: moneySchema.nullable(),
  refund: z.array(refundSchema),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;
