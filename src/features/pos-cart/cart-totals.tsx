import { type ReactNode, useState } from 'react';
import type { Cart } from '@/api/schemas/cart';
import { Money } from '@/components/ui/money';
import { formatCount, formatMoney, formatNumber } from '@/lib/format';

function Row({
  label,
  children,
  strong = false,
  detail = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  /** A part of the row above, indented under it. */
  detail?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-1 ${strong ? 'border-t border-slate-300 pt-2 text-base font-bold' : ''} ${detail ? 'pl-4 text-xs' : ''}`}
    >
      <dt className={strong ? '' : 'text-slate-700'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** A deduction, shown with a minus sign kept with its figure (the amount as the service sent it). */
function Minus({ amount, cart }: { amount: number; cart: Cart }) {
  return (
    <Money
      amount={amount}
      currency={cart.currency}
      off={amount > 0}
      className={amount > 0 ? 'text-rose-800' : ''}
    />
  );
}

/** "earns 45 points" when the cart earns any (a customer is linked), else "". */
const earns = (cart: Cart) =>
  cart.loyalty_points_earned > 0 ? `earns ${formatCount(cart.loyalty_points_earned, 'point')}` : '';

/**
 * Announces a new To be paid, and the points it earns, to screen readers, politely, when either
 * changes (a redemption, a removal, a new customer). The first figures are not announced: they
 * are read with the page.
 */
export function ToBePaidAnnouncer({ cart }: { cart: Cart }) {
  const said = [`To be paid ${formatMoney(cart.to_be_paid, cart.currency)}`, earns(cart)]
    .filter(Boolean)
    .join(', ');
  const [seen, setSeen] = useState(said);
  const [message, setMessage] = useState('');
  if (said !== seen) {
    // derived from the previous render's figures (React's "adjust state while rendering" pattern)
    setSeen(said);
    setMessage(said);
  }
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}

/** The big figure the cashier collects. */
export function ToBePaid({ cart }: { cart: Cart }) {
  return (
    <section
      aria-labelledby="to-be-paid-heading"
      className="rounded-lg border border-transparent bg-indigo-950 p-5 text-white"
    >
      <h2
        id="to-be-paid-heading"
        className="text-sm font-semibold tracking-wide text-indigo-200 uppercase"
      >
        To be paid
      </h2>
      {/* smaller on a phone, where ₹12,34,56,789.99 would not fit; wraps only past that */}
      <p className="mt-1 text-3xl font-bold tabular-nums wrap-anywhere min-[400px]:text-4xl sm:text-5xl">
        {formatMoney(cart.to_be_paid, cart.currency)}
      </p>
      <p className="mt-2 text-sm text-indigo-100">
        Grand total <Money amount={cart.grand_total} currency={cart.currency} />
        {earns(cart) && ` · ${earns(cart)}`}
      </p>
    </section>
  );
}

/** Every amount the cart carries, exactly as the service sent it. */
export function CartTotals({ cart }: { cart: Cart }) {
  const c = cart.currency;
  return (
    <dl className="text-sm">
      <Row label={`Subtotal excl. tax (${formatCount(cart.cart_items_count, 'line')})`}>
        <Money amount={cart.subtotal} currency={c} />
      </Row>
      <Row label="Tax on items">
        <Money amount={cart.items_tax_amount} currency={c} />
      </Row>
      <Row label="Subtotal incl. tax">
        <Money amount={cart.subtotal_including_tax} currency={c} />
      </Row>
      <Row label="Shipping incl. tax">
        <Money amount={cart.shipping_amount_including_tax} currency={c} />
        {cart.shipping_amount_including_tax > 0 ? (
          <span className="block text-xs text-slate-600">
            <Money amount={cart.shipping_amount} currency={c} /> +{' '}
            {formatNumber(cart.shipping_tax_rate)}% tax{' '}
            <Money amount={cart.shipping_tax_amount} currency={c} />
          </span>
        ) : null}
        {cart.shipping_discount_amount > 0 ? (
          <span className="block text-xs text-slate-600">
            after <Money amount={cart.shipping_discount_amount} currency={c} /> off{' '}
            <Money amount={cart.shipping_estimated_cost} currency={c} />
          </span>
        ) : null}
      </Row>
      <Row label="Handling incl. tax">
        <Money amount={cart.handling_charge_including_tax} currency={c} />
        {cart.handling_charge_including_tax > 0 ? (
          <span className="block text-xs text-slate-600">
            <Money amount={cart.handling_charge_excluding_tax} currency={c} /> + tax{' '}
            <Money amount={cart.handling_charge_tax_amount} currency={c} />
          </span>
        ) : null}
      </Row>
      <Row
        label={`Promotion discount${cart.promotion_discount_percent > 0 ? ` (${formatNumber(cart.promotion_discount_percent)}%)` : ''}`}
      >
        <Minus amount={cart.promotion_discount_amount} cart={cart} />
      </Row>
      <Row
        label={`Coupon discount${cart.coupon_code ? ` (${cart.coupon_code})` : ''}${cart.coupon_discount_percent > 0 ? ` ${formatNumber(cart.coupon_discount_percent)}%` : ''}`}
      >
        <Minus amount={cart.coupon_discount_amount} cart={cart} />
      </Row>
      <Row label="Total tax">
        <Money amount={cart.total_tax} currency={c} />
      </Row>
      <Row label="Grand total" strong>
        <Money amount={cart.grand_total} currency={c} />
      </Row>
      {/* The service sends the value of redeemed points only inside other_savings (credit used
          plus points), so that is what is taken off Grand total here, as on the receipt: the
          figures add up to To be paid without the app working out what a point is worth.
          Credit and points follow as its parts */}
      <Row label="Credit and loyalty">
        <Minus amount={cart.other_savings} cart={cart} />
      </Row>
      <Row label="Credit used" detail>
        <Money amount={cart.credit_balance_used} currency={c} />
      </Row>
      <Row label="Loyalty points redeemed" detail>
        {formatNumber(cart.loyalty_points_redeemed)}
      </Row>
      <Row label="To be paid" strong>
        <Money amount={cart.to_be_paid} currency={c} />
      </Row>
    </dl>
  );
}

/** What the customer saves on this cart. */
export function CartSavings({ cart }: { cart: Cart }) {
  const c = cart.currency;
  return (
    <dl className="text-sm">
      <Row label="Promotions">
        <Money amount={cart.promotion_savings} currency={c} />
      </Row>
      <Row label="Coupons">
        <Money amount={cart.coupon_savings} currency={c} />
      </Row>
      <Row label="Credit and loyalty">
        <Money amount={cart.other_savings} currency={c} />
      </Row>
      <Row label="Total savings" strong>
        <Money amount={cart.total_savings} currency={c} />
      </Row>
    </dl>
  );
}
