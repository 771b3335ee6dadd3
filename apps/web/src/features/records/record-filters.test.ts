// Proves the records filters become exactly the request the contract expects, whole days included.
import { describe, expect, it } from 'vitest';
import { hasRecordFilters, noRecordFilters, recordFiltersRequest } from './record-filters';

describe('recordFiltersRequest', () => {
  it('sends nothing for empty filters', () => {
    expect(recordFiltersRequest(noRecordFilters)).toEqual({ filters: {}, isRangeInverted: false, amountError: null, referenceError: null });
    expect(hasRecordFilters(noRecordFilters)).toBe(false);
  });

  it('sends known values and a range covering both whole days', () => {
    const { filters, isRangeInverted } = recordFiltersRequest({
      status: 'pendingReview',
      type: 'internalTransfer',
      coinName: 'ASSETS_POINT',
      fromDay: '2026-03-01',
      toDay: '2026-03-01',
      amount: '',
      reference: '',
    });
    expect(isRangeInverted).toBe(false);
    expect(filters).toMatchObject({ status: 'pendingReview', type: 'internalTransfer', coinName: 'ASSETS_POINT' });
    expect(filters.fromMs).toBe(new Date(2026, 2, 1).getTime());
    expect(filters.toMs).toBe(new Date(2026, 2, 2).getTime() - 1);
  });

  it('leaves out values the contract does not know', () => {
    expect(recordFiltersRequest({ ...noRecordFilters, status: 'weird', type: 'steal', coinName: 'BTC', fromDay: 'yesterday' }).filters).toEqual({});
  });

  it('flags a range whose start is after its end', () => {
    expect(recordFiltersRequest({ ...noRecordFilters, fromDay: '2026-03-02', toDay: '2026-03-01' }).isRangeInverted).toBe(true);
    expect(recordFiltersRequest({ ...noRecordFilters, fromDay: '2026-03-02' }).isRangeInverted).toBe(false);
  });

  it('searches by an amount and a reference as the contract reads them, and names what it refuses', () => {
    const found = recordFiltersRequest({ ...noRecordFilters, amount: ' 12.5 ', reference: ' 3f1c-22 ' });
    expect(found.filters).toEqual({ amount: '12.5', reference: '3f1c-22' });
    const refused = recordFiltersRequest({ ...noRecordFilters, amount: '1.2.3', reference: "x' or 1=1" });
    expect(refused.filters).toEqual({});
    expect(refused.amountError).toBe('validation.enterValidAmount');
    expect(refused.referenceError).toBe('validation.enterValidValue');
    expect(recordFiltersRequest({ ...noRecordFilters, amount: '0' }).amountError).toBe('validation.amountPositive');
  });
});
