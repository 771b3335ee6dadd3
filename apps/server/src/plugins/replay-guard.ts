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
 *   never waits on a ledger transaction (WAL, synchronous=FULL: one fsync per batch of nonces, so
 *   it survives a process crash, a restart and a power cut).
 * - PostgreSQL: a table in the product database, written with synchronous_commit off so that a
 *   nonce waits on no WAL flush; shared by every process on that database.
 * - Redis (REDIS_URL): SET NX with the expiry, shared by every process using that Redis.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { deleteBatches, deleteInBatches } from '../db/batched-delete.ts';
import { inTransaction } from '../db/transaction.ts';
import { checkpointOffThread } from '../db/wal-checkpointer.ts';
import { timeSkewMsMax } from '@pp/envelope';
import { ReplayStoreUnavailable, type FaultPart } from './faults.ts';

export type ReplayVerdict = 'fresh' | 'replayed';

export interface ReplayStore {
  /** Which part a failure of this store is (readiness and the 503's log line; plugins/faults.ts). */
  readonly part: FaultPart;
  /**
   * 'fresh' the first time a nonce is seen (and remembers it until expiresAtMs), 'replayed' after.
   * Rejects (a fault, answered 503) when the store cannot decide: never 'fresh' on a guess.
   */
  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict>;
  /** 'ok', or why the store cannot serve now (for /readyz). */
  health(): Promise<string>;
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
  private readonly prune: SQLite.Statement<[number, number]>;
  private readonly writeBatch: (batch: PendingNonce[]) => ReplayVerdict[];
  private readonly batcher: NonceBatcher;
  private prunedAt = 0;
  /** The prune under way: its batches after the first go between nonce batches (every prune in batches, decision 067). */
  private pruning: Promise<number> | null = null;
  private readonly stopCheckpoints: () => void;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: a nonce answered as fresh is on the disk before its request runs, so a power cut
    // cannot forget it and let the same request run again (decision 084).
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoints on the worker thread: an autocheckpoint here stopped every request in flight
    // for 5 to 12 ms a few times a second under load (db/wal-checkpointer.ts).
    this.stopCheckpoints = checkpointOffThread(this.db, file);
    // Keyed by (expiry, nonce), without a rowid: nonces arrive in time order, so each insert
    // lands on the last page of the b-tree, and pruning removes its first pages (measured 52
    // against 27 us a nonce one by one when keyed by the nonce alone). A unique index on the
    // nonce makes a seen nonce a replay whatever its time, as docs/protocol.md says and the
    // PostgreSQL and Redis stores do: keyed by (expiry, nonce) alone, a client reusing a nonce
    // with another time was taken as fresh.
    this.db.exec(
      'create table if not exists envelope_nonces_by_time (expires_at integer not null, nonce text not null, primary key (expires_at, nonce)) strict, without rowid',
    );
    const hasNonceIndex = this.db.prepare("select 1 from sqlite_master where type = 'index' and name = 'envelope_nonces_by_time_nonce'").get() !== undefined;
    if (!hasNonceIndex) {
      this.db.transaction(() => {
        // A file from before the index may hold one nonce under two times: keep the earliest.
        this.db.exec(
          'delete from envelope_nonces_by_time where exists (select 1 from envelope_nonces_by_time older where older.nonce = envelope_nonces_by_time.nonce and older.expires_at < envelope_nonces_by_time.expires_at)',
        );
        this.db.exec('create unique index envelope_nonces_by_time_nonce on envelope_nonces_by_time (nonce)');
      })();
    }
    // A file from before keeps its unexpired nonces: they move over once, then the old table goes.
    const hasOldTable = this.db.prepare("select 1 from sqlite_master where type = 'table' and name = 'envelope_nonces'").get() !== undefined;
    if (hasOldTable) {
      this.db.transaction(() => {
        this.db
          .prepare('insert or ignore into envelope_nonces_by_time (expires_at, nonce) select expires_at, nonce from envelope_nonces where expires_at >= ?')
          .run(this.now());
        this.db.exec('drop table envelope_nonces');
      })();
    }
    this.insert = this.db.prepare('insert into envelope_nonces_by_time (expires_at, nonce) values (?, ?) on conflict do nothing');
    // One batch of the oldest expired nonces (no rowid here: the batch is chosen by the key, in key order).
    this.prune = this.db.prepare(
      'delete from envelope_nonces_by_time where (expires_at, nonce) in (select expires_at, nonce from envelope_nonces_by_time where expires_at < ? order by expires_at limit ?)',
    );
    // One transaction for every nonce that arrived in the same turn of the event loop: one WAL
    // append instead of one per request. Each insert still decides its own nonce, in order.
    this.writeBatch = this.db.transaction((batch: PendingNonce[]) =>
      batch.map(({ nonce, expiresAtMs }) => (this.insert.run(expiresAtMs, nonce).changes === 1 ? 'fresh' : 'replayed')),
    );
    this.batcher = new NonceBatcher(async (batch) => {
      const now = this.now();
      if (now - this.prunedAt >= pruneIntervalMs && !this.pruning) {
        this.prunedAt = now;
        // The first batch runs here, before the insert; the rest after it, a batch a turn.
        this.pruning = deleteBatches((limit) => this.prune.run(now, limit).changes)
          .catch(() => 0)
          .finally(() => {
            this.pruning = null;
          });
      }
      return this.writeBatch(batch);
    });
  }

  readonly part = 'disk' as const;

  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    return this.batcher.add(nonce, expiresAtMs);
  }

  async health(): Promise<string> {
    this.db.prepare('select 1').get();
    return 'ok';
  }

  async close(): Promise<void> {
    await this.batcher.drain();
    await this.pruning;
    this.stopCheckpoints();
    this.db.close();
  }
}

export class PostgresReplayStore implements ReplayStore {
  private prunedAt = 0;
  /** The prune under way, in batches beside the nonce batches (every prune in batches, decision 067); a failed one is tried again a minute later. */
  private pruning: Promise<number> | null = null;
  private readonly batcher = new NonceBatcher((batch) => this.writeBatch(batch));

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  readonly part = 'database' as const;

  remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    return this.batcher.add(nonce, expiresAtMs);
  }

  async health(): Promise<string> {
    await sql`select 1`.execute(this.db);
    return 'ok';
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
    if (now - this.prunedAt >= pruneIntervalMs && !this.pruning) {
      this.prunedAt = now;
      this.pruning = deleteInBatches({ db: this.db, dialect: 'postgres' }, 'envelope_nonces', 'expires_at', BigInt(now))
        .catch(() => 0)
        .finally(() => {
          this.pruning = null;
        });
    }
    const inserted = await inTransaction(this.db, async (tx) => {
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
    await this.pruning;
  }
}

/**
 * Where a Redis store's start marks are remembered durably (the product database): a missing
 * marker in Redis is the first use of that store only when the database never saw one.
 */
export interface ReplayMarkBook {
  hasMark(store: string): Promise<boolean>;
  saveMark(store: string, since: number): Promise<void>;
}

export function databaseMarkBook(db: Db): ReplayMarkBook {
  return {
    async hasMark(store) {
      return (await db.selectFrom('replay_store_marks').select('store').where('store', '=', store).executeTakeFirst()) !== undefined;
    },
    async saveMark(store, since) {
      await db
        .insertInto('replay_store_marks')
        .values({ store, since: BigInt(since) })
        .onConflict((oc) => oc.column('store').doUpdateSet({ since: BigInt(since) }))
        .execute();
    },
  };
}

/** A mark book in memory: for tests of the store alone, where "first use" is each new prefix. */
export function memoryMarkBook(): ReplayMarkBook {
  const marks = new Map<string, number>();
  return {
    hasMark: async (store) => marks.has(store),
    saveMark: async (store, since) => void marks.set(store, since),
  };
}

/** Server clocks of several processes differ a little; the refusal window covers that too. */
const markClockMarginMs = 5_000;

interface StartMark {
  raw: string;
  since: number;
  /** Requests whose authenticated time is before this are refused: they may have been seen before the loss. */
  refuseBefore: number;
}

function parseMark(raw: string | null): StartMark | null {
  const match = raw ? /^(\d+):(\d+)$/.exec(raw) : null;
  return match ? { raw: raw!, since: Number(match[1]), refuseBefore: Number(match[2]) } : null;
}

export interface RedisStoreOptions {
  /** Each Redis command fails after this long (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Redis keeps nothing on disk, so it can come back empty: every nonce it held is forgotten at
 * once. The store keeps a start marker (`<prefix>since`, no expiry) beside the nonces. A process
 * that finds the marker missing writes a new one; when the database says this store had a marker
 * before, the new marker refuses every request whose authenticated time is before its start plus
 * the request time window, since only those can have been seen before the loss, and they are
 * answered 503 meanwhile (docs/protocol.md, decision 009). The window ends by itself.
 */
export class RedisReplayStore implements ReplayStore {
  readonly part = 'redis' as const;
  private readonly redis: Redis;
  private readonly markKey: string;
  private readonly now: () => number;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    private readonly marks: ReplayMarkBook,
    options: RedisStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.markKey = `${keyPrefix}since`;
    const commandTimeout = options.commandTimeoutMs ?? 1_000;
    // Every command is bounded: while Redis is down a request waits at most commandTimeout, then
    // the store rejects and the request is answered 503; reconnection goes on in the background.
    this.redis = new Redis(url, {
      commandTimeout,
      connectTimeout: Math.max(commandTimeout, 1_000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      retryStrategy: (times) => Math.min(100 * times, 1_000),
    });
    let lastLoggedAt = 0;
    this.redis.on('error', (error: Error) => {
      if (this.now() - lastLoggedAt < 10_000) return;
      lastLoggedAt = this.now();
      options.log?.warn({ err: { message: error.message } }, 'replay store: Redis unreachable; requests answered 503 until it is back');
    });
  }

  async remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    const ttlMs = Math.max(1, expiresAtMs - this.now());
    let results: [Error | null, unknown][] | null;
    try {
      results = await this.redis.pipeline().get(this.markKey).set(`${this.keyPrefix}${nonce}`, '1', 'PX', ttlMs, 'NX').exec();
    } catch (error) {
      throw new ReplayStoreUnavailable(`Redis: ${(error as Error).message}`);
    }
    const [markResult, setResult] = results ?? [];
    if (!markResult || !setResult || markResult[0] || setResult[0]) {
      throw new ReplayStoreUnavailable(`Redis: ${(markResult?.[0] ?? setResult?.[0])?.message ?? 'no answer'}`);
    }
    const mark = parseMark(markResult[1] as string | null) ?? (await this.establishMark());
    // The request's authenticated time (the envelope keeps a nonce until time + skew).
    const requestTime = expiresAtMs - timeSkewMsMax;
    if (requestTime < mark.refuseBefore) {
      throw new ReplayStoreUnavailable(
        `Redis came back empty at ${new Date(mark.since).toISOString()}; requests from before ${new Date(mark.refuseBefore).toISOString()} are refused`,
      );
    }
    return setResult[1] === 'OK' ? 'fresh' : 'replayed';
  }

  /** Writes the start marker when it is missing (one writer wins) and returns the one in force. */
  private async establishMark(): Promise<StartMark> {
    try {
      const since = this.now();
      const hadMark = await this.marks.hasMark(this.keyPrefix);
      const refuseBefore = hadMark ? since + timeSkewMsMax + markClockMarginMs : 0;
      await this.redis.set(this.markKey, `${since}:${refuseBefore}`, 'NX');
      const mark = parseMark(await this.redis.get(this.markKey));
      if (!mark) throw new Error('the start marker was not kept');
      await this.marks.saveMark(this.keyPrefix, mark.since);
      return mark;
    } catch (error) {
      if (error instanceof ReplayStoreUnavailable) throw error;
      throw new ReplayStoreUnavailable(`Redis start marker: ${(error as Error).message}`);
    }
  }

  async health(): Promise<string> {
    const mark = parseMark(await this.redis.get(this.markKey)) ?? (await this.establishMark());
    const now = this.now();
    return now < mark.refuseBefore ? `recovering: came back empty, serving again at ${new Date(mark.refuseBefore).toISOString()}` : 'ok';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
