// Proves the exact amount a member and staff read for a chain deposit above the one-movement
// ceiling (decision 037): raw units over 10^decimals, every significant place kept, at least the
// points scale's 6, at any size; and where the ceiling lies after rounding down to points.
import { describe, expect, it } from 'vitest';
import { amountMaxMinor } from '@pp/contract';
import { exactAmountOfRaw, isAboveMovementCeiling } from './held-deposits.ts';

describe('exact amount of a raw token value', () => {
  it.each([
    [150_000_000n * 10n ** 18n, 18, '150000000.000000'],
    [150_000_000n * 10n ** 18n + 123_456_789n, 18, '150000000.000000000123456789'],
    [100_000_000n * 10n ** 6n + 1n, 6, '100000000.000001'],
    [1n, 18, '0.000000000000000001'],
    [0n, 18, '0.000000'],
    [1_234_567n, 0, '1234567.000000'],
    [2n ** 256n - 1n, 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
  ])('%s at %s decimals is %s', (raw, decimals, text) => {
    expect(exactAmountOfRaw(raw, decimals)).toBe(text);
  });

  it('refuses what is not a raw amount', () => {
    expect(() => exactAmountOfRaw(-1n, 18)).toThrow();
    expect(() => exactAmountOfRaw(1n, -1)).toThrow();
  });
});

describe('above the movement ceiling', () => {
  it('is more than 10^14 minor units once rounded down to points, as a credit would be', () => {
    const ceiling18 = amountMaxMinor * 10n ** 12n;
    expect(isAboveMovementCeiling(ceiling18, 18)).toBe(false);
    // Dust below a minor unit is dropped from a credit, so it does not pass the ceiling either.
    expect(isAboveMovementCeiling(ceiling18 + 10n ** 12n - 1n, 18)).toBe(false);
    expect(isAboveMovementCeiling(ceiling18 + 10n ** 12n, 18)).toBe(true);
    expect(isAboveMovementCeiling(amountMaxMinor, 6)).toBe(false);
    expect(isAboveMovementCeiling(amountMaxMinor + 1n, 6)).toBe(true);
    expect(isAboveMovementCeiling(amountMaxMinor / 100n + 1n, 4)).toBe(true);
  });
});
