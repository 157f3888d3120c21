import { z } from 'zod';

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  warehouse_type: z.string(),
  active: z.boolean(),
  gstin: z.string().nullable(),
  city: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  landmark: z.string().nullable(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  country_code: z.string(),
  contact_phone: z.number(),
  contact_email: z.string().nullable(),
  is_default: z.boolean(),
  image_url: z.string().nullable(),
  seller_warehouse_id: z.string().nullable(),
  can_receive_stock: z.boolean(),
  can_ship_parcel: z.boolean(),
  can_collect: z.boolean(),
  is_checkout_point: z.boolean(),
  accepts_returns: z.boolean(),
  opening_hours: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;
