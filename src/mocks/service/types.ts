import type { NotificationPreferences } from '@/api/schemas/notification-preferences';
import type { StoreConfig } from '@/api/schemas/store-config';
import type { Paise } from './money';

export type Role = 'staff' | 'customer';

export interface TokenRecord {
  role: Role;
  userId: string;
}

export interface CustomerRecord {
  id: string;
  /** null for a customer made at the till from a phone or email alone. */
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  country_code: string;
  points: number;
  is_phone_verified: boolean;
  is_email_verified: boolean;
  notification_preferences: NotificationPreferences | null;
}

export interface ColorValue {
  name: string;
  hexcode: string;
}

export interface CartItemRecord {
  product_id: string;
  variant_id: string | null;
  sku: string;
  slug: string;
  product_name: string;
  variant_name: string | null;
  product_image_url: string | null;
  quantity: number;
  free_quantity: number;
  /** Per unit, tax-inclusive. */
  listing_price: Paise;
  selling_price: Paise;
  tax_rate: number;
  /** For the whole line. */
  promotion_discount: Paise;
  promotion_id: string | null;
  on_subscription: boolean;
  on_promotion: boolean;
  stock_available: boolean;
  backorder: boolean;
  is_free_item: boolean;
  min_order_quantity: number;
  max_order_quantity: number;
  handling_charge_excluding_tax: Paise;
  handling_charge_tax_rate: number;
  associated_options: Record<string, { name: string; type: string; value: string | ColorValue }>;
  attributes: { id: string; name: string; key: string; type: string; value: ColorValue[] }[];
  subscriptions: {
    id: string;
    subscription_plan: string;
    subscription_price: Paise;
    billing_interval: number;
    billing_limit: number;
    order_interval: number;
    order_limit: number;
    minimum_quantity: number;
    billing_trial_days: number;
    billing_frequency: string;
    order_frequency: string;
    fulfill_separately: boolean;
  }[];
}

export interface CartRecord {
  id: string;
  active: boolean;
  expires_at: string;
  customer_id: string | null;
  customer_note: string | null;
  items: CartItemRecord[];
  coupon: { coupon_id: string; code: string; amount: Paise; percent: number } | null;
  shipping_amount: Paise;
  shipping_estimated_cost: Paise;
  shipping_discount_amount: Paise;
  shipping_tax_rate: number;
  credit_balance_used: Paise;
  loyalty_points_redeemed: number;
  fulfillment_type: 'collect-in-store' | 'delivery';
  pickup_location_id: string | null;
  pickup_location_name: string | null;
  /** 0 for collect-in-store. */
  estimated_delivery_days: number;
  metadata: Record<string, unknown>;
}

export interface OrderItemRecord {
  product_id: string;
  variant_id: string | null;
  product_name: string;
  variant_name: string | null;
  product_image_url: string | null;
  sku: string;
  quantity: number;
  /** Per unit, tax-inclusive. */
  selling_price: Paise;
  tax_type: string;
  tax_rate: number;
}

export interface AddressRecord {
  id: string | null;
  first_name: string;
  last_name: string | null;
  country_code: string | null;
  phone: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  landmark: string | null;
  pincode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  tax_identification_number: string | null;
  business_name: string | null;
}

export interface OrderRecord {
  order_number: string;
  customer_id: string;
  order_date: string;
  status: 'placed' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  delivered_at: string | null;
  payment_mode: 'Prepaid' | 'COD';
  shipping_address: AddressRecord;
  items: OrderItemRecord[];
}

export interface ReturnItemRecord {
  product_id: string;
  product_name: string;
  product_image_url: string | null;
  sku: string;
  selling_price: Paise;
  tax_type: string;
  tax_rate: number;
  quantity: number;
  resolution: 'refund' | 'replacement';
  return_reason: string;
}

export interface ReturnRecord {
  request_number: string;
  order_number: string;
  customer_id: string;
  status: string;
  created_at: string;
  original_order_delivered_at: string;
  pickup_address: AddressRecord;
  items: ReturnItemRecord[];
  refund_status: 'pending' | null;
}

export interface LocationRecord {
  id: string;
  name: string;
  warehouse_type: string;
  active: boolean;
  gstin: string | null;
  city: string;
  address_line1: string;
  address_line2: string | null;
  landmark: string | null;
  pincode: string;
  state: string;
  country: string;
  country_code: string;
  contact_phone: number;
  contact_email: string | null;
  is_default: boolean;
  image_url: string | null;
  seller_warehouse_id: string | null;
  can_receive_stock: boolean;
  can_ship_parcel: boolean;
  can_collect: boolean;
  is_checkout_point: boolean;
  accepts_returns: boolean;
  opening_hours: string | null;
}

/** The whole mutable world of the demo store: plain JSON, so it persists as is. */
export interface ServiceState {
  storeId: string;
  apiKey: string;
  tokens: Record<string, TokenRecord>;
  customers: Record<string, CustomerRecord>;
  carts: Record<string, CartRecord>;
  orders: Record<string, OrderRecord>;
  returns: Record<string, ReturnRecord>;
  /** `${userId} ${Idempotency-Key}` -> request number. */
  idempotency: Record<string, string>;
  locations: LocationRecord[];
  storeConfig: StoreConfig;
  counters: { customer: number; returnRequest: number };
}
