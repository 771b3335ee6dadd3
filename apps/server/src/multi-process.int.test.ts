// Proves two server processes on one PostgreSQL database share what they must: a request
// replayed to the other process is refused, a rate limit counted by one holds on the other, a
// setting staff change through one is what the other serves, and a logout through one ends the
// session on the other. Both schedule the same job, and each of its periods runs once, on one
// of them, never two runs at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGuardrails, generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { openDb } from './db/index.ts';
import { sealRequest } from '@pp/envelope/node';
import { freePort, httpCall, pgSchema, sendSealed, startServerProcess, type ServerProcess } from '../test/process.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-two-'));
  const servers: ServerProcess[] = [];
  let dropSchema = async () => {};
  let databaseUrl = '';
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  });

  it('shares replays, rate limits, configuration and logouts', async () => {
    const schema = await pgSchema(baseUrl!, 'two');
    dropSchema = schema.drop;
    databaseUrl = schema.url;
    // One data directory: both read the same envelope key, as processes given ENVELOPE_PRIVATE_KEY would.
    // Both run the jobs, housekeeping every 2 s and a look for due jobs every second (the next test).
    const env = { DATA_DIR: dataDir, DATABASE_URL: schema.url, JOBS: 'on', JOBS_POLL_SECONDS: '1', HOUSEKEEPING_SCHEDULE: '*/2 * * * * *' };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServerProcess(portA, env);
    servers.push(a);
    const b = await startServerProcess(portB, env);
    servers.push(b);
    expect(b.key).toEqual(a.key);
    const key = a.key;

    // A replay: the request A accepted is refused by B.
    const login = sealRequest(key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    const first = await sendSealed(portA, endpoints.login.path, login);
    expect(first.code).toBe(20000);
    const replayed = await sendSealed(portB, endpoints.login.path, login);
    expect(replayed).toMatchObject({ status: 400, error: 'envelope.replayed' });
    const token = first.data!.token as string;

    // A rate limit: one code a minute per address, counted by A, holds on B.
    const email = 'two-process@example.com';
    const sentA = await httpCall(portA, key, endpoints.noLoginSend.path, { email, purpose: 'REGISTER' });
    expect(sentA.code).toBe(20000);
    const sentB = await httpCall(portB, key, endpoints.noLoginSend.path, { email, purpose: 'REGISTER' });
    expect(sentB.error).toBe('code.tooFrequent');

    // A setting changed by staff through A is what B serves to a member.
    const staffStep1 = await httpCall(
      portA,
      key,
      endpoints.staffLogin.path,
      { userName: 'admin', password: 'Admin@12345', loginType: 'STAFF' },
      undefined,
      undefined,
      'STAFF',
    );
    expect(staffStep1.code).toBe(20000);
    const code = await generate({ secret: 'JBSWY3DPEHPK3PXP', guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    const staffStep2 = await httpCall(
      portA,
      key,
      endpoints.staffTotpVerify.path,
      { challengeId: staffStep1.data!.challengeId, code },
      undefined,
      undefined,
      'STAFF',
    );
    expect(staffStep2.code).toBe(20000);
    const staffToken = staffStep2.data!.token as string;
    const before = await httpCall(portB, key, endpoints.transferConfig.path, {}, token);
    const minimum = before.data!.minimum === '7' ? '8' : '7';
    const changed = await httpCall(
      portA,
      key,
      endpoints.configUpdate.path,
      { key: 'transfer.minimumAmount', value: minimum, reason: 'two-process test', requestId: crypto.randomUUID() },
      staffToken,
      undefined,
      'STAFF',
    );
    expect(changed.code).toBe(20000);
    expect((await httpCall(portB, key, endpoints.transferConfig.path, {}, token)).data!.minimum).toBe(minimum);

    // A logout through B ends the session A also serves.
    expect((await httpCall(portA, key, endpoints.userInfo.path, {}, token)).code).toBe(20000);
    expect((await httpCall(portB, key, endpoints.logout.path, {}, token)).code).toBe(20000);
    expect(await httpCall(portA, key, endpoints.userInfo.path, {}, token)).toMatchObject({ status: 401, code: 87321 });
  });

  it('runs a job both processes schedule once per period, one run at a time, and the other takes over', async () => {
    expect(databaseUrl).not.toBe('');
    const handle = openDb({ databaseUrl, dataDir });
    type Run = { period: string; owner: string; status: string; started_at: bigint; finished_at: bigint | null };
    const readRuns = async () =>
      (await handle.db
        .selectFrom('job_runs')
        .select(['period', 'owner', 'status', 'started_at', 'finished_at'])
        .where('name', '=', 'housekeeping')
        .orderBy('started_at')
        .execute()) as Run[];
    /** Waits until `enough` holds for the runs, for at most 20 s. */
    const waitForRuns = async (enough: (finished: Run[]) => boolean) => {
      const until = Date.now() + 20_000;
      for (;;) {
        const finished = (await readRuns()).filter((r) => r.status !== 'running');
        if (enough(finished) || Date.now() > until) return finished;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    try {
      const early = await waitForRuns((finished) => finished.length >= 3);
      expect(early.length).toBeGreaterThanOrEqual(3);
      // The process that has been running the job stops (SIGTERM): the other takes the next periods.
      const pidOf = (owner: string) => Number(owner.split(':')[1]);
      const first = servers.find((s) => s.child.pid === pidOf(early.at(-1)!.owner));
      expect(first).toBeDefined();
      first!.child.kill('SIGTERM');
      const other = servers.find((s) => s !== first)!;
      const all = await waitForRuns((finished) => finished.filter((r) => pidOf(r.owner) === other.child.pid).length >= 2);

      expect(all.filter((r) => pidOf(r.owner) === other.child.pid).length).toBeGreaterThanOrEqual(2);
      expect(all.every((r) => r.status === 'succeeded')).toBe(true);
      // One run per period (the schedule's even seconds), never two at a time, across both processes.
      const runs = await readRuns();
      expect(new Set(runs.map((r) => r.period)).size).toBe(runs.length);
      expect(runs.every((r) => /:\d[02468]\.000Z$/.test(r.period))).toBe(true);
      for (let i = 1; i < all.length; i++) expect(Number(all[i]!.started_at)).toBeGreaterThanOrEqual(Number(all[i - 1]!.finished_at));
      const byProcess = Object.fromEntries(servers.map((s) => [`pid ${s.child.pid}`, all.filter((r) => pidOf(r.owner) === s.child.pid).length]));
      console.log(`two processes, housekeeping every 2 s: ${all.length} periods, each run once; runs by process ${JSON.stringify(byProcess)}`);
    } finally {
      await handle.close();
    }
  });
});
