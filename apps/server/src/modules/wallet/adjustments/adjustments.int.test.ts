// A staff adjustment is keyed once: parallel sends of one request (a double click, a retry while
// the first is still in flight) make one pending transfer and one review item, every send is
// answered with them, and none is a 500. Before the request log, six parallel sends on PostgreSQL
// gave unique-key 500s and, once, two review items for one transfer that could never be decided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../../test/fresh-db.ts';
import { migrateToLatest } from '../../../db/index.ts';
import { verifyLedger } from '../ledger/index.ts';

describe.each(dialects)('staff adjustments on %s', (dialect) => {
  let t: TestApp;
  let finance2: TestClient;
  let bobId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    bobId = (await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name', '=', 'bob').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  const request = (requestId: string, amount = '12.5') => ({
    memberId: bobId,
    coinName: 'USDT',
    direction: 'credit' as const,
    amount,
    reason: 'race',
    requestId,
  });

  // races: adjustmentCreate
  it('makes one transfer and one review item from 8 parallel identical requests, each answered alike', async () => {
    for (let round = 0; round < 3; round++) {
      const requestId = `race-${round}-${crypto.randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => finance2.call<{ reviewId: string; transferId: string }>('adjustmentCreate', request(requestId))),
      );
      for (const answer of answers) {
        expect(answer.status, answer.message).toBe(200);
        expect(answer.code, answer.message).toBe(20000);
        expect(answer.data).toEqual(answers[0]!.data);
      }
      const items = await t.services.dbHandle.db.selectFrom('review_items').select('id').where('subject_id', '=', answers[0]!.data.transferId).execute();
      expect(items).toHaveLength(1);
      const audits = await t.services.dbHandle.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'ledger.adjust.request')
        .where('after_json', 'like', `%${answers[0]!.data.reviewId}%`)
        .execute();
      expect(audits).toHaveLength(1);
    }
  });

  it('refuses the same request id with another amount, and changes nothing', async () => {
    const requestId = `reuse-${crypto.randomUUID()}`;
    expect((await finance2.call('adjustmentCreate', request(requestId, '1'))).code).toBe(20000);
    const before = await t.services.dbHandle.db
      .selectFrom('review_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const reused = await finance2.call('adjustmentCreate', request(requestId, '2'));
    expect(reused.error).toBe('ledger.requestIdReused');
    const after = await t.services.dbHandle.db
      .selectFrom('review_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe.each(dialects)('adjustment keys carried into the request log on %s', (dialect) => {
  it('answers a retry of an adjustment keyed in the journal before the upgrade with its first result', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '049-adjustment-keys-to-request-log');
      const db = handle.db;
      // An adjustment as the journal kept it: the transfer with request id adjust:<id>, its review item.
      await sql`insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
        values ('tr-legacy', 1, 'adjust:legacy-1', 'h', 'airdrop', 'USDT', 100, 'a', 'b', 'pending', null, 'pending', 'm', 1)`.execute(db);
      await sql`insert into review_items (id, queue, subject_id, member_id, coin_name, amount, status, summary_json, evidence_json, created_at, created_by_staff_id)
        values ('rv-legacy', 'manualAdjustment', 'tr-legacy', 'm1', 'USDT', 100, 'pending', '{}', '[]', 1, 'staff-1')`.execute(db);
      await migrateToLatest(handle);
      const row = await db.selectFrom('request_log').selectAll().where('request_id', '=', 'legacy-1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ scope: 'adjustmentCreate', actor: 'staff-1', input_hash: 'legacy' });
      expect(JSON.parse(row.result_json!)).toEqual({ reviewId: 'rv-legacy', transferId: 'tr-legacy' });
    } finally {
      await close();
    }
  });
});
