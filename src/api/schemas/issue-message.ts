import type { z } from 'zod/mini';
import type { FieldError } from './common';

/**
 * zod/mini loads no locale (kept out for bundle size), so a check without its own message says
 * only this. Schemas give form fields their own wording; everything else goes through
 * `issueMessage`.
 */
const GENERIC_ZOD_MESSAGE = 'Invalid input';

/** Parse options that keep each issue's input, so a missing field can say "is required". */
export const REPORT_INPUT = { reportInput: true } as const;

const EXPECTED_NAMES: Record<string, string> = {
  int: 'an integer',
  nonoptional: 'present',
  null: 'null',
  undefined: 'absent',
};

const aOrAn = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
const plural = (n: number | bigint, one: string) => `${n} ${one}${n === 1 || n === 1n ? '' : 's'}`;
const literal = (v: unknown) => (typeof v === 'bigint' ? String(v) : JSON.stringify(v));

function sizeMessage(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  limit: number | bigint,
  least: boolean,
): string {
  const bound = issue.exact
    ? 'exactly'
    : issue.inclusive === false
      ? least
        ? 'more than'
        : 'fewer than'
      : least
        ? 'at least'
        : 'at most';
  switch (issue.origin) {
    case 'string':
      if (least && !issue.exact && issue.inclusive !== false && limit === 1) {
        return 'must not be empty';
      }
      return `must be ${bound} ${plural(limit, 'character')}`;
    case 'array':
    case 'set':
      return `must have ${bound} ${plural(limit, 'item')}`;
    default: {
      const numeric = issue.exact
        ? 'exactly'
        : issue.inclusive === false
          ? least
            ? 'greater than'
            : 'less than'
          : bound;
      return `must be ${numeric} ${limit}`;
    }
  }
}

/**
 * A readable, field-relative message for one zod issue ("must be at least 1", "must be a
 * string"), in the CONTRACT B1 style. A schema's own message is kept as it is. For "is required"
 * the issue must carry its input: parse with `REPORT_INPUT`.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message !== GENERIC_ZOD_MESSAGE) return issue.message;
  // with REPORT_INPUT a missing key still has an own `input` property, set to undefined
  const missing = 'input' in issue && issue.input === undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return 'is required';
      return `must be ${EXPECTED_NAMES[issue.expected] ?? aOrAn(issue.expected)}`;
    case 'too_small':
      return sizeMessage(issue, issue.minimum, true);
    case 'too_big':
      return sizeMessage(issue, issue.maximum, false);
    case 'invalid_format':
      return issue.format === 'regex'
        ? 'has the wrong format'
        : `has the wrong format (expected ${issue.format})`;
    case 'invalid_value':
      if (issue.values.length === 0) break;
      return issue.values.length === 1
        ? `must be ${literal(issue.values[0])}`
        : `must be one of ${issue.values.map(literal).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      if (missing) return 'is required';
      break;
  }
  return 'is not valid';
}

/**
 * Issues as the contract's `errors[]` (CONTRACT B1): one entry per field, `field` a dotted path
 * (under `prefix`, e.g. the payload's name), an unknown key named on its own. The service uses it
 * for bad requests and the client for answers that break the contract.
 */
export function issuesToFieldErrors(issues: z.core.$ZodIssue[], prefix?: string): FieldError[] {
  const field = (path: PropertyKey[]) =>
    (prefix === undefined ? path : [prefix, ...path]).map(String).join('.');
  const all = issues.flatMap((i) =>
    // zod reports unknown keys on the enclosing object; name each key, so `field` points at it
    i.code === 'unrecognized_keys'
      ? i.keys.map((key) => ({ field: field([...i.path, key]), message: 'is not a known field' }))
      : [{ field: field(i.path), message: issueMessage(i) }],
  );
  // two checks may say the same of one field (as the points form's do of 1e20: not a safe
  // integer, and too many); each problem is listed once
  const seen = new Set<string>();
  return all.filter((e) => {
    const id = JSON.stringify([e.field, e.message]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
