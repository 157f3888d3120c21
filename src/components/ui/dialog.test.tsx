import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './dialog';

// counts when the dialog's code is fetched (the factory runs at the first import)
const impl = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./confirm-dialog-impl', () => {
  impl.loads++;
  return {
    ConfirmDialogImpl: (props: ConfirmDialogProps) =>
      props.open ? <div role="alertdialog" aria-label={props.title} /> : null,
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

// the pointerdown and keydown listeners the dialog puts on window (the fetch happens once per
// page whatever happens, so counting listeners is what shows there is no work left behind)
const intentCalls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([type]) => type === 'pointerdown' || type === 'keydown').length;

afterEach(() => vi.restoreAllMocks());

// one test: the fetch state belongs to the page (the module), so steps build on each other
describe('ConfirmDialog', () => {
  it("fetches the dialog's code once, at the first key or pointer press, with one pair of listeners per page", async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    // two dialogs on one screen (and a re-render) arm one pair of listeners
    const { rerender } = render(
      <>
        <ConfirmDialog {...props} />
        <ConfirmDialog {...props} title="Remove the redemption?" />
      </>,
    );
    expect(intentCalls(added)).toBe(2);
    // the screen has painted and the browser is idle: still nothing fetched
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(impl.loads).toBe(0);

    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => expect(impl.loads).toBe(1));
    expect(intentCalls(removed)).toBe(2);

    // later presses and later dialogs add nothing
    fireEvent.pointerDown(document.body);
    render(<ConfirmDialog {...props} title="Leave without saving?" />);
    expect(intentCalls(added)).toBe(2);
    expect(impl.loads).toBe(1);

    rerender(<ConfirmDialog {...props} open />);
    expect(
      await screen.findByRole('alertdialog', { name: 'Change the customer?' }),
    ).toBeInTheDocument();
  });
});
