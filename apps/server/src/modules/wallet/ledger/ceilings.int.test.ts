// Proves the number ceilings of decision 008 on each database: amounts at and around the ceiling
// through the API and the ledger (both its standalone and in-transaction paths), balances that
// would pass their ceiling refused with nothing written, the database refusing inexact numbers,
// paging cursors and date filters at their bounds; and the books still balance after all of it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor, timeMsMax } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { AppError } from '../../../errors.ts';
import type { AccountRef, LedgerRepository, TransferInput } from './repository.ts';
import { verifyLedger } from './verify.ts';
import { settled } from './index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const member = (owner: string): AccountRef => ({ owner, coinName: 'USDT', purpose: 'available' });
const airdrop: AccountRef = { owner: 'system', coinName: 'USDT', purpose: 'airdrop' };

describe.each(dialects)('number ceilings on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let demo: TestClient;
  let staff: TestClient;
  let seq = 0;
  const rid = () => `ceiling-${dialect}-${String(++seq).padStart(8, '0')}`;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ledger = t.services.ledger;
    demo = new TestClient(t.app, t.serverKey.publicJwk);
    demo.token = await login({ ...t, client: demo }, 'demo', 'Demo@12345');
    staff = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  const db = () => t.services.dbHandle.db;
  const journalSize = async () =>
    Number(
      (
        await db()
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const available = async (owner: string) => (await ledger.memberBalances(owner)).get('USDT')?.available ?? 0n;
  const credit = (owner: string, amount: bigint, isPending = false): TransferInput => ({
    requestId: rid(),
    code: 'airdrop',
    coinName: 'USDT',
    amount,
    debit: airdrop,
    credit: member(owner),
    isPending,
  });
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'none';
    } catch (error) {
      return error instanceof AppError ? error.key : String(error);
    }
  };
  /** Both ways a transfer is called: in a transaction of its own (a group commit on SQLite) and inside a caller's. */
  const paths = {
    standalone: (input: TransferInput) => ledger.transfer(input).then(settled),
    inTransaction: (input: TransferInput) => inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(input, tx).then(settled), { groupCommit: true }),
  };

  it.each([
    ['99999999.999999', 'validation.insufficientBalance'],
    ['100000000', 'validation.insufficientBalance'],
    ['100000000.000001', 'validation.amountTooLarge'],
    ['999999999999999', 'validation.amountTooLarge'],
    ['12345678901234567890', 'validation.amountTooLarge'],
    ['1.1234567', 'validation.enterValidAmount'],
    ['-1', 'validation.enterValidAmount'],
    ['1e3', 'validation.enterValidAmount'],
    ['0x10', 'validation.enterValidAmount'],
    [' 1 000', 'validation.enterValidAmount'],
    ['0', 'validation.amountPositive'],
    ['0.0000000', 'validation.enterValidAmount'],
    ['1'.repeat(41), 'validation.enterValidAmount'],
  ])('transferCreate with amount %s answers %s', async (amount, validation) => {
    const before = await journalSize();
    const result = await demo.call('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'alice',
      coinName: 'USDT',
      amount,
      transactionPassword: 'Demo@123456',
      requestId: rid(),
    });
    expect(result.status).toBe(200);
    expect(result).toMatchObject({ code: 9001, error: 'request.invalid', field: 'amount', validation });
    expect(await journalSize()).toBe(before);
  });

  it('reads leading zeros as the number they spell, and the ceiling message in every language', async () => {
    const result = await demo.call('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'alice',
      coinName: 'USDT',
      amount: '0000000000000000000010.5',
      transactionPassword: 'Demo@123456',
      requestId: rid(),
    });
    expect(result.code, result.message).toBe(20000);
    const messages = new Set<string>();
    for (const lang of ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID']) {
      demo.lang = lang;
      const answer = await demo.call('exchangeCreate', {
        exchangeType: 'USDT_TO_ASSETS',
        amount: '100000001',
        transactionPassword: 'Demo@123456',
        requestId: rid(),
      });
      expect(answer).toMatchObject({ error: 'request.invalid', validation: 'validation.amountTooLarge' });
      messages.add(answer.message);
    }
    demo.lang = 'en-US';
    expect(messages.size).toBe(5);
  });

  it('refuses a staff adjustment over the ceiling in the contract', async () => {
    const alice = (await t.services.accounts.repository.byName('alice'))!.id;
    const base = { memberId: alice, coinName: 'USDT', direction: 'credit', reason: 'ceiling test', requestId: rid() };
    expect(await staff.call('adjustmentCreate', { ...base, amount: '999999999999999' })).toMatchObject({
      status: 200,
      validation: 'validation.amountTooLarge',
    });
    expect(await staff.call('adjustmentCreate', { ...base, amount: '100000000.0000001' })).toMatchObject({
      status: 200,
      validation: 'validation.enterValidAmount',
    });
  });

  it.each(Object.keys(paths) as Array<keyof typeof paths>)(
    'ledger (%s): an amount at the ceiling passes, one minor unit more is refused and writes nothing',
    async (path) => {
      const owner = `ceiling-amount-${path}`;
      await paths[path](credit(owner, amountMaxMinor));
      expect(await available(owner)).toBe(amountMaxMinor);
      const before = await journalSize();
      expect(await refusal(paths[path](credit(owner, amountMaxMinor + 1n)))).toBe('ledger.amountTooLarge');
      expect(await refusal(paths[path](credit(owner, 2n ** 63n)))).toBe('ledger.amountTooLarge');
      expect(await journalSize()).toBe(before);
      expect(await available(owner)).toBe(amountMaxMinor);
    },
  );

  it.each(Object.keys(paths) as Array<keyof typeof paths>)('ledger (%s): a balance reaches its ceiling exactly and no further', async (path) => {
    const owner = `ceiling-balance-${path}`;
    for (let i = 0n; i < balanceMaxMinor / amountMaxMinor - 1n; i++) await paths[path](credit(owner, amountMaxMinor));
    await paths[path](credit(owner, amountMaxMinor - 1n));
    expect(await available(owner)).toBe(balanceMaxMinor - 1n);
    await paths[path](credit(owner, 1n));
    expect(await available(owner)).toBe(balanceMaxMinor);
    const before = await journalSize();
    expect(await refusal(paths[path](credit(owner, 1n)))).toBe('ledger.balanceTooLarge');
    expect(await refusal(paths[path](credit(owner, amountMaxMinor, true)))).toBe('ledger.balanceTooLarge');
    expect(await journalSize()).toBe(before);
    // Spending makes room again.
    await paths[path]({
      requestId: rid(),
      code: 'internalTransfer',
      coinName: 'USDT',
      amount: 5n,
      debit: member(owner),
      credit: member(`${owner}-b`),
      isPending: false,
    });
    await paths[path](credit(owner, 5n));
    expect(await available(owner)).toBe(balanceMaxMinor);
  });

  it.each(Object.keys(paths) as Array<keyof typeof paths>)('ledger (%s): two large pending credits cannot both be approved past the ceiling', async (path) => {
    const owner = `ceiling-pending-${path}`;
    for (let i = 0n; i < balanceMaxMinor / amountMaxMinor - 1n; i++) await paths[path](credit(owner, amountMaxMinor));
    const first = await paths[path](credit(owner, amountMaxMinor, true));
    // The first hold already counts against the ceiling, so the second is refused at once.
    expect(await refusal(paths[path](credit(owner, amountMaxMinor, true)))).toBe('ledger.balanceTooLarge');
    expect(await refusal(paths[path](credit(owner, 1n, true)))).toBe('ledger.balanceTooLarge');
    await ledger.resolvePending(first.id, 'post').then(settled);
    expect(await available(owner)).toBe(balanceMaxMinor);
    if (dialect === 'sqlite') {
      // The failure this replaces: SQLite had stored the balance as a float.
      const row = await db()
        .selectFrom('ledger_accounts')
        .select(sql<string>`typeof(credits_posted)`.as('kind'))
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow();
      expect(row.kind).toBe('integer');
    }
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it('ledger: an account whose running totals are near their ceiling refuses more, on both paths', async () => {
    const owner = 'ceiling-totals';
    await ledger.transfer(credit(owner, 10n)).then(settled);
    const id = (await db().selectFrom('ledger_accounts').select('id').where('owner', '=', owner).executeTakeFirstOrThrow()).id;
    // A lifetime of money in and out: the balance is small, the totals are at the edge.
    const edge = accountTotalMaxMinor - 5n;
    await db()
      .updateTable('ledger_accounts')
      .set({ credits_posted: edge + 10n - 10n, debits_posted: edge - 10n })
      .where('id', '=', id)
      .execute();
    try {
      expect(await available(owner)).toBe(10n);
      expect(await refusal(ledger.transfer(credit(owner, 6n)).then(settled))).toBe('ledger.balanceTooLarge');
      expect(await refusal(inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(credit(owner, 6n), tx).then(settled), { groupCommit: true }))).toBe(
        'ledger.balanceTooLarge',
      );
      await ledger.transfer(credit(owner, 5n)).then(settled);
      expect(await available(owner)).toBe(15n);
    } finally {
      // Put the journal's own totals back so the books check still holds.
      await db().updateTable('ledger_accounts').set({ credits_posted: 15n, debits_posted: 0n }).where('id', '=', id).execute();
    }
  });

  it('the database itself refuses an inexact or out-of-range ledger number', async () => {
    const row = await db().selectFrom('ledger_accounts').select(['id', 'credits_posted']).where('owner', '=', 'ceiling-totals').executeTakeFirstOrThrow();
    const attempts =
      dialect === 'sqlite'
        ? [
            sql`update ledger_accounts set credits_posted = 1.5 where id = ${row.id}`,
            sql`update ledger_accounts set credits_posted = 'abc' where id = ${row.id}`,
            sql`update ledger_accounts set credits_posted = credits_posted + 9223372036854775807 where id = ${row.id}`,
            sql`update ledger_accounts set debits_pending = -1 where id = ${row.id}`,
            sql`update ledger_accounts set credits_posted = ${accountTotalMaxMinor + 1n} where id = ${row.id}`,
            sql`update ledger_transfers set amount = 2.5 where id = (select id from ledger_transfers limit 1)`,
            sql`insert into ledger_transfers (id, seq, code, coin_name, amount, debit_account_id, credit_account_id, kind, state, memo, created_at)
                values ('bad', 999999999, 'airdrop', 'USDT', ${amountMaxMinor + 1n}, 'a', 'b', 'posted', 'final', '', 0)`,
          ]
        : [
            sql`update ledger_accounts set credits_posted = credits_posted + 9223372036854775807 where id = ${row.id}`,
            sql`update ledger_accounts set debits_pending = -1 where id = ${row.id}`,
            sql`update ledger_accounts set credits_posted = ${accountTotalMaxMinor + 1n} where id = ${row.id}`,
            sql`insert into ledger_transfers (id, seq, code, coin_name, amount, debit_account_id, credit_account_id, kind, state, memo, created_at)
                values ('bad', 999999999, 'airdrop', 'USDT', ${amountMaxMinor + 1n}, 'a', 'b', 'posted', 'final', '', 0)`,
          ];
    for (const statement of attempts) await expect(statement.execute(db())).rejects.toThrow();
    const after = await db().selectFrom('ledger_accounts').select('credits_posted').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(BigInt(after.credits_posted)).toBe(BigInt(row.credits_posted));
  });

  it('bounds paging cursors and date filters on every list, without a 500', async () => {
    const huge = '9'.repeat(60);
    const member = await t.services.accounts.repository.byName('demo');
    // Every list is on the keyset helper (decision 052): a cursor it did not make, of any length or number, is the cursor error.
    const keysetLists: Array<[TestClient, Parameters<TestClient['call']>[0], object]> = [
      [demo, 'exchangeList', {}],
      [demo, 'transferList', {}],
      [staff, 'reviewList', { queue: 'adjustment' }],
      [demo, 'assetsRecordList', {}],
      [staff, 'auditList', {}],
      [staff, 'auditList', { text: 'x' }],
      [staff, 'memberSearch', {}],
      [staff, 'memberSearch', { query: 'demo' }],
      [staff, 'memberLedger', { memberId: member!.id }],
    ];
    for (const [client, name, base] of keysetLists) {
      expect((await client.call(name, base)).code, name).toBe(20000);
      for (const cursor of [huge, `${huge}:abc`, '0', '0:0', `${'1'.repeat(20)}:zz`, `k1:${'z'.repeat(13)}:a:AAAAAAAA`]) {
        expect(await client.call(name, { ...base, cursor }), `${name} ${cursor}`).toMatchObject({
          status: 200,
          code: 9001,
          error: 'request.invalid',
          field: 'cursor',
          validation: 'validation.cursorInvalid',
        });
      }
      for (const cursor of ['x'.repeat(101), 'a b', "1' or '1'='1", '😀']) {
        expect(await client.call(name, { ...base, cursor }), `${name} ${cursor}`).toMatchObject({ status: 200, error: 'request.invalid', field: 'cursor' });
      }
    }
    for (const [client, name] of [
      [demo, 'assetsRecordList'],
      [staff, 'auditList'],
    ] as const) {
      expect((await client.call(name, { fromMs: 0, toMs: timeMsMax })).code).toBe(20000);
      for (const bad of [timeMsMax + 1, -1, 1e300, 1.5]) {
        expect(await client.call(name, { fromMs: bad }), `${name} ${bad}`).toMatchObject({ status: 200, error: 'request.invalid', field: 'fromMs' });
        expect(await client.call(name, { toMs: bad }), `${name} ${bad}`).toMatchObject({ status: 200, error: 'request.invalid', field: 'toMs' });
      }
    }
  });
});
