// Migration 050 carries the keys of member transfers and exchanges from the journal's request_id
// into the request log, with the answer the endpoint gave: a retry of a request sent before the
// upgrade gets its first answer and moves no money a second time.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../../test/fresh-db.ts';
import { migrateToLatest } from '../../../db/index.ts';
import { walletKeysToRequestLog } from '../../../db/migrations/050-wallet-keys-to-request-log.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

describe.each(dialects)('wallet keys carried into the request log on %s', (dialect) => {
  it('moves each transfer and exchange key of the journal with the first answer, and nothing else', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '050-wallet-keys-to-request-log');
      const db = handle.db;
      const journal = (id: string, seq: number, requestId: string | null, code: string, kind: string) =>
        sql`insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
          values (${id}, ${seq}, ${requestId}, 'h', ${code}, 'USDT', 100, 'a', 'b', ${kind}, null, ${kind === 'pending' ? 'pending' : 'final'}, 'm', ${1000 + seq})`.execute(
          db,
        );
      const memberTransfer = (id: string, transferId: string, from: string) =>
        sql`insert into member_transfers (id, transfer_id, from_id, to_id, coin_name, amount, fee, bonus, created_at)
          values (${id}, ${transferId}, ${from}, 'm-to', 'USDT', 100, 1, 1, 1)`.execute(db);
      const exchange = (id: string, holdId: string, status: string) =>
        sql`insert into exchanges (id, number, member_id, exchange_type, source_coin, target_coin, amount, fee, received, rate, minimum, status, hold_transfer_id, review_id, reject_reason, created_at, decided_at)
          values (${id}, ${`EX-${id}`}, 'm1', 'USDT_TO_ASSETS', 'USDT', 'ASSETS_POINT', 100, 2, 98, '1', '10', ${status}, ${holdId}, ${`rv-${id}`}, null, 1, null)`.execute(
          db,
        );
      await journal('tr-1', 1, 'transfer:m1:legacy-transfer-1', 'internalTransfer', 'posted');
      await memberTransfer('mt-1', 'tr-1', 'm1');
      // A key whose request id has the separator in it is cut after the member's id, not at the last colon.
      await journal('tr-2', 2, 'transfer:m1:old:key', 'internalTransfer', 'posted');
      await memberTransfer('mt-2', 'tr-2', 'm1');
      // Held for review then cancelled: it answered pendingReview when it was made.
      await journal('tr-3', 3, 'exchange:m1:legacy-exchange-1', 'convert', 'pending');
      await exchange('ex-1', 'tr-3', 'cancelled');
      // Paid at once.
      await journal('tr-4', 4, 'exchange:m1:legacy-exchange-2', 'convert', 'posted');
      await exchange('ex-2', 'tr-4', 'approved');
      // Another write's key, and an unkeyed transfer, stay where they are.
      await journal('tr-5', 5, 'bankDeposit:m1:legacy-deposit', 'deposit', 'pending');
      await journal('tr-6', 6, null, 'internalTransfer', 'posted');
      await memberTransfer('mt-6', 'tr-6', 'm1');

      await migrateToLatest(handle);
      const rows = await db.selectFrom('request_log').selectAll().where('scope', 'in', ['transferCreate', 'exchangeCreate']).orderBy('request_id').execute();
      expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at), result_json: JSON.parse(r.result_json!) }))).toEqual([
        {
          scope: 'exchangeCreate',
          actor: 'm1',
          request_id: 'legacy-exchange-1',
          input_hash: 'legacy',
          result_json: { id: 'ex-1', status: 'pendingReview' },
          created_at: 1003,
        },
        {
          scope: 'exchangeCreate',
          actor: 'm1',
          request_id: 'legacy-exchange-2',
          input_hash: 'legacy',
          result_json: { id: 'ex-2', status: 'approved' },
          created_at: 1004,
        },
        { scope: 'transferCreate', actor: 'm1', request_id: 'legacy-transfer-1', input_hash: 'legacy', result_json: { id: 'mt-1' }, created_at: 1001 },
        { scope: 'transferCreate', actor: 'm1', request_id: 'old:key', input_hash: 'legacy', result_json: { id: 'mt-2' }, created_at: 1002 },
      ]);
      // The journal keeps its keys: other writes still use the column.
      const kept = await db.selectFrom('ledger_transfers').select('request_id').where('id', '=', 'tr-1').executeTakeFirstOrThrow();
      expect(kept.request_id).toBe('transfer:m1:legacy-transfer-1');
    } finally {
      await close();
    }
  });
});

describe.each(dialects)('a retry of a wallet request sent before the upgrade on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let member: { userName: string; password: string; transactionPassword: string };
  let memberId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = await registerMember(t, 'legacysender');
    await registerMember(t, 'legacytarget');
    memberId = (await t.services.accounts.repository.byName('legacysender'))!.id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, member.userName, member.password);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  /** Puts a key back where the code before the upgrade kept it: on the journal transfer, none in the request log. */
  const asBeforeTheUpgrade = async (scope: string, requestId: string, journalKey: string, transferId: string) => {
    const db = t.services.dbHandle.db;
    await db.deleteFrom('request_log').where('scope', '=', scope).where('actor', '=', memberId).where('request_id', '=', requestId).execute();
    await db.updateTable('ledger_transfers').set({ request_id: journalKey }).where('id', '=', transferId).execute();
  };
  const counts = async () => {
    const db = t.services.dbHandle.db;
    const n = async (table: 'ledger_transfers' | 'member_transfers' | 'exchanges') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { journal: await n('ledger_transfers'), transfers: await n('member_transfers'), exchanges: await n('exchanges') };
  };

  it('answers a transfer and an exchange keyed in the journal with their first answers, moving nothing', async () => {
    const db = t.services.dbHandle.db;
    const transferBody = {
      transferType: 'internalTransfer',
      toUserName: 'legacytarget',
      coinName: 'USDT',
      amount: '5',
      transactionPassword: member.transactionPassword,
      requestId: `legacy-transfer-${crypto.randomUUID()}`,
    };
    const sent = await c.call<{ id: string }>('transferCreate', transferBody);
    expect(sent.code, sent.message).toBe(20000);
    const main = await db.selectFrom('member_transfers').select('transfer_id').where('id', '=', sent.data.id).executeTakeFirstOrThrow();
    await asBeforeTheUpgrade('transferCreate', transferBody.requestId, `transfer:${memberId}:${transferBody.requestId}`, main.transfer_id);

    const exchangeBody = {
      exchangeType: 'USDT_TO_ASSETS',
      amount: '100',
      transactionPassword: member.transactionPassword,
      requestId: `legacy-exchange-${crypto.randomUUID()}`,
    };
    const made = await c.call<{ id: string; status: string }>('exchangeCreate', exchangeBody);
    expect(made.data).toMatchObject({ status: 'pendingReview' });
    const hold = await db.selectFrom('exchanges').select('hold_transfer_id').where('id', '=', made.data.id).executeTakeFirstOrThrow();
    await asBeforeTheUpgrade('exchangeCreate', exchangeBody.requestId, `exchange:${memberId}:${exchangeBody.requestId}`, hold.hold_transfer_id);

    // Without the carried key a retry would be a new request: the test must be able to fail.
    expect(
      await db.selectFrom('request_log').select('request_id').where('request_id', 'in', [transferBody.requestId, exchangeBody.requestId]).execute(),
    ).toEqual([]);
    await walletKeysToRequestLog().up(db as never);

    const before = { counts: await counts(), balances: await t.services.ledger.memberBalances(memberId) };
    const retried = await c.call<{ id: string }>('transferCreate', transferBody);
    expect(retried.code, retried.message).toBe(20000);
    expect(retried.data).toEqual(sent.data);
    const again = await c.call<{ id: string; status: string }>('exchangeCreate', exchangeBody);
    expect(again.code, again.message).toBe(20000);
    expect(again.data).toEqual(made.data);
    // The old store kept no hash of the request, so a carried key answers its first result to any body.
    expect((await c.call<{ id: string }>('transferCreate', { ...transferBody, amount: '6' })).data).toEqual(sent.data);
    expect(await counts()).toEqual(before.counts);
    expect(await t.services.ledger.memberBalances(memberId)).toEqual(before.balances);
  });
});
