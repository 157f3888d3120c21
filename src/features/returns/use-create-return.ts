import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { createOrderReturn, orderKeys } from '@/api/orders';
import type { CreateReturnBody } from '@/api/schemas/order-return';
import { useConnection } from '@/lib/session';
import { saveReturn } from './returns-store';

export interface CreateReturnVars {
  orderNumber: string;
  body: CreateReturnBody;
  idempotencyKey: string;
}

/**
 * Operation 6. The created return goes to this browser's list of the person's returns (there is
 * no read operation to fetch it later), and the order is refetched when next shown because its
 * returnable quantities changed. A refusal also marks the order stale: the service knows better.
 */
export function useCreateReturn(userId: string) {
  const conn = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, body, idempotencyKey }: CreateReturnVars) =>
      createOrderReturn(conn, orderNumber, body, idempotencyKey),
    onSuccess: (created, { orderNumber }) => {
      saveReturn(userId, created);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(conn, orderNumber) });
    },
    onError: (error, { orderNumber }) => {
      if (isApiError(error) && error.status === 422) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(conn, orderNumber) });
      }
    },
  });
}
