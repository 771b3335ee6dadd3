// Migration 051 on a database that has bank deposits and withdrawals keyed the old way (their own
// request_id and request_hash columns): each key moves into the request log with the answer its
// endpoint gave, a retry of such a request (through `once`, and through the API on a running app)
// gets that first answer and makes nothing, and the tables lose the two columns but keep every
// row, index and unique rule.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { BankAccountEntry, UploadInfo } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient } from '../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../test/fresh-db.ts';
import * as files from '../../../test/upload-files.ts';
import { migrateToLatest, type Db } from '../index.ts';
import { paymentKeysToRequestLog } from './051-payment-keys-to-request-log.ts';
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

describe.each(dialects)('payment requests sent before the upgrade, retried after it on %s', (dialect) => {
  it('answers a retried deposit and withdrawal with their first orders through the API, and moves nothing', async () => {
    const t = await makeTestApp(dialect);
    try {
      const db = t.services.dbHandle.db;
      const m = await registerMember(t, 'upgrader');
      const c = new TestClient(t.app, t.serverKey.publicJwk);
      c.token = await login({ ...t, client: c }, m.userName, m.password);
      const memberId = (await t.services.accounts.repository.byName(m.userName))!.id;
      await t.services.ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 1_000_000_000n,
          debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposit' },
          credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
          isPending: false,
        })
        .then((outcome) => {
          // The data layer's tests stay below the modules: the refusal is read here, not through the ledger's helper.
          if (!outcome.ok) throw new Error(`ledger refused: ${outcome.result}`);
          return outcome.record;
        });
      const bankAccountId = (
        await c.call<BankAccountEntry>('addBankAccount', {
          bankName: 'Bank Central Asia',
          accountName: 'Budi Santoso',
          accountNumber: '6212345678',
          transactionPassword: m.transactionPassword,
        })
      ).data.id;
      await db
        .updateTable('member_bank_accounts')
        .set({ usable_from: Date.now() - 1000 })
        .where('id', '=', bankAccountId)
        .execute();
      const receipt = await c.call<UploadInfo>('uploadCreate', { fileName: 'receipt.jpg', content: (await files.photoWithExif(900, 700)).toString('base64') });
      expect(receipt.code, receipt.message).toBe(20000);

      // Three requests made now, then put back as the old code kept them: the key in the order's
      // own row, nothing in the request log.
      const key = () => `pre-upgrade-${crypto.randomUUID()}`;
      const depositBody = { amount: '80', receiptNumber: 'PRE-1', receiptFileId: receipt.data.id, requestId: key() };
      const bankBody = { withdrawalType: 'BANK_CNY', amount: '100', bankAccountId, transactionPassword: m.transactionPassword, requestId: key() };
      const sent = {
        deposit: await c.call<{ id: string; number: string; status: string }>('deposit', depositBody),
        withdrawal: await c.call<{ id: string; number: string; status: string }>('withdrawal', bankBody),
      };
      for (const answer of Object.values(sent)) expect(answer.code, answer.message).toBe(20000);
      await asBeforeTheUpgrade(db, dialect, [
        { table: 'bank_deposits', id: sent.deposit.data.id, requestId: depositBody.requestId },
        { table: 'withdrawals', id: sent.withdrawal.data.id, requestId: bankBody.requestId },
      ]);
      const counts = async () => ({
        deposits: Number(
          (
            await db
              .selectFrom('bank_deposits')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        withdrawals: Number(
          (
            await db
              .selectFrom('withdrawals')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        journal: Number(
          (
            await db
              .selectFrom('ledger_transfers')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        reviews: Number(
          (
            await db
              .selectFrom('review_items')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      });
      // Without the carried keys these retries would be new requests: the test must be able to fail.
      expect(await db.selectFrom('request_log').select('request_id').where('request_id', 'in', [depositBody.requestId, bankBody.requestId]).execute()).toEqual(
        [],
      );

      await paymentKeysToRequestLog().up(db as unknown as Kysely<unknown>);
      await withTodaysReasonColumns(db);

      const before = { counts: await counts(), balances: await t.services.ledger.memberBalances(memberId) };
      const retried = {
        deposit: await c.call<{ id: string; number: string; status: string }>('deposit', depositBody),
        withdrawal: await c.call<{ id: string; number: string; status: string }>('withdrawal', bankBody),
      };
      expect(retried.deposit).toMatchObject({ status: 200, code: 20000, data: sent.deposit.data });
      expect(retried.withdrawal).toMatchObject({ status: 200, code: 20000, data: sent.withdrawal.data });
      // The old hash was not taken like the new one, so a carried key answers its first order to any body.
      expect((await c.call('withdrawal', { ...bankBody, amount: '110' })).data).toEqual(sent.withdrawal.data);
      expect(await counts()).toEqual(before.counts);
      expect(await t.services.ledger.memberBalances(memberId)).toEqual(before.balances);
      // A new request still makes an order: the one path that runs.
      expect((await c.call('withdrawal', { ...bankBody, requestId: key() })).code).toBe(20000);
      expect((await counts()).withdrawals).toBe(before.counts.withdrawals + 1);
    } finally {
      await t.close();
    }
  });
});

/**
 * The two tables as they were before migration 051, with these rows keyed in them the old way and
 * their request log rows gone. SQLite gets the columns without their unique rule (it cannot add a
 * constraint to a table); PostgreSQL gets the constraint under its old name, which 051 drops.
 */
async function asBeforeTheUpgrade(db: Db, dialect: string, rows: Array<{ table: 'bank_deposits' | 'withdrawals'; id: string; requestId: string }>) {
  const any = db as unknown as Kysely<unknown>;
  for (const table of ['bank_deposits', 'withdrawals']) {
    await sql`alter table ${sql.table(table)} add column request_id text`.execute(any);
    await sql`alter table ${sql.table(table)} add column request_hash text`.execute(any);
    await sql`update ${sql.table(table)} set request_id = id, request_hash = 'old-hash'`.execute(any);
    if (dialect === 'postgres')
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_request`)} unique (member_id, request_id)`.execute(any);
  }
  // Migration 054 later split these tables' `reject_reason` into two columns; 051 rebuilds the
  // tables (SQLite) with the columns they had in its day, so they get that shape back here and
  // today's after 051 has run (withTodaysReasonColumns).
  for (const table of ['bank_deposits', 'withdrawals']) {
    await sql`alter table ${sql.table(table)} add column reject_reason text`.execute(any);
    await sql`alter table ${sql.table(table)} drop column reject_code`.execute(any);
    await sql`alter table ${sql.table(table)} drop column reject_note`.execute(any);
  }
  for (const row of rows) {
    await sql`update ${sql.table(row.table)} set request_id = ${row.requestId} where id = ${row.id}`.execute(any);
    await sql`delete from request_log where request_id = ${row.requestId}`.execute(any);
  }
}

/** The reason columns as migration 054 left them, after 051 has rebuilt the tables in its own shape. */
async function withTodaysReasonColumns(db: Db) {
  const any = db as unknown as Kysely<unknown>;
  for (const table of ['bank_deposits', 'withdrawals']) {
    await sql`alter table ${sql.table(table)} add column reject_code text`.execute(any);
    await sql`alter table ${sql.table(table)} add column reject_note text`.execute(any);
    await sql`alter table ${sql.table(table)} drop column reject_reason`.execute(any);
  }
}
