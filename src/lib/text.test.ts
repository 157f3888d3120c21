import { describe, expect, it } from 'vitest';
import { VISIBLE } from './text';

describe('VISIBLE', () => {
  it.each(['', '  \t\n', '\u200B', '\u200B\u2060', ' \u200C\u200D ', '\uFEFF', '\u00AD\u2060'])(
    'finds nothing to read in %j',
    (text) => expect(VISIBLE.test(text)).toBe(false),
  );

  it.each(['a', ' \u200BAsha ', '📦', '👩‍💻', 'ಬೆಂಗಳೂರು'])('reads %j', (text) =>
    expect(VISIBLE.test(text)).toBe(true),
  );
});
