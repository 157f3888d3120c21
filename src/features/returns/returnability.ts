import type { ApiError } from '@/api/errors';
import type { Order } from '@/api/schemas/order';
import { RETURN_WINDOW_DAYS } from '@/api/schemas/order-return';
import { formatDate } from '@/lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

export type NotReturnable =
  | { reason: 'not_delivered'; status: string | null }
  | { reason: 'window_closed'; closedAt: string }
  | { reason: 'nothing_left' };

/**
 * Why an order cannot be returned, worked out from the order itself with the service's rule
 * (CONTRACT B5: delivered, at most RETURN_WINDOW_DAYS ago), so the customer hears it before
 * filling anything in. The service stays the judge: its 422 is handled too (`fromRefusal`).
 */
export function whyNotReturnable(order: Order, now = Date.now()): NotReturnable | null {
  if (order.status !== 'delivered' || !order.delivered_at) {
    return { reason: 'not_delivered', status: order.status };
  }
  const closesAt = Date.parse(order.delivered_at) + RETURN_WINDOW_DAYS * DAY_MS;
  if (closesAt < now)
    return { reason: 'window_closed', closedAt: new Date(closesAt).toISOString() };
  if (order.order_items.every((i) => i.returnable_quantity === 0))
    return { reason: 'nothing_left' };
  return null;
}

/** The service's `order_not_returnable` refusal, read from its details. */
export function fromRefusal(error: ApiError): NotReturnable | null {
  if (error.code !== 'order_not_returnable') return null;
  const { reason, window_closed_at: closedAt, status } = error.details;
  if (
    reason === 'window_closed' &&
    typeof closedAt === 'string' &&
    !Number.isNaN(Date.parse(closedAt))
  ) {
    return { reason: 'window_closed', closedAt };
  }
  if (reason === 'not_delivered') {
    return { reason: 'not_delivered', status: typeof status === 'string' ? status : null };
  }
  return null;
}

const STATUS_WORDS: Record<string, string> = {
  placed: 'placed',
  confirmed: 'confirmed',
  shipped: 'on its way',
  cancelled: 'cancelled',
};

export function describeNotReturnable(orderNumber: string, why: NotReturnable): string {
  switch (why.reason) {
    case 'not_delivered': {
      if (why.status === 'cancelled')
        return `${orderNumber} was cancelled, so there is nothing to return.`;
      const state = why.status ? STATUS_WORDS[why.status] : undefined;
      return `${orderNumber} has not been delivered yet${state ? ` (it is ${state})` : ''}. You can ask for a return once it arrives.`;
    }
    case 'window_closed':
      return `The ${RETURN_WINDOW_DAYS}-day return window for ${orderNumber} closed on ${formatDate(why.closedAt)}.`;
    case 'nothing_left':
      return `Everything in ${orderNumber} is already in a return request.`;
  }
}

/**
 * Where an order that was not found is not. Staff find every order of the store (CONTRACT B2:
 * operations 6 and 11 answer 404 `order_not_found` only for an order they cannot see), so for
 * them it is not in the store; a customer has no other account to look in.
 */
export const orderScope = (staff?: boolean) => (staff ? 'in this store' : 'on your account');

/** A missing order, worded for who asked: staff have no confirmation email of their own. */
export const orderNotFoundMessage = (staff?: boolean) =>
  `We couldn't find that order ${orderScope(staff)}.` +
  (staff ? '' : ' Check the order number in your order confirmation email.');
