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

  it.each([
    [429, 'too_many_requests', 'Too many requests, slow down.'],
    [408, 'request_timeout', 'The gateway timed out waiting for the request.'],
  ])(
    "a gateway's %i is not a refusal: it passes, so Try again is offered",
    (status, code, message) => {
      show(new ApiError({ status, code, message }));
      expect(screen.getByRole('alert')).not.toHaveTextContent('The service refused');
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
  );

  it("a 403 says it is not allowed, in the service's words when the screen has none, and leads to who is signed in", () => {
    show(
      new ApiError({
        status: 403,
        code: 'forbidden',
        message: 'Only store staff can use POS operations.',
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not allowed');
    expect(alert).toHaveTextContent('Only store staff can use POS operations.');
    expect(alert).not.toHaveTextContent('The service refused');
    expect(screen.getByRole('link', { name: 'Change who is signed in' })).toHaveAttribute(
      'href',
      '/settings',
    );
    // another account is the way on: asking again with this one would be refused again
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("a refusal in the service's words has no Try again: asking again would not change it", () => {
    show(new ApiError({ status: 400, code: 'validation_error', message: 'Invalid request.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The service refused');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
