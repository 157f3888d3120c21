import type { ServiceErrorCode } from '@/api/error-codes';
import type { FieldError } from '@/api/schemas/common';

/** A refusal of the service: becomes the CONTRACT B1 error body with this status. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    /** B1's codes, and `not_found` for a path or method no operation answers (see docs). */
    readonly code: ServiceErrorCode | 'not_found',
    message: string,
    readonly extra: { errors?: FieldError[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}
