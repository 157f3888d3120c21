import type { Currency } from '@/api/schemas/common';

export const LOCALE = 'en-IN';
// only `format` is used: an unknown code gets a stand-in with just that
const moneyFormats = new Map<string, Pick<Intl.NumberFormat, 'format'>>();
let plain: Intl.NumberFormat | undefined;
/**
 * An amount with its two decimals and the locale's grouping, and no currency. Made at its first
 * use, not when the module loads: a page's first formatter is the costly one (docs/performance.md).
 */
const plainMoney = () =>
  (plain ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * Format an amount exactly as the service sent it, in the given currency (no arithmetic).
 * `null`: the currency is not known (the store config has not arrived, or could not be read), so
 * the amount is shown without one: never in a guessed currency.
 */
export function formatMoney(amount: number, currency: Pick<Currency, 'code'> | null): string {
  // -0 (a serializer's "-0.0") is 0: Intl would print "-₹0.00"
  const value = amount === 0 ? 0 : amount;
  if (!currency) return plainMoney().format(value);
  let format = moneyFormats.get(currency.code);
  if (!format) {
    try {
      format = currencyFormat(currency.code);
    } catch {
      // an unknown code from the service: show the number with the code rather than fail
      format = { format: (n: number) => `${currency.code} ${plainMoney().format(n)}` };
    }
    moneyFormats.set(currency.code, format);
  }
  return format.format(value);
}

/**
 * The currency's own style, with at least the two decimals the service may send (B3): the yen's
 * style has none, and would round 4592.2 to "¥4,592".
 */
function currencyFormat(code: string): Intl.NumberFormat {
  const format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code });
  return (format.resolvedOptions().maximumFractionDigits ?? 2) >= 2
    ? format
    : new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: code,
        maximumFractionDigits: 2,
      });
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(LOCALE);

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatNumber = (n: number) => numberFormat.format(n);

/** "1 line", "2 lines", "1,000 points": a count with its unit (English plural with "s"). */
export const formatCount = (n: number, unit: string) =>
  `${formatNumber(n)} ${unit}${n === 1 ? '' : 's'}`;

/** A person's name as the service splits it; empty when neither part is given. */
export const fullName = (p: { first_name: string | null; last_name?: string | null }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ');
