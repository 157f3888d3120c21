import { CancelledError } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { AppRouter, createTestHistory } from '@/lib/navigation';
import { ApiErrorAlert, isSuperseded } from './api-error-alert';

const show = (error: unknown) =>
  render(
    <AppRouter history={createTestHistory(['/'])}>
      <ApiErrorAlert error={error} onRetry={() => undefined} />
    </AppRouter>,
  );

const switched = new ApiError({ status: 0, code: 'session_switched', message: 'switched' });

describe('ApiErrorAlert', () => {
  it('shows nothing for a request called off by a session switch or a cache clear', () => {
    expect(isSuperseded(switched)).toBe(true);
    expect(isSuperseded(new CancelledError())).toBe(true);
    expect(show(switched).container).toBeEmptyDOMElement();
    expect(show(new CancelledError()).container).toBeEmptyDOMElement();
  });

  it('shows a dropped connection, with a retry', () => {
    const dropped = new ApiError({ status: 0, code: 'network_error', message: 'No connection.' });
    expect(isSuperseded(dropped)).toBe(false);
    show(dropped);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
