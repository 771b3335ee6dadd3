/**
 * Remembers request nonces long enough to refuse every replay: a request is accepted only while
 * its time is within timeSkewMsMax of ours, so a nonce must be kept for 2 x skew after it is first
 * seen. Two generations rotated every 2 x skew keep each nonce for 2 to 4 times the skew.
 * This lives in one process's memory; several server processes need a shared store (docs/protocol.md).
 */
export class ReplayGuard {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatedAt: number;

  constructor(
    private readonly generationMs: number,
    /** Past this many nonces per generation we answer "busy" rather than forget nonces. */
    private readonly noncesPerGenerationMax = 2_000_000,
    private readonly now: () => number = Date.now,
  ) {
    this.rotatedAt = now();
  }

  /** 'fresh' the first time a nonce is seen, 'replayed' after, 'full' when we cannot remember it. */
  check(nonce: string): 'fresh' | 'replayed' | 'full' {
    const now = this.now();
    if (now - this.rotatedAt >= this.generationMs) {
      this.previous = now - this.rotatedAt >= 2 * this.generationMs ? new Set() : this.current;
      this.current = new Set();
      this.rotatedAt = now;
    }
    if (this.current.has(nonce) || this.previous.has(nonce)) return 'replayed';
    if (this.current.size >= this.noncesPerGenerationMax) return 'full';
    this.current.add(nonce);
    return 'fresh';
  }
}
