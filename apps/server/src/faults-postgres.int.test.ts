// Faults survived (decision 036): PostgreSQL failing under a running server process, for real. The server
// reaches PostgreSQL through a TCP proxy the test controls (test/tcp-proxy.ts), under sealed
// transfer load: every connection terminated by pg_terminate_backend, the link holding packets,
// every connection cut and new ones refused (a restart or failover), and 200 ms on every packet.
// Each time: the process stays alive, every answer is 20000 or a quick 503 server.unavailable
// (never 500, never past the request budget), /readyz says not ready while it lasts, money moves
// again within seconds after it without a restart, no acknowledged transfer is lost, and the
// books verify.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { openDb } from './db/index.ts';
import { verifyLedger } from './modules/wallet/ledger/verify.ts';
import { freePort, httpCall, pgSchema, startServerProcess, type ServerProcess } from '../test/process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const budgetMs = 3_000;
/** An answer may take the budget plus this much (a loaded 2-core machine, the HTTP round trip). */
const slackMs = 2_500;

interface Answer {
  status: number;
  error?: string;
  ms: number;
  id?: string;
}

describe.skipIf(!baseUrl)('PostgreSQL faults under a running server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-faults-pg-'));
  const appName = `pp_fault_${crypto.randomBytes(4).toString('hex')}`;
  let server: ServerProcess;
  let proxy: TcpProxy;
  let directUrl = '';
  let dropSchema = async () => {};
  let token = '';
  const acknowledged: string[] = [];
  const report: string[] = [];

  beforeAll(async () => {
    const schema = await pgSchema(baseUrl!, 'faults');
    dropSchema = schema.drop;
    directUrl = schema.url;
    const target = new URL(baseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(schema.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    proxied.searchParams.set('application_name', appName);
    server = await startServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: proxied.toString(),
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '2000',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
      REQUEST_BUDGET_MS: String(budgetMs),
    });
    const login = await httpCall(server.port, server.key, endpoints.login.path, { userName: 'demo', password: 'Demo@12345', loginType: 'USER' });
    token = login.data!.token as string;
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
    console.log(`PostgreSQL faults:\n  ${report.join('\n  ')}`);
  });

  async function transfer(): Promise<Answer> {
    const started = Date.now();
    const requestId = `fault-${crypto.randomBytes(8).toString('hex')}`;
    try {
      const r = await httpCall(
        server.port,
        server.key,
        endpoints.transferCreate.path,
        { transferType: 'internalTransfer', toUserName: 'alice', coinName: 'USDT', amount: '1', transactionPassword: 'Demo@123456', requestId },
        token,
      );
      const id = r.code === 20000 ? (r.data?.id as string) : undefined;
      if (id) acknowledged.push(id);
      return { status: r.status, error: r.error, ms: Date.now() - started, id };
    } catch (error) {
      return { status: 0, error: `no answer: ${(error as Error).message}`, ms: Date.now() - started };
    }
  }

  async function readyz(): Promise<{ status: number; checks: Record<string, string> }> {
    const res = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    return { status: res.status, checks: ((await res.json()) as { checks: Record<string, string> }).checks };
  }

  /** A fault may leave transaction-password places reserved; staff would reset them, the test does. */
  async function clearLimits(): Promise<void> {
    const c = new pg.Client({ connectionString: directUrl });
    await c.connect();
    try {
      await c.query("delete from rate_limits where key like 'tx%'");
    } finally {
      await c.end();
    }
  }

  /** Sends transfers until one succeeds; returns how long that took. */
  async function untilMoneyMoves(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const answer = await transfer();
      expectFaultAnswer(answer);
      if (answer.status === 200 && answer.id) return Date.now() - started;
      if (answer.error === 'rate.limited' || answer.error === 'user.txLocked') await clearLimits();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no transfer succeeded within 30 s after the fault ended');
  }

  function expectFaultAnswer(answer: Answer): void {
    expect(answer.status, JSON.stringify(answer)).not.toBe(500);
    expect(answer.status, JSON.stringify(answer)).not.toBe(0);
    expect(answer.ms, JSON.stringify(answer)).toBeLessThan(budgetMs + slackMs);
    if (answer.status !== 200) expect(answer).toMatchObject({ status: 503, error: 'server.unavailable' });
  }

  function alive(): void {
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  }

  it('survives every connection terminated by pg_terminate_backend, idle and under load', async () => {
    expect((await transfer()).status).toBe(200);
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const answers: Answer[] = [];
    let isLoading = true;
    const load = async () => {
      while (isLoading) answers.push(await transfer());
    };
    const workers = [load(), load(), load()];
    let terminated = 0;
    try {
      // Idle first (the case that ended the process), then three times under load.
      for (let round = 0; round < 4; round++) {
        await new Promise((r) => setTimeout(r, round === 0 ? 50 : 400));
        const result = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName]);
        terminated += result.rowCount ?? 0;
      }
    } finally {
      isLoading = false;
      await Promise.all(workers);
      await admin.end();
    }
    alive();
    answers.forEach(expectFaultAnswer);
    expect(terminated).toBeGreaterThan(0);
    await clearLimits();
    const recoveredMs = await untilMoneyMoves();
    alive();
    const refused = answers.filter((a) => a.status === 503);
    report.push(
      `pg_terminate_backend x4 (${terminated} connections): ${answers.length} calls, ${answers.length - refused.length} 20000, ${refused.length} 503 server.unavailable (slowest ${Math.max(0, ...refused.map((a) => a.ms))} ms); next transfer moved after ${recoveredMs} ms; process alive`,
    );
  });

  it('answers 503 within the budget while PostgreSQL holds every packet, and serves again alone', async () => {
    await clearLimits();
    proxy.setMode('hold');
    const during: Answer[] = [];
    for (let i = 0; i < 3; i++) during.push(await transfer());
    const ready = await readyz();
    await new Promise((r) => setTimeout(r, 1_000));
    proxy.setMode('pass');
    alive();
    for (const answer of during) expect(answer).toMatchObject({ status: 503, error: 'server.unavailable' });
    during.forEach(expectFaultAnswer);
    expect(ready.status).toBe(503);
    expect(ready.checks.database).toMatch(/^failed/);
    await clearLimits();
    const recoveredMs = await untilMoneyMoves();
    expect((await readyz()).status).toBe(200);
    report.push(
      `packets held: ${during.map((a) => `${a.status} ${a.error} in ${a.ms} ms`).join(', ')}; /readyz ${ready.status} (${ready.checks.database}); money moved ${recoveredMs} ms after the link came back`,
    );
  });

  it('answers 503 at once while PostgreSQL restarts (every connection cut, new ones refused), then serves again', async () => {
    await clearLimits();
    proxy.setMode('cut');
    const during: Answer[] = [];
    for (let i = 0; i < 3; i++) during.push(await transfer());
    const ready = await readyz();
    await new Promise((r) => setTimeout(r, 2_000));
    proxy.setMode('pass');
    alive();
    for (const answer of during) expect(answer).toMatchObject({ status: 503, error: 'server.unavailable' });
    expect(ready.status).toBe(503);
    await clearLimits();
    const recoveredMs = await untilMoneyMoves();
    expect((await readyz()).status).toBe(200);
    report.push(
      `restart/failover (cut + refused 2 s): ${during.map((a) => `${a.status} ${a.error} in ${a.ms} ms`).join(', ')}; /readyz ${ready.status}; money moved ${recoveredMs} ms after it came back`,
    );
  });

  it('never waits past the budget with 200 ms on every packet', async () => {
    await clearLimits();
    proxy.setMode('delay', 200);
    const during: Answer[] = [];
    try {
      for (let i = 0; i < 3; i++) during.push(await transfer());
    } finally {
      proxy.setMode('pass');
    }
    alive();
    during.forEach(expectFaultAnswer);
    await clearLimits();
    await untilMoneyMoves();
    report.push(`200 ms a packet: ${during.map((a) => `${a.status}${a.error ? ` ${a.error}` : ''} in ${a.ms} ms`).join(', ')} (budget ${budgetMs} ms)`);
  });

  it('lost no acknowledged transfer and the books balance', async () => {
    alive();
    const handle = openDb({ databaseUrl: directUrl, dataDir });
    try {
      const rows = await handle.db.selectFrom('member_transfers').select('id').where('id', 'in', acknowledged).execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(acknowledged.length);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
    } finally {
      await handle.close();
    }
    report.push(`${acknowledged.length} acknowledged transfers all in the ledger; ledger verified balanced`);
  });
});
