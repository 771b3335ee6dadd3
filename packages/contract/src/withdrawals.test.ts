// The withdrawal fee both sides compute: fixed plus percent rounded up to the minor unit.
import { describe, expect, it } from 'vitest';
import { withdrawalFeeOf, withdrawalLocalAmountOf } from './withdrawals.ts';
import { localAmountOf } from './deposits.ts';

describe('withdrawalFeeOf', () => {
  it('adds the fixed fee to the percent of the amount, rounding the percent part up', () => {
    expect(withdrawalFeeOf('100', { feeFixed: '1', feePercent: '0' })).toEqual({ fee: 1_000_000n, total: 101_000_000n });
    expect(withdrawalFeeOf('100', { feeFixed: '0', feePercent: '1' })).toEqual({ fee: 1_000_000n, total: 101_000_000n });
    // 0.000001 x 1.5% = 0.000000015: rounded up to one minor unit, never down to nothing.
    expect(withdrawalFeeOf('0.000001', { feeFixed: '0', feePercent: '1.5' })).toEqual({ fee: 1n, total: 2n });
    expect(withdrawalFeeOf('33.333333', { feeFixed: '0.5', feePercent: '2' })).toEqual({ fee: 500_000n + 666_667n, total: 33_333_333n + 1_166_667n });
  });
  it('refuses what is not an amount', () => {
    expect(withdrawalFeeOf('1e3', { feeFixed: '0', feePercent: '1' })).toBeNull();
    expect(withdrawalFeeOf('-5', { feeFixed: '0', feePercent: '1' })).toBeNull();
    expect(withdrawalFeeOf('1.0000001', { feeFixed: '0', feePercent: '1' })).toBeNull();
  });
});

describe('withdrawalLocalAmountOf', () => {
  it('multiplies exactly and rounds down to the cent, where a deposit rounds up', () => {
    expect(withdrawalLocalAmountOf('100', '7.1')).toBe('710.00');
    // 0.015 x 7.1 = 0.1065: the member receives 0.10; a deposit of the same would ask for 0.11.
    expect(withdrawalLocalAmountOf('0.015', '7.1')).toBe('0.10');
    expect(localAmountOf('0.015', '7.1')).toBe('0.11');
    expect(withdrawalLocalAmountOf('33.333333', '3')).toBe('99.99');
    expect(withdrawalLocalAmountOf('0.000001', '7.1')).toBe('0.00');
    // Far past any real amount, still exact (no floating point).
    expect(withdrawalLocalAmountOf('999999999999999.999999', '999999999999.999999')).toBe('999999999999999998999000000.00');
  });
  it('refuses what is not an amount or a rate', () => {
    expect(withdrawalLocalAmountOf('1e3', '7.1')).toBeNull();
    expect(withdrawalLocalAmountOf('100', '-7')).toBeNull();
    expect(withdrawalLocalAmountOf('100', '7.1234567')).toBeNull();
  });
});

describe('minor units as well as text', () => {
  it('gives the server, which parsed the amount once, the figures the portal gets from the text', () => {
    const type = { feeFixed: '1', feePercent: '1.5' };
    for (const text of ['100', '0.000001', '12345.678901']) {
      const minor = BigInt(text.split('.')[0]!) * 1_000_000n + BigInt((text.split('.')[1] ?? '').padEnd(6, '0'));
      expect(withdrawalFeeOf(minor, type)).toEqual(withdrawalFeeOf(text, type));
      expect(withdrawalLocalAmountOf(minor, '7.1')).toBe(withdrawalLocalAmountOf(text, '7.1'));
    }
  });
});
