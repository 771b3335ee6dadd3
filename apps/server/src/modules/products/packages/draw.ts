/**
 * The jackpot draw (decision 020), pure so anyone can recompute it: the entries sorted by holding
 * number; for i = 0, 1, ...: h_i = SHA-256(seed bytes ‖ ":" ‖ decimal i) read as a big-endian
 * integer; the winner is the entry at index h_i mod (entries remaining), taken out of the list.
 */
import crypto from 'node:crypto';

/** Sorts by holding number in plain code-unit order (the order the draw is defined on). */
export function byHoldingNumber<T extends { holdingNumber: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.holdingNumber < b.holdingNumber ? -1 : a.holdingNumber > b.holdingNumber ? 1 : 0));
}

/** sha256 hex of the seed bytes: the commitment published when a cycle opens. */
export function seedCommitment(seedHex: string): string {
  return crypto.createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/**
 * Picks `count` distinct winners (fewer when there are fewer entries), in pick order. `entries`
 * must already be sorted by holding number (byHoldingNumber); the function does not reorder them.
 */
export function drawWinners<T>(seedHex: string, entries: readonly T[], count: number): T[] {
  if (!/^([0-9a-f]{2})+$/i.test(seedHex)) throw new Error('the seed must be hex');
  const seed = Buffer.from(seedHex, 'hex');
  const remaining = [...entries];
  const winners: T[] = [];
  for (let i = 0; i < count && remaining.length > 0; i++) {
    const digest = crypto
      .createHash('sha256')
      .update(Buffer.concat([seed, Buffer.from(`:${i}`, 'ascii')]))
      .digest('hex');
    const index = Number(BigInt(`0x${digest}`) % BigInt(remaining.length));
    winners.push(remaining.splice(index, 1)[0]!);
  }
  return winners;
}
