// Proves the nonce stores keep "the first writer of a nonce wins" when nonces are written in
// batches (group commit): a burst in one event-loop turn with repeats inside it, and two stores on
// one database (two server processes) racing for the same nonces, each nonce is fresh exactly once.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb } from '../db/index.ts';
import { serverStorage } from '../../test/process.ts';
import { PostgresReplayStore, RedisReplayStore, SqliteReplayStore, memoryMarkBook, nonceBatchMax, type ReplayStore } from './replay-guard.ts';

type Kind = 'sqlite' | 'postgres' | 'redis';
const kinds: Kind[] = ['sqlite'];
if (process.env.TEST_DATABASE_URL) kinds.push('postgres');
if (process.env.TEST_REDIS_URL) kinds.push('redis');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Two stores over one shared place, as two server processes would have. */
async function twoStores(kind: Kind): Promise<[ReplayStore, ReplayStore]> {
  const storage = await serverStorage(kind === 'postgres' ? 'postgres' : 'sqlite', 'nonces');
  cleanups.push(storage.cleanup);
  if (kind === 'sqlite') {
    const file = path.join(storage.dataDir, 'replay-nonces.db');
    const stores: [ReplayStore, ReplayStore] = [new SqliteReplayStore(file), new SqliteReplayStore(file)];
    cleanups.push(async () => void (await Promise.all(stores.map((s) => s.close()))));
    return stores;
  }
  if (kind === 'redis') {
    const prefix = `pp:test-nonce:${Date.now()}:${Math.random()}:`;
    const marks = memoryMarkBook();
    const stores: [ReplayStore, ReplayStore] = [
      new RedisReplayStore(process.env.TEST_REDIS_URL!, prefix, marks),
      new RedisReplayStore(process.env.TEST_REDIS_URL!, prefix, marks),
    ];
    cleanups.push(async () => void (await Promise.all(stores.map((s) => s.close()))));
    return stores;
  }
  const handles = [0, 1].map(() => openDb({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir }));
  await migrateToLatest(handles[0]!);
  cleanups.push(async () => void (await Promise.all(handles.map((h) => h.close()))));
  return [new PostgresReplayStore(handles[0]!.db), new PostgresReplayStore(handles[1]!.db)];
}

const nonce = (i: number) => `nonce-${String(i).padStart(16, '0')}`;

describe.each(kinds)('nonce store under bursts (%s)', (kind) => {
  it('a burst with repeats inside it: each nonce is fresh once, every repeat is replayed', async () => {
    const [store] = await twoStores(kind);
    const expires = Date.now() + 60_000;
    // More than one batch's worth, each nonce four times, all handed in within one turn.
    const distinct = nonceBatchMax + 44;
    const calls = Array.from({ length: distinct * 4 }, (_, i) => store.remember(nonce(i % distinct), expires));
    const verdicts = await Promise.all(calls);
    const freshByNonce = new Map<string, number>();
    verdicts.forEach((v, i) => {
      if (v === 'fresh') freshByNonce.set(nonce(i % distinct), (freshByNonce.get(nonce(i % distinct)) ?? 0) + 1);
    });
    expect(freshByNonce.size).toBe(distinct);
    expect([...freshByNonce.values()].every((n) => n === 1)).toBe(true);
    expect(await store.remember(nonce(0), expires)).toBe('replayed');
  });

  it('two processes racing for the same nonces: exactly one of them gets each', async () => {
    const [a, b] = await twoStores(kind);
    const expires = Date.now() + 60_000;
    const count = 300;
    const fromA = Array.from({ length: count }, (_, i) => a.remember(nonce(10_000 + i), expires));
    const fromB = Array.from({ length: count }, (_, i) => b.remember(nonce(10_000 + i), expires));
    const [va, vb] = await Promise.all([Promise.all(fromA), Promise.all(fromB)]);
    for (let i = 0; i < count; i++) {
      expect([va[i], vb[i]].sort()).toEqual(['fresh', 'replayed']);
    }
  });

  it('a seen nonce is a replay whatever time it comes with, so a new time cannot make a replay fresh (SQLite once did)', async () => {
    const [store, other] = await twoStores(kind);
    const expires = Date.now() + 60_000;
    expect(await store.remember(nonce(50_000), expires)).toBe('fresh');
    expect(await store.remember(nonce(50_000), expires + 1_234)).toBe('replayed');
    expect(await other.remember(nonce(50_000), expires - 999)).toBe('replayed');
  });
});
