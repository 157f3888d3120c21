import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { onFirstIntent } from '@/lib/first-intent';
import { importOnce } from '@/lib/import-once';

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

// one request per page, shared by the prefetch at the first intent and by lazy(); a failed
// prefetch (a moment offline) does not stick: opening asks again
const load = importOnce(() => import('./confirm-dialog-impl'));
const Impl = lazy(() => load().then((m) => ({ default: m.ConfirmDialogImpl })));

// asked for (and not failed): later presses and later dialogs wait for nothing
let prefetched = false;
const prefetch = () => {
  prefetched = true;
  load().catch(() => {
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
 * A modal question with focus trapped inside and Escape to cancel (Radix Dialog). The dialog
 * library is only needed once a question is asked, so it is fetched at the user's first key or
 * pointer press (or at the first open), not with the screen's own code.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);

  useEffect(loadOnFirstIntent, []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Impl {...props} />
    </Suspense>
  );
}
