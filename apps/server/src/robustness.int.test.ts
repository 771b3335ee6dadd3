// Faults classified right and readiness that tells the truth (decision 085):
// - a client that cuts its upload off is logged as a client abort, not a database fault, and
//   readiness stays ready;
// - /readyz's database probe has its own 500 ms deadline, so a database that answers late is
//   "not ready" within it rather than after 2 s a query;
// - most recent calls over the request budget make the process not ready;
// - the job runner says one warn line per database outage, not a stack per tick.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { mediaType } from '@pp/envelope';
import { endpoints } from '@pp/contract';
import { readiness, readyProbeMs } from './plugins/operations.ts';
import { BudgetWatch } from './plugins/faults.ts';
import { JobRunner } from './jobs/runner.ts';
import { dialects, makeTestApp, type TestApp } from '../test/helper.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('faults and readiness on %s', (dialect) => {
  let t: TestApp;
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  beforeAll(async () => {
    t = await makeTestApp(dialect, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
  });
  afterAll(async () => t.close());

  it('logs an upload cut off by the client as a client abort and stays ready', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST ${endpoints.login.path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${mediaType}\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(5000)}`);
    await sleep(300);
    socket.destroy();
    await sleep(500);
    const faults = lines.filter((l) => l.msg === 'dependency fault; answered 503');
    const aborts = lines.filter((l) => l.msg === 'client aborted the request');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    console.log(
      `${dialect}: upload cut off: ${faults.length} dependency-fault lines ${JSON.stringify(faults[0] ?? {})}, ${aborts.length} client-abort lines, /readyz ${ready.statusCode}`,
    );
    expect(faults).toEqual([]);
    expect(aborts.length).toBe(1);
    expect(ready.statusCode).toBe(200);
  });

  it('answers the readiness probe within its own deadline when the database answers late', async () => {
    let delayMs = 0;
    const late: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (delayMs) await sleep(delayMs);
        return args.result;
      },
    };
    const handle = { ...t.services.dbHandle, db: t.services.dbHandle.db.withPlugin(late) };
    delayMs = 3_000;
    const startedAt = Date.now();
    const result = await readiness(handle);
    const tookMs = Date.now() - startedAt;
    console.log(`${dialect}: readiness with a database 3 s late: ${tookMs} ms, ${JSON.stringify(result)}`);
    expect(result.isReady).toBe(false);
    expect(result.checks.database).toMatch(/^failed/);
    expect(tookMs).toBeLessThan(readyProbeMs + 400);
    delayMs = 0;
    // The late queries of the probe above still hold SQLite's one connection until they end.
    await sleep(3_500);
    expect((await readiness(handle)).isReady).toBe(true);
  });

  it('is not ready while most recent calls ran past the budget', async () => {
    const budget = new BudgetWatch(1_000);
    for (let i = 0; i < 30; i++) budget.record(i < 20 ? 1_200 : 50);
    const result = await readiness(t.services.dbHandle, undefined, { budget });
    console.log(`${dialect}: readiness with 20 of 30 calls over budget: ${JSON.stringify(result)}`);
    expect(result.isReady).toBe(false);
    expect(result.checks.budget).toBe('over: 20 of 30 calls in 10 s past 1000 ms');
    const calm = new BudgetWatch(1_000);
    for (let i = 0; i < 30; i++) calm.record(i < 5 ? 1_200 : 50);
    expect(await readiness(t.services.dbHandle, undefined, { budget: calm })).toMatchObject({ isReady: true, checks: { budget: 'ok' } });
  });

  it('logs one warn line per database outage in the job runner, and one when it is back', async () => {
    let isDown = false;
    const outage: KyselyPlugin = {
      transformQuery: (args) => {
        if (isDown) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const said: Array<{ level: string; msg: string }> = [];
    const log = Object.fromEntries(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((level) => [level, (_o: unknown, msg: string) => said.push({ level, msg })]),
    ) as unknown as FastifyBaseLogger;
    const runner = new JobRunner(t.services.dbHandle.db.withPlugin(outage), log, { pollMs: 60_000 });
    await runner.register({ name: 'outage-probe', schedule: '0 0 1 1 *', run: async () => {} });
    isDown = true;
    for (let i = 0; i < 5; i++) {
      runner.tick('outage-probe');
      await sleep(20);
    }
    await sleep(100);
    isDown = false;
    runner.tick('outage-probe');
    await sleep(200);
    await runner.stop();
    const loud = said.filter((s) => s.level === 'warn' || s.level === 'error');
    console.log(`${dialect}: 5 failed ticks then one that works: ${JSON.stringify(said.filter((s) => s.level !== 'debug'))}`);
    expect(loud.length).toBe(1);
    expect(said.filter((s) => s.level === 'info' && /answers again/.test(s.msg)).length).toBe(1);
  });
});
