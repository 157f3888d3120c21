import { describe, expect, it } from 'vitest';
import { pointsFormSchema } from './loyalty-form';

const parse = (points: string) => {
  const result = pointsFormSchema.safeParse({ points });
  return result.success ? result.data.points : result.error.issues[0]?.message;
};

describe('the loyalty points field', () => {
  it.each([
    ['1,000', 1000],
    [' 5 ', 5],
    ['+12', 12],
    ['', 'Enter the number of points to redeem'],
    ['  ', 'Enter the number of points to redeem'],
    ['0', 'Enter at least 1 point'],
    ['-5', 'Enter at least 1 point'],
    ['2.5', 'Enter a whole number of points (no decimals)'],
    ['ten', 'Enter the points as a whole number, like 500'],
    ['1e3', 'Enter the points as a whole number, like 500'],
  ])('reads %j as %j', (typed, expected) => {
    expect(parse(typed)).toBe(expected);
  });
});
