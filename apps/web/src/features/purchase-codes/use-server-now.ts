import { useEffect, useState } from 'react';
import { msToNextSecond, serverNowOf, type ServerClock } from './sale-clock';

/**
 * The server's time now for a countdown, re-rendered when the nearest countdown's second changes
 * (so the buy button enables at the start, not up to a second late). Null before the first answer.
 */
export function useServerNow(clock: ServerClock | undefined, targets: readonly number[]): number | null {
  const [monotonicNow, setMonotonicNow] = useState(() => performance.now());
  const targetsKey = targets.join(',');
  useEffect(() => {
    if (!clock) return;
    const ahead = targetsKey === '' ? [] : targetsKey.split(',').map(Number);
    const timer = setTimeout(() => setMonotonicNow(performance.now()), msToNextSecond(ahead, serverNowOf(clock, performance.now())));
    return () => clearTimeout(timer);
  }, [clock, targetsKey, monotonicNow]);
  return clock ? serverNowOf(clock, monotonicNow) : null;
}
