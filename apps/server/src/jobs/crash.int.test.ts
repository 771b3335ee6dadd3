// Proves that a job run survives the death of its process (decision 038): a real child process
// running a slow job is killed with SIGKILL mid-run; after its lease lapses, one of two runners
// racing for it takes that same period over and completes it exactly once (one job_runs row,
// 'succeeded'). Also: a runner that was only slow finds its lease gone, is asked to stop and
// changes nothing of the new owner's; a period that keeps killing its processes is given up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Dialect, type DbHandle } from '../db/index.ts';
import { dialects } from '../../test/helper.ts';
import { pgSchema } from '../../test/process.ts';
import { JobRunner, jobAttemptsMax, type JobDefinition } from './runner.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const childScript = path.resolve(import.meta.dirname, '../../test/job-crash-process.ts');

describe.each(dialects)('jobs across a crash on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Two handles on one database, as two processes would have, and where a third process finds it. */
  async function twoHandles(): Promise<{ a: DbHandle; b: DbHandle; databaseUrl: string; dataDir: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-job-crash-'));
    let databaseUrl = '';
    if (dialect === 'postgres') {
      const schema = await pgSchema(process.env.TEST_DATABASE_URL!, 'jobcrash');
      databaseUrl = schema.url;
      cleanups.push(schema.drop);
    }
    const a = openDb({ databaseUrl, dataDir });
    await migrateToLatest(a);
    const b = openDb({ databaseUrl, dataDir });
    cleanups.push(async () => {
      await a.close();
      await b.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { a, b, databaseUrl, dataDir };
  }

  it('takes over the period of a process killed mid-run and completes it exactly once', async () => {
    const { a, b, databaseUrl, dataDir } = await twoHandles();
    const leaseMs = 1_500;
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JOB_LEASE_MS: String(leaseMs), JOB_OWNER: 'doomed' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let out = '';
    const started = new Promise<string>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /started (\S+)\n/.exec(out);
        if (match) resolve(match[1]!);
      }),
    );
    let period: string;
    try {
      period = await Promise.race([started, sleep(30_000).then(() => Promise.reject(new Error(`the child never started its run: ${out}`)))]);
      // Let its heartbeat renew the lease at least once: it was alive and working when killed.
      await sleep(leaseMs / 2 + 300);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    const stranded = await a.db.selectFrom('job_runs').select(['period', 'status', 'owner']).where('name', '=', 'crash-slow').execute();
    expect(stranded).toEqual([{ period, status: 'running', owner: 'doomed' }]);

    const ran: Array<{ who: string; period: string }> = [];
    const job = (who: string): JobDefinition => ({
      name: 'crash-slow',
      schedule: '* * * * * *',
      async run({ period: p }) {
        ran.push({ who, period: p });
        await sleep(300);
      },
    });
    const runners = [
      new JobRunner(a.db, log, { leaseMs, pollMs: 100, owner: 'runner-a' }),
      new JobRunner(b.db, log, { leaseMs, pollMs: 100, owner: 'runner-b' }),
    ];
    await runners[0]!.register(job('a'));
    await runners[1]!.register(job('b'));
    const lapsedBy = Number((await a.db.selectFrom('job_state').select('lease_until').where('name', '=', 'crash-slow').executeTakeFirstOrThrow()).lease_until);
    // While the dead process's lease lasts, nobody may take its period.
    if (Date.now() < lapsedBy - 200) expect(await Promise.all(runners.map((r) => r.runDue('crash-slow')))).toEqual([false, false]);
    // Lapsed and not yet taken over for two polls: /readyz reports the job stuck.
    await sleep(Math.max(0, lapsedBy - Date.now()) + 300);
    expect(await runners[0]!.unhealthyJobs()).toEqual(['crash-slow']);

    // Both race for the takeover: one wins and runs that same period; the other does nothing.
    const won = await Promise.all(runners.map((r) => r.runDue('crash-slow')));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.period).toBe(period);
    const winner = won[0] ? 'runner-a' : 'runner-b';
    const rows = await a.db
      .selectFrom('job_runs')
      .select(['period', 'status', 'owner'])
      .where('name', '=', 'crash-slow')
      .where('period', '=', period)
      .execute();
    expect(rows).toEqual([{ period, status: 'succeeded', owner: winner }]);
    const state = await a.db.selectFrom('job_state').selectAll().where('name', '=', 'crash-slow').executeTakeFirstOrThrow();
    expect(state).toMatchObject({ lease_owner: null, lease_period: null, last_status: 'succeeded', last_period: period });
    expect(await runners[0]!.unhealthyJobs()).toEqual([]);

    // Afterwards the job follows its schedule: the crashed period is never run again.
    await Promise.all(runners.map((r) => r.runDue('crash-slow')));
    await Promise.all(runners.map((r) => r.runDue('crash-slow')));
    expect(ran.filter((r) => r.period === period)).toHaveLength(1);
    const all = await a.db.selectFrom('job_runs').select(['period', 'status']).where('name', '=', 'crash-slow').execute();
    expect(all.filter((r) => r.period === period)).toEqual([{ period, status: 'succeeded' }]);
    expect(all.every((r) => r.status === 'succeeded')).toBe(true);
    console.log(`jobs across a crash (${dialect}): period ${period} of the killed process completed once by ${winner}; ${all.length} runs in all`);
  }, 60_000);

  it('lets a merely slow owner neither clobber the new owner nor go on unnoticed', async () => {
    const { a, b } = await twoHandles();
    // The slow owner's clock runs a minute behind, so its lease is lapsed for everyone else while it works.
    const slow = new JobRunner(a.db, log, { leaseMs: 900, owner: 'slow', now: () => Date.now() - 60_000 });
    const fresh = new JobRunner(b.db, log, { leaseMs: 10_000, owner: 'fresh' });
    let finishSlow = () => {};
    let finishFresh = () => {};
    let slowSignal: AbortSignal | undefined;
    const runs: string[] = [];
    await slow.register({
      name: 'slow-owner',
      schedule: '* * * * * *',
      async run({ period, signal }) {
        runs.push(`slow ${period}`);
        slowSignal = signal;
        await new Promise<void>((resolve) => (finishSlow = resolve));
      },
    });
    await fresh.register({
      name: 'slow-owner',
      schedule: '* * * * * *',
      async run({ period }) {
        runs.push(`fresh ${period}`);
        await new Promise<void>((resolve) => (finishFresh = resolve));
      },
    });
    await a.db.updateTable('job_state').set({ next_run_at: 0n }).where('name', '=', 'slow-owner').execute();
    const slowRun = slow.runDue('slow-owner');
    await expect.poll(() => runs.length).toBe(1);
    const period = runs[0]!.slice('slow '.length);
    const freshRun = fresh.runDue('slow-owner');
    await expect.poll(() => runs.length).toBe(2);
    expect(runs[1]).toBe(`fresh ${period}`);
    // The slow owner's next heartbeat finds the lease taken over and asks its run to stop.
    await expect.poll(() => slowSignal?.aborted, { timeout: 5_000 }).toBe(true);
    finishSlow();
    expect(await slowRun).toBe(true);
    const during = await a.db
      .selectFrom('job_state')
      .select(['lease_owner', 'lease_period', 'lease_attempt'])
      .where('name', '=', 'slow-owner')
      .executeTakeFirstOrThrow();
    expect({ ...during, lease_attempt: Number(during.lease_attempt) }).toEqual({ lease_owner: 'fresh', lease_period: period, lease_attempt: 2 });
    expect(await a.db.selectFrom('job_runs').select(['status', 'owner']).where('name', '=', 'slow-owner').execute()).toEqual([
      { status: 'running', owner: 'fresh' },
    ]);
    finishFresh();
    expect(await freshRun).toBe(true);
    expect(await a.db.selectFrom('job_runs').select(['period', 'status', 'owner']).where('name', '=', 'slow-owner').execute()).toEqual([
      { period, status: 'succeeded', owner: 'fresh' },
    ]);
    expect(await a.db.selectFrom('job_state').select(['lease_owner', 'last_status']).where('name', '=', 'slow-owner').executeTakeFirstOrThrow()).toEqual({
      lease_owner: null,
      last_status: 'succeeded',
    });
  });

  it(`gives a period up after ${jobAttemptsMax} runs that never ended`, async () => {
    const { a } = await twoHandles();
    let calls = 0;
    const runner = new JobRunner(a.db, log, { owner: 'last' });
    await runner.register({ name: 'poison', schedule: '0 0 1 1 *', run: async () => void calls++ });
    const period = '2026-01-01T00:00:00.000Z';
    await a.db
      .updateTable('job_state')
      .set({ lease_owner: 'dead-3', lease_until: 1n, lease_period: period, lease_attempt: jobAttemptsMax })
      .where('name', '=', 'poison')
      .execute();
    await a.db
      .insertInto('job_runs')
      .values({ id: 'poison-run', name: 'poison', period, owner: 'dead-3', status: 'running', started_at: 1n, finished_at: null, error: null })
      .execute();
    expect(await runner.runDue('poison')).toBe(true);
    expect(calls).toBe(0);
    const row = await a.db.selectFrom('job_runs').select(['status', 'owner', 'error']).where('id', '=', 'poison-run').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', owner: 'last', error: expect.stringContaining(`stopped ${jobAttemptsMax} times`) });
    expect(await a.db.selectFrom('job_state').select(['lease_owner', 'last_status']).where('name', '=', 'poison').executeTakeFirstOrThrow()).toEqual({
      lease_owner: null,
      last_status: 'failed',
    });
  });
});
