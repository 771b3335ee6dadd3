// Proves the operator endpoints: /healthz alive, /readyz ready only with the database reachable
// and every migration applied, /metrics only with the token and counting requests and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../../test/helper.ts';

describe.each(dialects)('operations on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect, { METRICS_TOKEN: 'metrics-secret-1' });
  });
  afterAll(async () => t.close());

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // The nonce store every call writes to, and on SQLite the disk under it (decision 036).
    const storage = dialect === 'sqlite' ? { replay: 'ok', disk: 'ok' } : { replay: 'ok' };
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', ...storage, budget: 'ok', jobs: 'ok' } });
  });

  it("answers a malformed URL with the usual envelope, not Fastify's own", async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/a%ZZ' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 9001, error: 'route.notFound', data: null });
  });

  it('is not ready when a migration is missing', async () => {
    const db = t.services.dbHandle.db;
    const last = await db.selectFrom('kysely_migration').selectAll().orderBy('name', 'desc').limit(1).executeTakeFirstOrThrow();
    await db.deleteFrom('kysely_migration').where('name', '=', last.name).execute();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      // Which migration is missing is the operator's business (the log), not an anonymous caller's.
      expect(ready.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'failed' } });
      expect(ready.body).not.toContain(last.name);
    } finally {
      await db.insertInto('kysely_migration').values(last).execute();
    }
  });

  it('serves metrics only with the token, counting requests and error keys', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    await t.client.call('countryList');
    await t.client.call('userInfo');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toMatch(/http_requests_total\{route="\/api\/country\/list",method="POST",status="200"\} [1-9]/);
    expect(text).toMatch(/api_errors_total\{error="auth\.expired"\} [1-9]/);
    expect(text).toMatch(/ledger_last_verification_balanced 1\n/);
    expect(text).toMatch(/review_queue_waiting\{queue="[a-zA-Z]+"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(/job_last_run_succeeded\{job="ledger-verify"\} -1/);
  });
});

describe('readiness of a process whose database is unreachable', () => {
  it('answers only ok or failed per check, and gives the driver text to the log and the check to /metrics', async () => {
    const { default: Fastify } = await import('fastify');
    const { freePort } = await import('../../test/process.ts');
    const { openDb } = await import('../db/index.ts');
    const { operationsPlugin } = await import('./operations.ts');
    // A port nobody listens on: the driver fails with "connect ECONNREFUSED 127.0.0.1:<port>".
    const port = await freePort();
    const dbHandle = openDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, dataDir: '', timeouts: { connectMs: 1_000 } });
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } } });
    const stub = { waitingCounts: async () => [], status: async () => [], unhealthyJobs: async () => [] };
    await app.register(operationsPlugin, {
      dbHandle,
      reviews: stub as never,
      jobs: stub as never,
      metricsToken: 'metrics-secret-2',
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      console.log(`/readyz with the database unreachable: ${ready.statusCode} ${ready.body}`);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'failed' } });
      expect(ready.body).not.toContain(String(port));
      // The operator still learns why: the driver's text in the log, the check in the metrics.
      expect(lines.some((l) => JSON.stringify(l.checks ?? {}).includes(`ECONNREFUSED 127.0.0.1:${port}`))).toBe(true);
      const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret-2' } });
      expect(metrics.body).toMatch(/readiness_check_ok\{check="database"\} 0\n/);
    } finally {
      await app.close();
      await dbHandle.close();
    }
  });
});
