// Housekeeping deletes in batches (decision 047): 25,000 expired rows go in several batches of at
// most deleteBatchSize rows, each short, and a write made while the job runs waits at most about
// one batch, not the whole deletion.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Dialect, type DbHandle } from '../db/index.ts';
import { dialects } from '../../test/helper.ts';
import { serverStorage } from '../../test/process.ts';
import { deleteBatchSize, deleteInBatches } from '../db/batched-delete.ts';
import { inTransaction } from '../db/transaction.ts';
import { serverJobs } from './index.ts';
import { SecurityRepository } from '../modules/identity/security/repository.ts';
import { PostgresReplayStore } from '../plugins/replay-guard.ts';

const expiredRows = 25_000;

describe.each(dialects)('batched deletions on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function freshDb(): Promise<DbHandle> {
    const storage = await serverStorage(dialect, 'batched');
    cleanups.push(storage.cleanup);
    const handle = openDb({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    cleanups.push(() => handle.close());
    await migrateToLatest(handle);
    return handle;
  }

  /** 25,000 captchas expired two days ago, and `live` that expire tomorrow, in one statement each. */
  async function fill(handle: DbHandle, live: number): Promise<void> {
    const old = BigInt(Date.now() - 2 * 86_400_000);
    const later = BigInt(Date.now() + 86_400_000);
    const series = (n: number) =>
      handle.dialect === 'postgres'
        ? sql`select 'x' || g as id, g from generate_series(1, ${n}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${n}) select 'x' || g as id, g from s`;
    await sql`insert into captchas (id, answer_hash, expires_at) select 'old-' || id, 'h', ${old} from (${series(expiredRows)}) t`.execute(handle.db);
    if (live > 0) await sql`insert into captchas (id, answer_hash, expires_at) select 'live-' || id, 'h', ${later} from (${series(live)}) t`.execute(handle.db);
  }

  async function count(handle: DbHandle): Promise<number> {
    const row = await handle.db
      .selectFrom('captchas')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('deletes 25,000 expired rows in bounded batches and keeps the live ones', async () => {
    const handle = await freshDb();
    await fill(handle, 500);
    const batches: Array<{ rows: number; ms: number }> = [];
    const deleted = await deleteInBatches(handle, 'captchas', 'expires_at', BigInt(Date.now()), { onBatch: (rows, ms) => batches.push({ rows, ms }) });
    expect(deleted).toBe(expiredRows);
    expect(await count(handle)).toBe(500);
    expect(batches.length).toBe(Math.ceil(expiredRows / deleteBatchSize) + (expiredRows % deleteBatchSize === 0 ? 1 : 0));
    for (const batch of batches) expect(batch.rows).toBeLessThanOrEqual(deleteBatchSize);
    // Each batch is a short statement: far under a second even on a busy test machine.
    expect(Math.max(...batches.map((b) => b.ms))).toBeLessThan(500);
  });

  it('stops at the per-run cap and takes the rest next time', async () => {
    const handle = await freshDb();
    await fill(handle, 0);
    expect(await deleteInBatches(handle, 'captchas', 'expires_at', BigInt(Date.now()), { maxRows: 10_000, batchSize: 3_000 })).toBe(10_000);
    expect(await count(handle)).toBe(expiredRows - 10_000);
    expect(await deleteInBatches(handle, 'captchas', 'expires_at', BigInt(Date.now()))).toBe(expiredRows - 10_000);
  });

  it('lets a write made during the housekeeping job through within about one batch', async () => {
    const handle = await freshDb();
    await fill(handle, 0);
    const housekeeping = serverJobs(handle).find((job) => job.name === 'housekeeping')!;
    let isRunning = true;
    const waits: number[] = [];
    const writer = (async () => {
      for (let i = 0; isRunning; i++) {
        const started = performance.now();
        await handle.db
          .insertInto('captchas')
          .values({ id: `w-${i}`, answer_hash: 'h', expires_at: BigInt(Date.now() + 86_400_000) })
          .execute();
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const started = performance.now();
    await housekeeping.run({ period: 'test', signal: new AbortController().signal });
    const jobMs = performance.now() - started;
    isRunning = false;
    await writer;
    expect(await count(handle)).toBe(waits.length);
    // The writer got in many times while the job ran, each time waiting a fraction of a second.
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(250);
    console.log(`${dialect}: housekeeping ${jobMs.toFixed(0)} ms, ${waits.length} writes during it, longest wait ${Math.max(...waits).toFixed(1)} ms`);
  });

  it('sweeps expired sign-in challenges one batch per new challenge, and the housekeeping job the rest in batches (migration 036 indexes the column)', async () => {
    const handle = await freshDb();
    const old = BigInt(Date.now() - 2 * 86_400_000);
    const series = (n: number) =>
      handle.dialect === 'postgres'
        ? sql`select 'x' || g as id from generate_series(1, ${n}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${n}) select 'x' || g as id from s`;
    await sql`insert into login_challenges (id_hash, user_id, attempts, created_at, expires_at) select id, 'u', 0, ${old}, ${old} from (${series(expiredRows)}) t`.execute(
      handle.db,
    );
    const left = async () =>
      Number(
        (
          await handle.db
            .selectFrom('login_challenges')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await new SecurityRepository(handle.db).deleteExpiredChallenges(Date.now());
    expect(await left()).toBe(expiredRows - deleteBatchSize);
    const batches: number[] = [];
    const deleted = await deleteInBatches(handle, 'login_challenges', 'expires_at', BigInt(Date.now() - 86_400_000), {
      onBatch: (_rows, ms) => batches.push(ms),
    });
    expect(deleted).toBe(expiredRows - deleteBatchSize);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(deleted / deleteBatchSize));
    expect(Math.max(...batches)).toBeLessThan(500);
    expect(await left()).toBe(0);
    // The batch's subselect can seek the expiry index (PostgreSQL's planner takes a scan of so small
    // a table when allowed to, so there the scan is ruled out for the question).
    const plan =
      handle.dialect === 'postgres'
        ? await inTransaction(handle.db, async (tx) => {
            await sql`set local enable_seqscan = off`.execute(tx);
            return (await sql<{ 'QUERY PLAN': string }>`explain select ctid from login_challenges where expires_at < ${old} limit 1000`.execute(tx)).rows
              .map((r) => r['QUERY PLAN'])
              .join('\n');
          })
        : (await sql<{ detail: string }>`explain query plan select rowid from login_challenges where expires_at < ${old} limit 1000`.execute(handle.db)).rows
            .map((r) => r.detail)
            .join('\n');
    expect(plan).toMatch(/login_challenges_expires_at/);
  });

  it.runIf(dialect === 'postgres')("prunes the replay store's expired nonces in batches beside its nonce batches", async () => {
    const handle = await freshDb();
    const old = BigInt(Date.now() - 600_000);
    await sql`insert into envelope_nonces (nonce, expires_at) select 'n' || g, ${old} from generate_series(1, ${expiredRows}) g`.execute(handle.db);
    const store = new PostgresReplayStore(handle.db);
    expect(await store.remember('fresh-nonce-aaaaaaaaaaa', Date.now() + 60_000)).toBe('fresh');
    await store.close();
    const rows = await handle.db.selectFrom('envelope_nonces').select('nonce').execute();
    expect(rows.map((r) => r.nonce)).toEqual(['fresh-nonce-aaaaaaaaaaa']);
  });
});
