// Proves the held total a rejection releases is exact (minor units, no float) and the labels name the order.
import { describe, expect, it } from 'vitest';
import { describePayout, heldTotal } from './payout-bits';

describe('heldTotal', () => {
  it('adds amount and fee exactly, at the server scale', () => {
    expect(heldTotal({ amount: '100.000000', fee: '1.000000' })).toBe('101.000000');
    expect(heldTotal({ amount: '0.1', fee: '0.2' })).toBe('0.300000');
    expect(heldTotal({ amount: '99999999.999999', fee: '0.000001' })).toBe('100000000.000000');
  });
  it('falls back to the amount when a figure is not a plain decimal', () => {
    expect(heldTotal({ amount: '12.5', fee: '-1' })).toBe('12.5');
  });
});

describe('describePayout', () => {
  it('names the order, the member and the amount', () => {
    expect(describePayout({ number: 'WD1', memberName: 'alice', amount: '25.000000', coinName: 'USDT' })).toMatch(/^WD1 · alice · 25\.00 USDT$/);
  });
});
