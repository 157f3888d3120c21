import type { FieldError } from './schemas/common';

/** Codes the client itself produces, beside the service's own codes (CONTRACT B1). */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response' | 'session_switched';

/**
 * The one error every API failure becomes: an HTTP error with the service's code, message and
 * field errors; a network failure or timeout (status 0); or a response that does not match its
 * schema (status is the HTTP status, code `invalid_response`, the field path in the message).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly details: Record<string, unknown>;
  /** How long the answer asked the client to wait before asking again (`Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: FieldError[];
    details?: Record<string, unknown>;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.details = init.details ?? {};
    this.retryAfterMs = init.retryAfterMs;
  }

  /**
   * True for failures worth retrying: no answer (network, timeout), a 5xx, or HTTP's own "later"
   * (408 Request Timeout, 429 Too Many Requests): the service never sends those (CONTRACT B1), a
   * gateway in front of it does, and it passes.
   */
  get isTransient(): boolean {
    return (
      this.code === 'network_error' ||
      this.code === 'timeout' ||
      this.status >= 500 ||
      this.status === 408 ||
      this.status === 429
    );
  }

  /**
   * Worth a Try again by the user: a transient failure, or an answer that was not the service's
   * (a Wi-Fi login page, a cut-off body). Every write the app makes is safe to repeat (CONTRACT
   * B4, the return's Idempotency-Key). Not retried by itself: a contract mismatch would not heal.
   */
  get isRetryable(): boolean {
    return this.isTransient || this.code === 'invalid_response';
  }

  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The client dropped the answer: someone signed in or out, or the connection changed, while it
 * was on its way. Not a failure to show or retry; the screen starts over for the new session.
 */
export function isSessionSwitched(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'session_switched';
}

/** The service refused the credential (401): the way on is to sign in again. */
export function isUnauthorized(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401;
}

/** Numeric detail from a refusal, e.g. `available_points` (CONTRACT B1 `details`). */
export function numericDetail(error: ApiError, key: string): number | undefined {
  const value = error.details[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
