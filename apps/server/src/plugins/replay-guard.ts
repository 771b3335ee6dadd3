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
import { timeAheadMsMax, timeSkewMsMax } from '@pp/envelope';
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
  /** 'ok', or a warning readiness reports without leaving rotation (Redis memory near its limit; decision 087). */
  memoryState?(): string;
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

/**
 * Server clocks of several processes differ a little (NTP keeps them within milliseconds); the
 * refusal window covers that too.
 */
export const markClockMarginMs = 3_000;
/**
 * After the Redis store forgets, requests dated before its new start plus this are refused
 * (decision 086): a request accepted before the loss was dated at most timeAheadMsMax past the
 * server's clock then, so nothing dated later can have been seen.
 */
export const recoveryWindowMs = timeAheadMsMax + markClockMarginMs;
/** At or above this share of Redis' maxmemory, readiness reports its memory as near full (decision 087). */
export const redisMemoryWarnRatio = 0.9;

/** A request dated before the refusal line of a store that forgot (decision 086): the answer names the line. */
export class ReplayStoreRecovering extends ReplayStoreUnavailable {
  constructor(
    message: string,
    readonly refuseBefore: number,
  ) {
    super(message);
    this.name = 'ReplayStoreRecovering';
  }
}

interface StartMark {
  since: number;
  /** Requests whose authenticated time is before this are refused: they may have been seen before the loss. */
  refuseBefore: number;
}

/**
 * One nonce, atomically with the start marker (decision 087): the marker is a hash `<prefix>mark`
 * whose `gen` counts every nonce write, so it changes with the nonces and a Redis that went back
 * in time (an older snapshot loaded) shows a smaller count than one this process saw. A marker
 * kept by an earlier version as a string (`<prefix>since` = `<since>:<refuseBefore>`) is taken over
 * once. Answers [gen, since or '', refuseBefore or '', 1 when the nonce is new].
 */
const rememberLua = `
local gen = redis.call('HINCRBY', KEYS[1], 'gen', 1)
local since = redis.call('HGET', KEYS[1], 'since')
local refuse = redis.call('HGET', KEYS[1], 'refuseBefore')
if not since then
  local legacy = redis.call('GET', KEYS[3])
  if legacy then
    local s, r = string.match(legacy, '^(%d+):(%d+)$')
    if s then
      redis.call('HSET', KEYS[1], 'since', s, 'refuseBefore', r)
      since = s
      refuse = r
    end
    redis.call('DEL', KEYS[3])
  end
end
local set = redis.call('SET', KEYS[2], '1', 'PX', ARGV[1], 'NX')
return {gen, since or '', refuse or '', set and 1 or 0}
`;

/**
 * Writes a new start marker when the one in force is the one the caller knew ('' for none): one
 * writer wins. Answers [since, refuseBefore, gen] of the marker in force.
 */
const establishLua = `
local since = redis.call('HGET', KEYS[1], 'since')
if (not since and ARGV[3] == '') or (since and since == ARGV[3]) then
  redis.call('HSET', KEYS[1], 'since', ARGV[1], 'refuseBefore', ARGV[2])
end
local now = redis.call('HMGET', KEYS[1], 'since', 'refuseBefore', 'gen')
return {now[1] or '', now[2] or '', now[3] or '0'}
`;

interface ScriptedRedis extends Redis {
  ppNonceRemember(mark: string, nonceKey: string, legacyMark: string, ttlMs: number): Promise<[number, string, string, number]>;
  ppNonceEstablish(mark: string, since: number, refuseBefore: number, knownSince: string): Promise<[string, string, string]>;
}

/** `INFO` sections as name → value. */
export function parseRedisInfo(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) fields[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return fields;
}

/** 'ok', or how close Redis is to refusing writes (used_memory against maxmemory). */
export function redisMemoryState(info: Record<string, string>): string {
  const used = Number(info.used_memory);
  const max = Number(info.maxmemory);
  if (!(max > 0) || !Number.isFinite(used)) return 'ok';
  const ratio = used / max;
  return ratio >= redisMemoryWarnRatio
    ? `near full: ${Math.round(ratio * 100)}% of maxmemory (${used} of ${max} bytes); nonce writes fail at 100% and every API call is answered 503`
    : 'ok';
}

export interface RedisStoreOptions {
  /** Each Redis command fails after this long (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void; error?(obj: object, msg: string): void };
}

/**
 * Redis can forget: it comes back empty after a restart without persistence, or goes back in time
 * when it loads an older snapshot. The store keeps a start marker (`<prefix>mark`, no expiry)
 * beside the nonces and reads and counts it in the same script as each nonce's SET NX. A process
 * that finds the marker missing writes a new one; when the database says this store had a marker
 * before, or the marker's write count went back, the new marker refuses every request dated
 * before its start plus recoveryWindowMs, since only those can have been seen before the loss;
 * they are answered 503 with that line and the server's time, and the clients date their request
 * past it and seal it again (docs/protocol.md, decisions 036 and 086). The window ends by itself.
 */
export class RedisReplayStore implements ReplayStore {
  readonly part = 'redis' as const;
  private readonly redis: ScriptedRedis;
  private readonly markKey: string;
  private readonly legacyMarkKey: string;
  private readonly now: () => number;
  private readonly log: RedisStoreOptions['log'];
  /** The marker this process last saw and the highest write count under it. */
  private known: { since: number; gen: number } | null = null;
  private memory = 'ok';

  constructor(
    url: string,
    private readonly keyPrefix: string,
    private readonly marks: ReplayMarkBook,
    options: RedisStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.markKey = `${keyPrefix}mark`;
    this.legacyMarkKey = `${keyPrefix}since`;
    const commandTimeout = options.commandTimeoutMs ?? 1_000;
    // Every command is bounded: while Redis is down a request waits at most commandTimeout, then
    // the store rejects and the request is answered 503; reconnection goes on in the background.
    this.redis = new Redis(url, {
      commandTimeout,
      connectTimeout: Math.max(commandTimeout, 1_000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      retryStrategy: (times) => Math.min(100 * times, 1_000),
    }) as ScriptedRedis;
    // EVALSHA with EVAL when the script is not loaded (a Redis that came back empty has none).
    this.redis.defineCommand('ppNonceRemember', { numberOfKeys: 3, lua: rememberLua });
    this.redis.defineCommand('ppNonceEstablish', { numberOfKeys: 1, lua: establishLua });
    let lastLoggedAt = 0;
    this.redis.on('error', (error: Error) => {
      if (this.now() - lastLoggedAt < 10_000) return;
      lastLoggedAt = this.now();
      options.log?.warn({ err: { message: error.message } }, 'replay store: Redis unreachable; requests answered 503 until it is back');
    });
  }

  async remember(nonce: string, expiresAtMs: number): Promise<ReplayVerdict> {
    const ttlMs = Math.max(1, expiresAtMs - this.now());
    let reply: [number, string, string, number];
    try {
      reply = await this.redis.ppNonceRemember(this.markKey, `${this.keyPrefix}${nonce}`, this.legacyMarkKey, ttlMs);
    } catch (error) {
      throw new ReplayStoreUnavailable(`Redis: ${(error as Error).message}`);
    }
    const [gen, sinceText, refuseText, isNew] = reply;
    let mark: StartMark;
    if (sinceText === '') {
      mark = await this.establishMark('');
      this.adopt(mark, Number(gen));
    } else {
      mark = { since: Number(sinceText), refuseBefore: Number(refuseText) };
      // Replies on one connection come in order, so under one marker this process sees its
      // counts rise; a count at or below one it saw means Redis lost writes it had acknowledged.
      if (this.known?.since === mark.since && Number(gen) <= this.known.gen) {
        this.log?.warn({ count: Number(gen), seen: this.known.gen }, 'replay store: Redis went back in time (an older snapshot?); treated as a loss');
        mark = await this.establishMark(sinceText);
        this.known = null;
      }
      this.adopt(mark, Number(gen));
    }
    // The request's authenticated time (the envelope keeps a nonce until time + skew).
    const requestTime = expiresAtMs - timeSkewMsMax;
    if (requestTime < mark.refuseBefore) {
      throw new ReplayStoreRecovering(
        `Redis forgot its nonces at ${new Date(mark.since).toISOString()}; requests dated before ${new Date(mark.refuseBefore).toISOString()} are refused`,
        mark.refuseBefore,
      );
    }
    return Number(isNew) === 1 ? 'fresh' : 'replayed';
  }

  private adopt(mark: StartMark, gen: number): void {
    if (this.known?.since !== mark.since) this.known = { since: mark.since, gen };
    else this.known.gen = Math.max(this.known.gen, gen);
  }

  /**
   * Writes a start marker when the one in force is `knownSince` ('' when there is none; one
   * writer wins) and returns the one in force. A marker replacing one this process knew, or one
   * the database remembers, starts a refusal window.
   */
  private async establishMark(knownSince: string): Promise<StartMark> {
    try {
      const since = this.now();
      const isLoss = knownSince !== '' || (await this.marks.hasMark(this.keyPrefix));
      const refuseBefore = isLoss ? since + recoveryWindowMs : 0;
      const [sinceText, refuseText] = await this.redis.ppNonceEstablish(this.markKey, since, refuseBefore, knownSince);
      if (sinceText === '') throw new Error('the start marker was not kept');
      const mark = { since: Number(sinceText), refuseBefore: Number(refuseText) };
      if (mark.since === since && isLoss) {
        this.log?.warn(
          { since: new Date(since).toISOString(), refuseBefore: new Date(refuseBefore).toISOString() },
          `replay store: Redis forgot its nonces; requests dated before the refusal line are answered 503 with it for ${recoveryWindowMs / 1000} s, and clients date theirs past it`,
        );
      }
      await this.marks.saveMark(this.keyPrefix, mark.since);
      return mark;
    } catch (error) {
      if (error instanceof ReplayStoreUnavailable) throw error;
      throw new ReplayStoreUnavailable(`Redis start marker: ${(error as Error).message}`);
    }
  }

  /**
   * Not ready unless Redis evicts nothing (an evicted nonce reopens a replay, an evicted marker
   * starts a refusal window) and the marker is there. Inside a refusal window the process stays
   * ready: clients date their requests past the line and are served (decision 086). Memory near
   * maxmemory is kept for memoryState, which readiness reports without leaving rotation.
   */
  async health(): Promise<string> {
    const info = parseRedisInfo(await this.redis.info('memory'));
    this.memory = redisMemoryState(info);
    const policy = info.maxmemory_policy ?? 'unknown';
    if (policy !== 'noeviction') {
      return `misconfigured: maxmemory-policy is ${policy}; the nonce store needs noeviction (an evicted nonce reopens a replay)`;
    }
    const [since] = await this.redis.hmget(this.markKey, 'since');
    if (!since) await this.establishMark('');
    return 'ok';
  }

  /** 'ok', or how near Redis is to refusing writes, as the last health check found it. */
  memoryState(): string {
    return this.memory;
  }

  /**
   * What the start log says of this Redis (decision 087): version, eviction policy, memory limit
   * and persistence. `isReady` false when the policy is not noeviction.
   */
  async inspect(): Promise<{ isReady: boolean; line: string; details: Record<string, string> }> {
    const info = parseRedisInfo(await this.redis.info());
    const configOf = async (name: string): Promise<string | null> => {
      try {
        const pair = (await this.redis.config('GET', name)) as string[];
        return pair[1] ?? null;
      } catch {
        return null; // CONFIG renamed or refused (a managed Redis): INFO says what it can
      }
    };
    const policy = info.maxmemory_policy ?? 'unknown';
    const aof = info.aof_enabled === '1';
    const save = await configOf('save');
    const fsync = aof ? await configOf('appendfsync') : null;
    const persistence = aof
      ? `AOF (appendfsync ${fsync ?? 'unknown'})${save ? ` and RDB (save ${save})` : ''}`
      : save
        ? `RDB only (save ${save}): a restart loads the last snapshot, and the nonces since are lost`
        : save === ''
          ? 'none: a restart forgets every nonce'
          : 'RDB or none (CONFIG not allowed to tell)';
    const details = {
      version: info.redis_version ?? 'unknown',
      maxmemoryPolicy: policy,
      maxmemory: info.maxmemory === '0' ? '0 (no limit)' : (info.maxmemory ?? 'unknown'),
      persistence,
    };
    const isReady = policy === 'noeviction';
    const line = isReady
      ? `replay store: Redis ${details.version}, maxmemory-policy noeviction, maxmemory ${details.maxmemory}, persistence ${persistence}`
      : `replay store: Redis maxmemory-policy is ${policy}, not noeviction: this process will not become ready (an evicted nonce reopens a replay); set maxmemory-policy noeviction`;
    return { isReady, line, details };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
