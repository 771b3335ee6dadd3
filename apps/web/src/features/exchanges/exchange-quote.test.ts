// Proves the exchange preview and checks give the server's figures and refusals, exactly.
import { describe, expect, it } from 'vitest';
import type { ExchangeType } from '@pp/contract';
import { exchangeAmountProblem, exchangeQuote } from './exchange-quote';

const usdtToAssets: ExchangeType = {
  exchangeType: 'USDT_TO_ASSETS',
  sourceCoin: 'USDT',
  targetCoin: 'ASSETS_POINT',
  rate: '1',
  feePercent: '2',
  minimum: '10',
  multipleOf: '1',
};

describe('exchangeQuote', () => {
  it('takes the fee from the gross in target points', () => {
    expect(exchangeQuote(usdtToAssets, '100')).toEqual({ amount: 100_000_000n, fee: 2_000_000n, received: 98_000_000n });
  });

  it('rounds the gross down and the fee up', () => {
    const type = { ...usdtToAssets, rate: '0.333333', feePercent: '1.5' };
    // 10 x 0.333333 = 3.33333; 1.5% of it = 0.04999995 -> 0.05 up.
    expect(exchangeQuote(type, '10')).toEqual({ amount: 10_000_000n, fee: 50_000n, received: 3_283_330n });
  });

  it('has nothing to show for an amount that is not one', () => {
    expect(exchangeQuote(usdtToAssets, '')).toBeNull();
    expect(exchangeQuote(usdtToAssets, '0')).toBeNull();
    expect(exchangeQuote(usdtToAssets, '1e3')).toBeNull();
    expect(exchangeQuote({ ...usdtToAssets, rate: 'bad' }, '10')).toBeNull();
  });
});

describe('exchangeAmountProblem', () => {
  it.each([
    ['', '100', { key: 'validation.enterAmount' }],
    ['5', '100', { key: 'validation.minimumAmount', params: { x: '10' } }],
    ['10.5', '100', { key: 'validation.multipleOf', params: { x: '1' } }],
    ['101', '100', { key: 'validation.insufficientBalance' }],
    ['100', '100.000000', null],
    ['100', undefined, null],
  ])('%j with %j available -> %j', (amount, available, problem) => {
    expect(exchangeAmountProblem(usdtToAssets, amount, available)).toEqual(problem);
  });

  it('refuses an amount the fee would eat whole', () => {
    const type = { ...usdtToAssets, minimum: '0', multipleOf: '0', rate: '0.000001' };
    // 0.5 x 0.000001 rounds down to 0 target points.
    expect(exchangeAmountProblem(type, '0.5', undefined)).toEqual({ key: 'validation.minimumAmount', params: { x: '0' } });
  });
});
