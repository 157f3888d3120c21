import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogImpl } from './confirm-dialog-impl';

/** A button that asks; confirming moves focus on to a heading, as a new screen does. */
function Asker() {
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState(false);
  const next = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (left) next.current?.focus();
  }, [left]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Leave
      </button>
      <h1 ref={next} tabIndex={-1}>
        Next screen
      </h1>
      <ConfirmDialogImpl
        open={open}
        onOpenChange={setOpen}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => setLeft(true)}
      >
        Your changes are not saved.
      </ConfirmDialogImpl>
    </>
  );
}

describe('ConfirmDialogImpl', () => {
  it.each([
    ['Escape', () => userEvent.keyboard('{Escape}')],
    ['Stay', () => userEvent.click(screen.getByRole('button', { name: 'Stay' }))],
  ])('after %s, focus is back where the question was asked', async (_, answer) => {
    const user = userEvent.setup();
    render(<Asker />);
    const asked = screen.getByRole('button', { name: 'Leave' });
    await user.click(asked);
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus());
    await answer();
    await waitFor(() => expect(asked).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('an answer that moves focus on keeps it there', async () => {
    const user = userEvent.setup();
    render(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Radix hands focus back a task after closing
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('heading', { name: 'Next screen' })).toHaveFocus();
  });

  it('waits for its answer: a press beside it (a second click of a double click) answers nothing', async () => {
    // the modal page takes no pointer events (Radix); the press is made as a browser makes it
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Asker />);
    const asked = screen.getByRole('button', { name: 'Leave' });
    await user.dblClick(asked);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    // the backdrop, and the page under it
    const stay = within(dialog).getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(stay).toHaveFocus());
    await user.click(screen.getByTestId('dialog-backdrop'));
    // focus stays in the question (it went to the page, inside a modal)
    expect(stay).toHaveFocus();
    await user.click(document.body);
    await user.pointer({ keys: '[MouseLeft]', target: asked });
    expect(dialog).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
