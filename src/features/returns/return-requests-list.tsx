import { Link } from 'react-router';
import type { OrderReturn } from '@/api/schemas/order-return';
import { formatDateTime } from '@/lib/format';
import { statusLabel } from './return-status';
import { card } from './wizard-parts';

/**
 * The person's return requests sent from this browser (there is no list operation to ask), but
 * `exclude` (the one on screen: the others). A cashier's are the customers' requests made at
 * this till, not theirs: the heading does not say "your".
 */
export function ReturnRequestsList({
  returns,
  exclude,
  staff,
}: {
  returns: OrderReturn[];
  exclude?: string;
  staff: boolean;
}) {
  const shown = returns.filter((r) => r.request_number !== exclude);
  if (shown.length === 0) return null;
  const which = exclude === undefined ? 'return requests' : 'other return requests';
  const heading = staff ? which[0]!.toUpperCase() + which.slice(1) : `Your ${which}`;
  return (
    <section aria-labelledby="return-requests-heading" className={card}>
      <h2 id="return-requests-heading" className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="text-sm text-slate-700">Requests sent from this browser.</p>
      <ul className="mt-2 flex flex-col divide-y divide-slate-200">
        {shown.map((r) => (
          <li key={r.request_number} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <Link
              to={`/account/returns/${encodeURIComponent(r.request_number)}`}
              className="inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
            >
              {r.request_number}
            </Link>
            <span>Order {r.original_order_number}</span>
            <span>{statusLabel(r.status)}</span>
            <span className="text-slate-700">{formatDateTime(r.created_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
