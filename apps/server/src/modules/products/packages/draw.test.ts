import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { byHoldingNumber, drawWinners, seedCommitment } from './draw.ts';

const seed = 'a3'.repeat(32);
const entries = byHoldingNumber(Array.from({ length: 50 }, (_, i) => ({ holdingNumber: `H${String(50 - i).padStart(4, '0')}` })));

describe('drawWinners', () => {
  it('picks index SHA-256(seed ‖ ":" ‖ i) mod remaining, without repeats', () => {
    const winners = drawWinners(seed, entries, 3);
    // Recomputed by hand, step by step.
    const remaining = [...entries];
    const expected = [0, 1, 2].map((i) => {
      const h = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).update(`:${i}`).digest();
      const index = Number(BigInt(`0x${h.toString('hex')}`) % BigInt(remaining.length));
      return remaining.splice(index, 1)[0]!;
    });
    expect(winners).toEqual(expected);
    expect(new Set(winners).size).toBe(3);
  });

  it('is the same for the same seed and changes with the seed', () => {
    expect(drawWinners(seed, entries, 5)).toEqual(drawWinners(seed, entries, 5));
    expect(drawWinners('b4'.repeat(32), entries, 5)).not.toEqual(drawWinners(seed, entries, 5));
  });

  it('takes everyone when there are fewer entries than winners, and nobody from nobody', () => {
    expect(
      drawWinners(seed, entries.slice(0, 2), 5)
        .map((e) => e.holdingNumber)
        .sort(),
    ).toEqual(['H0001', 'H0002']);
    expect(drawWinners(seed, [], 3)).toEqual([]);
  });

  it('refuses a seed that is not hex', () => {
    expect(() => drawWinners('not hex', entries, 1)).toThrow();
  });

  it('sorts by holding number and commits to the seed with its SHA-256', () => {
    expect(entries[0]!.holdingNumber).toBe('H0001');
    expect(entries[49]!.holdingNumber).toBe('H0050');
    expect(seedCommitment(seed)).toBe(crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });
});
