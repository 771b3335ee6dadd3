// Proves the payment mix of a package: the prefill fills the first point type up to its share and the next with the rest, and the checks refuse a share over its maximum, a total that misses the principal and a balance too small, exactly.
import { describe, expect, it } from 'vitest';
import { checkMix, lineCap, prefillMix, timesUnits } from './payment-mix';

const usdtOnly = [{ coinName: 'USDT', maxPercent: '100' }];
const mixed = [
  { coinName: 'USDT', maxPercent: '70' },
  { coinName: 'REWARD_POINT', maxPercent: '50' },
];
const none = { feeCoinName: 'USDT', amount: 0n };
const unknown = () => undefined;

describe('lineCap', () => {
  it('is the share of the principal, rounded down', () => {
    expect(lineCap(100_000_000n, '70')).toBe(70_000_000n);
    // 33.3333% of 0.000010 = 0.0000033333 -> 0.000003.
    expect(lineCap(10n, '33.3333')).toBe(3n);
    expect(lineCap(100n, '0')).toBe(0n);
    expect(lineCap(100n, 'x')).toBe(0n);
  });
});

describe('prefillMix', () => {
  it('puts everything in the only point type', () => {
    expect(prefillMix(usdtOnly, 250_500_000n)).toEqual(['250.5']);
  });

  it('fills the first type up to its share and the next with the rest', () => {
    expect(prefillMix(mixed, 100_000_000n)).toEqual(['70', '30']);
  });

  it('leaves a type empty when the ones before paid everything', () => {
    expect(
      prefillMix(
        [
          { coinName: 'USDT', maxPercent: '100' },
          { coinName: 'REWARD_POINT', maxPercent: '50' },
        ],
        10_000_000n,
      ),
    ).toEqual(['10', '']);
  });

  it('leaves a shortfall when the shares cannot reach the principal', () => {
    const amounts = prefillMix(
      [
        { coinName: 'USDT', maxPercent: '40' },
        { coinName: 'REWARD_POINT', maxPercent: '40' },
      ],
      100_000_000n,
    );
    expect(amounts).toEqual(['40', '40']);
    expect(
      checkMix(
        [
          { coinName: 'USDT', maxPercent: '40' },
          { coinName: 'REWARD_POINT', maxPercent: '40' },
        ],
        amounts,
        100_000_000n,
        none,
        unknown,
      ).problems,
    ).toEqual([{ kind: 'paymentTotal', total: 100_000_000n }]);
  });
});

describe('checkMix', () => {
  it('accepts a prefilled mix and sends only lines above 0', () => {
    const result = checkMix(mixed, ['100', ''], 100_000_000n, none, unknown);
    expect(result.problems).toEqual([{ kind: 'paymentMix', coinName: 'USDT', percent: '70' }]);
    const ok = checkMix(mixed, ['70', '30'], 100_000_000n, none, unknown);
    expect(ok).toEqual({
      payments: [
        { coinName: 'USDT', amount: '70' },
        { coinName: 'REWARD_POINT', amount: '30' },
      ],
      total: 100_000_000n,
      problems: [],
    });
    expect(checkMix(mixed, ['100', '0'], 100_000_000n, none, unknown).payments).toEqual([{ coinName: 'USDT', amount: '100' }]);
  });

  it('refuses a total that is not the principal', () => {
    expect(checkMix(usdtOnly, ['99.999999'], 100_000_000n, none, unknown).problems).toEqual([{ kind: 'paymentTotal', total: 100_000_000n }]);
    expect(checkMix(usdtOnly, [''], 100_000_000n, none, unknown).problems).toEqual([{ kind: 'paymentTotal', total: 100_000_000n }]);
  });

  it('reports an amount that is not a number, and no total problem beside it', () => {
    expect(checkMix(usdtOnly, ['1.0000001'], 100_000_000n, none, unknown).problems).toEqual([{ kind: 'invalid', coinName: 'USDT' }]);
  });

  it('counts premium and fee with the fee coin against its balance', () => {
    const balances: Record<string, string> = { USDT: '71', REWARD_POINT: '30' };
    const fee = { feeCoinName: 'USDT', amount: 1_000_000n };
    expect(checkMix(mixed, ['70', '30'], 100_000_000n, fee, (c) => balances[c]).problems).toEqual([]);
    const more = { feeCoinName: 'USDT', amount: 1_000_001n };
    expect(checkMix(mixed, ['70', '30'], 100_000_000n, more, (c) => balances[c]).problems).toEqual([{ kind: 'insufficient', coinName: 'USDT' }]);
  });
});

describe('timesUnits', () => {
  it('multiplies a per-unit price exactly', () => {
    expect(timesUnits('100.000001', 3)).toBe(300_000_003n);
    expect(timesUnits('bad', 3)).toBe(0n);
  });
});
