import type { Order, OrderItem } from '@/api/schemas/order';
import type { CreateReturnBody, ReturnItemInput } from '@/api/schemas/order-return';
import { type ItemLineValues, type ItemsValues, lineItem, parseQuantity } from './return-form';

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

export interface EstimateLine {
  index: number;
  line: ItemLineValues;
  item: OrderItem;
  quantity: number;
  unitPaise: number;
  linePaise: number;
  refund: boolean;
}

/** Lines chosen with a usable quantity, and the refund total of those asking for a refund. */
export function estimateRefund(
  order: Order,
  items: ItemsValues,
): { lines: EstimateLine[]; refundPaise: number; count: number } {
  const lines: EstimateLine[] = [];
  items.lines.forEach((line, index) => {
    const item = lineItem(order, line);
    const quantity = parseQuantity(line.quantity);
    if (!line.selected || !item || quantity === null || quantity < 1) return;
    const unitPaise = toPaise(item.selling_price);
    lines.push({
      index,
      line,
      item,
      quantity,
      unitPaise,
      linePaise: unitPaise * quantity,
      refund: line.resolution === 'refund',
    });
  });
  const refundPaise = lines.filter((l) => l.refund).reduce((sum, l) => sum + l.linePaise, 0);
  return { lines, refundPaise, count: lines.reduce((sum, l) => sum + l.quantity, 0) };
}

export interface RequestLine {
  entry: ReturnItemInput;
  /** The order's line of this SKU; undefined when the order could not be loaded. */
  item: OrderItem | undefined;
  /** Quantity x unit price, when the price is known. */
  linePaise: number | null;
}

/**
 * The same estimate over a prepared request body (what the review shows is what is sent). The
 * order only supplies names and prices; without it the refund is unknown (null).
 */
export function estimateRequest(
  order: Order | undefined,
  body: CreateReturnBody,
): { lines: RequestLine[]; anyRefund: boolean; refundPaise: number | null } {
  const lines = body.return_items.map((entry): RequestLine => {
    const item = order?.order_items.find((i) => i.sku === entry.sku);
    return { entry, item, linePaise: item ? toPaise(item.selling_price) * entry.quantity : null };
  });
  const refunds = lines.filter((l) => l.entry.resolution === 'refund');
  const refundPaise = refunds.every((l) => l.linePaise !== null)
    ? refunds.reduce((sum, l) => sum + (l.linePaise ?? 0), 0)
    : null;
  return { lines, anyRefund: refunds.length > 0, refundPaise };
}
