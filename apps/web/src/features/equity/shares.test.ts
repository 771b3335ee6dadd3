// Proves the share form's arithmetic: only whole counts from 1 to the per-purchase ceiling, and the exact cost of n shares.
import { describe, expect, it } from 'vitest';
import { scarceLimits } from '@pp/contract';
import { costOf, sharesOf } from './shares';

describe('shares', () => {
  it('takes whole counts from 1 to the ceiling of one purchase', () => {
    expect(sharesOf(' 3 ')).toBe(3);
    expect(sharesOf(String(scarceLimits.sharesPerBuyMax))).toBe(scarceLimits.sharesPerBuyMax);
    for (const bad of ['', '0', '-1', '1.5', '2e3', 'abc', String(scarceLimits.sharesPerBuyMax + 1)]) expect(sharesOf(bad), bad).toBeNull();
  });

  it('costs n times the price, exactly', () => {
    expect(costOf('10', 3)).toBe(30_000_000n);
    expect(costOf('0.333333', 3)).toBe(999_999n);
    expect(costOf('10', null)).toBeNull();
  });
});
