import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { onFirstIntent } from '@/lib/first-intent';
import { Button } from './button';
import { focusBackTo } from './focus-on-arrival';
import { PartBoundary, lazyPart } from './lazy-part';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button: this runs, then the dialog closes (`onOpenChange(false)`). */
  onConfirm: () => void;
  tone?: 'primary' | 'danger';
}

// one request per page, shared by the prefetch at the first intent and by the dialog; a failure
// (a moment offline) does not stick in the app: opening asks again (a browser that keeps the
// failed file failed says no at once, and the question is asked in the page)
const Impl = lazyPart(() => import('./confirm-dialog-impl').then((m) => m.ConfirmDialogImpl));

// asked for (and not failed): later presses and later dialogs wait for nothing
let prefetched = false;
const prefetch = () => {
  prefetched = true;
  Impl.load().catch(() => {
    prefetched = false;
  });
};

/**
 * Fetch the dialog's code at the user's first key or pointer press on the page. Every question
 * follows something the user did (typing, a click), so the code is there before it is asked.
 * The wait outlives the dialog that started it: the next screen's first press can fetch it too.
 */
function loadOnFirstIntent() {
  if (!prefetched) onFirstIntent(prefetch);
}

/**
 * A modal question (an alert dialog: a press beside it answers nothing) with focus trapped
 * inside and Escape to cancel (Radix Dialog). The dialog library is only needed once a question
 * is asked, so it is fetched at the user's first key or pointer press (or at the first open),
 * not with the screen's own code. Where that fetch failed (offline), the question is asked in
 * the page instead (`InlineQuestion`, not modal).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);

  useEffect(loadOnFirstIntent, []);

  // a question closed before its code came (or after it failed to): nothing to show; the next
  // open asks for the code again
  if (!used || (!props.open && !Impl.loaded())) return null;
  return (
    // the code not fetched (offline): the question is asked in the page instead, and the screen
    // (and anything typed on it) stays
    <PartBoundary parts={[Impl]} fallback={<InlineQuestion {...props} />}>
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    </PartBoundary>
  );
}

/**
 * The question in the page, where the dialog's code could not be fetched: its title, its words and
 * both answers, focused as it comes (read out by its name) and answered by Escape too. Not modal:
 * the rest of the page stays usable, and what asked (a held navigation, a form) waits for it.
 */
function InlineQuestion({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  tone = 'primary',
}: ConfirmDialogProps) {
  const ids = useId();
  const ref = useRef<HTMLDivElement>(null);
  // where it was asked from, taken before it takes focus: focus goes back there once answered
  const [askedFrom] = useState(() => document.activeElement);
  // always, as the dialog does, also when asked from a field (Enter): it waits for an answer
  useEffect(() => ref.current?.focus(), []);
  if (!open) return null;
  const answer = (confirmed: boolean) => {
    if (confirmed) onConfirm();
    onOpenChange(false);
    // as the dialog does, once the question has gone
    requestAnimationFrame(() => focusBackTo(askedFrom));
  };
  return (
    // Escape answers "no", as in the dialog (the question's own keys, not an action on its box)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-words`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') answer(false);
      }}
      className="no-print my-4 rounded-md border-2 border-indigo-700 bg-white p-4 text-slate-900 shadow-lg focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <p id={`${ids}-title`} className="text-xl font-bold">
        {title}
      </p>
      <div id={`${ids}-words`} className="mt-2 text-slate-800">
        {children}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => answer(false)}>
          {cancelLabel}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={() => answer(true)}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
