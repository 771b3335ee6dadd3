// Proves configUpdate is done once per requestId: 8 identical sends at once write (or, for a
// control setting, queue for a second approval) and audit one change and get 8 equal answers, none
// a 5xx. Without the key the seven late sends of a control setting were refused
// config.changePending. A retry gets the first answer; the same id with another value is refused
// and changes nothing.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

describe.each(dialects)('keyed configUpdate on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  const db = () => t.services.dbHandle.db;
  const audits = async (action: string, key: string) =>
    (await db().selectFrom('audit_log').select('id').where('action', '=', action).where('target_id', '=', key).execute()).length;
  const waiting = async (key: string) =>
    (await db().selectFrom('review_items').select('id').where('subject_id', '=', key).where('status', 'in', ['pending', 'awaitingSecond']).execute()).length;

  it('writes and audits a setting once for racing sends and a retry; refuses a reuse', async () => {
    const key = 'features.equityBuyStatus';
    const requestId = crypto.randomUUID();
    const body = { requestId, key, value: true, reason: 'opening equity sales' };
    const first = await raceEight('configUpdate', () => admin.call('configUpdate', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toMatchObject({ key, value: true });
    expect(await audits('config.update', key)).toBe(1);

    const retry = await admin.call('configUpdate', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits('config.update', key)).toBe(1);

    const reused = await admin.call('configUpdate', { ...body, value: false });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await t.services.settings.get(key)).toBe(true);
    expect(await audits('config.update', key)).toBe(1);
  });

  it('queues one change of a control setting for racing sends, not config.changePending', async () => {
    const key = 'withdrawal.pendingMax';
    const requestId = crypto.randomUUID();
    const before = await t.services.settings.get(key);
    const body = { requestId, key, value: Number(before) + 1, reason: 'more open orders allowed' };
    const first = await raceEight('configUpdate', () => admin.call('configUpdate', body));
    expect(first.code, first.message).toBe(20000);
    expect(await waiting(key)).toBe(1);
    expect(await audits('config.changeRequest', key)).toBe(1);
    // Queued, not written: the value waits for a second staff member.
    expect(await t.services.settings.get(key)).toBe(before);

    const reused = await admin.call('configUpdate', { ...body, value: Number(before) + 2 });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await waiting(key)).toBe(1);
    expect(await audits('config.changeRequest', key)).toBe(1);
  });
});
