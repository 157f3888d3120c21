import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './dialog';

// counts when the dialog's code is fetched (the factory runs at the first import)
const impl = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./confirm-dialog-impl', () => {
  impl.loads++;
  return {
    ConfirmDialogImpl: (props: ConfirmDialogProps) =>
      props.open ? <div role="dialog" aria-label={props.title} /> : null,
  };
});

const props: ConfirmDialogProps = {
  open: false,
  onOpenChange: () => undefined,
  title: 'Change the customer?',
  children: null,
  confirmLabel: 'Change',
  onConfirm: () => undefined,
};

describe('ConfirmDialog', () => {
  it("fetches the dialog's code at the first key or pointer press, not while the screen loads", async () => {
    const { rerender } = render(<ConfirmDialog {...props} />);
    // the screen has painted and the browser is idle: still nothing fetched
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(impl.loads).toBe(0);

    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => expect(impl.loads).toBe(1));
    // once only
    fireEvent.pointerDown(document.body);
    expect(impl.loads).toBe(1);

    rerender(<ConfirmDialog {...props} open />);
    expect(await screen.findByRole('dialog', { name: 'Change the customer?' })).toBeInTheDocument();
  });
});
