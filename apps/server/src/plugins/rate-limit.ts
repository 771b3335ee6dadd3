/**
 * Fixed-window counters kept in the database, so they hold across restarts and across several
 * server processes. Every change is one statement, atomic on both SQLite and PostgreSQL.
 *
 * A limit in front of a slow check (a password hash, a mail) reserves its place first with
 * reserveHit, then does the check, then gives the place back with releaseHit when the attempt
 * turned out not to count (a right password). Reading the counter, checking and writing after
 * would let a burst of parallel requests all pass the read (decision 007).
 *
 * Where most attempts do not count (a password check, usually right), the place is a hold
 * instead (holdHit, decision 038): a row of its own in rate_limit_holds with a short lease
 * (holdLeaseMs), apart from the failure count in rate_limits. A right entry deletes its hold
 * (releaseHit), a wrong one turns it into a counted failure (countHeldFailure). A process killed
 * mid-check leaves only a hold that stops counting when its lease ends, where a counted place
 * would have counted as a failure for the whole window.
 */
import crypto from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { num } from '../db/index.ts';
import { inTransaction } from '../db/transaction.ts';

/** A max that never refuses: the largest value of the hits column (a 32-bit integer on PostgreSQL). */
export const hitsUnlimited = 2_147_483_647;

export interface Window {
  hits: number;
  /** When the current window ends, ms since the epoch. */
  resetsAt: number;
}

/**
 * How long a hold counts without its check ending (decision 038). A password check is an argon2
 * verify of tens of milliseconds; 5 s leaves it room on a loaded machine, and is how long the
 * places of checks whose process was killed stay taken. A check that outlives its hold still has
 * its failure counted (countHeldFailure); meanwhile one more attempt may have been checked.
 */
export const holdLeaseMs = 5_000;

export interface Reservation extends Window {
  /** False when the window was full: nothing was counted and the caller must refuse. */
  isReserved: boolean;
  key: string;
  /** The window the place was taken from; a release only gives back a place in that window. */
  windowStart: number;
  /**
   * Set for a hold (holdHit): its row in rate_limit_holds. `hits` is then the counted failures
   * alone, and `held` the live holds (this one included when reserved).
   */
  holdId?: string;
  held?: number;
  /**
   * A hold refused because checks in flight (not counted failures) fill the window: when enough
   * of their leases end for a place to be free, at the latest (they usually end sooner, when the
   * checks do). A caller tells the client to wait that long, which is not a lock.
   */
  freesAt?: number;
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

/**
 * Holds a place for a check in flight, or none when counted failures and live holds fill `max`.
 * One transaction that first takes the key's rate_limits row (its lock on PostgreSQL; SQLite has
 * one writer), then gives back the key's expired holds, counts the live ones and adds this one:
 * of N parallel callers at most `max` hold a place, whatever the interleaving. The hold counts
 * until releaseHit, countHeldFailure or the end of its lease, whichever comes first.
 */
export async function holdHit(db: Db, key: string, windowMs: number, max: number, now = Date.now(), leaseMs = holdLeaseMs): Promise<Reservation> {
  if (!Number.isInteger(max) || max < 1 || max > hitsUnlimited) throw new Error(`holdHit: max must be a positive integer, got ${max}`);
  const windowStartMin = now - windowMs;
  return inTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('rate_limits')
      .values({ key, window_start: now, hits: 0 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when rate_limits.window_start <= ${windowStartMin} then 0 else rate_limits.hits end`,
          window_start: sql`case when rate_limits.window_start <= ${windowStartMin} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    await tx.deleteFrom('rate_limit_holds').where('key', '=', key).where('expires_at', '<=', now).execute();
    const live = await tx
      .selectFrom('rate_limit_holds')
      .select(sql<string | number | bigint>`count(*)`.as('n'))
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    const hits = num(row.hits);
    const held = Number(live.n);
    const windowStart = num(row.window_start);
    const window = { key, hits, windowStart, resetsAt: windowStart + windowMs };
    if (hits + held >= max) {
      if (hits >= max) return { ...window, isReserved: false, held };
      // Failures alone leave room: the place frees when the (hits + held - max + 1)th lease ends.
      const freeing = await tx
        .selectFrom('rate_limit_holds')
        .select('expires_at')
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .orderBy('expires_at', 'asc')
        .limit(1)
        .offset(hits + held - max)
        .executeTakeFirst();
      return { ...window, isReserved: false, held, freesAt: freeing ? num(freeing.expires_at) : now + leaseMs };
    }
    const holdId = crypto.randomUUID();
    await tx
      .insertInto('rate_limit_holds')
      .values({ id: holdId, key, expires_at: now + leaseMs })
      .execute();
    return { ...window, isReserved: true, held: held + 1, holdId };
  });
}

/**
 * A failed check: its hold becomes a counted failure in the key's current window, in one
 * transaction. The failure counts even when the hold was already given back (the check outlived
 * its lease), so a slow wrong entry is never free.
 */
export async function countHeldFailure(db: Db, reservation: Reservation, windowMs: number, now = Date.now()): Promise<Window> {
  if (!reservation.isReserved || reservation.holdId === undefined) return peekHits(db, reservation.key, windowMs, now);
  const holdId = reservation.holdId;
  return inTransaction(db, async (tx) => {
    // The counter first: the key's lock, in the same order as holdHit takes it.
    const window = await countHit(tx, reservation.key, windowMs, now);
    await tx.deleteFrom('rate_limit_holds').where('id', '=', holdId).execute();
    return window;
  });
}

/** Gives back a place taken by reserveHit, in the window it came from (a new window owes nothing), or deletes a hold. */
export async function releaseHit(db: Db, reservation: Reservation): Promise<void> {
  if (!reservation.isReserved) return;
  if (reservation.holdId !== undefined) {
    await db.deleteFrom('rate_limit_holds').where('id', '=', reservation.holdId).execute();
    return;
  }
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
export async function lockWhenFull(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  lockMs: number,
  now = Date.now(),
): Promise<Window & { isLocked: boolean }> {
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
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
