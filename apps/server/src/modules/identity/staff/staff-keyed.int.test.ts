// Proves staffCreate and staffUpdate are done once per requestId: identical sends racing create
// (or change) and audit one staff member and all get its entry, a retry gets the first answer, the
// same id with another body is refused.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

describe.each(dialects)('keyed staffCreate on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  // races: staffCreate
  it('creates and audits one staff member for racing sends and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const userName = `hire${crypto.randomInt(1e6)}`;
    const requestId = crypto.randomUUID();
    const body = { requestId, userName, password: 'NewHire@12345', role: 'viewer', reason: 'joined the team' };
    const results = await Promise.all(Array.from({ length: 8 }, () => admin.call('staffCreate', body)));
    for (const r of results) expect(r.status, r.message).toBeLessThan(500);
    expect(new Set(results.map((r) => JSON.stringify([r.code, r.error, r.data]))).size).toBe(1);
    const first = results[0]!;
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ userName, role: 'viewer', isDisabled: false, hasTotp: false });
    const rows = await db.selectFrom('staff').select('id').where('user_name_key', '=', userName).execute();
    expect(rows).toHaveLength(1);
    const audits = async () =>
      (await db.selectFrom('audit_log').select('id').where('action', '=', 'staff.create').where('target_id', '=', rows[0]!.id).execute()).length;
    expect(await audits()).toBe(1);

    const retry = await admin.call('staffCreate', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits()).toBe(1);

    const reused = await admin.call('staffCreate', { ...body, role: 'support' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    // Another id for the same name is another create, refused as the name taken; no claim stays.
    const again = crypto.randomUUID();
    expect((await admin.call('staffCreate', { ...body, requestId: again })).error).toBe('staff.nameTaken');
    expect((await db.selectFrom('request_log').select('request_id').where('request_id', '=', again).execute()).length).toBe(0);
  });

  it('changes and audits a staff member once for racing sends and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const userName = `move${crypto.randomInt(1e6)}`;
    const made = await admin.call<{ id: string }>('staffCreate', { userName, password: 'NewHire@12345', role: 'viewer', reason: 'joined the team' });
    expect(made.code, made.message).toBe(20000);
    const staffId = made.data.id;
    const audits = async () =>
      (await db.selectFrom('audit_log').select('id').where('action', '=', 'staff.update').where('target_id', '=', staffId).execute()).length;
    const requestId = crypto.randomUUID();
    const body = { requestId, staffId, role: 'support', reason: 'moved to the help desk' };
    const first = await raceEight('staffUpdate', () => admin.call('staffUpdate', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ id: staffId, userName, role: 'support', isDisabled: false });
    expect(await audits()).toBe(1);
    expect(
      (await db.selectFrom('request_log').select('request_id').where('scope', '=', 'staffUpdate').where('request_id', '=', requestId).execute()).length,
    ).toBe(1);

    const retry = await admin.call('staffUpdate', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits()).toBe(1);

    // The same id with another role is another request under a key that promised one: refused, nothing changed.
    const reused = await admin.call('staffUpdate', { ...body, role: 'finance' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect((await db.selectFrom('staff').select('role').where('id', '=', staffId).executeTakeFirstOrThrow()).role).toBe('support');
    expect(await audits()).toBe(1);
  });
});
