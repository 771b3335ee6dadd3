// Proves the session list on both databases: this device apart and first, the other live sessions newest
// sign-in first in bounded cursor pages that add up to the count, and no revoked, expired or idle session shown.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLimits, type SessionListResponse } from '@pp/contract';
import { dialects, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';

describe.each(dialects)('session list on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let memberId: string;
  const liveIds: string[] = [];
  const deadIds: string[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const member = await registerMember(t, 'roamer');
    memberId = (await t.services.accounts.repository.byName('roamer'))!.id;
    m = new TestClient(t.app, t.serverKey.publicJwk);
    const login = await m.call<{ token: string }>('login', { userName: member.userName, password: member.password, loginType: 'USER' });
    expect(login.code, login.message).toBe(20000);
    m.token = login.data.token;

    // A day of sign-ins without signing out: 23 live sessions an hour apart (the newest 1 minute ago, so
    // none is idle), and one revoked, one past its absolute expiry and one idle, all newer than the live ones.
    const now = Date.now();
    const row = (createdAt: number, extra: { revoked_at?: number; expires_at?: number; last_seen_at?: number } = {}) => {
      const id = crypto.randomUUID();
      return {
        id,
        // A session nobody holds the token of: any unique SHA-256 hex stands for it.
        token_hash: crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex'),
        user_id: memberId,
        login_type: 'USER',
        ip: '10.9.9.9',
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
        created_at: createdAt,
        last_seen_at: extra.last_seen_at ?? now - 60_000,
        expires_at: extra.expires_at ?? now + 3_600_000,
        revoked_at: extra.revoked_at ?? null,
      };
    };
    const rows = [];
    for (let i = 0; i < 23; i++) {
      const r = row(now - 120_000 - i * 60_000);
      liveIds.push(r.id);
      rows.push(r);
    }
    const dead = [
      row(now - 1_000, { revoked_at: now - 500 }),
      row(now - 2_000, { expires_at: now - 1 }),
      row(now - 3_000, { last_seen_at: now - t.config.sessionIdleMs - 1 }),
    ];
    deadIds.push(...dead.map((r) => r.id));
    await t.services.dbHandle.db
      .insertInto('sessions')
      .values([...rows, ...dead])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts this device first, then pages the others newest first, and lists no ended session', async () => {
    const first = await m.call<SessionListResponse>('securitySessionList', { pageSize: 10 });
    expect(first.code, first.message).toBe(20000);
    expect(first.data.current).toMatchObject({ isCurrent: true, ip: m.ip });
    expect(first.data.othersCount).toBe(23);
    expect(first.data.items).toHaveLength(10);
    expect(first.data.nextCursor).not.toBeNull();

    const seen = [...first.data.items];
    let cursor = first.data.nextCursor;
    let pages = 1;
    while (cursor) {
      const next = await m.call<SessionListResponse>('securitySessionList', { pageSize: 10, cursor });
      expect(next.code, next.message).toBe(20000);
      // Only the first page carries this device, so it is shown once.
      expect(next.data.current).toBeNull();
      seen.push(...next.data.items);
      cursor = next.data.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((s) => s.id)).toEqual(liveIds);
    expect(seen.every((s) => !s.isCurrent)).toBe(true);
    const createdAts = seen.map((s) => s.createdAt);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
    expect(seen.some((s) => deadIds.includes(s.id))).toBe(false);
    expect(seen[0]).toMatchObject({ browser: 'Safari', os: 'iOS' });
  });

  it('bounds the page size and refuses a cursor it did not make, never with a 500', async () => {
    const tooBig = await m.call('securitySessionList', { pageSize: securityLimits.sessionPageSizeMax + 1 });
    expect(tooBig).toMatchObject({ status: 200, error: 'request.invalid', field: 'pageSize' });
    expect(await m.call('securitySessionList', { pageSize: 0 })).toMatchObject({ status: 200, error: 'request.invalid', field: 'pageSize' });
    const forged = await m.call('securitySessionList', { cursor: 'k1:zz:abc:xxxxxxxx' });
    expect(forged).toMatchObject({ status: 200, error: 'request.invalid', field: 'cursor' });
    // No page size asked: a page of ten.
    const defaults = await m.call<SessionListResponse>('securitySessionList');
    expect(defaults.data.items).toHaveLength(10);
  });

  it('after "sign out all other devices" lists this device alone', async () => {
    const ended = await m.call<{ revoked: number }>('securitySessionRevokeOthers');
    expect(ended.data.revoked).toBe(23);
    const after = await m.call<SessionListResponse>('securitySessionList');
    expect(after.data).toMatchObject({ items: [], othersCount: 0, nextCursor: null });
    expect(after.data.current?.isCurrent).toBe(true);
  });
});
