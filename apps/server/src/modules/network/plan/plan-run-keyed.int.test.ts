// Proves planRun is done once per requestId: identical sends racing pay and audit a period once
// and all answer the run that paid, a retry gets that answer (not "paid already"), and the same id
// for another period is refused.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';

describe.each(dialects)('keyed planRun on %s', (dialect) => {
  let t: TestApp;
  let finance: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    finance = await staffClient(t, 'finance', 'Finance@12345');
  });
  afterAll(async () => t.close());

  // races: planRun
  it('pays and audits a period once for racing sends and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const periodKey = `day:${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)}`;
    const requestId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => finance.call('planRun', { requestId, periodKey })));
    for (const r of results) expect(r.status, r.message).toBeLessThan(500);
    expect(new Set(results.map((r) => JSON.stringify([r.code, r.error, r.data]))).size).toBe(1);
    const first = results[0]!;
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ periodKey, isDryRun: false, wasPaid: false });
    expect(await db.selectFrom('plan_periods').select('period_key').where('period_key', '=', periodKey).execute()).toHaveLength(1);
    const audits = async () =>
      (await db.selectFrom('audit_log').select('id').where('action', '=', 'plan.periodRun').where('target_id', '=', periodKey).execute()).length;
    expect(await audits()).toBe(1);

    // The retry answers the run that paid, not "paid already".
    const retry = await finance.call('planRun', { requestId, periodKey });
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits()).toBe(1);

    const other = `day:${new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10)}`;
    const reused = await finance.call('planRun', { requestId, periodKey: other });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await db.selectFrom('plan_periods').select('period_key').where('period_key', '=', other).execute()).toHaveLength(0);
    // Another id is another run: the period is paid already.
    expect((await finance.call<{ wasPaid: boolean }>('planRun', { requestId: crypto.randomUUID(), periodKey })).data.wasPaid).toBe(true);
  });
});
