import { useLayoutEffect, useRef } from 'react';

/** Focus is on nothing of the page's (the control that held it went away, or never had any). */
export const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body;
};

/**
 * Focus for news that answers something the user did: a failure, an outcome. The news takes focus
 * when focus is still on a button of the section the news is in (the pending button that sent
 * the request keeps it, see Button, or another of its buttons) or on its heading (where a retry
 * put it), or was lost (the control that held it went away). Focus in a field (the form was sent
 * with Enter) or elsewhere on the page (the user moved on) stays there: the news is an alert,
 * heard anyway.
 *
 * `news` is what arrived, or null; each new truthy value is new news. The returned ref goes on
 * the element to focus (give it `tabIndex={-1}`).
 */
export function useFocusOnArrival<T extends HTMLElement>(
  news: unknown,
  {
    scope = 'section',
  }: {
    /**
     * Where a button that caused the news may be: its section, or for news from a screen that is
     * one form with no sections (the notification settings' Save, the cart's Print), the screen
     * (`main`).
     */
    scope?: 'section' | 'main';
  } = {},
) {
  const ref = useRef<T>(null);
  // in the commit that draws the news (a layout effect): it is never on screen with focus still
  // where the press left it, so whatever finds the news finds focus on it (useFocusFirstError)
  useLayoutEffect(() => {
    const target = ref.current;
    if (!news || !target) return;
    const active = document.activeElement;
    // already in the news (its own Try again, pressed, failed again): focus stays where it is,
    // and the message says it failed again in its live region (Alert)
    if (active && target.contains(active)) return;
    // a control turned off counts as lost: Chromium moves focus from it to the page at once,
    // but an engine that leaves it there (jsdom) would keep the news from taking it
    const lost = focusLost() || !!active?.matches(':disabled');
    const area = target.closest(scope);
    // a button there (it sent the request), or its heading: where a Try again parks focus while
    // the message holding it is gone (the cart's customer form), so a second failure is news too
    const sender = active instanceof HTMLButtonElement || active instanceof HTMLHeadingElement;
    if (lost || (sender && area?.contains(active))) target.focus();
  }, [news, scope]);
  return ref;
}

/**
 * Focus back to where a question was asked (`askedFrom`), once it is answered: unless the answer
 * moved focus on (a new screen's heading, a field to fix), or that control has gone.
 */
export function focusBackTo(askedFrom: Element | null | undefined) {
  if (focusLost() && askedFrom instanceof HTMLElement && askedFrom.isConnected) askedFrom.focus();
}

/**
 * Whether the user moved on from `within` (where a request was sent from) while it was on its
 * way: focus is now elsewhere on the page. Focus still there, or lost (the control that held it
 * went away), has not moved on, and the request's outcome may take it; a cashier typing points
 * while a customer was being linked keeps their place.
 */
export function movedOn(within: Element | null | undefined): boolean {
  return !focusLost() && !within?.contains(document.activeElement);
}
