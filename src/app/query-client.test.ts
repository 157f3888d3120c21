import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const failure = (status: number, code: string, retryAfterMs?: number) =>
  new ApiError({ status, code, message: 'x', retryAfterMs });

describe('shouldRetry (a read, by itself)', () => {
  it.each([
    ['no answer', failure(0, 'network_error')],
    ['a timeout', failure(0, 'timeout')],
    ['a server failure', failure(503, 'internal_error')],
    ["a gateway's 408", failure(408, 'request_timeout')],
  ])('tries %s twice more', (_, error) => {
    expect([0, 1, 2].map((n) => shouldRetry(n, error))).toEqual([true, true, false]);
  });

  it.each([
    ['a 429 (asked for fewer requests)', failure(429, 'too_many_requests')],
    ["the service's refusal", failure(422, 'cart_expired')],
    ['a sign-in refused', failure(401, 'unauthorized')],
    ['an answer that is not the service’s', failure(200, 'invalid_response')],
  ])('does not retry %s', (_, error) => {
    expect(shouldRetry(0, error)).toBe(false);
  });
});

describe('Retry-After: a service that says when it takes requests again', () => {
  it('is asked again no sooner than it said, when that is within 10 s', () => {
    const error = failure(503, 'internal_error', 5_000);
    expect(shouldRetry(0, error)).toBe(true);
    // TanStack's own back-off would ask again after 1 s, then 2 s
    expect([0, 1].map((n) => retryDelay(n, error))).toEqual([5_000, 5_000]);
  });

  it("keeps TanStack's back-off where it is the longer wait, or nothing was said", () => {
    expect(retryDelay(2, failure(503, 'internal_error', 500))).toBe(4_000);
    expect([0, 1, 2].map((n) => retryDelay(n, failure(503, 'internal_error')))).toEqual([
      1_000, 2_000, 4_000,
    ]);
    expect(retryDelay(0, new TypeError('offline'))).toBe(1_000);
  });

  it('leaves a longer wait (a minute of maintenance) to the screen’s Try again', () => {
    expect(shouldRetry(0, failure(503, 'internal_error', 60_000))).toBe(false);
  });

  it('is the policy of the app’s query client', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
});
