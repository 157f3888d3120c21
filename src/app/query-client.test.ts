import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { shouldRetry } from './query-client';

const failure = (status: number, code: string) => new ApiError({ status, code, message: 'x' });

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
