/**
 * Points are integer minor units at scale 6 (decision 003); decimal strings on the wire.
 * Parsing refuses anything that is not a plain non-negative decimal with at most 6 places.
 */
export const pointsScale = 6;
const unit = 10n ** BigInt(pointsScale);

export function parseAmount(text: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * unit + BigInt((match[2] ?? '').padEnd(pointsScale, '0'));
}

export function formatMinor(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(pointsScale, '0')}`;
}
