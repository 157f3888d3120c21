import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  tone?: 'primary' | 'danger';
}

const load = () => import('./confirm-dialog-impl');
const Impl = lazy(() => load().then((m) => ({ default: m.ConfirmDialogImpl })));

const INTENT = ['pointerdown', 'keydown'] as const;

/**
 * Fetch the dialog's code at the user's first key or pointer press on the page. Every question
 * follows something the user did (typing, a click), so the code is there before it is asked,
 * and it does not compete with the screen's own code and data while they load.
 */
function loadOnFirstIntent(): () => void {
  const go = () => {
    stop();
    void load();
  };
  const stop = () => {
    for (const type of INTENT) window.removeEventListener(type, go, true);
  };
  for (const type of INTENT) window.addEventListener(type, go, { capture: true, passive: true });
  return stop;
}

/**
 * A modal question with focus trapped inside and Escape to cancel (Radix Dialog). The dialog
 * library is only needed once a question is asked, so it is fetched at the user's first key or
 * pointer press (or at the first open), not with the screen's own code.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);

  useEffect(() => loadOnFirstIntent(), []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Impl {...props} />
    </Suspense>
  );
}
