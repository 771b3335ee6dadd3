/**
 * How a member splits a package's principal between the point types that may pay it (decision
 * 020): every type pays at par, each line at most `maxPercent` of the principal due, and the
 * lines add up to the principal exactly. Premium and fee are paid on top in the fee coin. These
 * functions mirror the server's checks so the form can say what is wrong before it sends; the
 * server decides.
 */
import { parseAmount, parsePoints, formatPoints, percentOf } from '@pp/contract';

export interface PayWith {
  coinName: string;
  maxPercent: string;
}

/** The most one line may pay: due x maxPercent / 100, rounded down (the server compares exactly). */
export function lineCap(due: bigint, maxPercent: string): bigint {
  const cap = percentOf(due, maxPercent, 'down') ?? 0n;
  return cap > due ? due : cap;
}

/**
 * The first guess of a mix: as much as allowed in the first point type, the rest in the next,
 * and so on. Amounts as the decimal strings the fields show ("" for a line that pays nothing).
 */
export function prefillMix(payWith: readonly PayWith[], due: bigint): string[] {
  let rest = due;
  return payWith.map((line) => {
    const share = rest < lineCap(due, line.maxPercent) ? rest : lineCap(due, line.maxPercent);
    rest -= share;
    return share > 0n ? formatPoints(share) : '';
  });
}

export type MixProblem =
  | { kind: 'invalid'; coinName: string }
  | { kind: 'paymentMix'; coinName: string; percent: string }
  | { kind: 'paymentTotal'; total: bigint }
  | { kind: 'insufficient'; coinName: string };

export interface MixCheck {
  /** The lines to send: point types with an amount above 0. */
  payments: Array<{ coinName: string; amount: string }>;
  /** What the lines add up to (the valid ones). */
  total: bigint;
  problems: MixProblem[];
}

/**
 * Checks the typed amounts against the rules. `extra` is what is paid on top in `feeCoinName`
 * (premium and fee), counted with that coin's line against its balance; `availableOf` gives a
 * balance (undefined while unknown: not checked).
 */
export function checkMix(
  payWith: readonly PayWith[],
  amounts: readonly string[],
  due: bigint,
  extra: { feeCoinName: string; amount: bigint },
  availableOf: (coinName: string) => string | undefined,
): MixCheck {
  const problems: MixProblem[] = [];
  const payments: MixCheck['payments'] = [];
  const spent = new Map<string, bigint>();
  let total = 0n;
  payWith.forEach((line, index) => {
    const text = (amounts[index] ?? '').trim();
    if (text === '') return;
    const amount = parseAmount(text);
    if (amount === null) {
      problems.push({ kind: 'invalid', coinName: line.coinName });
      return;
    }
    if (amount === 0n) return;
    if (amount > lineCap(due, line.maxPercent)) problems.push({ kind: 'paymentMix', coinName: line.coinName, percent: line.maxPercent });
    total += amount;
    payments.push({ coinName: line.coinName, amount: formatPoints(amount) });
    spent.set(line.coinName, (spent.get(line.coinName) ?? 0n) + amount);
  });
  if (total !== due && !problems.some((p) => p.kind === 'invalid')) problems.push({ kind: 'paymentTotal', total: due });
  if (extra.amount > 0n) spent.set(extra.feeCoinName, (spent.get(extra.feeCoinName) ?? 0n) + extra.amount);
  for (const [coinName, amount] of spent) {
    const available = parsePoints(availableOf(coinName));
    if (available !== null && amount > available) problems.push({ kind: 'insufficient', coinName });
  }
  return { payments, total, problems };
}

/** amount x n for a per-unit decimal string (a price, a fee), or 0 when it cannot be read. */
export function timesUnits(perUnit: string, units: number): bigint {
  return (parsePoints(perUnit) ?? 0n) * BigInt(Math.max(0, Math.trunc(units)));
}
