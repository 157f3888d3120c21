import { z } from 'zod/mini';
import { VISIBLE } from '@/lib/text';

/**
 * Money is a JSON number in the currency's major unit with at most two decimals (CONTRACT B3).
 * The UI never does arithmetic on it; it only formats what the service sends.
 */
export const moneySchema = z.number().check(
  z.nonnegative(),
  // exact for every amount with at most two decimals (the double nearest k/100 times 100 rounds
  // back to k): a fixed tolerance on n * 100 refused about one in ten amounts from 10 crore up,
  // whose rounding error is larger than it
  z.refine((n) => Math.round(n * 100) / 100 === n, {
    error: 'must have at most 2 decimals',
  }),
);

/** ISO 8601 date-time (the service sends UTC with a `Z`). */
export const dateTimeSchema = z.iso.datetime({ offset: true });

export const currencySchema = z.object({
  name: z.string(),
  code: z.string(),
  symbol: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

/**
 * Address as the service returns it on carts (with verification flags) and orders. Any string
 * may be null, first_name too: a customer linked by phone or email alone has no name (B3).
 */
export const addressSchema = z.object({
  id: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  country_code: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address_line1: z.nullable(z.string()),
  address_line2: z.nullable(z.string()),
  landmark: z.nullable(z.string()),
  pincode: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  country: z.nullable(z.string()),
  tax_identification_number: z.nullable(z.string()),
  business_name: z.nullable(z.string()),
});
export type Address = z.infer<typeof addressSchema>;

export const verifiedAddressSchema = z.extend(addressSchema, {
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
});
export type VerifiedAddress = z.infer<typeof verifiedAddressSchema>;

export const PHONE_PATTERN = /^\d{10}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
export const COUNTRY_CODE_PATTERN = /^\+\d{1,4}$/;

export const phoneSchema = z
  .string({ error: 'Enter a phone number' })
  .check(z.regex(PHONE_PATTERN, { error: 'Enter a 10-digit phone number' }));
/**
 * The service takes the phone as its 10 national digits (CONTRACT B5), but people write an Indian
 * number with the country code (+91 or 91) or the trunk prefix 0 in front, and with spaces or
 * dashes. Those are taken off; anything else is left as typed for `phoneSchema` to refuse.
 */
export function toNationalPhone(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '');
  return /^(?:\+91|91|0)(\d{10})$/.exec(compact)?.[1] ?? compact;
}
export const countryCodeSchema = z
  .string()
  .check(z.regex(COUNTRY_CODE_PATTERN, { error: 'Enter a country code like +91' }));
export const emailSchema = z.pipe(
  z
    .string({ error: 'Enter an email address' })
    .check(z.maxLength(254, { error: 'Email address is too long' })),
  z.email({ error: 'Enter a valid email address' }),
);

const tooLong = (label: string, max: number) =>
  z.maxLength(max, { error: `The ${label} is too long (at most ${max} characters)` });
const optionalText = (label: string, max: number) =>
  z.optional(z.nullable(z.string().check(tooLong(label, max))));
// a required text must hold something to read: only spaces and invisible characters (a
// zero-width space from a copy) are refused as an empty one is (VISIBLE)
const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `Enter the ${label}` })
    .check(z.trim(), z.regex(VISIBLE, { error: `Enter the ${label}` }), tooLong(label, max));

/** Address in request bodies (return pickup address): no verification flags (CONTRACT B5). */
export const addressInputSchema = z.strictObject({
  id: optionalText('address ID', 100),
  first_name: requiredText('first name', 100),
  last_name: optionalText('last name', 100),
  country_code: z.optional(z.nullable(countryCodeSchema)),
  phone: phoneSchema,
  email: z.optional(z.nullable(z.union([emailSchema, z.literal('')]))),
  address_line1: requiredText('address', 200),
  address_line2: optionalText('area or locality', 200),
  landmark: optionalText('landmark', 200),
  pincode: z
    .string({ error: 'Enter a 6-digit pincode' })
    .check(z.regex(PINCODE_PATTERN, { error: 'Enter a 6-digit pincode' })),
  city: requiredText('city', 100),
  state: requiredText('state', 100),
  country: requiredText('country', 100),
  tax_identification_number: optionalText('tax identification number', 50),
  business_name: optionalText('business name', 200),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one failure shape every operation answers with (CONTRACT B1). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ success, message, content: { [key]: payload } }` for a given payload key. */
export function envelopeSchema<K extends string, T extends z.ZodMiniType>(key: K, payload: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    content: z.object({ [key]: payload } as { [P in K]: T }),
  });
}
