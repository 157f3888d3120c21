import { waitFor } from '@testing-library/react';

/**
 * What has focus at the moment something is first put on screen: read in a MutationObserver's
 * callback, before any later task (a passive effect) can move focus. Call before the action;
 * await the result after it.
 */
export function focusWhenDrawn(find: () => Element | null): Promise<Element | null> {
  let seen: { focus: Element | null } | null = null;
  const observer = new MutationObserver(() => {
    if (!seen && find()) seen = { focus: document.activeElement };
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return waitFor(() => {
    if (!seen) throw new Error('not drawn yet');
    observer.disconnect();
    return seen.focus;
  });
}
