/**
 * A consistent read snapshot for long checks (the ledger's full and incremental verifications,
 * the batched chain credits and the long reads kept off the event loop, decisions 045 and 066) that no writer waits for and that never stops the server's event loop:
 *
 * - PostgreSQL: a REPEATABLE READ, READ ONLY transaction on a connection of its own, without the
 *   pool's statement timeout (a set-based pass over ten million journal rows takes longer than a
 *   request's budget); the pool's connections stay free for requests.
 * - SQLite (a file): a read transaction on a second, read-only connection that lives on a worker
 *   thread. WAL: readers and the writer never block each other; and since better-sqlite3 answers
 *   synchronously, a statement that reads the whole journal (tens of seconds at ten million rows)
 *   runs on the worker's thread while the server's thread goes on serving. The caller gets an
 *   ordinary Kysely instance; each statement is compiled here and run there.
 * - SQLite in memory (tests) has no second connection: the work runs in a transaction on the one.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Db, DbHandle } from './index.ts';
import type { Database } from './schema.ts';
import { inTransaction } from './transaction.ts';

// CommonJS evaluated from this text (as wal-checkpointer.ts): no file of its own to find in the
// compiled build or under tsx. One read-only connection; each message one statement, in order.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.defaultSafeIntegers(true);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message.close) { try { db.close(); } catch (error) {} parentPort.close(); return; }
  try {
    const statement = db.prepare(message.sql);
    if (statement.reader) parentPort.postMessage({ id: message.id, rows: statement.all(message.parameters) });
    else {
      const result = statement.run(message.parameters);
      parentPort.postMessage({ id: message.id, rows: [], changes: BigInt(result.changes) });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  changes?: bigint;
  error?: { message: string; code?: string };
}

/** A SQLite connection on a worker thread, seen by Kysely as its one connection. */
class WorkerConnection implements DatabaseConnection {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;
  get isBroken(): boolean {
    return this.failure !== null;
  }

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(workerSource, { eval: true, workerData: { driver, file } });
    // A kept worker never holds a process open (see `kept` below).
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const pending = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      pending?.resolve(reply);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const pending of this.waiting.values()) pending.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the read snapshot worker ended')));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql: query.sql, parameters: [...query.parameters] });
    });
    if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    return { rows: (reply.rows ?? []) as R[], ...(reply.changes !== undefined ? { numAffectedRows: reply.changes } : {}) };
  }

  // eslint-disable-next-line require-yield -- no streaming over the worker: every check reads set-based results.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read snapshot does not stream');
  }

  async close(): Promise<void> {
    if (this.failure) return;
    this.failure = new Error('the read snapshot worker was closed');
    this.worker.removeAllListeners('exit');
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // Held open until it has ended: an unref'd worker lets a program whose last work is this
    // wait end mid-wait (a top-level await left unsettled, exit code 13).
    this.worker.ref();
    this.worker.postMessage({ close: true });
    await ended;
  }
}

/**
 * Idle worker connections, one a file at most, kept for the next snapshot for `keptMs`: a worker
 * thread's start costs tens of milliseconds of CPU (hundreds on a loaded machine), about what the
 * hourly check's own statements cost. Each snapshot has its connection to itself.
 */
const kept = new Map<string, { connection: WorkerConnection; timer: NodeJS.Timeout }>();
const keptMs = 60_000;

function takeConnection(file: string): WorkerConnection {
  const idle = kept.get(file);
  if (!idle) return new WorkerConnection(file);
  kept.delete(file);
  clearTimeout(idle.timer);
  return idle.connection;
}

function giveBack(file: string, connection: WorkerConnection): Promise<void> {
  if (connection.isBroken || kept.has(file)) return connection.close();
  const timer = setTimeout(() => {
    if (kept.get(file)?.connection === connection) kept.delete(file);
    void connection.close();
  }, keptMs);
  timer.unref();
  kept.set(file, { connection, timer });
  return Promise.resolve();
}

/**
 * Closes the kept workers now. A program that ends when its work is done (the CLIs) calls it
 * before it returns: a kept worker's message port held `npm run ledger:verify` open for the whole
 * `keptMs` (62 s for a check of 0.04 s), which timed out every browser test that runs it.
 */
export async function closeKeptSnapshots(): Promise<void> {
  const idle = [...kept.values()];
  kept.clear();
  for (const { connection, timer } of idle) {
    clearTimeout(timer);
    await connection.close();
  }
}

class WorkerDriver implements Driver {
  private connection: WorkerConnection | null = null;
  constructor(private readonly file: string) {}
  async init(): Promise<void> {
    this.connection = takeConnection(this.file);
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection!;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    if (this.connection) await giveBack(this.file, this.connection);
    this.connection = null;
  }
}

function workerDialect(file: string): KyselyDialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WorkerDriver(file),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}

/** Runs `work` on a consistent read snapshot that no writer waits for (see the top of this file). */
export async function withReadSnapshot<T>(handle: DbHandle, work: (reader: Db) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') {
    if (!handle.postgresUrl) return inTransaction(handle.db, work, { isolation: 'repeatable read', readOnly: true });
    // One connection, no statement timeout; idle in transaction is still bounded by the server's setting.
    const pool = new pg.Pool({ connectionString: handle.postgresUrl, max: 1 });
    const reader = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      return await inTransaction(reader, work, { isolation: 'repeatable read', readOnly: true });
    } finally {
      await reader.destroy();
    }
  }
  const main = handle.sqlite!;
  if (main.memory) return inTransaction(handle.db, work);
  const reader = new Kysely<Database>({ dialect: workerDialect(main.name) });
  try {
    return await inTransaction(reader, work);
  } finally {
    await reader.destroy();
  }
}
