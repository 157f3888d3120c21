import { z } from 'zod/mini';
import {
  countryCodeSchema,
  currencySchema,
  dateTimeSchema,
  emailSchema,
  moneySchema,
  phoneSchema,
  verifiedAddressSchema,
} from './common';

/**
 * A cart's address; `null` while no customer is linked. The contract keeps every field present
 * (Part A), so a cart with no customer comes with an address with nothing in it (the demo
 * service's); one that sends `null` is read the same. No one to name or reach (no ID, name,
 * phone or email) is no customer, whatever else it holds.
 */
const cartAddressSchema = z.pipe(
  z.nullable(verifiedAddressSchema),
  z.transform((a) =>
    a && [a.id, a.first_name, a.last_name, a.phone, a.email].some((v) => v?.trim()) ? a : null,
  ),
);

const colorValueSchema = z.object({ name: z.string(), hexcode: z.string() });

/** A count (quantities, days, limits): an integer, never negative (CONTRACT B3). */
const countSchema = z.number().check(z.int(), z.nonnegative());
/** An interval or a minimum: at least 1 (every 0 months, or at least 0 at a time, means nothing). */
const positiveCountSchema = z.number().check(z.int(), z.gte(1));

export const associatedOptionSchema = z.object({
  name: z.string(),
  type: z.string(),
  value: z.union([z.string(), colorValueSchema]),
});

export const itemAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  type: z.string(),
  value: z.array(colorValueSchema),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  subscription_plan: z.string(),
  subscription_price: moneySchema,
  billing_interval: positiveCountSchema,
  /** 0: no limit (the screen leaves it out). */
  billing_limit: countSchema,
  order_interval: positiveCountSchema,
  order_limit: countSchema,
  minimum_quantity: positiveCountSchema,
  billing_trial_days: countSchema,
  billing_frequency: z.string(),
  order_frequency: z.string(),
  fulfill_separately: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const cartItemSchema = z.object({
  product_id: z.string(),
  variant_id: z.nullable(z.string()),
  sku: z.string(),
  slug: z.string(),
  product_name: z.string(),
  variant_name: z.nullable(z.string()),
  product_image_url: z.nullable(z.string()),
  product_type: z.string(),
  stock_available: z.boolean(),
  backorder: z.boolean(),
  on_subscription: z.boolean(),
  on_promotion: z.boolean(),
  is_free_item: z.boolean(),
  quantity: countSchema,
  free_quantity: countSchema,
  promotion_discount_amount: moneySchema,
  coupon_discount_amount: moneySchema,
  price_including_tax: z.boolean(),
  listing_price: moneySchema,
  selling_price: moneySchema,
  selling_price_excluding_tax: moneySchema,
  min_order_quantity: countSchema,
  max_order_quantity: countSchema,
  incremental_quantity: countSchema,
  handling_charge_excluding_tax: moneySchema,
  handling_charge_tax_rate: z.number(),
  handling_charge_including_tax: moneySchema,
  tax_type: z.string(),
  tax_rate: z.number(),
  tax_amount: moneySchema,
  associated_options: z.record(z.string(), associatedOptionSchema),
  attributes: z.array(itemAttributeSchema),
  subscriptions: z.array(subscriptionSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const appliedPromotionSchema = z.object({
  promotion_id: z.string(),
  promotion_type: z.string(),
  savings: moneySchema,
  product_id: z.nullable(z.string()),
  variant_id: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  variant_name: z.nullable(z.string()),
  applied_sequence: z.number(),
  scope: z.string(),
});

export const appliedCouponSchema = z.object({
  coupon_id: z.string(),
  coupon_type: z.string(),
  savings: moneySchema,
  product_id: z.nullable(z.string()),
  variant_id: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  variant_name: z.nullable(z.string()),
});

export const fulfillmentPreferenceSchema = z.object({
  fulfillment_type: z.string(),
  preference_type: z.string(),
  pickup_location_id: z.nullable(z.string()),
  pickup_location_name: z.nullable(z.string()),
});

export const cartSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  customer_note: z.nullable(z.string()),
  is_promotion_applied: z.boolean(),
  is_coupon_applied: z.boolean(),
  coupon_code: z.nullable(z.string()),
  coupon_discount_amount: moneySchema,
  coupon_discount_percent: z.number(),
  promotion_discount_amount: moneySchema,
  promotion_discount_percent: z.number(),
  subtotal: moneySchema,
  items_tax_amount: moneySchema,
  subtotal_including_tax: moneySchema,
  shipping_estimated_cost: moneySchema,
  shipping_discount_amount: moneySchema,
  shipping_amount: moneySchema,
  shipping_tax_rate: z.number(),
  shipping_tax_amount: moneySchema,
  shipping_amount_including_tax: moneySchema,
  // an object and a number in the contract, never null (B3 allows null only for timestamps and
  // strings): a collect-in-store cart has 0 days (docs/demo-service.md)
  fulfillment_preference: fulfillmentPreferenceSchema,
  estimated_delivery_days: countSchema,
  handling_charge_excluding_tax: moneySchema,
  handling_charge_tax_amount: moneySchema,
  handling_charge_including_tax: moneySchema,
  total_tax: moneySchema,
  grand_total: moneySchema,
  credit_balance_used: moneySchema,
  to_be_paid: moneySchema,
  loyalty_points_redeemed: z.number().check(z.int(), z.nonnegative()),
  loyalty_points_earned: z.number().check(z.int(), z.nonnegative()),
  cart_items_count: z.number().check(z.int(), z.nonnegative()),
  cart_items: z.array(cartItemSchema),
  /** `null` while no customer is linked (`cartAddressSchema`). */
  billing_address: cartAddressSchema,
  shipping_address: cartAddressSchema,
  currency: currencySchema,
  metadata: z.record(z.string(), z.unknown()),
  expires_at: dateTimeSchema,
  applied_promotions: z.array(appliedPromotionSchema),
  applied_coupons: z.array(appliedCouponSchema),
  promotion_savings: moneySchema,
  coupon_savings: moneySchema,
  other_savings: moneySchema,
  total_savings: moneySchema,
});
export type Cart = z.infer<typeof cartSchema>;

const nameSchema = z
  .string()
  .check(z.trim(), z.maxLength(100, { error: 'Names are at most 100 characters' }));

/**
 * Link-customer body (op 3). The three published variants (id, phone, email) are one strict
 * object here plus a cross-field rule, so that every wrong combination gets a field-level
 * message instead of a union's "no variant matched".
 */
export const linkCustomerBodySchema = z
  .strictObject({
    // no upper length: an ID of any length that names no customer is 404 customer_not_found
    // (B4), and the 64 KiB body limit bounds the request (docs/demo-service.md)
    customer_id: z.optional(
      z.string().check(z.trim(), z.minLength(1, { error: 'Enter a customer ID' })),
    ),
    phone: z.optional(phoneSchema),
    country_code: z.optional(countryCodeSchema),
    email: z.optional(emailSchema),
    first_name: z.optional(nameSchema),
    last_name: z.optional(nameSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      const hasId = body.customer_id !== undefined;
      const others = (
        ['phone', 'country_code', 'email', 'first_name', 'last_name'] as const
      ).filter((k) => body[k] !== undefined);
      if (hasId && others.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [others[0]!],
          message: 'Send either a customer ID or contact details, not both',
        });
      }
      if (!hasId && body.phone === undefined && body.email === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['customer_id'],
          message: 'Give a customer ID, a phone number or an email address',
        });
      }
    }),
  );
/**
 * What `linkCustomerBodySchema` lets through, as a union TypeScript narrows (`'customer_id' in
 * body`): its refinement, which zod's inferred type cannot carry, is what makes a parsed body one
 * of these (so the service's `body as LinkCustomerBody` after parsing is sound).
 */
export type LinkCustomerBody =
  | { customer_id: string }
  | {
      phone: string;
      country_code?: string;
      email?: string;
      first_name?: string;
      last_name?: string;
    }
  | {
      email: string;
      phone?: string;
      country_code?: string;
      first_name?: string;
      last_name?: string;
    };

/** The points form's own ceiling: the contract has none (op 4 takes any integer from 1). */
export const MAX_POINTS = 100_000_000;
const TOO_FEW_POINTS = 'Enter at least 1 point';
const TOO_MANY_POINTS = 'That is more points than any customer can hold';
/**
 * Op 4's points as the contract has them: an integer >= 1, and no upper limit of the service's
 * own. More than the customer holds is well formed and answered 422 insufficient_loyalty_points
 * with the points available (B4). Only a whole number past the safe-integer range is refused
 * (400), as a return's quantity is: JSON cannot bring it exactly (docs/demo-service.md).
 */
const requestPointsSchema = z.number({ error: 'Enter a whole number of points' }).check(
  z.int({
    // z.int() also refuses whole numbers beyond the safe-integer range (as too_big or
    // too_small), and it runs first: those are out of range, not decimals
    error: (issue) =>
      issue.code === 'too_big'
        ? TOO_MANY_POINTS
        : issue.code === 'too_small'
          ? TOO_FEW_POINTS
          : 'Enter a whole number of points (no decimals)',
  }),
  z.gte(1, { error: TOO_FEW_POINTS }),
);

export const redeemBodySchema = z.strictObject({ loyalty_point_redeemed: requestPointsSchema });

/**
 * The points the form lets through: the request's rules plus the form's own ceiling, so that a
 * typo of many digits gets a plain answer before anything is sent.
 */
export const loyaltyPointsSchema = requestPointsSchema.check(
  z.lte(MAX_POINTS, { error: TOO_MANY_POINTS }),
);
