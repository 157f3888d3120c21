import { describe, expect, test } from 'vitest';
import { exclusiveTax, inclusiveTax, roundHalfAway } from './money';

describe('money (CONTRACT B3: round half away from zero)', () => {
  test('ties go away from zero on both sides; the rest to the nearest', () => {
    expect([0.5, 1.5, 2.5, 4.5, 10.5].map(roundHalfAway)).toEqual([1, 2, 3, 5, 11]);
    // the service rounds only amounts of 0 or more, but a negative tie must not go up (-4.5 is
    // -5; Math.round alone gives -4)
    expect([-0.5, -1.5, -2.5, -4.5].map(roundHalfAway)).toEqual([-1, -2, -3, -5]);
    expect([1.49, 1.51, -1.49, -1.51, 0].map(roundHalfAway)).toEqual([1, 2, -1, -2, 0]);
  });

  test('tax contained in a price and tax added on top, at exact half-paisa ties', () => {
    // 42 x 12 / 112 = 4.5; 48 x 28 / 128 = 10.5; 16 x 28 / 128 = 3.5
    expect(inclusiveTax(42, 12)).toBe(5);
    expect(inclusiveTax(48, 28)).toBe(11);
    expect(inclusiveTax(16, 28)).toBe(4);
    // 25 x 18 / 100 = 4.5; 75 x 18 / 100 = 13.5
    expect(exclusiveTax(25, 18)).toBe(5);
    expect(exclusiveTax(75, 18)).toBe(14);
    // a rate with decimals is scaled to whole numbers first: 200 x 0.25 / 100 = 0.5 exactly
    expect(exclusiveTax(200, 0.25)).toBe(1);
  });
});
