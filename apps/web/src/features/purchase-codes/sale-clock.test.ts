// Proves the countdown arithmetic of the sales: server time plus monotonic time elapsed, the phase of a sale, seconds rounded up, and the next tick.
import { describe, expect, it } from 'vitest';
import { msToNextSecond, phaseOf, secondsUntil, serverNowOf, splitDuration } from './sale-clock';

describe('sale clock', () => {
  it('counts from the server time of the answer, plus the monotonic time elapsed since it arrived', () => {
    expect(serverNowOf({ serverTime: 1_000_000, receivedAt: 500 }, 2_500)).toBe(1_002_000);
    // A monotonic clock never runs backwards; a reading before the answer counts as none elapsed.
    expect(serverNowOf({ serverTime: 1_000_000, receivedAt: 500 }, 400)).toBe(1_000_000);
  });

  it('tells upcoming, open and ended from the window [startsAt, endsAt)', () => {
    const sale = { startsAt: 10_000, endsAt: 20_000 };
    expect(phaseOf(sale, 9_999)).toBe('upcoming');
    expect(phaseOf(sale, 10_000)).toBe('open');
    expect(phaseOf(sale, 19_999)).toBe('open');
    expect(phaseOf(sale, 20_000)).toBe('ended');
  });

  it('rounds seconds left up, so zero shows only at the start', () => {
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 9_000)).toBe(1);
    expect(secondsUntil(10_000, 8_999)).toBe(2);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  it('splits days and hh:mm:ss', () => {
    expect(splitDuration(5)).toEqual({ days: 0, time: '00:00:05' });
    expect(splitDuration(3_723)).toEqual({ days: 0, time: '01:02:03' });
    expect(splitDuration(2 * 86_400 + 59)).toEqual({ days: 2, time: '00:00:59' });
  });

  it('ticks when the nearest countdown changes its second', () => {
    expect(msToNextSecond([10_000], 9_300)).toBe(705);
    expect(msToNextSecond([10_000, 9_500], 9_300)).toBe(205);
    expect(msToNextSecond([10_000], 9_000)).toBe(1005);
    expect(msToNextSecond([], 9_000)).toBe(1000);
  });
});
