// Proves the one-runner job mechanism: two runners on one database (each with its own connection
// pool, as two server processes have) both schedule a job every second, and each period runs
// exactly once, never two runs at a time; a failure is recorded; staff "run now" works and is
// audited.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Dialect, type DbHandle } from '../db/index.ts';
import { dialects, makeTestApp, staffClient } from '../../test/helper.ts';
import { pgSchema } from '../../test/process.ts';
import { JobRunner, type JobDefinition } from './runner.ts';
import { serverJobs } from './index.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('jobs on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Two handles on one database, as two processes would have. */
  async function twoHandles(): Promise<[DbHandle, DbHandle]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-jobs-'));
    let url = '';
    if (dialect === 'postgres') {
      const schema = await pgSchema(process.env.TEST_DATABASE_URL!, 'jobs');
      url = schema.url;
      cleanups.push(schema.drop);
    }
    const a = openDb({ databaseUrl: url, dataDir });
    await migrateToLatest(a);
    const b = openDb({ databaseUrl: url, dataDir });
    cleanups.push(async () => {
      await a.close();
      await b.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return [a, b];
  }

  it('runs each period once across two runners, one run at a time', async () => {
    const [a, b] = await twoHandles();
    const ranBy: Record<string, string[]> = {};
    let active = 0;
    let activeMax = 0;
    const job = (who: string): JobDefinition => ({
      name: 'every-second',
      schedule: '* * * * * *',
      async run({ period }) {
        active++;
        activeMax = Math.max(activeMax, active);
        (ranBy[period] ??= []).push(who);
        await sleep(150);
        active--;
      },
    });
    const runners = [new JobRunner(a.db, log, { pollMs: 200, owner: 'process-a' }), new JobRunner(b.db, log, { pollMs: 200, owner: 'process-b' })];
    await runners[0]!.register(job('a'));
    await runners[1]!.register(job('b'));
    for (const r of runners) r.start();
    await sleep(4_500);
    await Promise.all(runners.map((r) => r.stop()));

    const periods = Object.keys(ranBy);
    expect(periods.length).toBeGreaterThanOrEqual(3);
    for (const period of periods) expect(ranBy[period], period).toHaveLength(1);
    expect(activeMax).toBe(1);
    const rows = await a.db.selectFrom('job_runs').select(['period', 'status', 'owner']).where('name', '=', 'every-second').execute();
    expect(rows.map((r) => r.period).sort()).toEqual(periods.sort());
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    // The periods are the schedule's seconds, not the moments a process happened to wake.
    expect(periods.every((p) => p.endsWith('.000Z'))).toBe(true);
    console.log(
      `jobs (${dialect}): ${periods.length} periods, each run once; by process: ${JSON.stringify(
        Object.values(ranBy)
          .flat()
          .reduce<Record<string, number>>((n, w) => ({ ...n, [w]: (n[w] ?? 0) + 1 }), {}),
      )}`,
    );
  });

  it('does not overlap a slow run: a period that comes due meanwhile runs once, afterwards', async () => {
    const [a, b] = await twoHandles();
    let active = 0;
    let activeMax = 0;
    let runs = 0;
    const slow: JobDefinition = {
      name: 'slow',
      schedule: '* * * * * *',
      async run() {
        active++;
        runs++;
        activeMax = Math.max(activeMax, active);
        await sleep(1_600);
        active--;
      },
    };
    const runners = [new JobRunner(a.db, log, { pollMs: 100, leaseMs: 3_000 }), new JobRunner(b.db, log, { pollMs: 100, leaseMs: 3_000 })];
    for (const r of runners) await r.register(slow);
    for (const r of runners) r.start();
    await sleep(4_200);
    await Promise.all(runners.map((r) => r.stop()));
    expect(activeMax).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(3);
  });

  it('records a failure with its message and runs again next period', async () => {
    const [a] = await twoHandles();
    let now = Date.UTC(2026, 0, 1, 0, 0, 30);
    const runner = new JobRunner(a.db, log, { now: () => now });
    let calls = 0;
    await runner.register({
      name: 'flaky',
      schedule: '0 * * * * *',
      async run() {
        calls++;
        if (calls === 1) throw new Error('upstream said no');
      },
    });
    expect(await runner.runDue('flaky')).toBe(false);
    now += 30_000;
    expect(await runner.runDue('flaky')).toBe(true);
    expect(await runner.runDue('flaky')).toBe(false);
    let [state] = await runner.status();
    expect(state).toMatchObject({
      name: 'flaky',
      lastStatus: 'failed',
      lastError: 'upstream said no',
      lastPeriod: '2026-01-01T00:01:00.000Z',
      isRunning: false,
    });
    now += 60_000;
    expect(await runner.runDue('flaky')).toBe(true);
    [state] = await runner.status();
    expect(state).toMatchObject({ lastStatus: 'succeeded', lastError: null, lastPeriod: '2026-01-01T00:02:00.000Z' });
  });

  it('housekeeping deletes only what is past its retention', async () => {
    const [a] = await twoHandles();
    const now = Date.now();
    const day = 86_400_000;
    await a.db
      .insertInto('rate_limits')
      .values([
        { key: 'old-window', window_start: BigInt(now - 3 * day), hits: 1 },
        { key: 'live-window', window_start: BigInt(now - 60_000), hits: 1 },
      ])
      .execute();
    await a.db
      .insertInto('rate_limit_holds')
      .values([
        { id: 'expired-hold', key: 'live-window', expires_at: BigInt(now - 1_000) },
        { id: 'live-hold', key: 'live-window', expires_at: BigInt(now + 60_000) },
      ])
      .execute();
    await a.db
      .insertInto('known_addresses')
      .values([
        { login_type: 'USER', account_id: 'm1', address: '10.0.0.1', last_seen_at: BigInt(now - 100 * day) },
        { login_type: 'USER', account_id: 'm1', address: '10.0.0.2', last_seen_at: BigInt(now - day) },
      ])
      .execute();
    await a.db
      .insertInto('request_log')
      .values([
        { scope: 'transferCreate', actor: 'm1', request_id: 'old-key', input_hash: 'h', result_json: '{}', created_at: now - 8 * day },
        { scope: 'transferCreate', actor: 'm1', request_id: 'live-key', input_hash: 'h', result_json: '{}', created_at: now - 6 * day },
      ])
      .execute();
    const housekeeping = serverJobs(a).find((j) => j.name === 'housekeeping')!;
    await housekeeping.run({ period: 'test', signal: new AbortController().signal });
    expect((await a.db.selectFrom('request_log').select('request_id').where('actor', '=', 'm1').execute()).map((r) => r.request_id)).toEqual(['live-key']);
    expect((await a.db.selectFrom('rate_limits').select('key').where('key', 'in', ['old-window', 'live-window']).execute()).map((r) => r.key)).toEqual([
      'live-window',
    ]);
    expect((await a.db.selectFrom('rate_limit_holds').select('id').execute()).map((r) => r.id)).toEqual(['live-hold']);
    expect((await a.db.selectFrom('known_addresses').select('address').where('account_id', '=', 'm1').execute()).map((r) => r.address)).toEqual(['10.0.0.2']);
  });

  it('lets staff run a job now, with an audit row; unknown jobs and roles without the right are refused', async () => {
    const t = await makeTestApp(dialect, { JOBS: 'on' });
    cleanups.push(() => t.close());
    const admin = await staffClient(t, 'admin', 'Admin@12345');
    const listed = await admin.call<Array<{ name: string; nextRunAt: number }>>('jobList');
    expect(listed.data.map((j) => j.name).sort()).toEqual([
      'equity-bonus',
      'housekeeping',
      'jackpot-draw',
      'ledger-verify',
      'ledger-verify-full',
      'package-release',
      'plan-payout',
      'proof-snapshot',
      'uploads-cleanup',
    ]);
    expect(listed.data.every((j) => j.nextRunAt > Date.now())).toBe(true);
    const requested = await admin.call('jobRunNow', { name: 'ledger-verify', reason: 'check after the import ' + crypto.randomUUID() });
    expect(requested.code, requested.message).toBe(20000);
    await expect
      .poll(
        async () =>
          (await admin.call<Array<{ name: string; lastStatus: string | null; lastPeriod: string | null }>>('jobList')).data.find(
            (j) => j.name === 'ledger-verify',
          ),
        { timeout: 10_000 },
      )
      .toMatchObject({ lastStatus: 'succeeded', lastPeriod: expect.stringMatching(/^manual:\d+$/) });
    const audit = await t.services.dbHandle.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'job.runNow').execute();
    expect(audit).toEqual([{ action: 'job.runNow', target_id: 'ledger-verify' }]);
    // Keyed once: a retry of one request (its answer lost) asks for no second run and writes no
    // second audit row; the same id with another reason is refused, not run.
    const retried = { name: 'housekeeping', reason: 'retried ' + crypto.randomUUID(), requestId: crypto.randomUUID() };
    expect((await admin.call('jobRunNow', retried)).code).toBe(20000);
    expect((await admin.call('jobRunNow', retried)).code).toBe(20000);
    const runs = await t.services.dbHandle.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'job.runNow')
      .where('target_id', '=', 'housekeeping')
      .execute();
    expect(runs).toHaveLength(1);
    expect((await admin.call('jobRunNow', { ...retried, reason: 'another reason' })).error).toBe('ledger.requestIdReused');
    expect((await admin.call('jobRunNow', { name: 'no-such-job', reason: 'x' })).error).toBe('job.notFound');
    const finance = await staffClient(t, 'finance2', 'Finance2@12345');
    expect((await finance.call('jobRunNow', { name: 'housekeeping', reason: 'x' })).error).toBe('auth.forbidden');
  });
});
