// Proves the thinning of a projected schedule keeps every figure exact: rows add up to the total, the last period is
// always shown, and no two rows fall within a day of each other.
import { describe, expect, it } from 'vitest';
import { purchaseSchedule, type PackageTerms } from '@pp/contract';
import { scheduleRows } from './release-projection';

const terms: PackageTerms = {
  price: '100',
  premium: '0',
  fee: '0',
  feeCoinName: 'USDT',
  contractDays: 30,
  unlockDays: 0,
  effectiveDelayHours: 0,
  releasePercent: '0.1',
  releasePeriodHours: 6,
  maxProfitPercent: '100',
  maxReward: '0',
  redeemFeePercent: '0',
  redeemFeeUnlockedPercent: '0',
  claimGuaranteePercent: '0',
  drawCycleDays: 0,
};
const day = 86_400_000;

describe('scheduleRows', () => {
  const { periods } = purchaseSchedule(terms, 3, 0, false);

  it('thins 120 six-hourly periods to daily rows whose amounts add up to the total', () => {
    expect(periods).toHaveLength(120);
    const rows = scheduleRows(periods, 40);
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(rows.at(-1)).toEqual({ at: 30 * day, amount: rows.at(-1)!.amount, cumulative: periods.at(-1)!.releasedAfter });
    expect(rows.reduce((sum, r) => sum + r.amount, 0n)).toBe(periods.at(-1)!.releasedAfter);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.at - rows[i - 1]!.at).toBeGreaterThanOrEqual(day);
  });

  it('keeps every period when there are few, counting from what was released before', () => {
    const rows = scheduleRows(periods.slice(0, 3), 10, 5n, 0);
    expect(rows.map((r) => r.at)).toEqual(periods.slice(0, 3).map((p) => p.dueAt));
    expect(rows[0]!.amount).toBe(periods[0]!.releasedAfter - 5n);
  });

  it('shows nothing for an empty schedule', () => {
    expect(scheduleRows([], 6)).toEqual([]);
  });
});
