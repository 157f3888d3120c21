import type { Cart } from '@/api/schemas/cart';
import type { Currency } from '@/api/schemas/common';
import { type Paise, exclusiveTax, inclusiveTax, toRupees } from './money';
import type { CartRecord, CustomerRecord } from './types';

/** 1 point = 1.00 in the store currency (CONTRACT B4, the demo store's rule). */
export const POINT_VALUE_PAISE = 100;

export interface CartTotals {
  itemsInclTax: Paise;
  itemsTax: Paise;
  shippingTax: Paise;
  handlingExcl: Paise;
  handlingTax: Paise;
  promotion: Paise;
  coupon: Paise;
  grandTotal: Paise;
  loyaltyValue: Paise;
  toBePaid: Paise;
  /** Each line's own sums, in the order of `cart.items`. */
  lines: LineTotals[];
}

type LineTotals = ReturnType<typeof lineTotals>;

function lineTotals(item: CartRecord['items'][number]) {
  const incl = item.selling_price * item.quantity;
  const tax = inclusiveTax(incl, item.tax_rate);
  const handlingExcl = item.handling_charge_excluding_tax * item.quantity;
  const handlingTax = exclusiveTax(handlingExcl, item.handling_charge_tax_rate);
  // a line's promotion takes off at most the line: more would be taken off the other lines (or
  // leave a negative total), and the cart would report a discount it did not give (B3, B4.5)
  const promotion = Math.min(item.promotion_discount, incl);
  return { incl, tax, handlingExcl, handlingTax, promotion };
}

/** All the cart's sums in paise; every B4 invariant follows from how these are combined. */
export function cartTotals(cart: CartRecord): CartTotals {
  let itemsInclTax = 0;
  let itemsTax = 0;
  let handlingExcl = 0;
  let handlingTax = 0;
  let promotion = 0;
  const lines = cart.items.map(lineTotals);
  for (const line of lines) {
    itemsInclTax += line.incl;
    itemsTax += line.tax;
    handlingExcl += line.handlingExcl;
    handlingTax += line.handlingTax;
    promotion += line.promotion;
  }
  const shippingTax = exclusiveTax(cart.shipping_amount, cart.shipping_tax_rate);
  const beforeCoupon =
    itemsInclTax + cart.shipping_amount + shippingTax + handlingExcl + handlingTax - promotion;
  // a coupon worth more than the cart takes off the cart, not more: the discount reported is the
  // one given, so grand_total is the sum of B4.5 to the paisa and never below 0 (B3), and the
  // savings (B4.7) are not more than the cart was worth
  const coupon = Math.min(cart.coupon?.amount ?? 0, beforeCoupon);
  const grandTotal = beforeCoupon - coupon;
  const loyaltyValue = cart.loyalty_points_redeemed * POINT_VALUE_PAISE;
  const toBePaid = Math.max(0, grandTotal - cart.credit_balance_used - loyaltyValue);
  return {
    itemsInclTax,
    itemsTax,
    shippingTax,
    handlingExcl,
    handlingTax,
    promotion,
    coupon,
    grandTotal,
    loyaltyValue,
    toBePaid,
    lines,
  };
}

/** Most points that fit under `grand_total - credit_balance_used`. */
export function maxRedeemablePoints(cart: CartRecord): number {
  const t = cartTotals(cart);
  return Math.max(0, Math.floor((t.grandTotal - cart.credit_balance_used) / POINT_VALUE_PAISE));
}

/**
 * A cart's address with no customer linked: nothing in it. The contract has every listed field
 * present and `null` only for timestamps and strings with no value (Part A, B3): an address is
 * an object, so it is never `null` itself.
 */
export const NO_CUSTOMER_ADDRESS = {
  id: null,
  first_name: null,
  last_name: null,
  country_code: null,
  phone: null,
  email: null,
  address_line1: null,
  address_line2: null,
  landmark: null,
  pincode: null,
  city: null,
  state: null,
  country: null,
  tax_identification_number: null,
  business_name: null,
  is_phone_verified: false,
  is_email_verified: false,
} as const;

/** The cart's address: its customer's (NO_CUSTOMER_ADDRESS when none). */
function addressOf(customer: CustomerRecord | null) {
  if (!customer) return { ...NO_CUSTOMER_ADDRESS };
  return {
    id: null,
    first_name: customer.first_name,
    last_name: customer.last_name,
    country_code: customer.country_code,
    phone: customer.phone,
    email: customer.email,
    address_line1: null,
    address_line2: null,
    landmark: null,
    pincode: null,
    city: null,
    state: null,
    country: 'India',
    tax_identification_number: null,
    business_name: null,
    is_phone_verified: customer.is_phone_verified,
    is_email_verified: customer.is_email_verified,
  };
}

/** The wire form of a cart (rupees), as operations 3, 4, 8, 9 return it. */
export function presentCart(
  cart: CartRecord,
  customer: CustomerRecord | null,
  currency: Currency,
): Cart {
  const t = cartTotals(cart);
  const r = toRupees;
  return {
    id: cart.id,
    active: cart.active,
    customer_note: cart.customer_note,
    is_promotion_applied: t.promotion > 0,
    is_coupon_applied: cart.coupon !== null,
    coupon_code: cart.coupon?.code ?? null,
    coupon_discount_amount: r(t.coupon),
    coupon_discount_percent: cart.coupon?.percent ?? 0,
    promotion_discount_amount: r(t.promotion),
    promotion_discount_percent:
      t.itemsInclTax > 0 ? Math.round((t.promotion * 10_000) / t.itemsInclTax) / 100 : 0,
    subtotal: r(t.itemsInclTax - t.itemsTax),
    items_tax_amount: r(t.itemsTax),
    subtotal_including_tax: r(t.itemsInclTax),
    shipping_estimated_cost: r(cart.shipping_estimated_cost),
    shipping_discount_amount: r(cart.shipping_discount_amount),
    shipping_amount: r(cart.shipping_amount),
    shipping_tax_rate: cart.shipping_tax_rate,
    shipping_tax_amount: r(t.shippingTax),
    shipping_amount_including_tax: r(cart.shipping_amount + t.shippingTax),
    fulfillment_preference: {
      fulfillment_type: cart.fulfillment_type,
      preference_type: 'user',
      pickup_location_id: cart.pickup_location_id,
      pickup_location_name: cart.pickup_location_name,
    },
    estimated_delivery_days: cart.estimated_delivery_days,
    handling_charge_excluding_tax: r(t.handlingExcl),
    handling_charge_tax_amount: r(t.handlingTax),
    handling_charge_including_tax: r(t.handlingExcl + t.handlingTax),
    total_tax: r(t.itemsTax + t.shippingTax + t.handlingTax),
    grand_total: r(t.grandTotal),
    credit_balance_used: r(cart.credit_balance_used),
    to_be_paid: r(t.toBePaid),
    loyalty_points_redeemed: cart.loyalty_points_redeemed,
    loyalty_points_earned: customer ? Math.floor(t.toBePaid / 10_000) : 0,
    cart_items_count: cart.items.length,
    cart_items: cart.items.map((item, i) => {
      const line = t.lines[i]!;
      return {
        product_id: item.product_id,
        variant_id: item.variant_id,
        sku: item.sku,
        slug: item.slug,
        product_name: item.product_name,
        variant_name: item.variant_name,
        product_image_url: item.product_image_url,
        product_type: 'physical',
        stock_available: item.stock_available,
        backorder: item.backorder,
        on_subscription: item.on_subscription,
        on_promotion: item.on_promotion,
        is_free_item: item.is_free_item,
        quantity: item.quantity,
        free_quantity: item.free_quantity,
        promotion_discount_amount: r(line.promotion),
        coupon_discount_amount: 0,
        price_including_tax: true,
        listing_price: r(item.listing_price),
        selling_price: r(item.selling_price),
        selling_price_excluding_tax: r(
          item.selling_price - inclusiveTax(item.selling_price, item.tax_rate),
        ),
        min_order_quantity: item.min_order_quantity,
        max_order_quantity: item.max_order_quantity,
        incremental_quantity: 1,
        handling_charge_excluding_tax: r(line.handlingExcl),
        handling_charge_tax_rate: item.handling_charge_tax_rate,
        handling_charge_including_tax: r(line.handlingExcl + line.handlingTax),
        tax_type: 'GST',
        tax_rate: item.tax_rate,
        tax_amount: r(line.tax),
        associated_options: item.associated_options,
        attributes: item.attributes,
        subscriptions: item.subscriptions.map((s) => ({
          ...s,
          subscription_price: r(s.subscription_price),
        })),
      };
    }),
    billing_address: addressOf(customer),
    shipping_address: addressOf(customer),
    currency,
    metadata: cart.metadata,
    expires_at: cart.expires_at,
    applied_promotions: cart.items
      .map((i, n) => ({ i, given: t.lines[n]!.promotion }))
      .filter(({ given }) => given > 0)
      .map(({ i, given }, n) => ({
        promotion_id: i.promotion_id ?? `promo_${i.sku}`,
        promotion_type: 'discount',
        savings: r(given),
        product_id: i.product_id,
        variant_id: i.variant_id,
        product_name: i.product_name,
        variant_name: i.variant_name,
        applied_sequence: n + 1,
        scope: 'item',
      })),
    applied_coupons: cart.coupon
      ? [
          {
            coupon_id: cart.coupon.coupon_id,
            coupon_type: 'discount',
            savings: r(t.coupon),
            product_id: null,
            variant_id: null,
            product_name: null,
            variant_name: null,
          },
        ]
      : [],
    promotion_savings: r(t.promotion),
    coupon_savings: r(t.coupon),
    other_savings: r(t.loyaltyValue + cart.credit_balance_used),
    total_savings: r(t.promotion + t.coupon + t.loyaltyValue + cart.credit_balance_used),
  };
}
