// Proves the release rule's edges by hand-worked figures: rounding down per period, the cap cutting the last period,
// compounding with auto top-up, no period after the term, nothing for a zero percent, and a catch-up equal to a
// projection's first periods.
import { describe, expect, it } from 'vitest';
import { holdingDatesFrom, projectReleases, purchaseSchedule, releasesUntil, unitRewardCap, type ReleaseState } from './release-schedule.ts';
import type { PackageTerms } from './packages.ts';

const hour = 3_600_000;
const day = 24 * hour;
const terms: PackageTerms = {
  price: '10',
  premium: '0',
  fee: '0',
  feeCoinName: 'USDT',
  contractDays: 10,
  unlockDays: 0,
  effectiveDelayHours: 12,
  releasePercent: '3.333333',
  releasePeriodHours: 24,
  maxProfitPercent: '10',
  maxReward: '0',
  redeemFeePercent: '0',
  redeemFeeUnlockedPercent: '0',
  claimGuaranteePercent: '0',
  drawCycleDays: 0,
};

describe('release schedule', () => {
  it('rounds each period down and cuts the last one to the cap', () => {
    // 10.000000 x 3.333333 % = 0.3333333 -> 0.333333; cap 1.000000: three periods of 0.333333, a fourth of 0.000001.
    const { periods, cap } = purchaseSchedule(terms, 1, 0, false);
    expect(cap).toBe(1_000_000n);
    expect(periods.map((p) => p.amount)).toEqual([333_333n, 333_333n, 333_333n, 1n]);
    expect(periods.map((p) => p.dueAt)).toEqual([36, 60, 84, 108].map((h) => h * hour));
    expect(periods.at(-1)!.releasedAfter).toBe(cap);
  });

  it('compounds with auto top-up', () => {
    const state: ReleaseState = {
      principal: 100_000_000n,
      cap: 10_000_000_000n,
      released: 0n,
      periodsPaid: 0,
      nextReleaseAt: day,
      expiresAt: 3 * day,
      isReinvest: true,
    };
    // 1 % of 100, then of 101, then of 102.01.
    expect(projectReleases({ releasePercent: '1', releasePeriodHours: 24 }, state).map((p) => p.amount)).toEqual([1_000_000n, 1_010_000n, 1_020_100n]);
  });

  it('pays no period after the term, and nothing at zero percent', () => {
    const dates = holdingDatesFrom({ ...terms, contractDays: 1, effectiveDelayHours: 0 }, 0);
    expect(dates.nextReleaseAt).toBe(day);
    expect(purchaseSchedule({ ...terms, contractDays: 1, effectiveDelayHours: 0, maxProfitPercent: '1000' }, 1, 0, false).periods).toHaveLength(1);
    expect(purchaseSchedule({ ...terms, contractDays: 1, effectiveDelayHours: 1 }, 1, 0, false).periods).toHaveLength(0);
    expect(purchaseSchedule({ ...terms, releasePercent: '0' }, 1, 0, false).periods).toHaveLength(0);
  });

  it('a run up to a moment is the projection cut at that moment, and the state after it continues it', () => {
    const { periods, principal, cap, dates } = purchaseSchedule(terms, 3, 0, true);
    const state: ReleaseState = {
      principal,
      cap,
      released: 0n,
      periodsPaid: 0,
      nextReleaseAt: dates.nextReleaseAt,
      expiresAt: dates.expiresAt,
      isReinvest: true,
    };
    const run = releasesUntil(terms, state, 70 * hour);
    expect(run.periods).toEqual(periods.slice(0, 2));
    const rest = projectReleases(terms, { ...state, principal: run.principal, released: run.released, periodsPaid: run.periodsPaid, nextReleaseAt: run.next });
    expect(rest).toEqual(periods.slice(2));
  });

  it('takes the lower of the ratio cap and the absolute cap', () => {
    expect(unitRewardCap({ price: '100', maxProfitPercent: '50', maxReward: '30' })).toBe(30_000_000n);
    expect(unitRewardCap({ price: '100', maxProfitPercent: '20', maxReward: '30' })).toBe(20_000_000n);
    expect(unitRewardCap({ price: '100', maxProfitPercent: '20', maxReward: '0' })).toBe(20_000_000n);
  });
});
