import { type ReactNode, type RefObject, memo, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Cart } from '@/api/schemas/cart';
import { Money } from '@/components/ui/money';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { safeUrl } from '@/lib/safe-url';
import { useStoreConfig } from '@/lib/use-store-config';
import { SubscriptionDetails } from './cart-lines';
import { customerName, customerPhone } from './customer';

function Line({
  label,
  children,
  detail = false,
}: {
  label: string;
  children: ReactNode;
  /** A part of the row above it, not a further amount to add or take off. */
  detail?: boolean;
}) {
  return (
    // the label wraps (a long coupon code) and the amount never does: a minus sign printed on
    // one line and its figure on the next reads as a charge. Nor is a row cut by a page break
    <div
      className={`flex break-inside-avoid justify-between gap-4 ${detail ? 'pl-4 text-[10pt]' : ''}`}
    >
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** The receipt's lines; memoised like the screen's (they rarely change while a cart is open). */
const ReceiptLines = memo(function ReceiptLines({
  items,
  currency: c,
}: {
  items: Cart['cart_items'];
  currency: Cart['currency'];
}) {
  return (
    <ul className="border-b border-dashed border-black py-2">
      {items.map((item, i) => (
        <li key={`${i}:${item.sku}`} className="break-inside-avoid py-1">
          <p className="font-bold">
            {item.product_name}
            {item.variant_name ? ` (${item.variant_name})` : ''}
          </p>
          <div className="flex justify-between gap-4">
            <span>
              {formatNumber(item.quantity)} × <Money amount={item.selling_price} currency={c} />
              {item.price_including_tax ? '' : ' + tax'}
              {/* free_quantity is part of quantity (the line is priced on quantity), not more
                  items on top of it; the screen words it the same way */}
              {item.free_quantity > 0 ? ` (${formatNumber(item.free_quantity)} free)` : ''}
            </span>
            <span>
              {item.tax_type} {formatNumber(item.tax_rate)}%
            </span>
          </div>
          {item.promotion_discount_amount > 0 ? (
            <p>
              Promotion <Money off amount={item.promotion_discount_amount} currency={c} />
            </p>
          ) : null}
          {item.coupon_discount_amount > 0 ? (
            <p>
              Coupon <Money off amount={item.coupon_discount_amount} currency={c} />
            </p>
          ) : null}
          {/* what the customer signs up to pay again, as the screen says it */}
          {item.subscriptions.length > 0 ? (
            <ul aria-label="Subscription">
              {item.subscriptions.map((sub) => (
                <SubscriptionDetails key={sub.id} sub={sub} currency={c} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
});

/**
 * The printed receipt. It exists only on paper (`hidden print:block`); the screen's own parts
 * are hidden when printing. The time is taken when printing starts, whatever started it (the
 * button or the browser's own Print). `checked` is true while a print the cart screen started
 * after reading the cart again runs; a print from the browser's menu is not, and the paper says
 * its figures are the screen's, not checked with the service.
 */
export function Receipt({ cart, checked }: { cart: Cart; checked: RefObject<boolean> }) {
  const { data: config } = useStoreConfig();
  const [printed, setPrinted] = useState(() => ({
    at: new Date().toISOString(),
    checked: true,
  }));
  useEffect(() => {
    const stamp = () =>
      flushSync(() => setPrinted({ at: new Date().toISOString(), checked: checked.current }));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, [checked]);
  const printedAt = printed.at;
  const logo = safeUrl(config?.brand.logo_url);
  // a name of only spaces is none (the schema trims it)
  const brand = config?.brand.name || 'Store';
  const c = cart.currency;
  const customer = cart.billing_address;
  // how to reach them: the phone with its country code, else the email
  const contact = customer ? (customerPhone(customer) ?? customer.email) : null;

  return (
    <section
      aria-label="Receipt"
      // wrap-anywhere: a word longer than the paper (a product name, an email address) wraps
      // rather than being cut off, or the browser shrinking the whole receipt to fit it
      className="mx-auto hidden max-w-[80mm] font-mono text-[11pt] leading-snug wrap-anywhere text-black print:block"
    >
      <header className="flex flex-col items-center gap-1 border-b border-dashed border-black pb-2 text-center">
        {logo ? <img src={logo} alt="" width={48} height={48} className="size-12" /> : null}
        <p className="text-lg font-bold">{brand}</p>
        <p>Receipt · Cart {cart.id}</p>
        <p>{formatDateTime(printedAt)}</p>
        {printed.checked ? null : (
          <p>Figures as on screen, not checked with the service: use Print receipt.</p>
        )}
        {customer ? (
          // each isolated (bdi): a name in a right-to-left script would otherwise draw the
          // phone beside it backwards ("9876543210 91+") and swap the two around the dot
          <p>
            Customer: <bdi>{customerName(customer)}</bdi>
            {contact ? (
              <>
                {' · '}
                <bdi>{contact}</bdi>
              </>
            ) : null}
          </p>
        ) : null}
      </header>

      <ReceiptLines items={cart.cart_items} currency={c} />

      <dl className="border-b border-dashed border-black py-2">
        <Line label="Items incl. tax">
          <Money amount={cart.subtotal_including_tax} currency={c} />
        </Line>
        {/* shipping made free by a discount is still said, as on screen: the discount is part
            of what the customer saves */}
        {cart.shipping_amount_including_tax > 0 || cart.shipping_discount_amount > 0 ? (
          <Line
            label={
              cart.shipping_discount_amount > 0
                ? `Shipping, after ${formatMoney(cart.shipping_discount_amount, c)} off`
                : 'Shipping'
            }
          >
            <Money amount={cart.shipping_amount_including_tax} currency={c} />
          </Line>
        ) : null}
        {cart.handling_charge_including_tax > 0 ? (
          <Line label="Handling">
            <Money amount={cart.handling_charge_including_tax} currency={c} />
          </Line>
        ) : null}
        {cart.promotion_discount_amount > 0 ? (
          <Line label="Promotions">
            <Money off amount={cart.promotion_discount_amount} currency={c} />
          </Line>
        ) : null}
        {cart.coupon_discount_amount > 0 ? (
          <Line label={`Coupon${cart.coupon_code ? ` ${cart.coupon_code}` : ''}`}>
            <Money off amount={cart.coupon_discount_amount} currency={c} />
          </Line>
        ) : null}
        <Line label="Grand total">
          <Money amount={cart.grand_total} currency={c} />
        </Line>
        <Line label="Includes tax">
          <Money amount={cart.total_tax} currency={c} />
        </Line>
        {/* The service sends the value of redeemed points only inside other_savings (credit used
            plus points), so that is the amount taken off Grand total here: the paper then adds
            up to To be paid without the app working out what a point is worth. Credit and
            points follow as its parts. */}
        {cart.credit_balance_used > 0 || cart.loyalty_points_redeemed > 0 ? (
          <>
            <Line label="Credit and loyalty">
              <Money off amount={cart.other_savings} currency={c} />
            </Line>
            {cart.credit_balance_used > 0 ? (
              <Line label="Credit used" detail>
                <Money amount={cart.credit_balance_used} currency={c} />
              </Line>
            ) : null}
            {cart.loyalty_points_redeemed > 0 ? (
              <Line label="Points redeemed" detail>
                {formatNumber(cart.loyalty_points_redeemed)}
              </Line>
            ) : null}
          </>
        ) : null}
      </dl>

      <dl className="py-2 text-base font-bold">
        <Line label="To be paid">
          <Money amount={cart.to_be_paid} currency={c} />
        </Line>
      </dl>
      {cart.total_savings > 0 ? (
        <p className="text-center">
          You save <Money amount={cart.total_savings} currency={c} />
        </p>
      ) : null}
      {cart.loyalty_points_earned > 0 ? (
        <p className="text-center">Points earned: {formatNumber(cart.loyalty_points_earned)}</p>
      ) : null}
      <p className="mt-2 text-center">Thank you for shopping with {brand}.</p>
    </section>
  );
}
