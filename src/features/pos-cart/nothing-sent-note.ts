import { type KeyboardEvent, useState } from 'react';

/**
 * Whether the last of `asked` (a count of asks the cart's one-action-at-a-time rule turned away:
 * use-cart-mutations.ts) is still unanswered: the cart has not been free since. What is said of
 * it goes once the cart is free (the other action's outcome is news of its own).
 */
export function useAskedWhileBusy(busy: boolean, asked: number) {
  // the last ask the cart has been free since
  const [answered, setAnswered] = useState(asked);
  if (!busy && answered !== asked) setAnswered(asked);
  return busy && asked !== answered;
}

/** What is said of such an ask; `done` what did not happen, `button` what to press later. */
export const notDoneYet = (done: 'sent' | 'printed', button: string) =>
  `Nothing was ${done}: another action on this cart is still on its way. Press ${button} once it is done.`;

/**
 * Enter in a field of a cart form while another action of the cart is on its way sends nothing:
 * the form's button is off, so the browser submits nothing either. Said, not silent: the note is
 * for the form's status region. While the form's own request is pending its button says so
 * ("Redeeming…"), and there is nothing to press again. `refused` is called at such an Enter (the
 * form's own earlier outcome is not the news any more).
 *
 * `busy` and `busyNow` are the form's `useCartBusy`; `ownPending`, whether the form's own request
 * is the one on its way; `button`, what to press once it is done.
 */
export function useNothingSentNote(
  { busy, busyNow }: { busy: boolean; busyNow: () => boolean },
  ownPending: boolean,
  button: string,
  refused?: () => void,
) {
  const [asked, setAsked] = useState(0);
  const waiting = useAskedWhileBusy(busy && !ownPending, asked);
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // (a scan taken out of the field, scanOutOfField, is no press)
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.defaultPrevented) return;
    if (e.target instanceof HTMLInputElement && busyNow() && !ownPending) {
      setAsked((n) => n + 1);
      refused?.();
    }
  };
  return { onKeyDown, note: waiting ? notDoneYet('sent', button) : null };
}
