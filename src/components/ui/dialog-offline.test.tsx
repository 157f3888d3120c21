import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './dialog';

// the dialog's chunk could not be fetched: what a browser throws for its import
vi.mock('./confirm-dialog-impl', () => ({
  get ConfirmDialogImpl(): never {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/confirm-dialog.js');
  },
}));

/** A form with something typed and a Leave button that asks first. */
function Form({ onLeave }: { onLeave: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <label>
        Name{' '}
        <input
          onKeyDown={(event) => {
            if (event.key === 'Enter') setAsking(true);
          }}
        />
      </label>
      <button type="button" onClick={() => setAsking(true)}>
        Leave
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={onLeave}
        tone="danger"
      >
        Your changes will be lost.
      </ConfirmDialog>
    </>
  );
}

beforeEach(() => {
  // React reports the failed fetch its boundary caught
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('ConfirmDialog whose code could not be fetched (offline)', () => {
  it('asks the question in the page, answered by either button or Escape, keeping what was typed', async () => {
    const user = userEvent.setup();
    const onLeave = vi.fn();
    render(<Form onLeave={onLeave} />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    const leave = screen.getByRole('button', { name: 'Leave' });
    await user.click(leave);

    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question).toHaveAccessibleDescription('Your changes will be lost.');
    await waitFor(() => expect(question).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');

    // Stay: the question goes, focus goes back to where it was asked, nothing happened
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(leave).toHaveFocus());
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');

    // Escape is Stay too
    await user.click(leave);
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onLeave).not.toHaveBeenCalled();

    // the answer itself
    await user.click(leave);
    const inQuestion = await screen.findByRole('alertdialog');
    await user.click(
      // both buttons are named by their answers; the question's Leave is the one inside it
      screen.getAllByRole('button', { name: 'Leave' }).find((b) => inQuestion.contains(b))!,
    );
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('takes focus also when asked from a field (Enter), where Escape then answers it', async () => {
    const user = userEvent.setup();
    render(<Form onLeave={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Asha{Enter}');
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await waitFor(() => expect(question).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });
});
