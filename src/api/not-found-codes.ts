/**
 * CONTRACT B1's 404 codes: the service saying the thing asked for is not there. Apart from the
 * other codes (error-codes.ts): the error alerts, in the entry chunk, need only these.
 */
export const NOT_FOUND_CODES = [
  'store_not_found',
  'cart_not_found',
  'customer_not_found',
  'order_not_found',
  'user_not_found',
  'preferences_not_found',
] as const;

/** Whether a 404's code is the service's own (not a web server or proxy at the API address). */
export const isServiceNotFound = (code: string): boolean =>
  (NOT_FOUND_CODES as readonly string[]).includes(code);
