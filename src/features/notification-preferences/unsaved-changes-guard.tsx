import { useEffect } from 'react';
import { useBlocker } from '@/lib/navigation';
import { ConfirmDialog } from '@/components/ui/dialog';

/**
 * While `dirty`, leaving asks first: in-app navigation through the router's blocker (a dialog
 * the user answers with Stay or Leave), and reload or closing the tab through the browser's
 * own `beforeunload` prompt (the only thing a page may show then). While the changes are `kept`
 * in this tab's storage (the customer is asked to sign in again), in-app navigation loses
 * nothing, since coming back restores them, so it does not ask; closing the tab still would.
 */
export function UnsavedChangesGuard({
  dirty,
  kept,
  changeCount,
}: {
  dirty: boolean;
  kept: boolean;
  changeCount: number;
}) {
  const block = dirty && !kept;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      block &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // saved meanwhile (the save finished while the dialog was open): nothing to protect. Changes
  // that come to be kept meanwhile (a refresh refused with 401 in the background) are not an
  // answer to the question on screen: the customer still gives it.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      cancelLabel="Stay"
      confirmLabel="Leave"
      tone="danger"
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    >
      <p>
        {changeCount === 1
          ? 'You changed 1 notification setting that is not saved yet.'
          : `You changed ${changeCount} notification settings that are not saved yet.`}{' '}
        If you leave now, {changeCount === 1 ? 'that change is' : 'those changes are'} lost.
      </p>
    </ConfirmDialog>
  );
}
