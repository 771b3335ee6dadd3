/**
 * Fixed-window counters kept in the database, so they hold across restarts and across several
 * server processes. Every change is one statement, atomic on both SQLite and PostgreSQL.
 *
 * A limit in front of a slow check (a password hash, a mail) reserves its place first with
 * reserveHit, then does the check, then gives the place back with releaseHit when the attempt
 * turned out not to count (a right password). Reading the counter, checking and writing after
 * would let a burst of parallel requests all pass the read (decision 007).
 */
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { num } from '../db/index.ts';

/** A max that never refuses: the largest value of the hits column (a 32-bit integer on PostgreSQL). */
export const hitsUnlimited = 2_147_483_647;

export interface Window {
  hits: number;
  /** When the current window ends, ms since the epoch. */
  resetsAt: number;
}

export interface Reservation extends Window {
  /** False when the window was full: nothing was counted and the caller must refuse. */
  isReserved: boolean;
  key: string;
  /** The window the place was taken from; a release only gives back a place in that window. */
  windowStart: number;
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

/**
 * Takes one of `max` places in the key's window, or none when all are taken: one conditional
 * upsert, so of N parallel callers at most `max` get a place, whatever the interleaving.
 */
export async function reserveHit(db: Db, key: string, windowMs: number, max: number, now = Date.now()): Promise<Reservation> {
  if (!Number.isInteger(max) || max < 1 || max > hitsUnlimited) throw new Error(`reserveHit: max must be a positive integer, got ${max}`);
  const windowStartMin = now - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql`case when rate_limits.window_start <= ${windowStartMin} then 1 else rate_limits.hits + 1 end`,
          window_start: sql`case when rate_limits.window_start <= ${windowStartMin} then ${now} else rate_limits.window_start end`,
        })
        // A full, live window is left alone and returns no row: that is the refusal.
        .where(sql<boolean>`rate_limits.window_start <= ${windowStartMin} or rate_limits.hits < ${max}`),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirst();
  if (row) {
    const windowStart = num(row.window_start);
    return { isReserved: true, key, hits: num(row.hits), windowStart, resetsAt: windowStart + windowMs };
  }
  const current = await peekHits(db, key, windowMs, now);
  return { isReserved: false, key, hits: current.hits, windowStart: current.resetsAt - windowMs, resetsAt: current.resetsAt };
}

/** Gives back a place taken by reserveHit, in the window it came from (a new window owes nothing). */
export async function releaseHit(db: Db, reservation: Reservation): Promise<void> {
  if (!reservation.isReserved) return;
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', reservation.key)
    .where('window_start', '=', reservation.windowStart)
    .where('hits', '>', 0)
    .execute();
}

/**
 * Once failures fill the window, keeps it closed for lockMs from now (a lock counted from the
 * last failure, not from the first) and marks it locked with hits = max + 1, so a full window of
 * attempts still in flight (hits = max) can be told from a lock. Moving the window's start also
 * voids the releases of places still in flight, so a lock cannot be undone by them.
 */
export async function lockWhenFull(db: Db, key: string, windowMs: number, max: number, lockMs: number, now = Date.now()): Promise<Window & { isLocked: boolean }> {
  const lockedStart = now + lockMs - windowMs;
  await db
    .updateTable('rate_limits')
    .set({ window_start: lockedStart, hits: max + 1 })
    .where('key', '=', key)
    .where('hits', '>=', max)
    .where('window_start', '>', now - windowMs)
    .where('window_start', '<', lockedStart)
    .execute();
  const window = await peekHits(db, key, windowMs, now);
  return { ...window, isLocked: window.hits > max };
}

export async function peekHits(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Window> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || num(row.window_start) <= now - windowMs) return { hits: 0, resetsAt: now };
  return { hits: num(row.hits), resetsAt: num(row.window_start) + windowMs };
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * The part of a client address that limits count by: an IPv4 address as it is (also when written
 * as ::ffff:a.b.c.d), an IPv6 address by its /64, because one subscriber usually holds a whole
 * /64 and could otherwise take a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
