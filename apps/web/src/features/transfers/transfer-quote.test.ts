// Proves the transfer preview and checks: the fee is paid on top and must fit in the balance, exactly.
import { describe, expect, it } from 'vitest';
import { transferAmountProblem, transferQuote } from './transfer-quote';

const config = { feePercent: '1', bonusPercent: '0.5', minimum: '1' };

describe('transferQuote', () => {
  it('adds the fee to what leaves and the bonus to what arrives', () => {
    expect(transferQuote(config, '100')).toEqual({
      amount: 100_000_000n,
      fee: 1_000_000n,
      bonus: 500_000n,
      debited: 101_000_000n,
      credited: 100_500_000n,
    });
  });

  it('rounds the fee up and the bonus down', () => {
    // 1% of 1.000001 = 0.01000001 -> 0.010001; 0.5% = 0.005000005 -> 0.005.
    expect(transferQuote(config, '1.000001')).toMatchObject({ fee: 10_001n, bonus: 5_000n });
  });

  it('has nothing to show for an amount that is not one', () => {
    expect(transferQuote(config, '')).toBeNull();
    expect(transferQuote(config, '0')).toBeNull();
    expect(transferQuote(config, '-1')).toBeNull();
  });
});

describe('transferAmountProblem', () => {
  it.each([
    ['', '100', { key: 'validation.enterAmount' }],
    ['0.5', '100', { key: 'validation.minimumAmount', params: { x: '1' } }],
    ['99', '100', null],
    // 99.01 + 0.9901 = 100.0001 > 100
    ['99.01', '100', { key: 'validation.insufficientBalance' }],
    ['100', '100', { key: 'validation.insufficientBalance' }],
    ['100', undefined, null],
  ])('%j with %j available -> %j', (amount, available, problem) => {
    expect(transferAmountProblem(config, amount, available)).toEqual(problem);
  });
});
