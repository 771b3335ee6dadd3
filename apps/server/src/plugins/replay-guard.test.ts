// Proves a nonce is refused for at least two generations and forgotten after that.
import { describe, expect, it } from 'vitest';
import { ReplayGuard } from './replay-guard.ts';

describe('ReplayGuard', () => {
  it('remembers for one to two generations and refuses when full', () => {
    let now = 0;
    const guard = new ReplayGuard(1000, 3, () => now);
    expect(guard.check('a')).toBe('fresh');
    expect(guard.check('a')).toBe('replayed');
    now = 1500;
    expect(guard.check('a')).toBe('replayed');
    now = 2600;
    expect(guard.check('a')).toBe('fresh');
    expect(guard.check('b')).toBe('fresh');
    expect(guard.check('c')).toBe('fresh');
    expect(guard.check('d')).toBe('full');
    now = 10_000;
    expect(guard.check('a')).toBe('fresh');
  });
});
