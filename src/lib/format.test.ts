import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('formats rupees with Indian grouping and two decimals', () => {
    expect(formatMoney(4592.2, { code: 'INR' })).toBe('₹4,592.20');
    expect(formatMoney(1234567.5, { code: 'INR' })).toBe('₹12,34,567.50');
    expect(formatMoney(0, { code: 'INR' })).toBe('₹0.00');
  });

  it('uses the currency it is given', () => {
    expect(formatMoney(10, { code: 'USD' })).toMatch(/^(US)?\$10\.00$/);
  });

  it('shows no currency at all while it is not known, never a guessed one', () => {
    expect(formatMoney(799, null)).toBe('799.00');
    expect(formatMoney(1234567.5, null)).toBe('12,34,567.50');
    expect(formatMoney(0.5, null)).toBe('0.50');
  });

  it('shows -0 (a serializer\'s "-0.0") as 0, not as "-₹0.00"', () => {
    expect(formatMoney(-0, { code: 'INR' })).toBe('₹0.00');
    expect(formatMoney(-0, null)).toBe('0.00');
  });

  it("never rounds what was sent: a currency with no decimals of its own shows the service's", () => {
    expect(formatMoney(4592.2, { code: 'JPY' })).toMatch(/^(JP)?¥4,592\.2$/);
    expect(formatMoney(7.25, { code: 'JPY' })).toMatch(/^(JP)?¥7\.25$/);
    expect(formatMoney(4592, { code: 'JPY' })).toMatch(/^(JP)?¥4,592$/);
    // a currency with three keeps its own style
    expect(formatMoney(4592.2, { code: 'KWD' })).toMatch(/4,592\.200$/);
  });

  it('survives an unknown currency code', () => {
    expect(formatMoney(5, { code: 'NOT-A-CODE' })).toBe('NOT-A-CODE 5.00');
  });
});
