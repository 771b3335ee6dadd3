/**
 * The ceilings that keep every number exact (docs/decisions/008). Amounts are integer minor
 * units at scale 6 (decision 003). One movement is at most `amountMaxMinor`, one member account
 * holds at most `balanceMaxMinor` (pending credits included), and no account total ever passes
 * `accountTotalMaxMinor`; so every sum the server computes stays below 2^63 - 1 in SQL and every
 * member balance or total stays below 2^53 wherever it could meet a JS number.
 *
 * This module is the one home of points arithmetic (decision 043): parsing, the wire and display
 * forms, percentages with their rounding, rates, and rescaling; the server, the portal and the
 * back-office all import it. No schema library here: the portal's first pages import these
 * without zod (decision 029); numbers.ts re-exports them beside the schemas built on them.
 */
import { formatAmount } from './format.ts';

export const pointsScale = 6;
/** Minor units in one point: 10^6. */
export const unitMinor = 10n ** BigInt(pointsScale);

/** One transfer, exchange, adjustment or any other movement: 100,000,000 points. */
export const amountMaxPoints = 100_000_000n;
export const amountMaxMinor = amountMaxPoints * unitMinor;
/** One member account (available or fixed): 1,000,000,000 points, pending credits counted. */
export const balanceMaxPoints = 1_000_000_000n;
export const balanceMaxMinor = balanceMaxPoints * unitMinor;
/**
 * Each of an account's four running totals (they only grow, or move pending to posted):
 * 4 x 10^18 minor units, so two totals added and a movement on top stay below 2^63 - 1.
 */
export const accountTotalMaxMinor = 4n * 10n ** 18n;

/** Characters of an amount as typed; longer is refused before any arithmetic. */
export const amountCharsMax = 40;
/** Characters of a paging cursor: the longest the server makes is a time, a colon and an id. */
export const cursorCharsMax = 100;
/**
 * Date filters and times: 0 to the last millisecond of year 9999 (253402300799999), well inside
 * 2^53 and a bigint column.
 */
export const timeMsMax = 253_402_300_799_999;

const amountPattern = /^(\d+)(?:\.(\d+))?$/;

/** Minor units of a plain decimal string, or null when it is not one (sign, exponent, >6 places). */
export function minorOf(text: string): bigint | null {
  if (text.length > amountCharsMax) return null;
  const match = amountPattern.exec(text);
  if (!match || (match[2] ?? '').length > pointsScale) return null;
  return BigInt(match[1]!) * unitMinor + BigInt((match[2] ?? '').padEnd(pointsScale, '0'));
}

/** An amount as typed or configured, surrounding blanks ignored: minor units, or null (see minorOf). */
export function parseAmount(text: string): bigint | null {
  return minorOf(text.trim());
}

/** What the server sends: a signed decimal; more than 6 places is not ours and is refused. */
const wirePattern = /^([-+]?)(\d+)(?:\.(\d{0,6}))?$/;

/**
 * A decimal string the server sent (balance, minimum, rate, a signed record amount) as minor
 * units, or null. Unlike parseAmount it reads a sign, and no ceiling applies: it is the server's.
 */
export function parsePoints(text: string | undefined | null): bigint | null {
  if (typeof text !== 'string') return null;
  const match = wirePattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * unitMinor + BigInt(fraction.padEnd(pointsScale, '0'));
  return sign === '-' ? -minor : minor;
}

/**
 * Minor units at `scale` as a decimal with exactly `scale` places, the wire form: 12500000n ->
 * "12.500000" (points); at scale 2, 1234n -> "12.34" (a currency's cents).
 */
export function formatMinor(value: bigint, scale: number = pointsScale): string {
  const unit = 10n ** BigInt(scale);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return scale > 0 ? `${sign}${abs / unit}.${(abs % unit).toString().padStart(scale, '0')}` : `${sign}${abs}`;
}

/** Minor units as a plain decimal without trailing zeros: 12500000n -> "12.5", 100000000n -> "100". */
export function formatPoints(minor: bigint): string {
  return formatMinor(minor).replace(/\.?0+$/, '');
}

/** How many decimal places a decimal string really uses ("2.50" -> 1), for showing it whole. */
export function usedFractionDigits(text: string): number {
  const fraction = /\.(\d*)$/.exec(text.trim())?.[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/**
 * How a division that does not come out even is settled: `up` for what the platform takes (a fee:
 * never short), `down` for what it pays or converts (a bonus, a release, a payout in a currency:
 * never more than is owed). These two are the only modes the product uses.
 */
export type Rounding = 'up' | 'down';

/** numerator / denominator for numerator >= 0 and denominator > 0, rounded as named. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  return rounding === 'up' && numerator % denominator !== 0n ? quotient + 1n : quotient;
}

/**
 * amount x percent / 100 at the points scale, rounded as named. `percent` is a decimal string (at
 * most 6 places, not negative); null when it is not one.
 */
export function percentOf(amount: bigint, percent: string, rounding: Rounding): bigint | null {
  const p = parsePoints(percent);
  if (p === null || p < 0n) return null;
  return divideRounded(amount * p, 100n * unitMinor, rounding);
}

/** amount x rate, both at the points scale, rounded down; null when the rate is not a decimal >= 0. */
export function multiplyRate(amount: bigint, rate: string): bigint | null {
  const r = parsePoints(rate);
  if (r === null || r < 0n) return null;
  return divideRounded(amount * r, unitMinor, 'down');
}

/**
 * percentOf for a percent the server configured and validated when it was saved: a malformed one
 * is a fault, not an answer, and throws.
 */
export function percentOfStrict(amount: bigint, percent: string, rounding: Rounding): bigint {
  const value = percentOf(amount, percent, rounding);
  if (value === null) throw new RangeError(`bad percent ${percent}`);
  return value;
}

/** multiplyRate for a rate the server configured and validated: a malformed one throws. */
export function multiplyRateStrict(amount: bigint, rate: string): bigint {
  const value = multiplyRate(amount, rate);
  if (value === null) throw new RangeError(`bad rate ${rate}`);
  return value;
}

/**
 * A points amount (decimal text, or minor units already parsed) in a currency at `rate` currency
 * units a point, to the cent as a decimal string ("12.34"), rounded as named; null when a number
 * is not a valid amount.
 */
export function currencyAmountOf(amount: string | bigint, rate: string, rounding: Rounding): string | null {
  const a = typeof amount === 'bigint' ? amount : parseAmount(amount);
  const r = parseAmount(rate);
  if (a === null || r === null) return null;
  // a and r are both at scale 6: a x r is at scale 12; cents are scale 2.
  return formatMinor(divideRounded(a * r, (unitMinor * unitMinor) / 100n, rounding), 2);
}

/**
 * An integer at `from` decimals (a token's raw units) at `to` decimals: exact when `to` is the
 * larger, else rounded as named.
 */
export function rescale(value: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (from <= to) return value * 10n ** BigInt(to - from);
  return divideRounded(value, 10n ** BigInt(from - to), rounding);
}

/** Checks an amount against a minimum and a step ("0" means none); the failing rule's message key, or null. */
export function amountRuleBroken(
  amount: bigint,
  minimum: string,
  multipleOf: string,
): { key: 'validation.minimumAmount' | 'validation.multipleOf'; x: string } | null {
  const min = parseAmount(minimum) ?? 0n;
  const step = parseAmount(multipleOf) ?? 0n;
  if (amount < min) return { key: 'validation.minimumAmount', x: minimum };
  if (step > 0n && amount % step !== 0n) return { key: 'validation.multipleOf', x: multipleOf };
  return null;
}

/** A validation message key with its placeholder value, as the server sends them. */
export interface AmountProblem {
  key:
    | 'validation.enterAmount'
    | 'validation.enterValidAmount'
    | 'validation.amountTooLarge'
    | 'validation.amountPositive'
    | 'validation.minimumAmount'
    | 'validation.multipleOf'
    | 'validation.insufficientBalance';
  params?: { x: string };
}

/**
 * The first rule a typed amount breaks, in the order the member should fix them: present,
 * well-formed, above 0, at least the minimum, a multiple of the step ("0" or absent: none), and
 * (when the balance is known) `amount + extra` within the balance, where `extra` is a fee paid
 * on top. Null when the amount passes. The portal's check before sending; the server decides.
 */
export function amountProblem(
  text: string,
  rules: { minimum?: string; multipleOf?: string; available?: string; extra?: (amount: bigint) => bigint },
): AmountProblem | null {
  if (text.trim() === '') return { key: 'validation.enterAmount' };
  const amount = parseAmount(text);
  if (amount === null) return { key: 'validation.enterValidAmount' };
  if (amount > amountMaxMinor) return { key: 'validation.amountTooLarge' };
  if (amount <= 0n) return { key: 'validation.amountPositive' };
  const minimum = rules.minimum === undefined ? null : parsePoints(rules.minimum);
  if (minimum !== null && amount < minimum) return { key: 'validation.minimumAmount', params: { x: rules.minimum! } };
  const step = rules.multipleOf === undefined ? null : parsePoints(rules.multipleOf);
  if (step !== null && step > 0n && amount % step !== 0n) return { key: 'validation.multipleOf', params: { x: rules.multipleOf! } };
  const available = rules.available === undefined ? null : parsePoints(rules.available);
  if (available !== null && amount + (rules.extra?.(amount) ?? 0n) > available) return { key: 'validation.insufficientBalance' };
  return null;
}

/**
 * A rule, preview or staff-facing value shown whole (a fee of 0.200001 must not read 0.20): at
 * least 2 places, more when the value uses them. Balances and list amounts use formatAmount's 2.
 */
export function formatExact(value: string | bigint, locale: string): string {
  const text = typeof value === 'bigint' ? formatPoints(value) : value;
  return formatAmount(text, locale, Math.min(pointsScale, Math.max(2, usedFractionDigits(text))));
}

/** A configured rate, percentage or step as written ("2.50" -> "2.5"), with the reader's decimal sign. */
export function formatDecimal(value: string, locale: string): string {
  return formatAmount(value, locale, Math.min(pointsScale, usedFractionDigits(value)));
}

/** What limits the Max button of an amount field: the same rules the server checks on send. */
export interface AmountLimits {
  /** The member's available balance, as the server sent it. */
  available: string;
  /** The fee paid on top of `amount` out of the same balance (the rule the server applies); none when absent. */
  feeOf?: (amount: bigint) => bigint;
  minimum?: string;
  /** "0" or absent: no ceiling. */
  maximum?: string;
  /** "0" or absent: no step. */
  multipleOf?: string;
}

/**
 * The largest amount the balance covers with its fee on top, rounded down to the step and kept
 * within the ceiling; null when even that is below the minimum (or nothing is available), so
 * the button says there is nothing to fill rather than filling a refused amount. The fee rule
 * is passed in, so the portal uses the one the server uses; a search over the amount keeps any
 * fee that grows with the amount (fixed plus percent rounded up) exact to the minor unit.
 */
export function largestAmountWithin(limits: AmountLimits): bigint | null {
  const available = parsePoints(limits.available);
  if (available === null || available <= 0n) return null;
  const feeOf = limits.feeOf ?? (() => 0n);
  const fits = (amount: bigint) => amount + feeOf(amount) <= available;
  let low = 0n;
  let high = available < amountMaxMinor ? available : amountMaxMinor;
  if (!fits(0n)) return null;
  // Invariant: fits(low); the answer is in [low, high]. amount + fee only grows with the amount.
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (fits(middle)) low = middle;
    else high = middle - 1n;
  }
  const step = parsePoints(limits.multipleOf ?? '0') ?? 0n;
  const maximum = parsePoints(limits.maximum ?? '0') ?? 0n;
  let amount = maximum > 0n && low > maximum ? maximum : low;
  if (step > 0n) amount -= amount % step;
  const minimum = parsePoints(limits.minimum ?? '0') ?? 0n;
  if (amount <= 0n || amount < minimum) return null;
  return amount;
}

/**
 * `percent` % of the Max amount (a preset such as 25 %), rounded down to the step; null when
 * that is below the minimum, so the preset is not offered. Taken of Max, not of the balance, so
 * every preset leaves room for its fee.
 */
export function presetAmount(limits: AmountLimits, percent: number): bigint | null {
  const max = largestAmountWithin(limits);
  if (max === null) return null;
  const step = parsePoints(limits.multipleOf ?? '0') ?? 0n;
  let amount = (max * BigInt(percent)) / 100n;
  if (step > 0n) amount -= amount % step;
  const minimum = parsePoints(limits.minimum ?? '0') ?? 0n;
  return amount <= 0n || amount < minimum ? null : amount;
}
