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

/**
 * A modal question with focus trapped inside and Escape to cancel (Radix Dialog). The dialog
 * library is only needed once a question is asked, so it is fetched when the browser is idle
 * after the screen has painted (or at the first open), not with the screen's own code.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    idle(() => void load());
  }, []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Impl {...props} />
    </Suspense>
  );
}
