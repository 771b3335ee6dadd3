// Proves the chart axes' numbers read the same in every language: grouped below ten thousand
// (never "1500" beside "1,000"), compact above it, and the table's figures with two decimals.
import { describe, expect, it } from 'vitest';
import { chartFormats } from './chart-format';

describe('chartFormats', () => {
  it.each([
    ['en-US', '1,500', '1,000'],
    ['ja-JP', '1,500', '1,000'],
    ['zh-CN', '1,500', '1,000'],
    ['ko-KR', '1,500', '1,000'],
    ['id-ID', '1.500', '1.000'],
  ])('groups the thousands of an axis tick in %s', (language, fifteenHundred, thousand) => {
    const { formatTick } = chartFormats(language);
    expect(formatTick(1500)).toBe(fifteenHundred);
    expect(formatTick(1000)).toBe(thousand);
  });

  it('shortens large ticks and keeps two decimals in the figures', () => {
    const { formatTick, formatValue } = chartFormats('en-US');
    expect(formatTick(25_000)).toBe('25K');
    expect(chartFormats('ja-JP').formatTick(25_000)).toBe('2.5万');
    expect(formatValue(1234.5)).toBe('1,234.50');
  });
});
