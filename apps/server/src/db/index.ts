/**
 * The one query layer over SQLite (embedded, default) and PostgreSQL (DATABASE_URL=postgres://).
 * SQLite runs in WAL mode with synchronous=FULL: a committed money write survives a power cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { withStatementCache } from './statement-cache.ts';
import { checkpointOffThread } from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';
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

export function openDb(options: { databaseUrl: string; dataDir: string; poolSize?: number }): DbHandle {
  if (/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', postgresUrl: options.databaseUrl, close: () => db.destroy() };
  }
  const file = options.databaseUrl.startsWith('file:')
    ? options.databaseUrl.slice('file:'.length)
    : path.join(options.dataDir, 'portal.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
  // WAL checkpoints on a worker thread, so a checkpoint's copy and fsync never stop the server's
  // thread mid-request (wal-checkpointer.ts); the connection's own autocheckpoint stays as a backstop.
  const stopCheckpoints = checkpointOffThread(sqlite, file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
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
  return dialect === 'postgres'
    ? sql<bigint>`nextval(${sql.lit(`${table}_seq`)})`
    : sql<bigint>`(select coalesce(max(seq), 0) + 1 from ${sql.table(table)})`;
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
