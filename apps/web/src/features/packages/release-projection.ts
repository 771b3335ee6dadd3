/**
 * How a projected release schedule is shown (the schedule itself is the contract's
 * `purchaseSchedule` / `projectHolding`, the rule the release job pays by): a long schedule (a
 * period can be an hour, a term ten years) is thinned to a few points for a chart or a table,
 * each point still exact, since what was released by a moment is a running total.
 */
import type { ReleasePeriod } from '@pp/contract';

export interface ScheduleRow {
  at: number;
  /** Released since the previous row (or since `startReleased` for the first). */
  amount: bigint;
  /** Released in total by `at`. */
  cumulative: bigint;
}

const dayMs = 86_400_000;

/**
 * At most `count` rows, evenly spread over the periods, the last period always among them; rows
 * closer than `minGapMs` to the next one are merged into it, so a chart by day never repeats a day.
 */
export function scheduleRows(periods: readonly ReleasePeriod[], count: number, startReleased = 0n, minGapMs = dayMs): ScheduleRow[] {
  if (periods.length === 0 || count < 1) return [];
  const picked: ReleasePeriod[] = [];
  const n = periods.length;
  for (let i = 1; i <= Math.min(count, n); i++) {
    const p = periods[Math.ceil((i * n) / Math.min(count, n)) - 1]!;
    const last = picked.at(-1);
    if (last && p.dueAt - last.dueAt < minGapMs) picked.pop();
    if (picked.at(-1) !== p) picked.push(p);
  }
  let before = startReleased;
  return picked.map((p) => {
    const row = { at: p.dueAt, amount: p.releasedAfter - before, cumulative: p.releasedAfter };
    before = p.releasedAfter;
    return row;
  });
}
