import { type ApiError, isApiError } from './errors';
import { ERROR_CODES } from './error-codes';

/** The service's own codes (CONTRACT B1): only these are the service speaking, not a proxy. */
const SERVICE_CODES: readonly string[] = ERROR_CODES;

/**
 * Whether the service itself refused a request: a 4xx with one of its own codes (B1), so the
 * request changed nothing. Not a refusal: no answer (network, timeout), a 5xx, an answer whose
 * body is not what the contract says (`invalid_response`, also with a 2xx or 4xx status), a 4xx
 * with a code the service does not use (a proxy or gateway answered, e.g. `too_many_requests`),
 * and B1's unexpected failure sent with a 4xx status. Anything else leaves a write's outcome
 * unknown: the screen must show the service's state again, not the one from before the write.
 */
export function isServiceRefusal(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    SERVICE_CODES.includes(error.code) &&
    error.code !== 'internal_error'
  );
}
