/**
 * The one query layer over SQLite (embedded, default) and PostgreSQL (DATABASE_URL=postgres://).
 * SQLite runs in WAL mode with synchronous=FULL: a committed money write survives a power cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type KyselyConfig, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import type { Dialect } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import { buildConcurrentIndexes } from './concurrent-index.ts';
import { withStatementCache } from './statement-cache.ts';
import { checkpointOffThread } from './wal-checkpointer.ts';
import { defaultDbTimeouts, type DbTimeouts } from './timeouts.ts';

export type { Dialect } from './dialect.ts';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite connection itself, for the ledger's prepared-statement path (docs/decisions/006). */
  sqlite?: SQLite.Database;
  /** The PostgreSQL connection string, for a dedicated LISTEN connection (support chat, decision 024). */
  postgresUrl?: string;
  close(): Promise<void>;
}

// int8 (and COUNT(*)) read as bigint, as SQLite's safeIntegers does.
pg.types.setTypeParser(20, (v) => BigInt(v));

export { defaultDbTimeouts, type DbTimeouts } from './timeouts.ts';

/** Extra time the client gives a statement past the server's own statement timeout. */
const clientGraceMs = 2_000;

/**
 * The pool Kysely sees: each checked-out connection is watched, and one that failed at the
 * connection level (a dropped socket, a terminated backend, a client-side timeout with the
 * statement maybe still running) is destroyed on release instead of going back to the pool.
 */
function resilientPool(pool: pg.Pool): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  return {
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      const watched = Object.create(client) as pg.PoolClient;
      Object.assign(watched, {
        query: (...args: unknown[]) => {
          const result = query(...args);
          if (result instanceof Promise) {
            result.catch((error: unknown) => {
              if (isConnectionLevel(error)) broken = error as Error;
            });
          }
          return result;
        },
        release: () => client.release(broken ?? undefined),
      });
      return watched;
    },
    end: () => pool.end(),
  };
}

/** A failure that leaves a PostgreSQL connection unusable (or its state unknown). */
function isConnectionLevel(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^(08|57P)/.test(code) || /^E[A-Z]+$/.test(code))) return true;
  return /Connection terminated|Query read timeout|not queryable|timeout exceeded/i.test(error.message);
}

export function openDb(options: {
  databaseUrl: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: Partial<DbTimeouts>;
  /** Told of every connection-level error (readiness and logs); the process goes on. */
  onConnectionError?: (error: Error) => void;
  /** Kysely's query log: told of every statement the query builder runs (the query-plan test captures them). */
  log?: KyselyConfig['log'];
}): DbHandle {
  const timeouts = { ...defaultDbTimeouts, ...options.timeouts };
  if (/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + clientGraceMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      keepAlive: true,
    });
    // An idle connection that dies (a restart, a failover, pg_terminate_backend) is reported on
    // the pool, a checked-out one on its client: with no listener either would end the process.
    // pg-pool drops the dead connection and opens a new one on the next checkout.
    const report = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilientPool(pool) }), log: options.log });
    return { db, dialect: 'postgres', postgresUrl: options.databaseUrl, close: () => db.destroy() };
  }
  const file = options.databaseUrl.startsWith('file:') ? options.databaseUrl.slice('file:'.length) : path.join(options.dataDir, 'portal.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(timeouts.sqliteBusyMs))}`);
  sqlite.defaultSafeIntegers(true);
  // WAL checkpoints on a worker thread, so a checkpoint's copy and fsync never stop the server's
  // thread mid-request (wal-checkpointer.ts); the connection's own autocheckpoint stays as a backstop.
  const stopCheckpoints = checkpointOffThread(sqlite, file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: options.log });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    close: async () => {
      stopCheckpoints();
      await db.destroy();
    },
  };
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one; with several
  // schemas on one server (tests, or tenants) it would find another schema's and skip its own.
  const schema =
    handle.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
  // Indexes on busy tables, built outside the migration transaction (decision 047).
  await buildConcurrentIndexes(handle);
}

/** Reads a 0/1 flag or a small integer column the same way on both databases. */
export function num(value: number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * The next value of an ordering column (`seq`) of an append-only table: a PostgreSQL sequence
 * (never blocks another writer), or max + 1 on SQLite, where writers are serialized anyway.
 */
export function nextSeq(dialect: Dialect, table: 'audit_log' | 'ledger_transfers'): RawBuilder<bigint> {
  return dialect === 'postgres' ? sql<bigint>`nextval(${sql.lit(`${table}_seq`)})` : sql<bigint>`(select coalesce(max(seq), 0) + 1 from ${sql.table(table)})`;
}

/**
 * `column LIKE pattern` where pattern holds `text` with its % and _ taken literally: escaped
 * with a backslash and an explicit ESCAPE clause (SQLite has no default escape character).
 */
export function likeLiteral(column: string, text: string, where: 'anywhere' | 'prefix'): RawBuilder<boolean> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
