// Proves planVersionCreate is done once per requestId: 8 identical sends at once save and audit one
// plan version and get 8 equal answers, none a 5xx (without the key the late sends were saved as
// further versions or refused config.staleVersion); a retry gets the first answer; the same id
// with another note is refused and saves nothing.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPlan, type PlanVersionEntry } from '@pp/contract';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

describe.each(dialects)('keyed planVersionCreate on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  it('saves and audits one version for racing sends and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const versions = async () => (await db.selectFrom('plan_versions').select('id').execute()).length;
    const audits = async () => (await db.selectFrom('audit_log').select('id').where('action', '=', 'plan.versionCreate').execute()).length;
    const before = { versions: await versions(), audits: await audits() };
    const requestId = crypto.randomUUID();
    const body = { requestId, document: defaultPlan, effectiveAt: Date.now() + 3_600_000, note: 'next quarter' };
    const first = await raceEight('planVersionCreate', () => admin.call<PlanVersionEntry>('planVersionCreate', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ version: before.versions + 1, note: 'next quarter', effectiveAt: body.effectiveAt, isInForce: false });
    expect(await versions()).toBe(before.versions + 1);
    expect(await audits()).toBe(before.audits + 1);

    const retry = await admin.call('planVersionCreate', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await versions()).toBe(before.versions + 1);

    const reused = await admin.call('planVersionCreate', { ...body, note: 'another note' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await versions()).toBe(before.versions + 1);
    expect(await audits()).toBe(before.audits + 1);
  });
});
