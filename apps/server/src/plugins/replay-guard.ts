/**
 * Remembers request nonces where a restart does not forget them and every server process sees
 * them (docs/protocol.md, decision 009). A request is accepted only while its authenticated time
 * is within timeSkewMsMax of ours, so a nonce needs remembering only until time + skew: after that
 * the same request is refused as stale anyway. Rows past that are deleted now and then.
 *
 * Three stores, one rule ("the first writer of a nonce wins, atomically"). The SQLite and
 * PostgreSQL stores write the nonces of one event-loop turn together (NonceBatcher): the answer to
 * each request still waits for its own nonce's commit.
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
import { checkpointOffThread } from '../db/wal-checkpointer.ts';

export type ReplayVerdict = 'fresh' | 'replayed';

export interface ReplayStore {
  /** 'fresh' the first time a nonce is seen (and remembers it until expiresAtMs), 'replayed' after. */
  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict>;
  close(): Promise<void>;
}

/** How often expired nonces are deleted. A nonce lives at most 2 x the allowed skew. */
const pruneIntervalMs = 60_000;
/** At most this many nonces go into one write; more wait for the next. */
export const nonceBatchMax = 256;

interface PendingNonce {
  nonce: string;
  expiresAtMs: number;
}

/**
 * Group commit for nonces: the requests that arrive in one turn of the event loop are written
 * together, and each request's answer waits until that write has committed, exactly as if it had
 * been written alone. A nonce repeated inside one batch is answered 'replayed' here (the first
 * one goes to the store); across batches and processes the store's unique key decides. While a
 * write is under way the next batch collects, so a slow disk or database makes batches larger,
 * not queues longer.
 */
export class NonceBatcher {
  private pending: Array<PendingNonce & { resolve: (v: ReplayVerdict) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;
  private writing: Promise<void> | null = null;

  constructor(private readonly write: (batch: PendingNonce[]) => Promise<ReplayVerdict[]>) {}

  add(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    return new Promise((resolve, reject) => {
      this.pending.push({ nonce, expiresAtMs, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = this.flush().finally(() => {
        this.writing = null;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const taken = this.pending.splice(0, nonceBatchMax);
    const firstOf = new Map<string, number>();
    const batch: PendingNonce[] = [];
    const slot: number[] = [];
    for (const item of taken) {
      const seen = firstOf.get(item.nonce);
      if (seen === undefined) {
        firstOf.set(item.nonce, batch.length);
        slot.push(batch.length);
        batch.push({ nonce: item.nonce, expiresAtMs: item.expiresAtMs });
      } else {
        slot.push(-1);
      }
    }
    try {
      const verdicts = await this.write(batch);
      taken.forEach((item, i) => item.resolve(slot[i]! < 0 ? 'replayed' : verdicts[slot[i]!]!));
    } catch (error) {
      for (const item of taken) item.reject(error);
    }
  }

  /** Waits until every nonce handed in so far is written (for a clean close). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.writing || this.scheduled) {
      await (this.writing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }
}

export class SqliteReplayStore implements ReplayStore {
  private readonly db: SQLite.Database;
  private readonly insert: SQLite.Statement<[number, string]>;
  private readonly prune: SQLite.Statement<[number]>;
  private readonly writeBatch: (batch: PendingNonce[]) => ReplayVerdict[];
  private readonly batcher: NonceBatcher;
  private prunedAt = 0;
  private readonly stopCheckpoints: () => void;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoints on the worker thread: an autocheckpoint here stopped every request in flight
    // for 5 to 12 ms a few times a second under load (db/wal-checkpointer.ts).
    this.stopCheckpoints = checkpointOffThread(this.db, file);
    // Keyed by (expiry, nonce), without a rowid: nonces arrive in time order, so each insert
    // lands on the last page of the one b-tree, and pruning removes its first pages. Keyed by the
    // nonce alone (the first layout) every insert touched a random page of two b-trees and an
    // index, and each commit wrote those pages to the WAL: about twice the CPU per nonce
    // (measured 52 against 27 us one by one, 33 against 11 us in fours). A replay is still caught:
    // it repeats the whole protected header, whose `time` (and so the expiry) it cannot change
    // without breaking the tag; only the client itself could reuse a nonce with another time.
    this.db.exec(
      'create table if not exists envelope_nonces_by_time (expires_at integer not null, nonce text not null, primary key (expires_at, nonce)) strict, without rowid',
    );
    // A file from before keeps its unexpired nonces: they move over once, then the old table goes.
    const hasOldTable = this.db.prepare("select 1 from sqlite_master where type = 'table' and name = 'envelope_nonces'").get() !== undefined;
    if (hasOldTable) {
      this.db.transaction(() => {
        this.db.prepare('insert or ignore into envelope_nonces_by_time (expires_at, nonce) select expires_at, nonce from envelope_nonces where expires_at >= ?').run(this.now());
        this.db.exec('drop table envelope_nonces');
      })();
    }
    this.insert = this.db.prepare('insert into envelope_nonces_by_time (expires_at, nonce) values (?, ?) on conflict do nothing');
    this.prune = this.db.prepare('delete from envelope_nonces_by_time where expires_at < ?');
    // One transaction for every nonce that arrived in the same turn of the event loop: one WAL
    // append instead of one per request. Each insert still decides its own nonce, in order.
    this.writeBatch = this.db.transaction((batch: PendingNonce[]) =>
      batch.map(({ nonce, expiresAtMs }) => (this.insert.run(expiresAtMs, nonce).changes === 1 ? 'fresh' : 'replayed')),
    );
    this.batcher = new NonceBatcher(async (batch) => {
      const now = this.now();
      if (now - this.prunedAt >= pruneIntervalMs) {
        this.prunedAt = now;
        this.prune.run(now);
      }
      return this.writeBatch(batch);
    });
  }

  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    return this.batcher.add(nonce, expiresAtMs);
  }

  async close(): Promise<void> {
    await this.batcher.drain();
    this.stopCheckpoints();
    this.db.close();
  }
}

export class PostgresReplayStore implements ReplayStore {
  private prunedAt = 0;
  private readonly batcher = new NonceBatcher((batch) => this.writeBatch(batch));

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    return this.batcher.add(nonce, expiresAtMs);
  }

  /**
   * One transaction, one INSERT for the nonces of one turn of the event loop. The statement
   * decides: of two processes inserting the same nonce, exactly one gets the row, and RETURNING
   * says which of ours it inserted. Within a batch the batcher has already answered repeats.
   * synchronous_commit off: a crash may forget the last few hundred milliseconds of nonces,
   * never a committed money write (those transactions keep the server's default).
   */
  private async writeBatch(batch: PendingNonce[]): Promise<ReplayVerdict[]> {
    const now = this.now();
    if (now - this.prunedAt >= pruneIntervalMs) {
      this.prunedAt = now;
      await this.db.deleteFrom('envelope_nonces').where('expires_at', '<', BigInt(now)).execute();
    }
    const inserted = await this.db.transaction().execute(async (tx) => {
      await sql`set local synchronous_commit = off`.execute(tx);
      return tx
        .insertInto('envelope_nonces')
        .values(batch.map(({ nonce, expiresAtMs }) => ({ nonce, expires_at: BigInt(expiresAtMs) })))
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .execute();
    });
    const fresh = new Set(inserted.map((row) => row.nonce));
    return batch.map(({ nonce }) => (fresh.has(nonce) ? 'fresh' : 'replayed'));
  }

  async close(): Promise<void> {
    await this.batcher.drain();
  }
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
