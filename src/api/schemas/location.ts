import { z } from 'zod/mini';

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  warehouse_type: z.string(),
  active: z.boolean(),
  gstin: z.nullable(z.string()),
  city: z.string(),
  address_line1: z.string(),
  address_line2: z.nullable(z.string()),
  landmark: z.nullable(z.string()),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  country_code: z.string(),
  contact_phone: z.number(),
  contact_email: z.nullable(z.string()),
  is_default: z.boolean(),
  image_url: z.nullable(z.string()),
  seller_warehouse_id: z.nullable(z.string()),
  can_receive_stock: z.boolean(),
  can_ship_parcel: z.boolean(),
  can_collect: z.boolean(),
  is_checkout_point: z.boolean(),
  accepts_returns: z.boolean(),
  opening_hours: z.nullable(z.string()),
});
export type Location = z.infer<typeof locationSchema>;
