import * as RadixDialog from '@radix-ui/react-dialog';
import type { ConfirmDialogProps } from './dialog';
import { Button } from './button';

/** The Radix implementation behind ConfirmDialog, in a chunk of its own. */
export function ConfirmDialogImpl({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  tone = 'primary',
}: ConfirmDialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <RadixDialog.Title className="text-xl font-bold text-slate-900">
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 text-slate-800">{children}</div>
          </RadixDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <RadixDialog.Close asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </RadixDialog.Close>
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
