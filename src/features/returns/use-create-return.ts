import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { createOrderReturn, orderKeys, orderQueryOptions } from '@/api/orders';
import type { Order } from '@/api/schemas/order';
import type { CreateReturnBody, OrderReturn } from '@/api/schemas/order-return';
import { useConnection } from '@/lib/session';
import { useMutationBusy } from '@/lib/use-mutation-busy';
import { settleSubmission } from './return-draft';
import { saveReturn } from './returns-store';

export interface CreateReturnVars {
  orderNumber: string;
  body: CreateReturnBody;
  idempotencyKey: string;
}

/** The variant of each returned line that has one, by SKU. */
function variantNamesOf(order: Order, created: OrderReturn): Record<string, string> {
  const returned = new Set(created.return_items.map((item) => item.sku));
  return Object.fromEntries(
    order.order_items.flatMap(({ sku, variant_name: variant }) =>
      returned.has(sku) && variant && variant.trim() !== '' ? [[sku, variant]] : [],
    ),
  );
}

const createReturnKey = (userId: string) => ['create-return', userId];

/**
 * Operation 6. The created return goes to this browser's list of the person's returns (there is
 * no read operation to fetch it later) with its order's currency, and the order is refetched when
 * next shown because its returnable quantities changed. A refusal also marks the order stale: the
 * service knows better. A success also settles the wizard's draft sent with that key
 * (`settleSubmission`).
 */
export function useCreateReturn(userId: string) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createReturnKey(userId),
    mutationFn: ({ orderNumber, body, idempotencyKey }: CreateReturnVars) =>
      createOrderReturn(conn, orderNumber, body, idempotencyKey),
    // here rather than in the screen's own callbacks, which are dropped when the customer leaves
    // the wizard before the answer comes: the return is kept, and the draft sent under this key
    // is done (the wizard opens its confirmation when it is shown again)
    onSuccess: (created, { orderNumber, body, idempotencyKey }) => {
      // the return's money is in the order's currency (which the wizard read the order for), not
      // necessarily the store's: kept with it, since the confirmation is drawn from this list,
      // and so are the pickup address and the variants, which the answer does not say
      const { queryKey } = orderQueryOptions(conn, orderNumber);
      const order = queryClient.getQueryData(queryKey);
      saveReturn(userId, created, {
        currency: order?.currency,
        pickupAddress: body.shipping_address ?? order?.shipping_address,
        variantNames: order && variantNamesOf(order, created),
      });
      settleSubmission(userId, idempotencyKey, created.request_number);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, { orderNumber }) => {
      if (isApiError(error) && error.status === 422) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(conn, orderNumber) });
      }
    },
  });
}

/**
 * Whether a send with Idempotency-Key `key` is on its way, whichever visit to the wizard made it
 * (the customer may have left and come back before its answer).
 */
export function useSending(userId: string, key: string | undefined) {
  return useMutationBusy(
    createReturnKey(userId),
    (m) =>
      key !== undefined &&
      (m.state.variables as CreateReturnVars | undefined)?.idempotencyKey === key,
  );
}
