import { describe, expect, it } from 'vitest';
import { moneySchema } from './common';

const accepts = (n: number) => moneySchema.safeParse(n).success;

describe('moneySchema', () => {
  it('takes every amount with at most two decimals, large ones too', () => {
    // as JSON brings them: the double nearest each k/100 (from 10 crore up, one in ten was refused)
    const starts = [0, 1_00, 1_000_000_00, 123_456_789_0_00, 99_999_999_999_00];
    const refused = starts.flatMap((start) =>
      Array.from({ length: 5_000 }, (_, i) => (start + i) / 100).filter((n) => !accepts(n)),
    );
    expect(refused).toEqual([]);
    expect(accepts(1234567890.12)).toBe(true);
    expect(accepts(Number('1234567890.13'))).toBe(true);
  });

  it('refuses more than two decimals, and amounts below zero', () => {
    for (const n of [10.005, 12.345, 1.001, 0.001, 1234567890.125, -1, -0.01]) {
      expect(accepts(n), String(n)).toBe(false);
    }
  });
});
