import type { Currency } from '@/api/schemas/common';
import { formatMoney } from '@/lib/format';

/** An amount as the service sent it, formatted in its currency. */
export function Money({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: Pick<Currency, 'code'>;
  className?: string;
}) {
  return <span className={`tabular-nums ${className ?? ''}`}>{formatMoney(amount, currency)}</span>;
}
