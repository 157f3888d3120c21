import type { Currency } from '@/api/schemas/common';
import { formatMoney } from '@/lib/format';

/**
 * An amount as the service sent it, formatted in its currency; without one while the currency is
 * not known (`null`), never in a guessed one. `off`: an amount taken off (a discount), with its
 * minus sign, which never parts from the figure at a line's end (a bare figure reads as a charge).
 */
export function Money({
  amount,
  currency,
  off = false,
  className,
}: {
  amount: number;
  currency: Pick<Currency, 'code'> | null;
  off?: boolean;
  className?: string;
}) {
  return (
    <span className={`tabular-nums ${off ? 'whitespace-nowrap' : ''} ${className ?? ''}`}>
      {off ? '−' : ''}
      {formatMoney(amount, currency)}
    </span>
  );
}
