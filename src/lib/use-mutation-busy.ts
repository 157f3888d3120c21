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
  const busy = useIsMutating({ mutationKey, predicate }) > 0;
  return { busy, busyNow: useMutationBusyNow(mutationKey, predicate) };
}

/**
 * `busyNow()` alone, with no subscription: for a component that must not re-render with every
 * mutation under the key (the cart screen: a render of the whole screen in the click's frame
 * costs the new figure a frame, docs/performance.md).
 */
export function useMutationBusyNow(
  mutationKey: readonly unknown[],
  predicate?: (mutation: Mutation) => boolean,
) {
  const queryClient = useQueryClient();
  return () => queryClient.isMutating({ mutationKey, predicate }) > 0;
}
