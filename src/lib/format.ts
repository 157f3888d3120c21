import type { Currency } from '@/api/schemas/common';

export const LOCALE = 'en-IN';
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Format an amount exactly as the service sent it, in the given currency (no arithmetic). */
export function formatMoney(amount: number, currency: Pick<Currency, 'code'>): string {
  let format = moneyFormats.get(currency.code);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.code });
    } catch {
      // an unknown code from the service: show the number with the code rather than fail
      format = new Intl.NumberFormat(LOCALE, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      const plain = format;
      format = {
        format: (n: number) => `${currency.code} ${plain.format(n)}`,
      } as Intl.NumberFormat;
    }
    moneyFormats.set(currency.code, format);
  }
  return format.format(amount);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(LOCALE);

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatNumber = (n: number) => numberFormat.format(n);
