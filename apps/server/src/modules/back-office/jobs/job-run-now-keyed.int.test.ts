// Proves jobRunNow is done once per requestId: 8 identical sends at once ask for one run, write one
// audit row and get 8 equal answers, none a 5xx; a retry gets the first answer; the same id with
// another reason is refused and asks for nothing more.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

describe.each(dialects)('keyed jobRunNow on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  it('asks for one run and one audit row for racing sends and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const name = 'ledger-verify';
    const audits = async () =>
      (await db.selectFrom('audit_log').select('id').where('action', '=', 'job.runNow').where('target_id', '=', name).execute()).length;
    const before = await audits();
    const requestId = crypto.randomUUID();
    const body = { requestId, name, reason: `check after the import ${crypto.randomUUID()}` };
    const first = await raceEight('jobRunNow', () => admin.call('jobRunNow', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toEqual({ ok: true });
    expect(await audits()).toBe(before + 1);
    expect(
      (await db.selectFrom('request_log').select('request_id').where('scope', '=', 'jobRunNow').where('request_id', '=', requestId).execute()).length,
    ).toBe(1);

    const retry = await admin.call('jobRunNow', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits()).toBe(before + 1);

    const reused = await admin.call('jobRunNow', { ...body, reason: 'another reason' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await audits()).toBe(before + 1);
  });
});
