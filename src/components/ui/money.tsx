import type { Currency } from '@/api/schemas/common';
import { formatMoney } from '@/lib/format';

/**
 * An amount as the service sent it, formatted in its currency; without one while the currency is
 * not known (`null`), never in a guessed one.
 */
export function Money({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: Pick<Currency, 'code'> | null;
  className?: string;
}) {
  return <span className={`tabular-nums ${className ?? ''}`}>{formatMoney(amount, currency)}</span>;
}
