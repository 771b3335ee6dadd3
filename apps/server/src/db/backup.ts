/**
 * Online backup and restore of the embedded SQLite database: the backup is `VACUUM INTO`, a
 * consistent snapshot written while the server keeps writing, never a file copy that could catch a
 * half-written WAL; the restore goes through SQLite's backup API. PostgreSQL is backed up with its
 * own tools (docs/operations.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The SQLite file the server uses for these settings (db/index.ts chooses the same one). */
export function sqliteFile(options: { databaseUrl: string; dataDir: string }): string {
  if (/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    throw new Error('DATABASE_URL is PostgreSQL: use pg_dump or a base backup (docs/operations.md)');
  }
  return options.databaseUrl.startsWith('file:') ? options.databaseUrl.slice('file:'.length) : path.join(options.dataDir, 'portal.db');
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

/** Checks a file is a whole, readable portal database: integrity and the migration table. */
export function checkDatabaseFile(file: string): { migrations: number; pages: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} fails its integrity check: ${String(integrity)}`);
    const row = db.prepare('select count(*) as n from kysely_migration').get() as { n: number } | undefined;
    if (!row || row.n === 0) throw new Error(`${file} is not a portal database (no migrations recorded)`);
    return { migrations: row.n, pages: Number(db.pragma('page_count', { simple: true })) };
  } finally {
    db.close();
  }
}

/**
 * Copies the live database into `target` (default DATA_DIR/backups/portal-<UTC time>.db) with
 * `VACUUM INTO`: one read transaction, so the copy is the database as of the moment it began, and
 * in WAL mode the server's writers go on meanwhile. SQLite's online backup API (used before) starts
 * its copy again after every write from another connection, so on a busy server a large database's
 * backup took several times its length, or never ended (decision 058). The statement runs to the
 * end in this process; `npm run backup` is a process of its own.
 */
export async function backupSqlite(source: string, target?: string): Promise<{ file: string; pages: number }> {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  const file = target ?? path.join(path.dirname(source), 'backups', `portal-${timestamp()}.db`);
  if (fs.existsSync(file)) throw new Error(`${file} exists already; a backup never overwrites`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('vacuum into ?').run(file);
    return { file, pages: checkDatabaseFile(file).pages };
  } catch (error) {
    // A copy cut short (a full disk, a failed check) is never left to be taken for a backup; a
    // file another process put there first (VACUUM INTO refuses it) is not ours to remove.
    if (!String((error as Error).message).includes('already exists'))
      for (const part of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) fs.rmSync(part, { force: true });
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database at `target`. The server must be stopped: restoring under
 * a running server would pull the data from under its open transactions.
 */
export async function restoreSqlite(backup: string, target: string): Promise<void> {
  checkDatabaseFile(backup);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    // Written through SQLite (not a file copy), so a WAL left by the old database is handled.
    await source.backup(target);
  } finally {
    source.close();
  }
}
