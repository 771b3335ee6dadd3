// Proves the records filters become exactly the request the contract expects, whole days included.
import { describe, expect, it } from 'vitest';
import { hasRecordFilters, noRecordFilters, recordFiltersRequest } from './record-filters';

describe('recordFiltersRequest', () => {
  it('sends nothing for empty filters', () => {
    expect(recordFiltersRequest(noRecordFilters)).toEqual({ filters: {}, isRangeInverted: false });
    expect(hasRecordFilters(noRecordFilters)).toBe(false);
  });

  it('sends known values and a range covering both whole days', () => {
    const { filters, isRangeInverted } = recordFiltersRequest({
      status: 'pendingReview',
      type: 'internalTransfer',
      coinName: 'ASSETS_POINT',
      fromDay: '2026-03-01',
      toDay: '2026-03-01',
    });
    expect(isRangeInverted).toBe(false);
    expect(filters).toMatchObject({ status: 'pendingReview', type: 'internalTransfer', coinName: 'ASSETS_POINT' });
    expect(filters.fromMs).toBe(new Date(2026, 2, 1).getTime());
    expect(filters.toMs).toBe(new Date(2026, 2, 2).getTime() - 1);
  });

  it('leaves out values the contract does not know', () => {
    expect(recordFiltersRequest({ status: 'weird', type: 'steal', coinName: 'BTC', fromDay: 'yesterday', toDay: '' }).filters).toEqual({});
  });

  it('flags a range whose start is after its end', () => {
    expect(recordFiltersRequest({ ...noRecordFilters, fromDay: '2026-03-02', toDay: '2026-03-01' }).isRangeInverted).toBe(true);
    expect(recordFiltersRequest({ ...noRecordFilters, fromDay: '2026-03-02' }).isRangeInverted).toBe(false);
  });
});
