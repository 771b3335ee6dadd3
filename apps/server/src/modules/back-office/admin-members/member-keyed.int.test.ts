// Proves the staff writes on a member, memberAction and memberGrade, are done once per requestId:
// 8 identical sends at once change the member once, write one audit row and get 8 equal answers,
// none a 5xx; a retry gets the first answer; the same id with another body is refused and changes
// nothing.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, registerMember, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';

describe.each(dialects)('keyed member writes by staff on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => t.close());

  const db = () => t.services.dbHandle.db;
  const member = async (prefix: string) => {
    const { userName } = await registerMember(t, `${prefix}${crypto.randomInt(1e6)}`);
    return (await t.services.accounts.repository.byName(userName))!.id;
  };
  const audits = async (action: string, memberId: string) =>
    (await db().selectFrom('audit_log').select('id').where('action', '=', action).where('target_id', '=', memberId).execute()).length;
  const logged = async (scope: string, requestId: string) =>
    (await db().selectFrom('request_log').select('request_id').where('scope', '=', scope).where('request_id', '=', requestId).execute()).length;
  const flags = async (memberId: string) => {
    const u = await db().selectFrom('users').select(['is_money_locked', 'is_login_locked', 'level']).where('id', '=', memberId).executeTakeFirstOrThrow();
    return { isMoneyLocked: Number(u.is_money_locked), isLoginLocked: Number(u.is_login_locked), level: Number(u.level) };
  };

  it('memberAction: locks and audits once for racing sends and a retry; refuses a reuse', async () => {
    const memberId = await member('kact');
    const requestId = crypto.randomUUID();
    const body = { requestId, memberId, action: 'lockMoney', reason: 'checking a complaint' };
    const first = await raceEight('memberAction', () => admin.call('memberAction', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toEqual({ ok: true });
    expect(await flags(memberId)).toMatchObject({ isMoneyLocked: 1, isLoginLocked: 0 });
    expect(await audits('member.lockMoney', memberId)).toBe(1);
    expect(await logged('memberAction', requestId)).toBe(1);

    const retry = await admin.call('memberAction', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits('member.lockMoney', memberId)).toBe(1);

    // The same id with another action is not a retry: refused, and the login stays open.
    const reused = await admin.call('memberAction', { ...body, action: 'lockLogin' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect(await flags(memberId)).toMatchObject({ isMoneyLocked: 1, isLoginLocked: 0 });
    expect(await audits('member.lockLogin', memberId)).toBe(0);
  });

  it('memberGrade: sets and audits a grade once for racing sends and a retry; refuses a reuse', async () => {
    const memberId = await member('kgrade');
    const requestId = crypto.randomUUID();
    const body = { requestId, memberId, level: 3, reason: 'agreed with the partner' };
    const first = await raceEight('memberGrade', () => admin.call('memberGrade', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toEqual({ ok: true });
    expect((await flags(memberId)).level).toBe(3);
    expect(await audits('member.grade', memberId)).toBe(1);
    expect(await logged('memberGrade', requestId)).toBe(1);

    const retry = await admin.call('memberGrade', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await audits('member.grade', memberId)).toBe(1);

    const reused = await admin.call('memberGrade', { ...body, level: 4 });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect((await flags(memberId)).level).toBe(3);
    expect(await audits('member.grade', memberId)).toBe(1);
  });
});
