import { describe, expect, it } from 'vitest';
import { VISIBLE, withoutFormatChars } from './text';

describe('VISIBLE', () => {
  it.each(['', '  \t\n', '\u200B', '\u200B\u2060', ' \u200C\u200D ', '\uFEFF', '\u00AD\u2060'])(
    'finds nothing to read in %j',
    (text) => expect(VISIBLE.test(text)).toBe(false),
  );

  it.each(['a', ' \u200BAsha ', '📦', '👩‍💻', 'ಬೆಂಗಳೂರು'])('reads %j', (text) =>
    expect(VISIBLE.test(text)).toBe(true),
  );
});

describe('withoutFormatChars', () => {
  it('drops what draws nothing in an ID: format characters and Hangul fillers', () => {
    expect(withoutFormatChars('\u2060cart_1002\u200b')).toBe('cart_1002');
    expect(withoutFormatChars('cart_1002\u3164')).toBe('cart_1002');
    expect(withoutFormatChars('\uFFA0cus_\u115F1003\u1160')).toBe('cus_1003');
    // what shows stays, spaces too (trimmed by the field)
    expect(withoutFormatChars(' ORD-1001 ')).toBe(' ORD-1001 ');
  });
});
