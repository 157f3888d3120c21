// @vitest-environment node
/**
 * Bad input on every body-taking operation (1, 2, 3, 4, 6): each refusal has the CONTRACT B1
 * shape (never a 500) and leaves the stored state exactly as it was.
 */
import { describe, expect, test } from 'vitest';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import {
  FULL_PREFERENCES,
  OVERSIZED_JSON,
  PICKUP_ADDRESS,
  call,
  expectError,
  operation,
  setupContractService,
} from './harness';

const h = setupContractService();

interface BadInput {
  what: string;
  /** A value to JSON-encode, or `{ raw }` to send as is. */
  body: unknown;
  code: string;
  status?: number;
  /** The field the first error should name. */
  field?: string;
}

const raw = (text: string | Uint8Array<ArrayBuffer>) => ({ raw: text });
const invalid = (what: string, body: unknown): BadInput => ({ what, body, code: 'invalid_json' });
const bad = (what: string, body: unknown, field?: string): BadInput => ({
  what,
  body,
  code: 'validation_error',
  field,
});

/** Malformed and non-object bodies, and size: the same for every operation. */
function generic(valid: Record<string, unknown>): BadInput[] {
  const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
  return [
    invalid('an empty body', raw('')),
    invalid('truncated JSON', raw('{"a":')),
    invalid('a trailing comma', raw('{"a":1,}')),
    invalid('single quotes', raw("{'a':1}")),
    invalid('NaN', raw('{"a":NaN}')),
    invalid('a comment', raw('{} // note')),
    invalid('two documents', raw('{}{}')),
    invalid('invalid UTF-8', raw(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]))),
    invalid('an array', raw('[]')),
    invalid('an array of the valid body', raw(JSON.stringify([valid]))),
    invalid('a string', raw('"text"')),
    invalid('null', raw('null')),
    invalid('a number', raw('42')),
    invalid('a boolean', raw('true')),
    invalid('deeply nested arrays', raw(deepArray)),
    bad('deeply nested objects', raw(deepObject), 'a'),
    bad('an empty object', {}),
    bad('an unknown key beside a valid body', { ...valid, admin: true }, 'admin'),
    bad('a __proto__ key', raw(`{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`)),
    bad('a unicode unknown key', { ...valid, 'ünïcødé_🔑': 1 }, 'ünïcødé_🔑'),
    {
      what: 'a body over 64 KiB',
      body: raw(OVERSIZED_JSON),
      code: 'payload_too_large',
      status: 413,
    },
    {
      what: 'a valid body padded past 64 KiB',
      body: raw(JSON.stringify(valid).replace(/^\{/, `{${' '.repeat(64 * 1024)}`)),
      code: 'payload_too_large',
      status: 413,
    },
  ];
}

const redeem = (value: unknown) => ({ loyalty_point_redeemed: value });
const REDEEM: BadInput[] = [
  bad('a string', redeem('100'), 'loyalty_point_redeemed'),
  bad('unicode digits', redeem('١٠٠'), 'loyalty_point_redeemed'),
  bad('null', redeem(null), 'loyalty_point_redeemed'),
  bad('a boolean', redeem(true), 'loyalty_point_redeemed'),
  bad('an array', redeem([100]), 'loyalty_point_redeemed'),
  bad('an object', redeem({ value: 100 }), 'loyalty_point_redeemed'),
  bad('negative', redeem(-1), 'loyalty_point_redeemed'),
  bad('zero', redeem(0), 'loyalty_point_redeemed'),
  bad('fractional', redeem(1.5), 'loyalty_point_redeemed'),
  bad('tiny fraction', redeem(0.0001), 'loyalty_point_redeemed'),
  // whole numbers JSON cannot bring exactly; a safe integer above the points held is 422
  bad('max double', redeem(Number.MAX_VALUE), 'loyalty_point_redeemed'),
  bad('beyond safe integers', redeem(2 ** 53 + 2), 'loyalty_point_redeemed'),
  bad('far beyond safe integers', redeem(1e20), 'loyalty_point_redeemed'),
  bad('overflowing to Infinity', raw('{"loyalty_point_redeemed":1e400}'), 'loyalty_point_redeemed'),
  bad('a very long string', redeem('9'.repeat(60_000)), 'loyalty_point_redeemed'),
  bad('an extra field', { ...redeem(10), points: 10 }, 'points'),
];

const LINK: BadInput[] = [
  bad('customer_id a number', { customer_id: 1001 }, 'customer_id'),
  bad('customer_id null', { customer_id: null }, 'customer_id'),
  bad('customer_id empty', { customer_id: '' }, 'customer_id'),
  bad('customer_id blank', { customer_id: '   ' }, 'customer_id'),
  bad('customer_id an array', { customer_id: ['cus_1001'] }, 'customer_id'),
  bad('customer_id and phone', { customer_id: 'cus_1001', phone: '9876543210' }, 'phone'),
  bad('customer_id and a name', { customer_id: 'cus_1001', first_name: 'Asha' }, 'first_name'),
  bad('only names', { first_name: 'Asha', last_name: 'Rao' }),
  bad('only a country code', { country_code: '+91' }),
  bad('phone too short', { phone: '12345' }, 'phone'),
  bad('phone too long', { phone: '98765432101' }, 'phone'),
  bad('phone a number', { phone: 9876543210 }, 'phone'),
  bad('phone with a dash', { phone: '98765-43210' }, 'phone'),
  bad('phone with a country code', { phone: '+919876543210' }, 'phone'),
  bad('phone in Devanagari digits', { phone: '९८७६५४३२१०' }, 'phone'),
  bad('phone negative', { phone: -9876543210 }, 'phone'),
  bad('email invalid', { email: 'not-an-email' }, 'email'),
  bad('email with no domain', { email: 'asha@' }, 'email'),
  bad('email very long', { email: `${'a'.repeat(250)}@example.com` }, 'email'),
  bad('email a number', { email: 42 }, 'email'),
  bad('country code without +', { phone: '9876543210', country_code: '91' }, 'country_code'),
  bad('country code too long', { phone: '9876543210', country_code: '+91234' }, 'country_code'),
  bad('first name very long', { phone: '9000000000', first_name: 'x'.repeat(101) }, 'first_name'),
  bad(
    'first name of 101 emoji',
    { phone: '9000000000', first_name: '😀'.repeat(101) },
    'first_name',
  ),
  bad('last name a number', { phone: '9000000000', last_name: 7 }, 'last_name'),
  bad('a string of 60 000 characters', { email: `${'a'.repeat(60_000)}@x.in` }, 'email'),
];

const prefs = (value: unknown) => ({ notification_preferences: value });
const CREATE_PREFS: BadInput[] = [
  bad('preferences null', prefs(null), 'notification_preferences'),
  bad('preferences an array', prefs([FULL_PREFERENCES]), 'notification_preferences'),
  bad('preferences a string', prefs('all'), 'notification_preferences'),
  bad('preferences partial', prefs({ transactional: FULL_PREFERENCES.transactional })),
  bad(
    'a channel as a number',
    prefs({ ...FULL_PREFERENCES, promotional: { email: 1, sms: 0, whatsapp: 0 } }),
  ),
  bad(
    'a channel negative',
    prefs({ ...FULL_PREFERENCES, promotional: { email: -1, sms: false, whatsapp: false } }),
  ),
  bad(
    'a channel as a long string',
    prefs({
      ...FULL_PREFERENCES,
      newsletter: { email: 'y'.repeat(50_000), sms: true, whatsapp: true },
    }),
  ),
  bad(
    'a unicode category',
    prefs({ ...FULL_PREFERENCES, trânsactional: FULL_PREFERENCES.transactional }),
  ),
];

const UPDATE_PREFS: BadInput[] = [
  bad('preferences null', prefs(null), 'notification_preferences'),
  bad('preferences an array', prefs([]), 'notification_preferences'),
  bad('a category as a boolean', prefs({ newsletter: true })),
  bad('a channel as a string', prefs({ newsletter: { sms: 'false' } })),
  bad('a channel as a fraction', prefs({ newsletter: { sms: 0.5 } })),
  bad('an unknown channel', prefs({ newsletter: { fax: true } })),
  bad('an unknown category', prefs({ marketing: { sms: true } })),
];

const item = RETURN_ONE_TSHIRT.return_items[0]!;
/** A zero-width space and a word joiner: nothing on screen, and trim() keeps both. */
const INVISIBLE = '\u200B\u2060';
const withItem = (patch: Record<string, unknown>) => ({ return_items: [{ ...item, ...patch }] });
const withAddress = (address: unknown) => ({ ...RETURN_ONE_TSHIRT, shipping_address: address });
const RETURN: BadInput[] = [
  bad('return_items null', { return_items: null }, 'return_items'),
  bad('return_items a string', { return_items: 'TSHIRT-BLU-M' }, 'return_items'),
  bad('return_items an object', { return_items: item }, 'return_items'),
  bad('return_items empty', { return_items: [] }, 'return_items'),
  bad(
    'return_items over 50',
    { return_items: Array.from({ length: 51 }, (_, i) => ({ ...item, sku: `SKU-${i}` })) },
    'return_items',
  ),
  bad('an item null', { return_items: [null] }, 'return_items.0'),
  bad('an item a number', { return_items: [42] }, 'return_items.0'),
  bad('the same SKU twice', { return_items: [item, item] }, 'return_items.1.sku'),
  bad('quantity zero', withItem({ quantity: 0 }), 'return_items.0.quantity'),
  bad('quantity negative', withItem({ quantity: -1 }), 'return_items.0.quantity'),
  bad('quantity fractional', withItem({ quantity: 1.5 }), 'return_items.0.quantity'),
  bad('quantity a string', withItem({ quantity: '1' }), 'return_items.0.quantity'),
  bad('quantity null', withItem({ quantity: null }), 'return_items.0.quantity'),
  bad('quantity beyond safe integers', withItem({ quantity: 2 ** 53 }), 'return_items.0.quantity'),
  bad(
    'quantity overflowing to Infinity',
    raw(JSON.stringify(withItem({ quantity: 1 })).replace('"quantity":1', '"quantity":1e400')),
    'return_items.0.quantity',
  ),
  {
    what: 'quantity the largest safe integer (well-formed, but more than bought)',
    body: withItem({ quantity: Number.MAX_SAFE_INTEGER }),
    code: 'return_quantity_exceeded',
    status: 422,
  },
  bad('product_id a number', withItem({ product_id: 42 }), 'return_items.0.product_id'),
  bad('product_id empty', withItem({ product_id: '' }), 'return_items.0.product_id'),
  bad('sku missing', { return_items: [{ ...item, sku: undefined }] }, 'return_items.0.sku'),
  bad('resolution unknown', withItem({ resolution: 'exchange' }), 'return_items.0.resolution'),
  bad('resolution in capitals', withItem({ resolution: 'REFUND' }), 'return_items.0.resolution'),
  bad('reason empty', withItem({ return_reason: '' }), 'return_items.0.return_reason'),
  bad('reason blank', withItem({ return_reason: '   ' }), 'return_items.0.return_reason'),
  bad(
    'reason of invisible characters only',
    withItem({ return_reason: INVISIBLE }),
    'return_items.0.return_reason',
  ),
  bad(
    'reason over 500',
    withItem({ return_reason: 'r'.repeat(501) }),
    'return_items.0.return_reason',
  ),
  bad(
    'reason of 40 000 characters',
    withItem({ return_reason: 'r'.repeat(40_000) }),
    'return_items.0.return_reason',
  ),
  bad(
    'reason of 501 emoji',
    withItem({ return_reason: '📦'.repeat(501) }),
    'return_items.0.return_reason',
  ),
  bad('reason a number', withItem({ return_reason: 42 }), 'return_items.0.return_reason'),
  bad('an unknown item field', withItem({ price: 1 }), 'return_items.0.price'),
  bad('address a string', withAddress('home'), 'shipping_address'),
  bad('address an array', withAddress([PICKUP_ADDRESS]), 'shipping_address'),
  bad('address empty', withAddress({}), 'shipping_address.first_name'),
  bad(
    'address phone short',
    withAddress({ ...PICKUP_ADDRESS, phone: '12345' }),
    'shipping_address.phone',
  ),
  bad(
    'address pincode short',
    withAddress({ ...PICKUP_ADDRESS, pincode: '5600' }),
    'shipping_address.pincode',
  ),
  // exactly 6 digits (CONTRACT B5): one fewer or one more is refused at the field
  bad(
    'address pincode of 5 digits',
    withAddress({ ...PICKUP_ADDRESS, pincode: '56000' }),
    'shipping_address.pincode',
  ),
  bad(
    'address pincode of 7 digits',
    withAddress({ ...PICKUP_ADDRESS, pincode: '5600011' }),
    'shipping_address.pincode',
  ),
  bad(
    'address pincode a number',
    withAddress({ ...PICKUP_ADDRESS, pincode: 560001 }),
    'shipping_address.pincode',
  ),
  bad(
    'address pincode in Devanagari digits',
    withAddress({ ...PICKUP_ADDRESS, pincode: '५६०००१' }),
    'shipping_address.pincode',
  ),
  bad('address city blank', withAddress({ ...PICKUP_ADDRESS, city: ' ' }), 'shipping_address.city'),
  bad(
    'address first name of a zero-width space',
    withAddress({ ...PICKUP_ADDRESS, first_name: '\u200B' }),
    'shipping_address.first_name',
  ),
  bad(
    'address city missing',
    withAddress({ ...PICKUP_ADDRESS, city: undefined }),
    'shipping_address.city',
  ),
  bad(
    'address with verification flags',
    withAddress({ ...PICKUP_ADDRESS, is_phone_verified: true }),
    'shipping_address.is_phone_verified',
  ),
  bad(
    'address email invalid',
    withAddress({ ...PICKUP_ADDRESS, email: 'no' }),
    'shipping_address.email',
  ),
  bad(
    'address line very long',
    withAddress({ ...PICKUP_ADDRESS, address_line1: 'a'.repeat(201) }),
    'shipping_address.address_line1',
  ),
];

const SWEEPS: [number, BadInput[]][] = [
  [1, CREATE_PREFS],
  [2, UPDATE_PREFS],
  [3, LINK],
  [4, REDEEM],
  [6, RETURN],
];

describe.each(SWEEPS)('op %i', (n, specific) => {
  const op = operation(n);
  const valid = op.ok.body as Record<string, unknown>;
  const cases = [...generic(valid), ...specific];

  test.each(cases.map((c) => [c.what, c] as const))('refuses %s', async (_what, c) => {
    await op.prepare?.();
    const before = h.snapshot();
    const isRaw = typeof c.body === 'object' && c.body !== null && 'raw' in c.body;
    const reply = await call(op.method, op.path, {
      ...op.ok,
      body: isRaw ? undefined : c.body,
      rawBody: isRaw ? (c.body as { raw: string | Uint8Array<ArrayBuffer> }).raw : undefined,
    });
    const body = expectError(reply, c.status ?? 400, c.code);
    if (c.code === 'validation_error') {
      expect(body.errors?.length).toBeGreaterThan(0);
      if (c.field !== undefined) {
        expect(body.errors!.map((e) => e.field)).toContain(c.field);
      }
      // zod/mini's locale-less default; every entry must say what is wrong (CONTRACT B1)
      for (const e of body.errors!) expect(e.message, e.field).not.toBe('Invalid input');
      // each problem once, even where two checks see it (issuesToFieldErrors)
      const entries = body.errors!.map((e) => JSON.stringify(e));
      expect(entries).toEqual([...new Set(entries)]);
    }
    expect(h.snapshot()).toBe(before);
  });

  test('the valid body is accepted (the control for the refusals above)', async () => {
    await op.prepare?.();
    const reply = await call(op.method, op.path, op.ok);
    expect(reply.status).toBe(200);
  });
});

describe('field error messages say what is wrong (CONTRACT B1)', () => {
  const messagesOf = async (n: number, body: unknown) => {
    const op = operation(n);
    await op.prepare?.();
    const reply = await call(op.method, op.path, { ...op.ok, body });
    return expectError(reply, 400, 'validation_error').errors;
  };

  test('a wrong type names the expected type', async () => {
    expect(await messagesOf(6, withItem({ product_id: 42 }))).toContainEqual({
      field: 'return_items.0.product_id',
      message: 'must be a string',
    });
    expect(
      await messagesOf(
        1,
        prefs({ ...FULL_PREFERENCES, promotional: { email: 1, sms: false, whatsapp: false } }),
      ),
    ).toEqual([
      { field: 'notification_preferences.promotional.email', message: 'must be a boolean' },
    ]);
    expect(await messagesOf(6, { return_items: 'TSHIRT-BLU-M' })).toEqual([
      { field: 'return_items', message: 'must be an array' },
    ]);
  });

  test('a missing field is required', async () => {
    expect(await messagesOf(1, prefs({ transactional: FULL_PREFERENCES.transactional }))).toEqual([
      { field: 'notification_preferences.promotional', message: 'is required' },
      { field: 'notification_preferences.newsletter', message: 'is required' },
    ]);
  });

  test('an address field over its limit is named, with the limit', async () => {
    expect(
      await messagesOf(6, withAddress({ ...PICKUP_ADDRESS, landmark: 'l'.repeat(201) })),
    ).toEqual([
      {
        field: 'shipping_address.landmark',
        message: 'The landmark is too long (at most 200 characters)',
      },
    ]);
  });

  test('required text of invisible characters only is refused as empty, in the same words', async () => {
    const blankAs = (value: string) =>
      withAddress({
        ...PICKUP_ADDRESS,
        first_name: value,
        address_line1: value,
        city: value,
        state: value,
        country: value,
      });
    const empty = await messagesOf(6, blankAs(''));
    expect(empty?.map((e) => e.message)).toEqual([
      'Enter the first name',
      'Enter the address',
      'Enter the city',
      'Enter the state',
      'Enter the country',
    ]);
    expect(await messagesOf(6, blankAs('\u200B'))).toEqual(empty);
    expect(await messagesOf(6, withItem({ return_reason: INVISIBLE }))).toEqual([
      { field: 'return_items.0.return_reason', message: 'Give a reason' },
    ]);
  });

  test("a schema's own message is kept as it is", async () => {
    expect(await messagesOf(4, redeem(0))).toEqual([
      { field: 'loyalty_point_redeemed', message: 'Enter at least 1 point' },
    ]);
    expect(await messagesOf(6, withItem({ resolution: 'exchange' }))).toEqual([
      { field: 'return_items.0.resolution', message: 'Choose refund or replacement' },
    ]);
  });
});
