import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backstopPages, checkpointIntervalMs, checkpointOffThread, checkpointedFiles } from './wal-checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function walDatabase(): { file: string; db: SQLite.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, body blob not null)');
  return { file, db };
}

/** About 3 MB of rows, one commit each 100: far below the backstop, so only the worker copies them back. */
function write(db: SQLite.Database, from: number): void {
  const insert = db.prepare('insert into t (id, body) values (?, ?)');
  const many = db.transaction((start: number) => {
    for (let i = start; i < start + 100; i++) insert.run(i, Buffer.alloc(1000, i % 251));
  });
  for (let k = 0; k < 30; k++) many(from + k * 100);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, checkpointIntervalMs * 4));

describe('WAL checkpoints off the event loop', () => {
  it('copies committed pages into the database from the worker, and stops when told', async () => {
    const { file, db } = walDatabase();
    const stop = checkpointOffThread(db, file);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(backstopPages);
    expect(checkpointedFiles()).toContain(file);

    write(db, 0);
    // The server's connection did not checkpoint (3 MB is far below its backstop): the main file is still small.
    const before = fs.statSync(file).size;
    expect(before).toBeLessThan(1_000_000);
    await settle();
    const after = fs.statSync(file).size;
    expect(after).toBeGreaterThan(2_900_000);

    stop();
    expect(checkpointedFiles()).not.toContain(file);
    await settle();
    write(db, 10_000);
    await settle();
    // No checkpoint after stop: the new rows are still only in the WAL.
    expect(fs.statSync(file).size).toBe(after);
    expect((db.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(6000);
    db.close();
  });

  it('shares one registration per file between connections, and does nothing for :memory:', async () => {
    const { file, db } = walDatabase();
    const second = new SQLite(file);
    const stopFirst = checkpointOffThread(db, file);
    const stopSecond = checkpointOffThread(second, file);
    stopFirst();
    stopFirst();
    expect(checkpointedFiles()).toContain(file);
    write(second, 0);
    await settle();
    expect(fs.statSync(file).size).toBeGreaterThan(2_900_000);
    stopSecond();
    expect(checkpointedFiles()).not.toContain(file);

    const memory = new SQLite(':memory:');
    checkpointOffThread(memory, ':memory:')();
    expect(checkpointedFiles()).toEqual([]);
    second.close();
    db.close();
    memory.close();
  });

  it('survives a file that disappears under it', async () => {
    const { file, db } = walDatabase();
    const stop = checkpointOffThread(db, file);
    write(db, 0);
    db.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await settle();
    // Still answering: a new file is checkpointed as before.
    const other = walDatabase();
    const stopOther = checkpointOffThread(other.db, other.file);
    write(other.db, 0);
    await settle();
    expect(fs.statSync(other.file).size).toBeGreaterThan(2_900_000);
    stop();
    stopOther();
    other.db.close();
  });
});
