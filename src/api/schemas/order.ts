import { z } from 'zod/mini';
import { addressSchema, currencySchema, dateTimeSchema, moneySchema } from './common';

export const orderItemSchema = z.object({
  product_id: z.string(),
  variant_id: z.nullable(z.string()),
  product_name: z.string(),
  variant_name: z.nullable(z.string()),
  product_image_url: z.nullable(z.string()),
  sku: z.string(),
  quantity: z.number().check(z.int(), z.nonnegative()),
  selling_price: moneySchema,
  tax_type: z.string(),
  tax_rate: z.number(),
  returnable_quantity: z.number().check(z.int(), z.nonnegative()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  order_number: z.string(),
  order_date: dateTimeSchema,
  status: z.string(),
  delivered_at: z.nullable(dateTimeSchema),
  payment_mode: z.string(),
  currency: currencySchema,
  shipping_address: addressSchema,
  grand_total: moneySchema,
  order_items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;
