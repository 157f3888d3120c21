import { type Mutation, useIsMutating, useQueryClient } from '@tanstack/react-query';

/**
 * Whether a mutation under `mutationKey` (and, with `predicate`, one it picks) is on its way:
 * `busy` for rendering (buttons off, a waiting message), `busyNow()` at the moment of a press.
 * A second click of a double click comes before React has drawn the pending button; `mutate()`
 * marks its mutation pending before it returns, so `busyNow()` already sees the first.
 */
export function useMutationBusy(
  mutationKey: readonly unknown[],
  predicate?: (mutation: Mutation) => boolean,
) {
  const queryClient = useQueryClient();
  const filters = { mutationKey, predicate };
  const busy = useIsMutating(filters) > 0;
  const busyNow = () => queryClient.isMutating(filters) > 0;
  return { busy, busyNow };
}
