// Migration 051 on a database that has bank deposits and withdrawals keyed the old way (their own
// request_id and request_hash columns): each key moves into the request log with the answer its
// endpoint gave, a retry of such a request through `once` under the key the services use now gets
// that first answer and makes nothing, and the tables lose the two columns but keep every row,
// index and unique rule.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects } from '../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../test/fresh-db.ts';
import { migrateToLatest } from '../index.ts';
import { once } from '../once.ts';
import { inTransaction } from '../transaction.ts';

const deposit = { id: 'bd-legacy', number: 'BD17000000000001234', requestId: 'legacy-deposit-0001' };
const bankOrder = { id: 'wd-legacy-bank', number: 'WD17000000000005678', requestId: 'legacy-withdrawal-01' };
const chainOrder = { id: 'wd-legacy-chain', number: 'WD17000000000009012', requestId: 'legacy-withdrawal-02' };

describe.each(dialects)('payment keys carried into the request log on %s', (dialect) => {
  it('answers a retry of a deposit or withdrawal sent before the upgrade with its first order, and drops the old columns', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '051-payment-keys-to-request-log');
      const db = handle.db;
      await sql`insert into bank_deposits (id, number, member_id, request_id, request_hash, coin_name, amount, currency, rate, local_amount,
          receipt_number, receipt_number_key, receipt_upload_id, other_upload_id, status, credit_transfer_id, review_id, reject_reason, created_at, decided_at)
        values (${deposit.id}, ${deposit.number}, 'member-1', ${deposit.requestId}, 'old-hash', 'USDT', 80000000, 'CNY', '7.2', '576.00',
          'R-1', 'R1', 'up-1', null, 'pendingReview', 'tr-credit', 'rv-1', null, 1700000000001, null)`.execute(db);
      for (const [order, channel, hold] of [
        [bankOrder, 'bank', 'tr-hold-1'],
        [chainOrder, 'chain', 'tr-hold-2'],
      ] as const) {
        await sql`insert into withdrawals (id, number, member_id, request_id, request_hash, withdrawal_type, channel, chain, coin_name, amount, fee,
            destination, destination_id, status, hold_transfer_id, fee_transfer_id, review_id, created_at)
          values (${order.id}, ${order.number}, 'member-1', ${order.requestId}, 'old-hash', ${channel === 'bank' ? 'BANK_CNY' : 'USDT_BEP20'}, ${channel},
            ${channel === 'bank' ? null : 'BEP20'}, 'USDT', 100000000, 1000000, 'dest', 'dest-1', 'pendingReview', ${hold}, null, 'rv-2', 1700000000002)`.execute(
          db,
        );
      }
      // Another member's order under the same request id is another key.
      await sql`insert into withdrawals (id, number, member_id, request_id, request_hash, withdrawal_type, channel, chain, coin_name, amount, fee,
          destination, destination_id, status, hold_transfer_id, fee_transfer_id, review_id, created_at)
        values ('wd-other', 'WD17000000000000001', 'member-2', ${bankOrder.requestId}, 'old-hash', 'BANK_CNY', 'bank', null, 'USDT', 100000000, 1000000,
          'dest', 'dest-2', 'success', 'tr-hold-3', null, 'rv-3', 1700000000003)`.execute(db);

      await migrateToLatest(handle);

      const logged = await db.selectFrom('request_log').selectAll().orderBy('scope').orderBy('actor').execute();
      expect(logged.map((r) => ({ ...r, created_at: Number(r.created_at), result_json: JSON.parse(r.result_json!) as unknown }))).toEqual([
        {
          scope: 'bscWithdrawal',
          actor: 'member-1',
          request_id: chainOrder.requestId,
          input_hash: 'legacy',
          result_json: { id: chainOrder.id, number: chainOrder.number, status: 'pendingReview' },
          created_at: 1700000000002,
        },
        {
          scope: 'deposit',
          actor: 'member-1',
          request_id: deposit.requestId,
          input_hash: 'legacy',
          result_json: { id: deposit.id, number: deposit.number, status: 'pendingReview' },
          created_at: 1700000000001,
        },
        {
          scope: 'withdrawal',
          actor: 'member-1',
          request_id: bankOrder.requestId,
          input_hash: 'legacy',
          result_json: { id: bankOrder.id, number: bankOrder.number, status: 'pendingReview' },
          created_at: 1700000000002,
        },
        {
          scope: 'withdrawal',
          actor: 'member-2',
          request_id: bankOrder.requestId,
          input_hash: 'legacy',
          result_json: { id: 'wd-other', number: 'WD17000000000000001', status: 'pendingReview' },
          created_at: 1700000000003,
        },
      ]);

      // A retry as the withdrawal service keys it now: the first order, and the work never runs.
      let runs = 0;
      const retry = (scope: string, requestId: string, input: unknown) =>
        inTransaction(db, (tx) =>
          once(tx, { scope, actor: 'member-1', requestId, input }, async () => {
            runs += 1;
            return { id: 'second', number: 'second', status: 'pendingReview' };
          }),
        );
      expect(await retry('withdrawal', bankOrder.requestId, { withdrawalType: 'BANK_CNY', amount: '100.000000', bankAccountId: 'dest-1' })).toEqual({
        id: bankOrder.id,
        number: bankOrder.number,
        status: 'pendingReview',
      });
      expect(await retry('bscWithdrawal', chainOrder.requestId, { withdrawalType: 'USDT_BEP20', amount: '100.000000', addressId: 'dest-1' })).toEqual({
        id: chainOrder.id,
        number: chainOrder.number,
        status: 'pendingReview',
      });
      expect(await retry('deposit', deposit.requestId, { amount: '80', receiptNumber: 'R-1', receiptFileId: 'up-1' })).toEqual({
        id: deposit.id,
        number: deposit.number,
        status: 'pendingReview',
      });
      expect(runs).toBe(0);
      // A request id never seen before still runs (so the retries above could have run too).
      expect(await retry('withdrawal', 'new-withdrawal-0001', {})).toMatchObject({ id: 'second' });
      expect(runs).toBe(1);

      // The columns are gone; every row, index and unique rule of the two tables is still there.
      for (const name of ['bank_deposits', 'withdrawals']) {
        // This schema's own table on PostgreSQL: other tests' schemas have tables of the same name.
        const columns = (
          dialect === 'postgres'
            ? await sql<{ name: string }>`select column_name as name from information_schema.columns
                where table_schema = current_schema() and table_name = ${name}`.execute(db)
            : await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)
        ).rows.map((c) => c.name);
        expect(columns).not.toContain('request_id');
        expect(columns).not.toContain('request_hash');
        expect(columns).toContain('member_id');
      }
      expect((await db.selectFrom('withdrawals').select(['id', 'hold_transfer_id']).orderBy('id').execute()).map((r) => r.id)).toEqual([
        'wd-legacy-bank',
        'wd-legacy-chain',
        'wd-other',
      ]);
      expect(await db.selectFrom('bank_deposits').select(['id', 'receipt_number_key', 'amount']).execute()).toMatchObject([
        { id: deposit.id, receipt_number_key: 'R1' },
      ]);
      const indexes =
        dialect === 'postgres'
          ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and sql is not null`.execute(db)).rows;
      expect(indexes.map((r) => r.name)).toEqual(
        expect.arrayContaining([
          'withdrawals_member',
          'withdrawals_status',
          'withdrawals_member_status',
          'bank_deposits_member',
          'bank_deposits_receipt_number',
          'bank_deposits_receipt_upload',
        ]),
      );
      const duplicateHold = sql`insert into withdrawals (id, number, member_id, withdrawal_type, channel, chain, coin_name, amount, fee,
          destination, destination_id, status, hold_transfer_id, fee_transfer_id, review_id, created_at)
        values ('wd-dup', 'WD-dup', 'member-1', 'BANK_CNY', 'bank', null, 'USDT', 1, 0, 'd', 'd', 'pendingReview', 'tr-hold-1', null, 'rv-9', 1)`;
      await expect(duplicateHold.execute(db)).rejects.toThrow(/unique/i);
    } finally {
      await close();
    }
  });
});
