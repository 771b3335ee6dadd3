// Proves the withdraw preview (fee, total, bank payout in the local currency) and the checks before sending give the server's figures and refusals.
import { describe, expect, it } from 'vitest';
import type { WithdrawalTypeEntry } from '@pp/contract';
import { withdrawalAmountProblem, withdrawalQuote } from './withdrawal-quote';

const chainType: WithdrawalTypeEntry = {
  withdrawalType: 'USDT_BEP20',
  channel: 'chain',
  chain: 'BEP20',
  coinName: 'USDT',
  feeFixed: '1',
  feePercent: '0.5',
  minimum: '10',
  maximum: '5000',
  multipleOf: '0',
  currency: null,
  rate: null,
};
const bankType: WithdrawalTypeEntry = {
  ...chainType,
  withdrawalType: 'BANK_IDR',
  channel: 'bank',
  chain: null,
  multipleOf: '5',
  currency: 'IDR',
  rate: '15887.333333',
};

describe('withdrawalQuote', () => {
  it('fee is the fixed part plus the percent rounded up; the total adds it to the amount', () => {
    const quote = withdrawalQuote(chainType, '100.000001')!;
    // 100.000001 x 0.5% = 0.500000005, rounded up to 0.500001; plus 1.
    expect(quote.fee).toBe(1_500_001n);
    expect(quote.total).toBe(101_500_002n);
    expect(quote.localAmount).toBeNull();
  });

  it('a bank type shows the local amount rounded down to the cent', () => {
    // 15 x 15887.333333 = 238309.999995 -> 238309.99, never rounded up to .00.
    expect(withdrawalQuote(bankType, '15')!.localAmount).toBe('238309.99');
    expect(withdrawalQuote({ ...bankType, rate: '7.2' }, '50')!.localAmount).toBe('360.00');
    expect(withdrawalQuote({ ...bankType, rate: '7.2' }, '0.000001')!.localAmount).toBe('0.00');
  });

  it('nothing for an empty, zero or malformed amount', () => {
    expect(withdrawalQuote(chainType, '')).toBeNull();
    expect(withdrawalQuote(chainType, '0')).toBeNull();
    expect(withdrawalQuote(chainType, '1.2345678')).toBeNull();
    expect(withdrawalQuote(chainType, 'abc')).toBeNull();
  });
});

describe('withdrawalAmountProblem', () => {
  it('names the first rule broken, in the spec order', () => {
    expect(withdrawalAmountProblem(chainType, ' ', '1000')).toEqual({ key: 'validation.enterAmount' });
    expect(withdrawalAmountProblem(chainType, '0', '1000')).toEqual({ key: 'validation.amountPositive' });
    expect(withdrawalAmountProblem(chainType, '9.99', '1000')).toEqual({ key: 'validation.minimumAmount', params: { x: '10' } });
    expect(withdrawalAmountProblem(chainType, '5000.01', '100000')).toEqual({ key: 'validation.maximumAmount', params: { x: '5000' } });
    expect(withdrawalAmountProblem(bankType, '12', '1000')).toEqual({ key: 'validation.multipleOf', params: { x: '5' } });
  });

  it('the balance must cover amount and fee, not the amount alone', () => {
    // 100 + 1 + 0.5 = 101.5
    expect(withdrawalAmountProblem(chainType, '100', '101.5')).toBeNull();
    expect(withdrawalAmountProblem(chainType, '100', '101.499999')).toEqual({ key: 'validation.insufficientBalance' });
    // While the balance is unknown, only the type's rules are checked.
    expect(withdrawalAmountProblem(chainType, '100', undefined)).toBeNull();
  });

  it('a maximum of 0 means none', () => {
    expect(withdrawalAmountProblem({ ...chainType, maximum: '0' }, '900000', undefined)).toBeNull();
  });
});
