import { describe, expect, it } from 'vitest';
import { MAX_POINTS, loyaltyPointsSchema, redeemBodySchema } from '@/api/schemas/cart';
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
    ['2.5', 'Enter the points as a whole number, like 500'],
    ['ten', 'Enter the points as a whole number, like 500'],
    ['1e3', 'Enter the points as a whole number, like 500'],
    // whole numbers beyond the safe-integer range are too many points, not decimals
    ['2147483648', 'That is more points than any customer can hold'],
    ['9007199254740992', 'That is more points than any customer can hold'],
    ['9007199254740993', 'That is more points than any customer can hold'],
    ['99999999999999999999', 'That is more points than any customer can hold'],
    ['99,999,999,999,999,999,999', 'That is more points than any customer can hold'],
    ['-99999999999999999999', 'Enter at least 1 point'],
    ['99999999999999999999.5', 'Enter the points as a whole number, like 500'],
    // a thousand the European way: not read as 1
    ['1.000', 'Enter the points as a whole number, like 500'],
    ['2.0', 'Enter the points as a whole number, like 500'],
  ])('reads %j as %j', (typed, expected) => {
    expect(parse(typed)).toBe(expected);
  });

  // as the app shows numbers (en-IN) and as western receipts do; a comma anywhere else is refused
  it.each([
    ['1,000', 1000],
    ['12,345', 12345],
    ['1,00,000', 100000],
    ['10,00,000', 1000000],
    ['1,23,45,678', 12345678],
    ['100,000', 100000],
    ['1,000,000', 1000000],
    ['+1,500', 1500],
    [' 1,500 ', 1500],
    ['1,000.5', 'Enter the points as a whole number, like 500'],
  ])('reads thousands separators: %j as %j', (typed, expected) => {
    expect(parse(typed)).toBe(expected);
  });

  it.each([
    '2,5',
    '2 5',
    '1 000',
    '25,0',
    '1,0000',
    '10,00',
    '1,000,00',
    '1234,567',
    ',500',
    '500,',
    '1,,000',
    '0,500',
    '1,2,3',
    '2,5.0',
    '-1,0',
  ])('refuses %j: the comma is not a thousands separator', (typed) => {
    expect(parse(typed)).toBe('Enter the points as a whole number, like 500');
  });

  it('holds back more points than any customer can hold, past the safe-integer range too', () => {
    for (const points of [MAX_POINTS + 1, 1e20]) {
      expect(loyaltyPointsSchema.safeParse(points).error?.issues[0]?.message).toBe(
        'That is more points than any customer can hold',
      );
    }
  });

  it('the ceiling is the form’s own: the request takes any safe integer (the service answers 422)', () => {
    for (const points of [MAX_POINTS + 1, Number.MAX_SAFE_INTEGER]) {
      expect(redeemBodySchema.safeParse({ loyalty_point_redeemed: points }).success).toBe(true);
    }
    expect(redeemBodySchema.safeParse({ loyalty_point_redeemed: 1e20 }).error?.issues).toEqual([
      expect.objectContaining({ message: 'That is more points than any customer can hold' }),
    ]);
  });
});
