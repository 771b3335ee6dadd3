/**
 * Points arithmetic for the client's own checks and previews: amounts are bigint minor units at
 * scale 6 (docs/decisions/003), parsed from and written back to decimal strings, never floats,
 * so "0.1 + 0.2" or a balance of 10^15 compares exactly. The server decides; these functions
 * mirror its rules (apps/server/src/modules/ledger/amounts.ts) so the member sees the same
 * fee and the same refusal before sending.
 */
import { amountMaxMinor, formatAmount, minorOf } from '@pp/contract';

export const pointsScale = 6;
const unit = 10n ** BigInt(pointsScale);

/** What the server sends: a signed decimal; more than 6 places is not ours and is refused. */
const wirePattern = /^([-+]?)(\d+)(?:\.(\d{0,6}))?$/;

/** A decimal string from the server (balance, minimum, rate) as minor units, or null. */
export function parsePoints(text: string | undefined | null): bigint | null {
  if (typeof text !== 'string') return null;
  const match = wirePattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * unit + BigInt(fraction.padEnd(pointsScale, '0'));
  return sign === '-' ? -minor : minor;
}

/** An amount the member typed, by the contract's rules (no sign, at most 6 places), or null. */
export function parseAmountInput(text: string): bigint | null {
  return minorOf(text.trim());
}

/** Minor units as a plain decimal string without trailing zeros: 12500000n -> "12.5". */
export function formatPoints(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const fraction = (abs % unit).toString().padStart(pointsScale, '0').replace(/0+$/, '');
  return `${sign}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}

/** How many decimal places a decimal string really uses ("2.50" -> 1), for showing it whole. */
export function usedFractionDigits(text: string): number {
  const fraction = /\.(\d*)$/.exec(text.trim())?.[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** amount x percent / 100, rounded up for fees and down for payouts (the server's rule). */
export function percentOf(amount: bigint, percent: string, rounding: 'up' | 'down'): bigint | null {
  const p = parsePoints(percent);
  if (p === null || p < 0n) return null;
  const numerator = amount * p;
  const denominator = 100n * unit;
  const quotient = numerator / denominator;
  return rounding === 'up' && numerator % denominator !== 0n ? quotient + 1n : quotient;
}

/** amount x rate, both at the points scale, rounded down. */
export function multiplyRate(amount: bigint, rate: string): bigint | null {
  const r = parsePoints(rate);
  if (r === null || r < 0n) return null;
  return (amount * r) / unit;
}

/** A validation message key with its placeholder value, as the server sends them. */
export interface AmountProblem {
  key: 'validation.enterAmount' | 'validation.enterValidAmount' | 'validation.amountTooLarge' | 'validation.amountPositive' | 'validation.minimumAmount' | 'validation.multipleOf' | 'validation.insufficientBalance';
  params?: { x: string };
}

/**
 * The first rule a typed amount breaks, in the order the member should fix them: present,
 * well-formed, above 0, at least the minimum, a multiple of the step ("0" or absent: none), and
 * (when the balance is known) `amount + extra` within the balance, where `extra` is a fee paid
 * on top. Null when the amount passes.
 */
export function amountProblem(
  text: string,
  rules: { minimum?: string; multipleOf?: string; available?: string; extra?: (amount: bigint) => bigint },
): AmountProblem | null {
  if (text.trim() === '') return { key: 'validation.enterAmount' };
  const amount = parseAmountInput(text);
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
 * A rule or preview value shown whole (a fee of 0.200001 must not read 0.20): at least 2
 * places, more when the value uses them. Balances and list amounts use formatAmount's 2.
 */
export function formatExact(value: string | bigint, locale: string): string {
  const text = typeof value === 'bigint' ? formatPoints(value) : value;
  return formatAmount(text, locale, Math.min(pointsScale, Math.max(2, usedFractionDigits(text))));
}

/** A configured rate, percentage or step as written ("2.50" -> "2.5"), with the reader's decimal sign. */
export function formatDecimal(value: string, locale: string): string {
  return formatAmount(value, locale, Math.min(pointsScale, usedFractionDigits(value)));
}
