import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('while pending keeps the focus of whoever pressed it, and ignores presses', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    function Pending() {
      const [pending, setPending] = useState(false);
      return (
        <Button
          pending={pending}
          pendingLabel="Saving…"
          onClick={() => {
            onClick();
            setPending(true);
          }}
        >
          Save
        </Button>
      );
    }
    render(<Pending />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const button = screen.getByRole('button', { name: 'Saving…' });
    // not disabled: Chrome would drop focus from a disabled button to the page
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while pending sends its form neither by a press nor by Enter in a field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Points" />
        <Button type="submit" pending>
          Redeem
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await user.type(screen.getByRole('textbox', { name: 'Points' }), '5{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disabled (and not pending) is a plain disabled button', () => {
    render(<Button disabled>Print</Button>);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
