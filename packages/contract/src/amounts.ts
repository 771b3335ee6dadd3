/**
 * The ceilings that keep every number exact (docs/decisions/008). Amounts are integer minor
 * units at scale 6 (decision 003). One movement is at most `amountMaxMinor`, one member account
 * holds at most `balanceMaxMinor` (pending credits included), and no account total ever passes
 * `accountTotalMaxMinor`; so every sum the server computes stays below 2^63 - 1 in SQL and every
 * member balance or total stays below 2^53 wherever it could meet a JS number.
 *
 * No schema library here: the portal's first pages import these without zod (decision 029);
 * numbers.ts re-exports them beside the schemas built on them.
 */

export const pointsScale = 6;
const unitMinor = 10n ** BigInt(pointsScale);

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
