import { z } from 'zod/mini';
import { VISIBLE } from '@/lib/text';
import { addressInputSchema, dateTimeSchema, moneySchema } from './common';

export const RESOLUTIONS = ['refund', 'replacement'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_ITEMS = 50;
export const MAX_REASON_LENGTH = 500;
/**
 * A reason's length as the service counts it (CONTRACT B5, 1 to 500 characters): characters
 * (code points, as zod counts them: an emoji is one, not two UTF-16 units) of the text sent,
 * which is trimmed.
 */
export const reasonLength = (text: string) => [...text.trim()].length;

export const returnItemInputSchema = z.strictObject({
  // no upper length: a product_id or sku of any length that names no line of the order is 422
  // item_not_in_order (B5); the 64 KiB body limit bounds the request (docs/demo-service.md)
  product_id: z.string().check(z.minLength(1, { error: 'Choose a product' })),
  sku: z.string().check(z.minLength(1, { error: 'Choose a product' })),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .check(z.int({ error: 'Enter a whole number' }), z.gte(1, { error: 'Return at least 1' })),
  resolution: z.enum(RESOLUTIONS, { error: 'Choose refund or replacement' }),
  return_reason: z.string({ error: 'Give a reason' }).check(
    z.trim(),
    // not only spaces and invisible characters
    z.regex(VISIBLE, { error: 'Give a reason' }),
    z.maxLength(MAX_REASON_LENGTH, {
      error: `Keep the reason to ${MAX_REASON_LENGTH} characters or fewer`,
    }),
  ),
});
export type ReturnItemInput = z.infer<typeof returnItemInputSchema>;

export const createReturnBodySchema = z.strictObject({
  return_items: z.array(returnItemInputSchema).check(
    z.minLength(1, { error: 'Choose at least one item to return' }),
    z.maxLength(MAX_RETURN_ITEMS, { error: `At most ${MAX_RETURN_ITEMS} items per return` }),
    z.superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.sku)) {
          ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: 'This item is listed twice' });
        }
        seen.add(item.sku);
      });
    }),
  ),

  shipping_address: z.optional(z.nullable(addressInputSchema)),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

export const returnItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  product_image_url: z.nullable(z.string()),
  sku: z.string(),
  selling_price: moneySchema,
  tax_type: z.string(),
  tax_rate: z.number(),
  // as requested: 1 to the line's returnable quantity (CONTRACT B5)
  quantity: z.number().check(z.int(), z.gte(1)),
  resolution: z.string(),
  return_reason: z.string(),
});

export const refundSchema = z.object({
  request_number: z.string(),
  refund_amount: moneySchema,
  refund_date: z.nullable(dateTimeSchema),
  status: z.string(),
  payment_mode: z.string(),
  payment_method: z.nullable(z.string()),
  payment_reference_number: z.nullable(z.string()),
  bank_account_number: z.nullable(z.string()),
  bank_name: z.nullable(z.string()),
  refund_remarks: z.nullable(z.string()),
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
  approved_at: z.nullable(dateTimeSchema),
  shipped_at: z.nullable(dateTimeSchema),
  received_at: z.nullable(dateTimeSchema),
  original_order_number: z.string(),
  original_order_delivered_at: dateTimeSchema,
  replacement_order_number: z.nullable(z.string()),
  replacement_order_date: z.nullable(dateTimeSchema),
  // money is never null (B3): 0 while no replacement order exists (docs/demo-service.md)
  replacement_order_amount: moneySchema,
  refund: z.array(refundSchema),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;
