// Proves the Max and preset amounts: the largest amount the balance covers with its fee on top
// (fixed plus percent rounded up, as the server takes it), rounded down to the step, within the
// ceiling, and none below the minimum or from an empty balance; and the USDT valuation of balances.
import { describe, expect, it } from 'vitest';
import { largestAmountWithin, percentOf, presetAmount } from './amounts.ts';
import { assetsValueOf, usdtValueOf } from './wallet.ts';
import { withdrawalFeeOf } from './withdrawals.ts';

const unit = 1_000_000n;

describe('largestAmountWithin', () => {
  it('fills the whole balance when there is no fee or rule', () => {
    expect(largestAmountWithin({ available: '123.456789' })).toBe(123_456_789n);
  });

  it('leaves room for a percent fee rounded up, to the minor unit', () => {
    const feeOf = (a: bigint) => percentOf(a, '1', 'up')!;
    const max = largestAmountWithin({ available: '101', feeOf })!;
    expect(max).toBe(100n * unit);
    expect(max + feeOf(max)).toBeLessThanOrEqual(101n * unit);
    // One minor unit more would not fit.
    expect(max + 1n + feeOf(max + 1n)).toBeGreaterThan(101n * unit);
    // An awkward balance: the rounded-up fee decides the last unit.
    const odd = largestAmountWithin({ available: '10.000003', feeOf: (a) => percentOf(a, '3', 'up')! })!;
    expect(odd + percentOf(odd, '3', 'up')!).toBeLessThanOrEqual(10_000_003n);
    expect(odd + 1n + percentOf(odd + 1n, '3', 'up')!).toBeGreaterThan(10_000_003n);
  });

  it('takes the withdrawal fee (fixed plus percent) and rounds down to the step', () => {
    const type = { feeFixed: '1', feePercent: '0.5' };
    const feeOf = (a: bigint) => withdrawalFeeOf(a, type)!.fee;
    // 200 available: 198 + 1 + 0.99 = 199.99 fits; 199 + 1 + 0.995 does not.
    expect(largestAmountWithin({ available: '200', feeOf, multipleOf: '1', minimum: '10' })).toBe(198n * unit);
    expect(largestAmountWithin({ available: '200', feeOf, multipleOf: '50', minimum: '10' })).toBe(150n * unit);
  });

  it('stays within the maximum, rounded to the step', () => {
    expect(largestAmountWithin({ available: '5000', maximum: '1000' })).toBe(1000n * unit);
    expect(largestAmountWithin({ available: '5000', maximum: '1025', multipleOf: '50' })).toBe(1000n * unit);
  });

  it('offers nothing below the minimum, from a zero or unreadable balance, or when the fee alone is too much', () => {
    expect(largestAmountWithin({ available: '9.99', minimum: '10' })).toBeNull();
    expect(largestAmountWithin({ available: '0' })).toBeNull();
    expect(largestAmountWithin({ available: 'abc' })).toBeNull();
    expect(largestAmountWithin({ available: '0.5', feeOf: () => unit })).toBeNull();
    expect(largestAmountWithin({ available: '30', multipleOf: '50' })).toBeNull();
  });
});

describe('presetAmount', () => {
  it('is a share of Max rounded down to the step, and absent below the minimum', () => {
    const limits = { available: '1000', multipleOf: '10', minimum: '100' };
    expect(presetAmount(limits, 25)).toBe(250n * unit);
    expect(presetAmount({ ...limits, available: '1030' }, 25)).toBe(250n * unit);
    expect(presetAmount({ ...limits, available: '300' }, 25)).toBeNull();
    expect(presetAmount({ available: '0' }, 50)).toBeNull();
  });
});

describe('usdtValueOf and assetsValueOf', () => {
  const types = [
    { sourceCoin: 'USDT', targetCoin: 'ASSETS_POINT', rate: '3' },
    { sourceCoin: 'REWARD_POINT', targetCoin: 'USDT', rate: '0.5' },
  ] as const;
  it('values directly, by the inverse rate, and not at all without a rate', () => {
    expect(usdtValueOf('USDT', 5n, types)).toEqual({ rate: '1', value: 5n });
    expect(usdtValueOf('REWARD_POINT', 3n, types)).toEqual({ rate: '0.5', value: 1n });
    expect(usdtValueOf('ASSETS_POINT', 10n * unit, types)).toEqual({ rate: '0.333333', value: 3_333_333n });
    expect(usdtValueOf('OTHER', 10n * unit, types)).toBeNull();
  });
  it('sums the valued balances and lists a held one with no rate', () => {
    const r = assetsValueOf(
      [
        { coinName: 'USDT', assetsTotal: '1.500000' },
        { coinName: 'REWARD_POINT', assetsTotal: '4.000000' },
        { coinName: 'OTHER', assetsTotal: '2.000000' },
        { coinName: 'EMPTY', assetsTotal: '0.000000' },
      ],
      types,
    );
    expect(r.total).toBe('3.500000');
    expect(r.unvaluedCoins).toEqual(['OTHER']);
  });
});
