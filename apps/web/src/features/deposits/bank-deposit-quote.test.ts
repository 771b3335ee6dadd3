// Proves the bank deposit checks and the local-currency amount match the server's rules.
import { describe, expect, it } from 'vitest';
import { bankDepositAmountProblem, bankTransferAmount } from './bank-deposit-quote';

const config = { minimum: '50', maximum: '100000', multipleOf: '0', rate: '7.2' };

describe('bank deposit amount', () => {
  it('checks minimum, multiple and maximum in that order', () => {
    expect(bankDepositAmountProblem(config, '')).toEqual({ key: 'validation.enterAmount' });
    expect(bankDepositAmountProblem(config, '49.99')).toEqual({ key: 'validation.minimumAmount', params: { x: '50' } });
    expect(bankDepositAmountProblem({ ...config, multipleOf: '63' }, '100')).toEqual({ key: 'validation.multipleOf', params: { x: '63' } });
    expect(bankDepositAmountProblem({ ...config, multipleOf: '63' }, '126')).toBeNull();
    expect(bankDepositAmountProblem(config, '100000.01')).toEqual({ key: 'validation.maximumAmount', params: { x: '100000' } });
    expect(bankDepositAmountProblem(config, '150.5')).toBeNull();
  });
  it('converts to the local currency rounded up to the cent', () => {
    expect(bankTransferAmount(config, '150.5')).toBe('1083.60');
    expect(bankTransferAmount({ rate: '16250.5' }, '50.000001')).toBe('812525.02');
    expect(bankTransferAmount(config, 'abc')).toBeNull();
    expect(bankTransferAmount(config, '0')).toBeNull();
  });
});
