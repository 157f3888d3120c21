import { type KeyboardEvent, useState } from 'react';

/**
 * Enter in a field of a cart form while another action of the cart is on its way sends nothing:
 * the form's button is off (one action at a time, use-cart-mutations.ts), so the browser submits
 * nothing either. Said, not silent: the note is for the form's status region, and goes once the
 * cart is free again (the other action's outcome is news of its own). While the form's own
 * request is pending its button says so ("Redeeming…"), and there is nothing to press again.
 *
 * `busy` and `busyNow` are the form's `useCartBusy`; `ownPending`, whether the form's own request
 * is the one on its way; `button`, what to press once it is done.
 */
export function useNothingSentNote(
  { busy, busyNow }: { busy: boolean; busyNow: () => boolean },
  ownPending: boolean,
  button: string,
) {
  const [pressed, setPressed] = useState(false);
  // the cart is free again: the note no longer holds
  if (pressed && !busy) setPressed(false);
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.target instanceof HTMLInputElement && busyNow() && !ownPending) setPressed(true);
  };
  const note =
    pressed && busy && !ownPending
      ? `Nothing was sent: a change to this cart is still on its way. Press ${button} once it is done.`
      : null;
  return { onKeyDown, note };
}
