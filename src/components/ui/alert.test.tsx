import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('keeps Try again out of the live region: its "Trying again…" does not change the message', () => {
    const failure = (retrying: boolean) => (
      <Alert tone="error" title="Could not load the cart" onRetry={() => {}} retrying={retrying}>
        Check the connection.
      </Alert>
    );
    const { rerender } = render(failure(false));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the cartCheck the connection.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();

    rerender(failure(true));
    // the region's words are what a screen reader reads out again when they change
    expect(alert).toHaveTextContent(/^Could not load the cartCheck the connection\.$/);
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeInTheDocument();
  });

  it('says news politely, as a status', () => {
    render(<Alert tone="success" title="Saved" />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in its live region that its Try again failed again, each time, also with the same words', async () => {
    const user = userEvent.setup();
    const failure = (error: Error, retrying = false, offered = true) => (
      <Alert
        tone="error"
        title="Could not load the cart"
        onRetry={offered ? () => {} : undefined}
        retrying={retrying}
        failure={error}
      >
        Check the connection.
      </Alert>
    );
    const first = new Error('500');
    const { rerender } = render(failure(first));
    const alert = screen.getByRole('alert');
    // a failure nobody asked for (a refresh the screen made by itself) is not a "tried again"
    const unasked = new Error('500');
    rerender(failure(unasked));
    expect(alert).not.toHaveTextContent(/Tried again/);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(failure(unasked, true));
    expect(alert).not.toHaveTextContent(/Tried again/);
    const second = new Error('500');
    rerender(failure(second));
    expect(alert).toHaveTextContent(/Check the connection\.Tried again: it failed again\.$/);
    // at once, with no "Trying again…" between (the failure came back in the same moment)
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const third = new Error('500');
    rerender(failure(third));
    expect(alert).toHaveTextContent(/Tried again: it failed again \(2 times\)\.$/);
    // a later failure, not asked for, is not counted
    rerender(failure(new Error('500')));
    expect(alert).toHaveTextContent(/\(2 times\)\.$/);

    // the answer is now one that Try again cannot change (a 404): the message starts over
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(failure(new Error('404'), false, false));
    expect(alert).not.toHaveTextContent(/Tried again/);
  });
});
