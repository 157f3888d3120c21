import { type ReactNode, memo } from 'react';
import type { CartItem, Subscription } from '@/api/schemas/cart';
import type { Currency } from '@/api/schemas/common';
import { Money } from '@/components/ui/money';
import { formatCount, formatNumber } from '@/lib/format';
import { safeUrl } from '@/lib/safe-url';

const isColour = (v: unknown): v is { name: string; hexcode: string } =>
  typeof v === 'object' && v !== null && 'hexcode' in v;

/** Only a well-formed hex colour reaches a style attribute. */
const safeHex = (hex: string) => (/^#[0-9a-f]{3,8}$/i.test(hex) ? hex : null);

function Swatch({ name, hexcode }: { name: string; hexcode: string }) {
  const colour = safeHex(hexcode);
  return (
    <span className="inline-flex items-center gap-1.5">
      {colour ? (
        <span
          aria-hidden="true"
          className="inline-block size-4 rounded-full border border-slate-500"
          style={{ backgroundColor: colour }}
        />
      ) : null}
      {name}
    </span>
  );
}

function Badge({ children, tone }: { children: string; tone: 'promo' | 'sub' | 'free' | 'warn' }) {
  const tones = {
    promo: 'bg-rose-100 text-rose-900',
    sub: 'bg-sky-100 text-sky-900',
    free: 'bg-emerald-100 text-emerald-900',
    warn: 'bg-amber-100 text-amber-950',
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

const PERIODS: Record<string, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/** "monthly" at an interval of 1, "every 3 months" at 3; a frequency it has no word for, as sent. */
function every(frequency: string, interval: number): string {
  if (interval <= 1) return frequency;
  const unit = PERIODS[frequency.toLowerCase()];
  return unit
    ? `every ${formatCount(interval, unit)}`
    : `${frequency}, every ${formatNumber(interval)}`;
}

/** One subscription of a line, as a list item: on screen and on the receipt. */
export function SubscriptionDetails({ sub, currency }: { sub: Subscription; currency: Currency }) {
  return (
    <li>
      <span className="font-medium">{sub.subscription_plan}</span>:{' '}
      <Money amount={sub.subscription_price} currency={currency} />{' '}
      {every(sub.billing_frequency, sub.billing_interval)}
      {sub.billing_limit > 0 ? `, ${formatCount(sub.billing_limit, 'payment')}` : ''}
      {`; delivered ${every(sub.order_frequency, sub.order_interval)}`}
      {sub.order_limit > 0 ? `, ${formatCount(sub.order_limit, 'order')}` : ''}
      {sub.minimum_quantity > 1 ? `; at least ${formatNumber(sub.minimum_quantity)} at a time` : ''}
      {sub.billing_trial_days > 0 ? `; ${formatCount(sub.billing_trial_days, 'trial day')}` : ''}
      {sub.fulfill_separately ? '; ships separately' : ''}
    </li>
  );
}

/** A label and a value in a line's facts grid. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function CartLine({ item, currency }: { item: CartItem; currency: Currency }) {
  const image = safeUrl(item.product_image_url);
  const options = Object.entries(item.associated_options);
  const colourAttributes = item.attributes.filter(
    (a) => a.type === 'color' && !options.some(([key]) => key === a.key),
  );
  return (
    <li className="flex gap-4 py-4">
      <div className="size-20 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
        {image ? (
          <img
            src={image}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{item.product_name}</h3>
            <p className="text-sm text-slate-700">
              {item.variant_name ? `${item.variant_name} · ` : ''}
              <span className="font-mono">SKU {item.sku}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {item.is_free_item ? <Badge tone="free">Free item</Badge> : null}
            {item.on_promotion ? <Badge tone="promo">On promotion</Badge> : null}
            {item.on_subscription ? <Badge tone="sub">Subscription</Badge> : null}
            {!item.stock_available ? (
              <Badge tone="warn">{item.backorder ? 'Backorder' : 'Out of stock'}</Badge>
            ) : null}
          </div>
        </div>

        {options.length > 0 || colourAttributes.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            {options.map(([key, option]) => (
              <li key={key}>
                <span className="text-slate-600">{option.name}: </span>
                {isColour(option.value) ? <Swatch {...option.value} /> : option.value}
              </li>
            ))}
            {colourAttributes.map((attr) => (
              <li key={attr.id}>
                <span className="text-slate-600">{attr.name}: </span>
                {attr.value.map((v) => (
                  <Swatch key={v.hexcode + v.name} {...v} />
                ))}
              </li>
            ))}
          </ul>
        ) : null}

        {/* as many columns as fit an amount whole: two fixed columns overlapped at 320 px */}
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,8.5rem),1fr))] gap-x-4 gap-y-2 text-sm">
          <Fact label="Quantity">
            {/* free_quantity is the part of quantity that is free, not extra items (the line is
                priced on quantity); the receipt words it the same way */}
            {formatNumber(item.quantity)}
            {item.free_quantity > 0 ? (
              <span className="text-emerald-800"> ({formatNumber(item.free_quantity)} free)</span>
            ) : null}
          </Fact>
          {/* the service says whether its prices carry the tax (price_including_tax) */}
          <Fact label={item.price_including_tax ? 'Unit price incl. tax' : 'Unit price, tax extra'}>
            <Money amount={item.selling_price} currency={currency} />
            {item.listing_price > item.selling_price ? (
              <span className="block text-slate-600">
                <span className="sr-only">was </span>
                <s>
                  <Money amount={item.listing_price} currency={currency} />
                </s>
              </span>
            ) : null}
          </Fact>
          <Fact label="Unit price excl. tax">
            <Money amount={item.selling_price_excluding_tax} currency={currency} />
          </Fact>
          <Fact label={`Tax on line (${item.tax_type} ${formatNumber(item.tax_rate)}%)`}>
            <Money amount={item.tax_amount} currency={currency} />
          </Fact>
          {item.promotion_discount_amount > 0 ? (
            <Fact label="Promotion discount">
              <Money
                off
                amount={item.promotion_discount_amount}
                currency={currency}
                className="text-rose-800"
              />
            </Fact>
          ) : null}
          {item.coupon_discount_amount > 0 ? (
            <Fact label="Coupon discount">
              <Money
                off
                amount={item.coupon_discount_amount}
                currency={currency}
                className="text-rose-800"
              />
            </Fact>
          ) : null}
          {item.handling_charge_including_tax > 0 ? (
            <Fact label={`Handling (${formatNumber(item.handling_charge_tax_rate)}% tax)`}>
              <Money amount={item.handling_charge_including_tax} currency={currency} />
              <span className="text-slate-600">
                {' '}
                (<Money amount={item.handling_charge_excluding_tax} currency={currency} /> excl.
                tax)
              </span>
            </Fact>
          ) : null}
        </dl>

        {item.subscriptions.length > 0 ? (
          <div className="rounded-md bg-sky-50 p-3 text-sm text-sky-950">
            <p className="font-semibold">Subscription</p>
            <ul className="mt-1 list-disc pl-5">
              {item.subscriptions.map((sub) => (
                <SubscriptionDetails key={sub.id} sub={sub} currency={currency} />
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Every line of the cart with the figures the service sends for it (none computed here).
 * Memoised: a redemption or a new customer changes the totals, not the lines, and the query
 * cache keeps unchanged parts of the new cart identical (structural sharing), so the lines are
 * not drawn again.
 */
export const CartLines = memo(function CartLines({
  items,
  currency,
}: {
  items: CartItem[];
  currency: Currency;
}) {
  if (items.length === 0) return <p className="py-4 text-slate-700">This cart has no items.</p>;
  return (
    <ul aria-label="Cart lines" className="divide-y divide-slate-200">
      {items.map((item, i) => (
        // a SKU may appear twice (a paid line and a free one), so the position is part of the key
        <CartLine key={`${i}:${item.sku}`} item={item} currency={currency} />
      ))}
    </ul>
  );
});
