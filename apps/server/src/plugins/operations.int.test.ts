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
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', ...storage, jobs: 'ok' } });
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
      expect(ready.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: `missing: ${last.name}` } });
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
