/**
 * The dashboard's day series (decision 042): deposits credited, withdrawals paid and package sales
 * per day, and each review queue's size at the end of each day, over the last 30 or 90 days cut in
 * the configured time zone. Every read is bounded by the days and runs on an index:
 * ledger_transfers (code, created_at), package_holding_events (at, type), review_items
 * (created_at), (decided_at) and (queue, status, created_at). Queue sizes come from the items'
 * own times, so no snapshot table is kept: an item is in its queue at a moment when it was created
 * before it and not decided by then (a first of two approvals leaves it waiting).
 */
import { formatMinor } from '@pp/contract';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { loadPurchases } from '../../network/plan/index.ts';
import { reviewQueues } from '../../platform/reviews/index.ts';

/** The zone's offset from UTC (ms) at a moment. */
function zoneOffset(format: Intl.DateTimeFormat, at: number): number {
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(at))) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour === 24 ? 0 : part.hour!, part.minute!, part.second!);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The starts of the last `days` days in a time zone and the start of tomorrow: days + 1 moments,
 * oldest first. Days are calendar days, 23 or 25 hours long across a daylight-saving change.
 */
export function dayBoundaries(timeZone: string, days: number, now: number): number[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const today = new Date(now + zoneOffset(format, now));
  const startOf = (dayIndex: number) => {
    const wall = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dayIndex);
    const first = wall - zoneOffset(format, wall);
    return wall - zoneOffset(format, first);
  };
  const out: number[] = [];
  for (let i = -(days - 1); i <= 1; i++) out.push(startOf(i));
  return out;
}

/** Which day a time falls in: 0 for the first, days - 1 for today; null outside. */
function dayIndexOf(bounds: number[], at: number): number | null {
  if (at < bounds[0]! || at >= bounds[bounds.length - 1]!) return null;
  let lo = 0;
  let hi = bounds.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (at >= bounds[mid]!) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * A SQL expression giving the day a time column falls in, as dayIndexOf does (the days' ends as
 * literals: they are integers this module computed, never input). A time before the first day is
 * -1, after today `days`, and null stays null.
 */
function dayIndexSql(column: Expression<unknown> | RawBuilder<unknown>, bounds: number[]): RawBuilder<number | null> {
  const whens = bounds.map((b, i) => sql`when ${column} < ${sql.lit(b)} then ${sql.lit(i - 1)}`);
  return sql<number | null>`case ${sql.join(whens, sql` `)} when ${column} is not null then ${sql.lit(bounds.length - 1)} end`;
}

type DaySeries = { count: number[]; points: string[] };

export async function dashboardSeries(db: Db, input: { timeZone: string; days: number; now: number }) {
  const { days } = input;
  const bounds = dayBoundaries(input.timeZone, days, input.now);
  const from = bounds[0]!;
  const to = bounds[days]!;

  const ledgerSeries = async (code: string): Promise<DaySeries> => {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select([
        dayIndexSql(sql.ref('created_at'), bounds).as('day'),
        (eb) => eb.fn.countAll<bigint | number>().as('n'),
        (eb) => eb.fn.sum<bigint | string | null>('amount').as('total'),
      ])
      .where('code', '=', code)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('coin_name', '=', 'USDT')
      .where('kind', 'in', ['posted', 'post_pending'])
      .groupBy(sql`1`)
      .execute();
    const count = new Array<number>(days).fill(0);
    const points = new Array<bigint>(days).fill(0n);
    for (const r of rows) {
      const day = r.day === null ? -1 : num(r.day);
      if (day < 0 || day >= days) continue;
      count[day] = num(r.n);
      points[day] = r.total === null ? 0n : BigInt(r.total);
    }
    return { count, points: points.map((p) => formatMinor(p)) };
  };

  const packageSeries = async (): Promise<DaySeries> => {
    const count = new Array<number>(days).fill(0);
    const points = new Array<bigint>(days).fill(0n);
    for (const p of await loadPurchases(db, from, to)) {
      const day = dayIndexOf(bounds, p.at);
      if (day === null) continue;
      count[day]! += 1;
      points[day]! += p.volume;
    }
    return { count, points: points.map((p) => formatMinor(p)) };
  };

  // Grouped by day before queue: grouping by queue first lets SQLite walk the whole
  // (queue, status, created_at) index for its order instead of the time range's index.
  const queueSeries = async () => {
    const created = dayIndexSql(sql.ref('created_at'), bounds);
    const decided = dayIndexSql(sql.ref('decided_at'), bounds);
    const [createdInRange, decidedInRange, waitingBefore] = await Promise.all([
      // Items created in the days: in their queue from their day until the day they were decided.
      db
        .selectFrom('review_items')
        .select(['queue', created.as('c'), decided.as('d'), (eb) => eb.fn.countAll<bigint | number>().as('n')])
        .where('created_at', '>=', from)
        .groupBy(sql`2, 3, 1`)
        .execute(),
      // Items created before the days and decided in them: in their queue until that day.
      db
        .selectFrom('review_items')
        .select(['queue', decided.as('d'), (eb) => eb.fn.countAll<bigint | number>().as('n')])
        .where('decided_at', '>=', from)
        .where('created_at', '<', from)
        .groupBy(sql`2, 1`)
        .execute(),
      // Items created before the days and still waiting: in their queue every day. The waiting
      // count kept with the items (decision 057) less the waiting items created in the days, a
      // range of each queue's (queue, status, created_at) index as short as the days.
      waitingBeforeDays(db, from),
    ]);
    const sizes = new Map<string, number[]>(reviewQueues.map((q) => [q, new Array<number>(days).fill(0)]));
    /** Adds n to the days [first, end). */
    const add = (queue: string, first: number, end: number, n: number) => {
      const row = sizes.get(queue);
      if (!row) return;
      for (let i = Math.max(0, first); i < Math.min(days, end); i++) row[i]! += n;
    };
    for (const r of waitingBefore) add(r.queue, 0, days, num(r.n));
    for (const r of decidedInRange) add(r.queue, 0, r.d === null ? days : num(r.d), num(r.n));
    for (const r of createdInRange) add(r.queue, r.c === null ? days : num(r.c), r.d === null ? days : num(r.d), num(r.n));
    return [...sizes].map(([queue, values]) => ({ queue, sizes: values }));
  };

  const [deposits, withdrawals, packageSales, queues] = await Promise.all([ledgerSeries('deposit'), ledgerSeries('withdraw'), packageSeries(), queueSeries()]);
  return { timeZone: input.timeZone, days: bounds.slice(0, days), deposits, withdrawals, packageSales, queues };
}

/** Per queue, the items created before `from` and still waiting: the kept count less the waiting ones created since. */
async function waitingBeforeDays(db: Db, from: number): Promise<Array<{ queue: string; n: number }>> {
  const [kept, recent] = await Promise.all([
    db
      .selectFrom('review_waiting')
      .select(['queue', (eb) => eb.fn.sum<bigint | number | string>('waiting').as('n')])
      .groupBy('queue')
      .execute(),
    db
      .selectFrom('review_items')
      .select(['queue', (eb) => eb.fn.countAll<bigint | number>().as('n')])
      .where('queue', 'in', [...reviewQueues])
      .where('status', 'in', ['pending', 'awaitingSecond'])
      .where('created_at', '>=', from)
      .groupBy('queue')
      .execute(),
  ]);
  const since = new Map(recent.map((r) => [r.queue, num(r.n)]));
  return kept.map((r) => ({ queue: r.queue, n: Number(r.n) - (since.get(r.queue) ?? 0) }));
}
