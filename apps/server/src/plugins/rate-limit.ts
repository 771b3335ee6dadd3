/**
 * Fixed-window counters kept in the database, so they hold across restarts and across several
 * server processes. One statement counts a hit atomically on both SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { num } from '../db/index.ts';

export interface Window {
  hits: number;
  /** When the current window ends, ms since the epoch. */
  resetsAt: number;
}

export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Window> {
  const windowStartMin = now - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_start <= ${windowStartMin} then 1 else rate_limits.hits + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${windowStartMin} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: num(row.hits), resetsAt: num(row.window_start) + windowMs };
}

export async function peekHits(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Window> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || num(row.window_start) <= now - windowMs) return { hits: 0, resetsAt: now };
  return { hits: num(row.hits), resetsAt: num(row.window_start) + windowMs };
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
