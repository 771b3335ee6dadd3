// Proves the holding arithmetic of decision 020: the reward cap (ratio or absolute, per unit), the dates and the
// release schedule's end at the term, redeem fees rounded up per point type, claims rounded down, and code format.
import { describe, expect, it } from 'vitest';
import type { PackageTerms } from '@pp/contract';
import { claimAmountOf, costOf, datesFrom, displayState, nextReleaseAfter, redeemLines, rewardCapOf } from './holdings.ts';
import { productProblem } from './catalogue.ts';
import { newActivationCode } from './service.ts';

const terms: PackageTerms = {
  price: '100',
  premium: '2',
  fee: '1',
  feeCoinName: 'USDT',
  contractDays: 180,
  unlockDays: 30,
  effectiveDelayHours: 24,
  releasePercent: '0.5',
  releasePeriodHours: 24,
  maxProfitPercent: '150',
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '80',
  drawCycleDays: 7,
};
const hour = 3_600_000;
const day = 24 * hour;

describe('holding arithmetic', () => {
  it('caps rewards at the lower of the ratio and the absolute maximum, per unit', () => {
    expect(rewardCapOf(terms, 2)).toBe(300_000_000n);
    expect(rewardCapOf({ ...terms, maxReward: '120' }, 2)).toBe(240_000_000n);
    expect(rewardCapOf({ ...terms, maxReward: '500' }, 2)).toBe(300_000_000n);
    expect(costOf(terms, 3)).toEqual({ principal: 300_000_000n, premium: 6_000_000n, fee: 3_000_000n });
  });

  it('dates a holding from its start and ends the release schedule at the term', () => {
    const d = datesFrom(terms, 0);
    expect(d).toEqual({ startedAt: 0, effectiveAt: 24 * hour, unlockAt: 30 * day, expiresAt: 180 * day, nextReleaseAt: 48 * hour });
    expect(nextReleaseAfter(terms, 179 * day, d.expiresAt)).toBe(180 * day);
    expect(nextReleaseAfter(terms, 180 * day, d.expiresAt)).toBeNull();
    expect(datesFrom({ ...terms, contractDays: 1, effectiveDelayHours: 24 }, 0).nextReleaseAt).toBeNull();
    expect(displayState({ state: 'fixed', unlock_at: 30 * day }, 30 * day - 1)).toBe('fixed');
    expect(displayState({ state: 'fixed', unlock_at: 30 * day }, 30 * day)).toBe('unlocked');
    expect(displayState({ state: 'unlocked', unlock_at: 0 }, 1)).toBe('unlocked');
    expect(displayState({ state: 'expired', unlock_at: 0 }, 1)).toBe('expired');
  });

  it('rounds redeem fees up per point type and claims down', () => {
    expect(redeemLines([{ coinName: 'USDT', amount: 151_500_000n }], '3.3333')).toEqual([
      { coinName: 'USDT', principal: 151_500_000n, fee: 5_049_950n, receive: 146_450_050n },
    ]);
    expect(
      redeemLines(
        [
          { coinName: 'USDT', amount: 150_000_000n },
          { coinName: 'ASSETS_POINT', amount: 50_000_000n },
        ],
        '5',
      ).map((l) => l.fee),
    ).toEqual([7_500_000n, 2_500_000n]);
    expect(claimAmountOf({ principal: 200_000_000n, released: 107_400_000n }, terms)).toBe(52_600_000n);
    expect(claimAmountOf({ principal: 200_000_000n, released: 179_000_000n }, terms)).toBe(0n);
  });

  it('makes activation codes of 16 Crockford base32 characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newActivationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('finds the inconsistencies of a product', () => {
    const base = {
      kind: 'normal' as const,
      names: { 'en-US': 'A' },
      terms,
      payWith: [{ coinName: 'USDT', maxPercent: '100' }],
      minGrade: null,
      isInviteOnly: false,
    };
    expect(productProblem(base)).toBeNull();
    expect(productProblem({ ...base, names: { 'en-US': ' ' } })).toMatch(/name/);
    expect(productProblem({ ...base, terms: { ...terms, price: '0' } })).toMatch(/price/);
    expect(productProblem({ ...base, terms: { ...terms, unlockDays: 181 } })).toMatch(/unlock/);
    expect(productProblem({ ...base, terms: { ...terms, releasePercent: '0' } })).toMatch(/release/);
    expect(productProblem({ ...base, terms: { ...terms, redeemFeePercent: '100.5' } })).toMatch(/redeem fee/);
    expect(
      productProblem({
        ...base,
        payWith: [
          { coinName: 'USDT', maxPercent: '60' },
          { coinName: 'ASSETS_POINT', maxPercent: '39.9999' },
        ],
      }),
    ).toMatch(/100%/);
    expect(
      productProblem({
        ...base,
        payWith: [
          { coinName: 'USDT', maxPercent: '60' },
          { coinName: 'USDT', maxPercent: '40' },
        ],
      }),
    ).toMatch(/twice/);
    expect(productProblem({ ...base, kind: 'experience', isInviteOnly: true })).toMatch(/special/);
    expect(productProblem({ ...base, kind: 'special', minGrade: 2 })).toBeNull();
  });
});
