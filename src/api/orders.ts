import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from './client';
import { type Connection, storeOf } from './connection';
import { type Order, orderSchema } from './schemas/order';
import { type CreateReturnBody, type OrderReturn, orderReturnSchema } from './schemas/order-return';

/** Op 11: one order (its owner or staff). */
export function getOrder(
  conn: Connection,
  orderNumber: string,
  signal?: AbortSignal,
): Promise<Order> {
  return apiRequest(conn, {
    method: 'GET',
    path: `/orders/${seg(orderNumber)}`,
    credential: 'bearer',
    contentKey: 'order',
    schema: orderSchema,
    signal,
  });
}

/**
 * Op 6: create a return. One `idempotencyKey` per wizard submission: a retry with the same key
 * returns the first result and creates nothing (CONTRACT B5).
 */
export function createOrderReturn(
  conn: Connection,
  orderNumber: string,
  body: CreateReturnBody,
  idempotencyKey: string,
): Promise<OrderReturn> {
  return apiRequest(conn, {
    method: 'POST',
    path: `/orders/${seg(orderNumber)}/return`,
    credential: 'bearer',
    contentKey: 'order_return',
    schema: orderReturnSchema,
    body,
    idempotencyKey,
  });
}

export const orderKeys = {
  // no token in the key (it would sit in the cache, as the carts' and the users' do not): a
  // change of person drops every order read before (providers.tsx, onSwitch)
  // the service and store as `whomOf` names them: an address with or without its trailing slash
  // is the same service, so what is cached for it (and a form drawn from it) stays
  all: (conn: Connection) => ['orders', storeOf(conn)] as const,
  detail: (conn: Connection, orderNumber: string) => [...orderKeys.all(conn), orderNumber] as const,
};

export const orderQueryOptions = (conn: Connection, orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.detail(conn, orderNumber),
    queryFn: ({ signal }) => getOrder(conn, orderNumber, signal),
  });
