import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { isServiceRefusal } from './outcome';

describe('whether a failed write may have been made anyway', () => {
  it.each([
    [0, 'network_error', false],
    [0, 'timeout', false],
    [500, 'internal_error', false],
    [503, 'internal_error', false],
    [200, 'invalid_response', false],
    [429, 'invalid_response', false],
    // a proxy or gateway in the error format: not one of the service's codes (CONTRACT B1)
    [429, 'too_many_requests', false],
    [404, 'not_a_service_code', false],
    // B1's unexpected failure is a 500: with a 4xx status it is not the service's refusal
    [400, 'internal_error', false],
    [400, 'validation_error', true],
    [401, 'unauthorized', true],
    [403, 'forbidden', true],
    [404, 'store_not_found', true],
    [404, 'cart_not_found', true],
    [422, 'insufficient_loyalty_points', true],
  ])('a %i %s is the service refusing: %s', (status, code, refusal) => {
    const error = new ApiError({ status, code, message: 'x' });
    expect(isServiceRefusal(error)).toBe(refusal);
  });

  it('a failure that is not an ApiError leaves the outcome unknown', () => {
    expect(isServiceRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});
