import crypto from 'node:crypto';

/**
 * A time-ordered UUID (RFC 9562 version 7): 48 bits of milliseconds, then random bits. Rows of an
 * append-mostly table keyed by these land at the end of the primary-key index instead of on a
 * random page, so a batch of inserts dirties a few pages rather than one per row (decision 020:
 * the release job). Unique as v4 is in practice (74 random bits per millisecond); it reveals the
 * creation time, which every such row stores anyway.
 */
export function timeOrderedId(now = Date.now()): string {
  const b = crypto.randomBytes(16);
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
