/**
 * The countdown of a sale runs on the server's clock (docs/scarce-goods.md): the sale list
 * answers `serverTime`, and the page adds the time elapsed since that answer on its monotonic
 * clock (performance.now()). The phone's wall clock is never read: it may be minutes off, and a
 * member whose clock is fast would see the buy button enable before the server opens the sale.
 */
import type { SaleEntry } from '@pp/contract';

export interface ServerClock {
  /** The server's time in its answer (ms since the epoch). */
  serverTime: number;
  /** performance.now() when the answer arrived. */
  receivedAt: number;
}

/** The server's time now, from its last answer and the monotonic time elapsed since. */
export const serverNowOf = (clock: ServerClock, monotonicNow: number): number => clock.serverTime + Math.max(0, monotonicNow - clock.receivedAt);

export type SalePhase = 'upcoming' | 'open' | 'ended';

export function phaseOf(sale: Pick<SaleEntry, 'startsAt' | 'endsAt'>, serverNow: number): SalePhase {
  if (serverNow < sale.startsAt) return 'upcoming';
  if (serverNow < sale.endsAt) return 'open';
  return 'ended';
}

/** Whole seconds left until `at` (rounded up, so "0" shows only once it is there). */
export const secondsUntil = (at: number, serverNow: number): number => Math.max(0, Math.ceil((at - serverNow) / 1000));

/** A number of seconds as days and hh:mm:ss. */
export function splitDuration(totalSeconds: number): { days: number; time: string } {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` };
}

/** Milliseconds until the shown seconds next change (the next whole second of a countdown). */
export function msToNextSecond(targets: readonly number[], serverNow: number): number {
  const ahead = targets.filter((at) => at > serverNow).map((at) => (at - serverNow) % 1000 || 1000);
  // Nothing ahead: still tick once a second (the "ended" state and refreshed lists need no more).
  return ahead.length === 0 ? 1000 : Math.min(...ahead) + 5;
}
