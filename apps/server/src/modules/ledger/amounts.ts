/**
 * Points are integer minor units at scale 6 (decision 003); decimal strings on the wire.
 * Parsing refuses anything that is not a plain non-negative decimal with at most 6 places; the
 * ceilings (decision 008) are the contract's and the ledger's to check.
 */
import { minorOf, pointsScale } from '@pp/contract';

export { pointsScale };
export const unit = 10n ** BigInt(pointsScale);

export function parseAmount(text: string): bigint | null {
  return minorOf(text.trim());
}

export function formatMinor(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(pointsScale, '0')}`;
}

/** amount x percent / 100 at the points scale, rounded up (fees) or down (payouts). */
export function percentOf(amount: bigint, percent: string, rounding: 'up' | 'down'): bigint {
  const p = parseAmount(percent);
  if (p === null) throw new Error(`bad percent ${percent}`);
  const numerator = amount * p;
  const denominator = 100n * unit;
  const quotient = numerator / denominator;
  return rounding === 'up' && numerator % denominator !== 0n ? quotient + 1n : quotient;
}

/** amount x rate, both at the points scale, rounded down. */
export function multiplyRate(amount: bigint, rate: string): bigint {
  const r = parseAmount(rate);
  if (r === null) throw new Error(`bad rate ${rate}`);
  return (amount * r) / unit;
}

/** Checks an amount against a minimum and a step ("0" means none); the failing rule's message, or null. */
export function amountRuleBroken(amount: bigint, minimum: string, multipleOf: string): { key: string; x: string } | null {
  const min = parseAmount(minimum) ?? 0n;
  const step = parseAmount(multipleOf) ?? 0n;
  if (amount < min) return { key: 'validation.minimumAmount', x: minimum };
  if (step > 0n && amount % step !== 0n) return { key: 'validation.multipleOf', x: multipleOf };
  return null;
}
