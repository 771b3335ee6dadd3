// Proves the balance rules the navigation and the overview rely on.
import { describe, expect, it } from 'vitest';
import { availableOf, coinLabel, hasTransferablePoints, isPositiveAmount } from './balances';

const asset = (coinName: string, assetsAvailable: string) => ({
  coinName,
  assetsAvailable,
  assetsFrozen: '0',
  assetsFixed: '0',
  assetsTotal: assetsAvailable,
});

describe('isPositiveAmount', () => {
  it.each([
    ['0', false],
    ['0.00', false],
    ['-1.00', false],
    ['', false],
    ['abc', false],
    ['0.01', true],
    ['12', true],
    ['100000000000000000000.5', true],
  ])('%s -> %s', (value, expected) => {
    expect(isPositiveAmount(value)).toBe(expected);
  });
});

describe('hasTransferablePoints', () => {
  it('looks only at the ASSETS_POINT available balance', () => {
    expect(hasTransferablePoints([asset('CASH_POINT', '50'), asset('ASSETS_POINT', '0.00')])).toBe(false);
    expect(hasTransferablePoints([asset('ASSETS_POINT', '0.01')])).toBe(true);
    expect(hasTransferablePoints(undefined)).toBe(false);
    expect(hasTransferablePoints([])).toBe(false);
  });
});

describe('coinLabel', () => {
  const coins = [{ coinName: 'ASSETS_POINT', cnName: '注册积分', shortName: 'RP' }];
  it('uses the Chinese name in zh-CN and the short name elsewhere', () => {
    expect(coinLabel('ASSETS_POINT', coins, 'zh-CN')).toBe('注册积分');
    expect(coinLabel('ASSETS_POINT', coins, 'en-US')).toBe('RP');
    expect(coinLabel('OTHER', coins, 'en-US')).toBe('OTHER');
  });
});

describe('availableOf', () => {
  it('is unknown while loading and 0 for a coin never held', () => {
    expect(availableOf(undefined, 'USDT')).toBeUndefined();
    expect(availableOf([asset('USDT', '12.5')], 'USDT')).toBe('12.5');
    expect(availableOf([asset('USDT', '12.5')], 'REWARD_POINT')).toBe('0');
  });
});
