import { NOT_FOUND_CODES } from './not-found-codes';

/** CONTRACT B1's error codes: the service's own words for what went wrong. */
export const ERROR_CODES = [
  'invalid_json',
  'validation_error',
  'unauthorized',
  'forbidden',
  ...NOT_FOUND_CODES,
  'preferences_already_exist',
  'payload_too_large',
  'cart_inactive',
  'cart_expired',
  'customer_required',
  'insufficient_loyalty_points',
  'redemption_exceeds_payable',
  'order_not_returnable',
  'item_not_in_order',
  'return_quantity_exceeded',
  'internal_error',
] as const;
export type ServiceErrorCode = (typeof ERROR_CODES)[number];
