import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.ts';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds', () => {
    const at = Date.UTC(2026, 10, 23, 21, 30);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by creation time and does not repeat within one millisecond', () => {
    const ids = [1, 2, 3, 1000, 1_700_000_000_000, 2_000_000_000_000].map((t) => timeOrderedId(t));
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(42)));
    expect(same.size).toBe(10_000);
  });
});
