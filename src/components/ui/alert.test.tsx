import { render, screen, within } from '@testing-library/react';
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

  it('says in its live region each new failure that comes while it is shown, also with the same words', () => {
    const failure = (error: Error, retrying = false) => (
      <Alert
        tone="error"
        title="Could not load the cart"
        onRetry={() => {}}
        retrying={retrying}
        failure={error}
      >
        Check the connection.
      </Alert>
    );
    const first = new Error('500');
    const { rerender } = render(failure(first));
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent(/Tried again/);
    rerender(failure(first, true));
    expect(alert).not.toHaveTextContent(/Tried again/);
    rerender(failure(new Error('500')));
    expect(alert).toHaveTextContent(/Check the connection\.Tried again: it failed again\.$/);
    // at once, with no "Trying again…" between (the failure came back in the same moment)
    rerender(failure(new Error('500')));
    expect(alert).toHaveTextContent(/Tried again: it failed again \(2 times\)\.$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
