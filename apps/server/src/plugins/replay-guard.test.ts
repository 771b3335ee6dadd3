// Proves the embedded nonce store refuses a second use, keeps nonces in its file across a reopen,
// and forgets them only after they expire.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReplayStore } from './replay-guard.ts';
import { deleteBatchSize } from '../db/batched-delete.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SqliteReplayStore', () => {
  it('refuses a nonce seen before, also after the file is reopened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nonce-'));
    dirs.push(dir);
    const file = path.join(dir, 'nonces.db');
    const now = 1_000_000;
    const first = new SqliteReplayStore(file, () => now);
    expect(await first.remember('a'.repeat(22), now + 1000)).toBe('fresh');
    expect(await first.remember('a'.repeat(22), now + 1000)).toBe('replayed');
    expect(await first.remember('b'.repeat(22), now + 1000)).toBe('fresh');
    await first.close();
    const reopened = new SqliteReplayStore(file, () => now);
    expect(await reopened.remember('a'.repeat(22), now + 1000)).toBe('replayed');
    await reopened.close();
  });

  it('deletes expired nonces on its next prune and keeps live ones', async () => {
    let now = 1_000_000;
    const store = new SqliteReplayStore(':memory:', () => now);
    expect(await store.remember('old-nonce-aaaaaaaaaaaaa', now + 1000)).toBe('fresh');
    expect(await store.remember('live-nonce-aaaaaaaaaaaa', now + 600_000)).toBe('fresh');
    const liveExpiry = now + 600_000;
    now += 120_000;
    // The prune runs at most once a minute, before the insert that triggers it.
    expect(await store.remember('old-nonce-aaaaaaaaaaaaa', now + 1000)).toBe('fresh');
    // A replay repeats the whole authenticated header: the same nonce with the same time.
    expect(await store.remember('live-nonce-aaaaaaaaaaaa', liveExpiry)).toBe('replayed');
    await store.close();
  });

  it('prunes many expired nonces a batch at a time, between nonce batches (decision 047)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nonce-'));
    const file = path.join(dir, 'replay.db');
    const now = 10_000_000;
    const first = new SqliteReplayStore(file, () => now - 120_000);
    await first.close();
    const fill = new SQLite(file);
    const insert = fill.prepare('insert into envelope_nonces_by_time values (?, ?)');
    fill.transaction(() => {
      for (let i = 0; i < 5_500; i++) insert.run(now - 1_000 - i, `expired-${i}`.padEnd(22, 'x'));
    })();
    fill.close();
    const store = new SqliteReplayStore(file, () => now);
    const left = () => {
      const check = new SQLite(file, { readonly: true });
      const n = (check.prepare('select count(*) as n from envelope_nonces_by_time where expires_at < ?').get(now) as { n: number }).n;
      check.close();
      return n;
    };
    // The nonce is answered after the first batch of the prune, not after all of them.
    expect(await store.remember('fresh-nonce-aaaaaaaaaaa', now + 1000)).toBe('fresh');
    const afterFirst = left();
    expect(afterFirst).toBeLessThan(5_500);
    expect(afterFirst).toBeGreaterThanOrEqual(5_500 - 2 * deleteBatchSize);
    await store.close();
    expect(left()).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a seen nonce whatever time it comes with, as the PostgreSQL and Redis stores do, so a new time cannot make a replay fresh', async () => {
    const now = 1_000_000;
    const store = new SqliteReplayStore(':memory:', () => now);
    expect(await store.remember('c'.repeat(22), now + 1000)).toBe('fresh');
    expect(await store.remember('c'.repeat(22), now + 1000)).toBe('replayed');
    expect(await store.remember('c'.repeat(22), now + 2000)).toBe('replayed');
    expect(await store.remember('c'.repeat(22), now + 500)).toBe('replayed');
    await store.close();
  });

  it('keeps the earliest of a nonce stored under two times by a file from before the unique index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nonce-'));
    dirs.push(dir);
    const file = path.join(dir, 'nonces.db');
    const now = 1_000_000;
    const old = new SQLite(file);
    old.exec('create table envelope_nonces_by_time (expires_at integer not null, nonce text not null, primary key (expires_at, nonce)) strict, without rowid');
    old.prepare('insert into envelope_nonces_by_time values (?, ?)').run(now + 1000, 'd'.repeat(22));
    old.prepare('insert into envelope_nonces_by_time values (?, ?)').run(now + 3000, 'd'.repeat(22));
    old.close();
    const store = new SqliteReplayStore(file, () => now);
    expect(await store.remember('d'.repeat(22), now + 9000)).toBe('replayed');
    await store.close();
    const check = new SQLite(file);
    expect(check.prepare('select expires_at from envelope_nonces_by_time where nonce = ?').all('d'.repeat(22))).toEqual([{ expires_at: now + 1000 }]);
    check.close();
  });

  it('takes over the unexpired nonces of a file written by the first layout (keyed by nonce alone)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nonce-'));
    dirs.push(dir);
    const file = path.join(dir, 'nonces.db');
    const now = 1_000_000;
    const old = new SQLite(file);
    old.exec('create table envelope_nonces (nonce text primary key, expires_at integer not null) strict');
    old.exec('create index envelope_nonces_expiry on envelope_nonces (expires_at)');
    old.prepare('insert into envelope_nonces (nonce, expires_at) values (?, ?)').run('live'.padEnd(22, 'x'), now + 60_000);
    old.prepare('insert into envelope_nonces (nonce, expires_at) values (?, ?)').run('gone'.padEnd(22, 'x'), now - 1);
    old.close();
    const store = new SqliteReplayStore(file, () => now);
    expect(await store.remember('live'.padEnd(22, 'x'), now + 60_000)).toBe('replayed');
    await store.close();
    const check = new SQLite(file, { readonly: true });
    const tables = check.prepare("select name from sqlite_master where type = 'table' order by name").all();
    const kept = check.prepare('select nonce from envelope_nonces_by_time order by nonce').all();
    check.close();
    expect(tables).toEqual([{ name: 'envelope_nonces_by_time' }]);
    // The expired one was not carried over; the live one was (and was then refused).
    expect(kept).toEqual([{ nonce: 'live'.padEnd(22, 'x') }]);
  });
});
