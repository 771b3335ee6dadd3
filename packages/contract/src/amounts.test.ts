// Proves the one points arithmetic (server, portal, back-office) is exact at scale 6 and applies the amount rules in order.
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  amountRuleBroken,
  currencyAmountOf,
  divideRounded,
  formatExact,
  formatDecimal,
  formatMinor,
  formatPoints,
  multiplyRate,
  multiplyRateStrict,
  parseAmount,
  parsePoints,
  percentOf,
  percentOfStrict,
  rescale,
  usedFractionDigits,
} from './amounts.ts';

describe('parsePoints', () => {
  it.each([
    ['0', 0n],
    ['12', 12_000_000n],
    ['12.5', 12_500_000n],
    ['0.000001', 1n],
    ['-3.25', -3_250_000n],
    ['+1', 1_000_000n],
    ['100.000000', 100_000_000n],
    [' 7.', 7_000_000n],
    ['999999999999999.999999', 999_999_999_999_999_999_999n],
  ])('%s -> %s', (text, minor) => {
    expect(parsePoints(text)).toBe(minor);
  });

  it.each(['', 'abc', '1.2345678', '1e3', '--1', '.5', '1,000', undefined, null])('refuses %s', (text) => {
    expect(parsePoints(text)).toBeNull();
  });

  it('compares where floats cannot', () => {
    // 0.1 + 0.2 > 0.3 in floating point; in minor units it is equal.
    expect(parsePoints('0.1')! + parsePoints('0.2')!).toBe(parsePoints('0.3'));
    // Beyond 2^53 a float loses the last unit.
    expect(parsePoints('9007199254740993')! > parsePoints('9007199254740992')!).toBe(true);
  });
});

describe('parseAmount', () => {
  it('accepts what the contract accepts', () => {
    expect(parseAmount('10')).toBe(10_000_000n);
    expect(parseAmount(' 0.5 ')).toBe(500_000n);
    expect(parseAmount('123456789012345.123456')).toBe(123_456_789_012_345_123_456n);
  });
  it.each(['-1', '+1', '1.1234567', '1e3', '1.', '.1', '1 000', '0x10', '1'.repeat(41)])('refuses %s', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('formatPoints', () => {
  it.each([
    [0n, '0'],
    [12_500_000n, '12.5'],
    [1n, '0.000001'],
    [-3_250_000n, '-3.25'],
    [100_000_000n, '100'],
  ])('%s -> %s', (minor, text) => {
    expect(formatPoints(minor)).toBe(text);
  });
});

describe('usedFractionDigits', () => {
  it.each([
    ['2', 0],
    ['2.50', 1],
    ['0.001000', 3],
    ['10.000000', 0],
  ])('%s -> %s', (text, digits) => {
    expect(usedFractionDigits(text)).toBe(digits);
  });
});

describe('percentOf and multiplyRate', () => {
  it('rounds fees up and payouts down', () => {
    // 2% of 10.000001 = 0.20000002 -> 0.200001 up, 0.2 down.
    expect(percentOf(10_000_001n, '2', 'up')).toBe(200_001n);
    expect(percentOf(10_000_001n, '2', 'down')).toBe(200_000n);
    expect(percentOf(10_000_000n, '2', 'up')).toBe(200_000n);
    expect(percentOf(10_000_000n, '0', 'up')).toBe(0n);
    expect(percentOf(10_000_000n, 'x', 'up')).toBeNull();
  });
  it('multiplies by a rate at the points scale, rounding down', () => {
    expect(multiplyRate(10_000_000n, '1')).toBe(10_000_000n);
    expect(multiplyRate(10_000_000n, '0.333333')).toBe(3_333_330n);
    expect(multiplyRate(1n, '0.5')).toBe(0n);
    expect(multiplyRate(1n, '-1')).toBeNull();
  });
});

describe('amountProblem', () => {
  const rules = { minimum: '10', multipleOf: '1', available: '100' };
  it.each([
    ['', { key: 'validation.enterAmount' }],
    ['   ', { key: 'validation.enterAmount' }],
    ['abc', { key: 'validation.enterValidAmount' }],
    ['1.1234567', { key: 'validation.enterValidAmount' }],
    ['-5', { key: 'validation.enterValidAmount' }],
    ['0', { key: 'validation.amountPositive' }],
    ['0.000', { key: 'validation.amountPositive' }],
    ['9.999999', { key: 'validation.minimumAmount', params: { x: '10' } }],
    ['10.5', { key: 'validation.multipleOf', params: { x: '1' } }],
    ['101', { key: 'validation.insufficientBalance' }],
    ['100000000.000001', { key: 'validation.amountTooLarge' }],
    ['99999999999999999999', { key: 'validation.amountTooLarge' }],
    ['0000000000000000010', null],
    ['10', null],
    ['100', null],
    ['100.000000', null],
  ])('%j -> %j', (text, problem) => {
    expect(amountProblem(text, rules)).toEqual(problem);
  });

  it('treats a step of 0 as none and missing rules as unknown', () => {
    expect(amountProblem('10.5', { minimum: '10', multipleOf: '0' })).toBeNull();
    expect(amountProblem('0.000001', {})).toBeNull();
  });

  it('checks a step with fractions exactly', () => {
    expect(amountProblem('0.3', { multipleOf: '0.1' })).toBeNull();
    expect(amountProblem('0.35', { multipleOf: '0.1' })).toEqual({ key: 'validation.multipleOf', params: { x: '0.1' } });
  });

  it('counts a fee paid on top against the balance', () => {
    const extra = (amount: bigint) => percentOf(amount, '1', 'up')!;
    expect(amountProblem('99', { available: '100', extra })).toBeNull(); // 99 + 0.99
    expect(amountProblem('99.01', { available: '100', extra })).toEqual({ key: 'validation.insufficientBalance' }); // 99.01 + 0.9901 -> 0.990100
    expect(amountProblem('100', { available: '100', extra })).toEqual({ key: 'validation.insufficientBalance' });
  });
});

describe('formatExact and formatDecimal', () => {
  it('shows at least 2 places and every place used', () => {
    expect(formatExact('0.200001', 'en-US')).toBe('0.200001');
    expect(formatExact('1234.5', 'en-US')).toBe('1,234.50');
    expect(formatExact(12_345_000n, 'de-DE')).toBe('12,345');
    expect(formatExact('10.000000', 'en-US')).toBe('10.00');
  });
  it('shows a configured rate, percentage or step as written', () => {
    expect(formatDecimal('2', 'en-US')).toBe('2');
    expect(formatDecimal('2.50', 'en-US')).toBe('2.5');
    expect(formatDecimal('0.125', 'id-ID')).toBe('0,125');
  });
});

describe('the wire form and the rounding modes', () => {
  it('writes minor units with every place of their scale', () => {
    expect(formatMinor(12_500_000n)).toBe('12.500000');
    expect(formatMinor(-1n)).toBe('-0.000001');
    expect(formatMinor(0n)).toBe('0.000000');
    expect(formatMinor(1234n, 2)).toBe('12.34');
    expect(formatMinor(5n, 0)).toBe('5');
  });
  it('rounds a division up or down, and leaves an even one alone', () => {
    expect(divideRounded(7n, 2n, 'up')).toBe(4n);
    expect(divideRounded(7n, 2n, 'down')).toBe(3n);
    expect(divideRounded(8n, 2n, 'up')).toBe(4n);
    expect(divideRounded(0n, 3n, 'up')).toBe(0n);
  });
  it('converts points to a currency to the cent: up for a deposit, down for a withdrawal', () => {
    expect(currencyAmountOf('10.000001', '7.1', 'up')).toBe('71.01');
    expect(currencyAmountOf('10.000001', '7.1', 'down')).toBe('71.00');
    expect(currencyAmountOf('100', '7.2', 'down')).toBe('720.00');
    expect(currencyAmountOf('x', '7.2', 'down')).toBeNull();
  });
  it('rescales a token amount to points: exact up, rounded as named down', () => {
    expect(rescale(1_234_567_890_123_456_789n, 18, 6, 'down')).toBe(1_234_567n);
    expect(rescale(1_234_567_890_123_456_789n, 18, 6, 'up')).toBe(1_234_568n);
    expect(rescale(12n, 2, 6, 'down')).toBe(120_000n);
  });
  it('checks the minimum before the step; a step of 0 is none', () => {
    expect(amountRuleBroken(9_000_000n, '10', '1')).toEqual({ key: 'validation.minimumAmount', x: '10' });
    expect(amountRuleBroken(10_500_000n, '10', '1')).toEqual({ key: 'validation.multipleOf', x: '1' });
    expect(amountRuleBroken(10_500_000n, '10', '0')).toBeNull();
  });
});

describe('the server strict forms', () => {
  it('compute as the lenient ones and throw on a malformed configured value', () => {
    expect(percentOfStrict(10_000_001n, '2', 'up')).toBe(200_001n);
    expect(multiplyRateStrict(10_000_000n, '0.333333')).toBe(3_333_330n);
    expect(() => percentOfStrict(1n, 'x', 'up')).toThrow(RangeError);
    expect(() => multiplyRateStrict(1n, '-1')).toThrow(RangeError);
  });
});
