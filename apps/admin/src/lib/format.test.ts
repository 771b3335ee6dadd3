// Proves amounts keep every significant decimal and never pass through a float.
import { describe, expect, it } from 'vitest';
import { endOfDayMs, formatExactAmount, startOfDayMs } from './format';

describe('formatExactAmount', () => {
  it('drops the server scale but keeps two decimals and every significant one', () => {
    expect(formatExactAmount('0.000000')).toBe('0.00');
    expect(formatExactAmount('12850.750000')).toBe('12,850.75');
    expect(formatExactAmount('0.005000')).toBe('0.005');
    expect(formatExactAmount('50')).toBe('50.00');
  });
  it('keeps integers larger than a double can hold', () => {
    expect(formatExactAmount('123456789012345678.123456')).toBe('123,456,789,012,345,678.123456');
  });
});

describe('date filters', () => {
  it('covers the whole local day', () => {
    const from = startOfDayMs('2026-01-31')!;
    const to = endOfDayMs('2026-01-31')!;
    expect(new Date(from).getHours()).toBe(0);
    expect(to - from).toBe(24 * 60 * 60 * 1000 - 1);
    expect(startOfDayMs('')).toBeUndefined();
  });
});
