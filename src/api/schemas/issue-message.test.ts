// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { REPORT_INPUT, issueMessage } from './issue-message';

/** The message for the single (first) issue of parsing `value` with `schema`. */
function messageOf(
  schema: z.ZodMiniType,
  value: unknown,
  options: { reportInput: boolean } = REPORT_INPUT,
) {
  const parsed = schema.safeParse(value, options);
  if (parsed.success) throw new Error('expected the value to be refused');
  return issueMessage(parsed.error.issues[0]!);
}

describe('issueMessage', () => {
  test.each([
    ['a wrong type', z.number(), 'x', 'must be a number'],
    ['a wrong type, vowel', z.array(z.string()), 'x', 'must be an array'],
    ['a fraction for an integer', z.int(), 1.5, 'must be an integer'],
    ['a missing value', z.object({ a: z.string() }), {}, 'is required'],
    ['a number too small', z.number().check(z.minimum(1)), 0, 'must be at least 1'],
    ['a number too big', z.number().check(z.maximum(9)), 10, 'must be at most 9'],
    ['a number not positive', z.number().check(z.positive()), 0, 'must be greater than 0'],
    ['a string too short', z.string().check(z.minLength(3)), 'ab', 'must be at least 3 characters'],
    ['a string too long', z.string().check(z.maxLength(1)), 'ab', 'must be at most 1 character'],
    ['an empty string', z.string().check(z.minLength(1)), '', 'must not be empty'],
    ['an exact length', z.string().check(z.length(2)), 'a', 'must be exactly 2 characters'],
    ['too few items', z.array(z.number()).check(z.minLength(2)), [1], 'must have at least 2 items'],
    ['a regex', z.string().check(z.regex(/^\d+$/)), 'x', 'has the wrong format'],
    ['a named format', z.iso.datetime(), 'x', 'has the wrong format (expected datetime)'],
    ['an enum', z.enum(['a', 'b']), 'c', 'must be one of "a", "b"'],
    ['a literal', z.literal(3), 4, 'must be 3'],
    ['a multiple', z.number().check(z.multipleOf(5)), 7, 'must be a multiple of 5'],
    ['an unknown key', z.strictObject({}), { x: 1 }, 'has unknown field x'],
    [
      'a refinement without a message',
      z.string().check(z.refine(() => false)),
      'x',
      'is not valid',
    ],
  ])('%s', (_what, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  test("keeps the schema's own message", () => {
    expect(messageOf(z.number({ error: 'Enter a quantity' }), 'x')).toBe('Enter a quantity');
    expect(messageOf(z.string().check(z.maxLength(1, { error: 'Too long' })), 'ab')).toBe(
      'Too long',
    );
  });

  test('without the input, a missing value still names the type', () => {
    expect(messageOf(z.object({ a: z.string() }), {}, { reportInput: false })).toBe(
      'must be a string',
    );
  });
});
