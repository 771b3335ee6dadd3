/** The share count a member types and what it costs, exactly (bigint minor units). */
import { scarceLimits, parsePoints } from '@pp/contract';

/** A whole number of shares typed by the member, or null. */
export function sharesOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= scarceLimits.sharesPerBuyMax ? n : null;
}

/** The price of n shares, exact (bigint minor units), or null. */
export function costOf(price: string, shares: number | null): bigint | null {
  const each = parsePoints(price);
  return each === null || shares === null ? null : each * BigInt(shares);
}
