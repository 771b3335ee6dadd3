/**
 * Keyset paging cursors come back from the client, so they are input like any other: the
 * contract bounds their length and characters (decision 008), and a number in one is clamped
 * here to what a bigint column holds. "Before 10^40" means "before everything", which is what
 * the largest bigint says too, and neither database sees a number it cannot bind.
 */
const bigintColumnMax = 2n ** 63n - 1n;

/** The number of a cursor such as "1234" (a seq) or the "1700000000000" of "1700000000000:id". */
export function cursorNumber(digits: string): bigint {
  const value = BigInt(digits);
  return value > bigintColumnMax ? bigintColumnMax : value;
}
