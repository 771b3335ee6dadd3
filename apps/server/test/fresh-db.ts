/**
 * A database of a test's own (a SQLite file, or a PostgreSQL schema on TEST_DATABASE_URL) and a
 * way to migrate it up to just before one migration: the tests of a migration that fills a kept
 * table from rows already there (034's revenue totals, 045's day totals) write those rows first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { openDb, type DbHandle } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { Dialect } from '../src/db/dialect.ts';

export async function freshHandle(dialect: Dialect): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-fresh-'));
  if (dialect === 'sqlite') {
    const handle = openDb({ databaseUrl: '', dataDir });
    return {
      handle,
      close: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = openDb({ databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`, dataDir });
  return {
    handle,
    close: async () => {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs every migration before `name` (not `name` itself) on `handle`. */
export async function migrateBefore(handle: DbHandle, name: string): Promise<void> {
  const all = migrations(handle.dialect);
  const names = Object.keys(all).sort();
  const before = names[names.indexOf(name) - 1]!;
  const schema = handle.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => all },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const partial = await migrator.migrateTo(before);
  if (partial.error) throw partial.error;
}
