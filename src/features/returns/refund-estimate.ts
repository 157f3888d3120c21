import type { Order, OrderItem } from '@/api/schemas/order';
import { type ItemsValues, acceptedQuantity } from './return-form';

/*
 * The estimated refund is the one sum the UI works out itself: the customer must see it before
 * sending. It follows CONTRACT B3 rather than adding floats: each selling price (rupees, at most
 * two decimals) becomes integer paise once with Math.round, lines are multiplied and summed as
 * integers, and only the final integer is turned back into rupees for formatMoney. Selling prices
 * are tax-inclusive (B5), which is also how the service computes `refund_amount`; the screens
 * still say the store confirms the exact amount, and the confirmation shows the service's figure.
 */

export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** For display only: an integer number of paise as the rupee amount formatMoney expects. */
export const paiseToRupees = (paise: number): number => paise / 100;

/** What the estimate needs of one entry of a return: which line, how many, refund or not. */
interface EstimateEntry {
  sku: string;
  quantity: number;
  resolution: string | null;
}

interface EstimateLine<E extends EstimateEntry> {
  entry: E;
  /** The order's line of this SKU; undefined when the order is not loaded (or lacks it). */
  item: OrderItem | undefined;
  /** Quantity x unit price, when the price is known. */
  linePaise: number | null;
}

/**
 * The estimate over a return's entries: the items step's chosen lines as the customer types them
 * (`chosenEntries`), or a request body's `return_items` (what the review shows is what is sent).
 * The order only supplies names and prices; without it a refund is unknown (`refundPaise` null).
 */
export function estimateRefund<E extends EstimateEntry>(
  order: Order | undefined,
  entries: readonly E[],
): { lines: EstimateLine<E>[]; count: number; anyRefund: boolean; refundPaise: number | null } {
  const lines = entries.map((entry): EstimateLine<E> => {
    const item = order?.order_items.find((i) => i.sku === entry.sku);
    return { entry, item, linePaise: item ? toPaise(item.selling_price) * entry.quantity : null };
  });
  const refunds = lines.filter((l) => l.entry.resolution === 'refund');
  const refundPaise = refunds.every((l) => l.linePaise !== null)
    ? refunds.reduce((sum, l) => sum + (l.linePaise ?? 0), 0)
    : null;
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.entry.quantity, 0),
    anyRefund: refunds.length > 0,
    refundPaise,
  };
}

/**
 * The items step's lines that count so far: chosen, with a whole quantity from 1 to what the
 * order line can return now (its `returnable_quantity`, which a refusal of the service refreshes).
 * A line outside that is left out rather than capped: the form will not send it as it stands, and
 * a capped figure would count a quantity the customer never typed. Left out, the running total
 * only ever counts what Continue would accept, and the line's own hint and error say what to fix.
 */
export function chosenEntries(order: Order, items: ItemsValues): EstimateEntry[] {
  return items.lines.flatMap((line) => {
    if (!line.selected) return [];
    const item = order.order_items.find((i) => i.sku === line.sku);
    const quantity = acceptedQuantity(line.quantity, item);
    if (quantity === null) return [];
    return [{ sku: line.sku, quantity, resolution: line.resolution }];
  });
}
