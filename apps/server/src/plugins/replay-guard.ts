/**
 * Remembers request nonces where a restart does not forget them and every server process sees
 * them (docs/protocol.md, decision 009). A request is accepted only while its authenticated time
 * is within timeSkewMsMax of ours, so a nonce needs remembering only until time + skew: after that
 * the same request is refused as stale anyway. Rows past that are deleted now and then.
 *
 * Three stores, one rule ("the first writer of a nonce wins, atomically"):
 * - SQLite (the embedded default): a small file of its own beside the database, so a nonce write
 *   never waits on a ledger transaction and costs no fsync (WAL, synchronous=NORMAL: it survives a
 *   process crash or restart; only a power cut can lose the last moments of it).
 * - PostgreSQL: a table in the product database, written with synchronous_commit off for the
 *   same reason; shared by every process on that database.
 * - Redis (REDIS_URL): SET NX with the expiry, shared by every process using that Redis.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export type ReplayVerdict = 'fresh' | 'replayed';

export interface ReplayStore {
  /** 'fresh' the first time a nonce is seen (and remembers it until expiresAtMs), 'replayed' after. */
  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict>;
  close(): Promise<void>;
}

/** How often expired nonces are deleted. A nonce lives at most 2 x the allowed skew. */
const pruneIntervalMs = 60_000;

export class SqliteReplayStore implements ReplayStore {
  private readonly db: SQLite.Database;
  private readonly insert: SQLite.Statement<[string, number]>;
  private readonly prune: SQLite.Statement<[number]>;
  private prunedAt = 0;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec('create table if not exists envelope_nonces (nonce text primary key, expires_at integer not null) strict');
    this.db.exec('create index if not exists envelope_nonces_expiry on envelope_nonces (expires_at)');
    this.insert = this.db.prepare('insert into envelope_nonces (nonce, expires_at) values (?, ?) on conflict do nothing');
    this.prune = this.db.prepare('delete from envelope_nonces where expires_at < ?');
  }

  async remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    const now = this.now();
    if (now - this.prunedAt >= pruneIntervalMs) {
      this.prunedAt = now;
      this.prune.run(now);
    }
    return this.insert.run(nonce, expiresAtMs).changes === 1 ? 'fresh' : 'replayed';
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export class PostgresReplayStore implements ReplayStore {
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    const now = this.now();
    if (now - this.prunedAt >= pruneIntervalMs) {
      this.prunedAt = now;
      await this.db.deleteFrom('envelope_nonces').where('expires_at', '<', BigInt(now)).execute();
    }
    // One statement decides: of two processes inserting the same nonce, exactly one gets the row.
    // synchronous_commit off: a crash may forget the last few hundred milliseconds of nonces,
    // never a committed money write (those transactions keep the server's default).
    const inserted = await this.db.transaction().execute(async (tx) => {
      await sql`set local synchronous_commit = off`.execute(tx);
      return tx
        .insertInto('envelope_nonces')
        .values({ nonce, expires_at: BigInt(expiresAtMs) })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
    });
    return inserted.numInsertedOrUpdatedRows === 1n ? 'fresh' : 'replayed';
  }

  async close(): Promise<void> {}
}

export class RedisReplayStore implements ReplayStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly keyPrefix = 'pp:nonce:',
    private readonly now: () => number = Date.now,
  ) {
    // Fail fast rather than queue forever: a request waits at most a few seconds for Redis.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    const ttlMs = Math.max(1, expiresAtMs - this.now());
    const answer = await this.redis.set(`${this.keyPrefix}${nonce}`, '1', 'PX', ttlMs, 'NX');
    return answer === 'OK' ? 'fresh' : 'replayed';
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
