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
});
