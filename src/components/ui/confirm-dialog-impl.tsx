import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import type { ConfirmDialogProps } from './dialog';
import { Button } from './button';
import { focusBackTo } from './focus-on-arrival';

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
  // Where the question was asked (a link, a switch, a submit button): with no Dialog.Trigger,
  // Radix would give focus back to nothing, and the page's start. Taken before the dialog moves
  // focus into itself (Radix does so in an effect, after this layout effect).
  const askedFrom = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const titleEl = useRef<HTMLHeadingElement>(null);
  const lastButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    askedFrom.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* a question for the screen, not the paper: the browser's Print, which the Print key is
            while a dialog is open (cart-screen.tsx), prints the page without it */}
        {/* a press on it answers nothing (below), nor takes focus out of the question to the page */}
        <RadixDialog.Overlay
          data-testid="dialog-backdrop"
          onMouseDown={(event) => event.preventDefault()}
          className="no-print fixed inset-0 bg-slate-900/50"
        />
        <RadixDialog.Content
          ref={content}
          // A question that waits for its answer (the APG's alert dialog, as Radix's AlertDialog
          // is this dialog so set): a press beside it answers nothing. As a plain dialog a press
          // on the backdrop was Cancel, so a double click on what asked it (Reset demo data)
          // asked and cancelled at once. Escape and the buttons answer it
          role="alertdialog"
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            // A question taller than the screen (zoomed in, a short window) scrolls: its first
            // button, where focus would go, is then below what shows, and the question above it
            // unread. Focus goes to the title instead, at the top (the APG's advice for a long
            // dialog): the arrow keys scroll the rest into view, Tab reaches the buttons
            const box = content.current;
            if (box && box.scrollHeight > box.clientHeight) {
              event.preventDefault();
              titleEl.current?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusBackTo(askedFrom.current);
          }}
          className="no-print fixed top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title
            ref={titleEl}
            tabIndex={-1}
            // Shift+Tab from the title (not a tab stop, so the focus trap does not wrap from it)
            // goes round to the last button, as from the first
            onKeyDown={(event) => {
              if (event.key !== 'Tab' || !event.shiftKey) return;
              event.preventDefault();
              lastButton.current?.focus();
            }}
            className="text-xl font-bold text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
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
              ref={lastButton}
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
