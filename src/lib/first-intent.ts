const INTENT = ['pointerdown', 'keydown'] as const;
const waiting = new Set<() => void>();

function onIntent() {
  for (const type of INTENT) window.removeEventListener(type, onIntent, true);
  const due = [...waiting];
  waiting.clear();
  due.forEach((fn) => fn());
}

/**
 * Runs `fn` once, at the user's first key or pointer press on the page: the moment to fetch code
 * that is needed only after the user does something (a dialog, a wizard's later steps). Fetched
 * then, it is there before it is needed and does not compete with the screen's own code and
 * data while they load. One pair of listeners however many wait; none once nothing does.
 * Returns a function that stops waiting.
 */
export function onFirstIntent(fn: () => void): () => void {
  if (waiting.size === 0) {
    for (const type of INTENT) {
      window.addEventListener(type, onIntent, { capture: true, passive: true });
    }
  }
  waiting.add(fn);
  return () => {
    if (!waiting.delete(fn) || waiting.size > 0) return;
    for (const type of INTENT) window.removeEventListener(type, onIntent, true);
  };
}
