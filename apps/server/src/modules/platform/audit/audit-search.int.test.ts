/**
 * The staff audit log's filters and the staff member search, each an index path (decision 048):
 * the actor a range of (actor_name, seq); the text filter a bounded window of the log a request,
 * its cursor going on where the window ended; the member search a name-key range that holds
 * exactly the names starting with the query (a '_' or '.' in it is the character, not a pattern).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AuditEntry } from '@pp/contract';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { auditTextWindow } from './service.ts';

describe.each(dialects)('audit log and member search on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let oldNeedleSeq = 0;
  let newNeedleSeq = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
    const db = t.services.dbHandle.db;
    const base = Number((await sql<{ m: number | bigint | null }>`select max(seq) as m from audit_log`.execute(db)).rows[0]?.m ?? 0);
    // More than two windows of rows; the text "needle" in the oldest and in the newest but one.
    const count = 2 * auditTextWindow + 500;
    oldNeedleSeq = base + 1;
    newNeedleSeq = base + count - 1;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `as${i}`,
      seq: base + 1 + i,
      at: Date.now() - (count - i) * 1000,
      actor_id: i % 100 === 0 ? 'rare-staff' : 'busy-staff',
      actor_name: i % 100 === 0 ? 'rarestaff' : 'busystaff',
      action: 'config.update',
      target_type: 'config',
      target_id: `key${i}`,
      before_json: '{}',
      after_json: base + 1 + i === oldNeedleSeq || base + 1 + i === newNeedleSeq ? '{"note":"a needle here"}' : '{}',
      reason: 'routine',
      ip: '127.0.0.1',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('audit_log')
        .values(rows.slice(i, i + 500))
        .execute();
    if (dialect === 'postgres') await sql`select setval('audit_log_seq', (select max(seq) from audit_log))`.execute(db);
    const user = (name: string) => ({
      id: `u-${name}`,
      user_name: name,
      user_name_key: name.toLowerCase(),
      password_hash: 'x',
      tx_password_hash: 'x',
      country_code: 'ID',
      email: `${name.toLowerCase()}@search.example`,
      referral_id: `ref-${name.toLowerCase()}`,
      user_number: `n-${name}`,
      referrer_id: null,
      tree_path: '/',
      level: 0,
      buy_purchase_code_status: 0,
      is_protected: 0,
      auto_top_up: 0,
      agree_status: 1,
      is_login_locked: 0,
      is_money_locked: 0,
      created_at: Date.now(),
    });
    await db.insertInto('users').values(['zq_a', 'zqxa', 'Zq.b', 'zq-c', 'zqa1', 'zqa2', 'zqa3', 'zr'].map(user)).execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  type Page = { items: AuditEntry[]; nextCursor: string | null };
  const audit = async (body: object) => {
    const res = await staff.call<Page>('auditList', { pageSize: 20, ...body });
    expect(res.code).toBe(20000);
    return res.data;
  };

  it('filters by actor through its own index: only that staff member, newest first, paged', async () => {
    const first = await audit({ actor: 'rarestaff' });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((e) => e.actorName === 'rarestaff')).toBe(true);
    const second = await audit({ actor: 'rarestaff', cursor: first.nextCursor });
    expect(second.items.every((e) => e.actorName === 'rarestaff')).toBe(true);
    expect(
      second.items[0]!.targetId < first.items[19]!.targetId || Number(second.items[0]!.targetId.slice(3)) < Number(first.items[19]!.targetId.slice(3)),
    ).toBe(true);
    expect((await audit({ actor: 'nobody' })).items).toEqual([]);
  });

  it('searches the text a window at a time: a page may be short, and its cursor goes on below the window', async () => {
    // The newest match is in the first window; the oldest is two windows further down.
    const first = await audit({ text: 'needle' });
    expect(first.items.map((e) => e.targetId)).toEqual([`key${newNeedleSeq - oldNeedleSeq}`]);
    expect(first.nextCursor).not.toBeNull();
    const found = [...first.items];
    let cursor = first.nextCursor;
    let requests = 1;
    while (cursor !== null) {
      const page = await audit({ text: 'needle', cursor });
      found.push(...page.items);
      cursor = page.nextCursor;
      requests++;
      expect(requests).toBeLessThan(10);
    }
    expect(found.map((e) => e.targetId)).toEqual([`key${newNeedleSeq - oldNeedleSeq}`, 'key0']);
    // Every row the log holds was looked at once: as many requests as windows, and no more.
    expect(requests).toBeGreaterThanOrEqual(3);
    // A text that every row holds fills the page from the first window, newest first.
    const common = await audit({ text: 'routine' });
    expect(common.items).toHaveLength(20);
    expect(common.items.every((e) => e.reason === 'routine')).toBe(true);
    // With another filter, the window is a window of that filter's range.
    const both = await audit({ text: 'needle', actor: 'busystaff' });
    expect(both.items.map((e) => e.targetId)).toEqual([`key${newNeedleSeq - oldNeedleSeq}`]);
  });

  it('reads a time range newest first by time, a page at a time, with cursors of its own', async () => {
    const db = t.services.dbHandle.db;
    const yearAgo = Date.now() - 400 * 86_400_000;
    const max = Number((await sql<{ m: number | bigint }>`select max(seq) as m from audit_log`.execute(db)).rows[0]!.m);
    // Five rows of a month a year back, written out of time order (a later seq, an earlier time).
    const offsetsMs = [3_000, 1_000, 5_000, 2_000, 4_000];
    await db
      .insertInto('audit_log')
      .values(
        offsetsMs.map((offset, i) => ({
          id: `old${i}`,
          seq: max + 1 + i,
          at: yearAgo + offset,
          actor_id: 'busy-staff',
          actor_name: 'busystaff',
          action: 'config.update',
          target_type: 'config',
          target_id: `old${offset}`,
          before_json: '{}',
          after_json: '{}',
          reason: i === 2 ? 'routine and old' : 'routine',
          ip: '127.0.0.1',
        })),
      )
      .execute();
    if (dialect === 'postgres') await sql`select setval('audit_log_seq', (select max(seq) from audit_log))`.execute(db);
    const range = { fromMs: yearAgo, toMs: yearAgo + 86_400_000 };
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await audit({ ...range, pageSize: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((e) => e.targetId));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual(['old5000', 'old4000', 'old3000', 'old2000', 'old1000']);
    // With the text filter, the window is the range's, in the same order.
    expect((await audit({ ...range, text: 'and old' })).items.map((e) => e.targetId)).toEqual(['old5000']);
    // A cursor of the log in seq order is not one of the range's, and the other way round.
    const bySeq = await audit({ pageSize: 1 });
    const refused = await staff.call('auditList', { ...range, pageSize: 2, cursor: bySeq.nextCursor });
    expect(refused).toMatchObject({ error: 'request.invalid' });
    const byTime = await audit({ ...range, pageSize: 2 });
    expect(await staff.call('auditList', { pageSize: 2, cursor: byTime.nextCursor })).toMatchObject({ error: 'request.invalid' });
  });

  it('searches members by name prefix as a key range, the e-mail and the referral ID exactly', async () => {
    type Found = { items: Array<{ userName: string }>; nextCursor: string | null };
    const search = async (query: string, cursor?: string, pageSize = 20) => (await staff.call<Found>('memberSearch', { query, cursor, pageSize })).data;
    expect((await search('zq')).items.map((m) => m.userName)).toEqual(['zq-c', 'Zq.b', 'zq_a', 'zqa1', 'zqa2', 'zqa3', 'zqxa']);
    // '_' and '.' are characters of the name, not patterns.
    expect((await search('zq_')).items.map((m) => m.userName)).toEqual(['zq_a']);
    expect((await search('ZQ.')).items.map((m) => m.userName)).toEqual(['Zq.b']);
    expect((await search('zq%')).items).toEqual([]);
    // Paged by name key.
    const first = await search('zqa', undefined, 2);
    expect(first.items.map((m) => m.userName)).toEqual(['zqa1', 'zqa2']);
    const second = await search('zqa', first.nextCursor!, 2);
    expect(second).toEqual({ items: [expect.objectContaining({ userName: 'zqa3' })], nextCursor: null });
    expect((await search('zqxa@search.example')).items.map((m) => m.userName)).toEqual(['zqxa']);
    expect((await search('ref-zr')).items.map((m) => m.userName)).toEqual(['zr']);
    expect((await search('nobody-here')).items).toEqual([]);
    // A NUL is no name character: the request is refused as invalid, never a server error.
    const nul = await staff.call('memberSearch', { query: 'zq\u0000' });
    expect([nul.code, nul.error]).toEqual([9001, 'request.invalid']);
  });
});
