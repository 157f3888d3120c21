import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StatusMessage, useStatus } from './status-message';

function Screen() {
  const [status, show] = useStatus<string>();
  const [hidden, setHidden] = useState(false);
  return (
    <>
      <button onClick={() => show('Saved.')}>Save</button>
      <button onClick={() => setHidden((h) => !h)}>Edit</button>
      <StatusMessage
        message={status && !hidden ? { id: status.id, text: status.value } : null}
        idle={hidden ? 'Unsaved changes' : null}
      />
    </>
  );
}

describe('StatusMessage', () => {
  it('is always in the page, announces and focuses each message, a repeat included', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const first = screen.getByText('Saved.');
    expect(region).toContainElement(first);
    expect(first).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const second = screen.getByText('Saved.');
    expect(second).not.toBe(first); // replaced, so screen readers say it again
    expect(second).toHaveFocus();
    expect(screen.getByRole('status')).toBe(region);
  });

  it('does not take focus when the same message comes back', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const edit = screen.getByRole('button', { name: 'Edit' });
    await user.click(edit);
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    await user.click(edit); // the edit undone: the message is back, focus stays
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    expect(edit).toHaveFocus();
  });
});
