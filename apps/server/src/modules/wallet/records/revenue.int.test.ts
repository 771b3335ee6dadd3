// Proves the member's revenue kept with the movement (decision 049) on each database: every ledger
// write path adds a revenue credit to revenue_totals in its own transaction (standalone, inside a
// unit of work, postMany, a held credit once posted), nothing else does (other codes, pending or
// voided holds, refused and rolled-back transfers), racing transfers keep the totals exact,
// revenueSummary gives what the old sum over the journal gave, migration 034 fills the table from
// an existing journal, and the books check registered by the records module catches a tampered total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountMaxMinor, balanceMaxMinor, revenueTypes, transactionTypes, formatMinor, type TransactionType } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../../test/fresh-db.ts';
import { migrateToLatest, type Db } from '../../../db/index.ts';
import { LedgerRepository, verifyAndRecord, verifyLedger, type AccountRef, type TransferInput } from '../ledger/index.ts';
import { revenueSummary } from './service.ts';
import { verifyRevenueTotals } from './verify.ts';
import { settled } from '../ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const member = (owner: string, coinName = 'USDT', purpose = 'available'): AccountRef => ({ owner, coinName, purpose });
const system = (purpose: string, coinName = 'USDT'): AccountRef => ({ owner: 'system', coinName, purpose });
const credit = (owner: string, code: TransactionType, amount: bigint, extra: Partial<TransferInput> = {}): TransferInput => ({
  requestId: null,
  code,
  coinName: 'USDT',
  amount,
  debit: system('packageRewards'),
  credit: member(owner),
  isPending: false,
  ...extra,
});

/** What revenueSummary summed before decision 049: the journal itself, as the oracle. */
async function journalSummary(db: Db, memberId: string): Promise<Array<{ coinName: string; total: string }>> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
    .select(['ledger_transfers.coin_name as coin', (eb) => eb.fn.sum<bigint | string>('ledger_transfers.amount').as('total')])
    .where('ledger_accounts.owner', '=', memberId)
    .where('ledger_transfers.code', 'in', [...revenueTypes])
    .where((eb) => eb.or([eb('ledger_transfers.kind', '=', 'posted'), eb('ledger_transfers.state', '=', 'posted')]))
    .where('ledger_transfers.kind', 'in', ['posted', 'pending'])
    .groupBy('ledger_transfers.coin_name')
    .execute();
  const coins = await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
  const totals = new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
  return coins.map((c) => ({ coinName: c.coin_name, total: formatMinor(totals.get(c.coin_name) ?? 0n) }));
}

describe.each(dialects)('revenue totals on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let db: Db;
  beforeAll(async () => {
    // With the demo data: its members' revenue came from the seed's package releases.
    // A longer wait for a pool connection: the race below queues on one account's row lock.
    t = await makeTestApp(dialect, { DB_CONNECT_TIMEOUT_MS: '30000' });
    ledger = t.services.ledger;
    db = t.services.dbHandle.db;
  });
  afterAll(async () => {
    expect((await verifyLedger(db)).problems).toEqual([]);
    expect(await verifyRevenueTotals(db)).toEqual([]);
    await t.close();
  });

  /** The member's kept rows: code -> amount (USDT available unless said). */
  const kept = async (owner: string, coinName = 'USDT', purpose = 'available') => {
    const rows = await db
      .selectFrom('revenue_totals')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'revenue_totals.account_id')
      .select(['revenue_totals.code', 'revenue_totals.amount'])
      .where('ledger_accounts.owner', '=', owner)
      .where('ledger_accounts.coin_name', '=', coinName)
      .where('ledger_accounts.purpose', '=', purpose)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.code, BigInt(r.amount)]));
  };

  it('adds a revenue credit on every write path, and nothing for other codes, pending or voided holds', async () => {
    await ledger.transfer(credit('rev1', 'directBonus', 100n)).then(settled);
    await ledger.transfer(credit('rev1', 'directBonus', 5n, { requestId: 'rev1-direct' })).then(settled);
    // A retry of the same request adds nothing.
    await ledger.transfer(credit('rev1', 'directBonus', 5n, { requestId: 'rev1-direct' })).then(settled);
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(credit('rev1', 'managerBonus', 7n), tx).then(settled), { groupCommit: true });
    await inTransaction(
      t.services.dbHandle.db,
      (tx) => ledger.postMany([credit('rev1', 'packageRelease', 11n), credit('rev1', 'packageRelease', 13n), credit('rev2', 'packageRelease', 17n)], tx),
      { groupCommit: true },
    );
    // A release reinvested into the fixed account counts too, as it always did (then redeemed
    // back to available, so the packages' check, fixed = live holdings, still holds).
    await ledger.transfer(credit('rev1', 'packageRelease', 19n, { credit: member('rev1', 'USDT', 'fixed') })).then(settled);
    await ledger
      .transfer({
        requestId: null,
        code: 'redeem',
        coinName: 'USDT',
        amount: 19n,
        debit: member('rev1', 'USDT', 'fixed'),
        credit: member('rev1'),
        isPending: false,
      })
      .then(settled);
    // Another point type.
    await ledger
      .transfer(
        credit('rev1', 'sameLevelReward', 23n, {
          coinName: 'REWARD_POINT',
          debit: system('packageRewards', 'REWARD_POINT'),
          credit: member('rev1', 'REWARD_POINT'),
        }),
      )
      .then(settled);
    // Not revenue: an airdrop, and money leaving the member.
    await ledger.transfer(credit('rev1', 'airdrop', 1000n, { debit: system('airdrop') })).then(settled);
    await ledger
      .transfer({
        requestId: null,
        code: 'internalTransfer',
        coinName: 'USDT',
        amount: 3n,
        debit: member('rev1'),
        credit: member('rev2'),
        isPending: false,
      })
      .then(settled);
    // Held revenue counts only once posted; a voided one never.
    const held = await ledger.transfer(credit('rev1', 'rankingBonus', 29n, { isPending: true })).then(settled);
    const voided = await ledger.transfer(credit('rev1', 'rankingBonus', 31n, { isPending: true })).then(settled);
    expect(await kept('rev1')).toEqual({ directBonus: 105n, managerBonus: 7n, packageRelease: 24n });
    await ledger.resolvePending(held.id, 'post').then(settled);
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.resolvePending(voided.id, 'void', tx).then(settled), { groupCommit: true });
    expect(await kept('rev1')).toEqual({ directBonus: 105n, managerBonus: 7n, packageRelease: 24n, rankingBonus: 29n });
    expect(await kept('rev1', 'USDT', 'fixed')).toEqual({ packageRelease: 19n });
    expect(await kept('rev1', 'REWARD_POINT')).toEqual({ sameLevelReward: 23n });
    expect(await kept('rev2')).toEqual({ packageRelease: 17n });
    const summary = await revenueSummary(db, 'rev1');
    expect(summary).toEqual([
      { coinName: 'USDT', total: formatMinor(105n + 7n + 24n + 29n + 19n) },
      { coinName: 'ASSETS_POINT', total: '0.000000' },
      { coinName: 'REWARD_POINT', total: formatMinor(23n) },
    ]);
    expect(summary).toEqual(await journalSummary(db, 'rev1'));
    expect(await revenueSummary(db, 'rev2')).toEqual(await journalSummary(db, 'rev2'));
    expect(await revenueSummary(db, 'nobody')).toEqual(await journalSummary(db, 'nobody'));
  });

  it("counts exactly the contract's revenue codes", async () => {
    // One credit of every transfer code, each its own amount, to one member.
    const amounts = new Map(transactionTypes.map((code, i) => [code, BigInt(1000 + i)]));
    for (const [code, amount] of amounts) await ledger.transfer(credit('every-code', code, amount)).then(settled);
    expect(await kept('every-code')).toEqual(Object.fromEntries(revenueTypes.map((code) => [code, amounts.get(code)])));
    expect(await revenueSummary(db, 'every-code')).toEqual(await journalSummary(db, 'every-code'));
  });

  it('keeps nothing of a refused or rolled-back transfer', async () => {
    await ledger.transfer(credit('rev3', 'directBonus', 50n)).then(settled);
    const before = await kept('rev3');
    // Rolled back with the unit of work that made it.
    await expect(
      inTransaction(
        t.services.dbHandle.db,
        async (tx) => {
          await ledger.transfer(credit('rev3', 'directBonus', 1000n), tx).then(settled);
          await ledger.postMany([credit('rev3', 'packageRelease', 2000n)], tx);
          throw new Error('the unit fails after its transfers');
        },
        { groupCommit: true },
      ),
    ).rejects.toThrow('the unit fails after its transfers');
    expect(await kept('rev3')).toEqual(before);
    // Refused at the balance ceiling (decision 008): rev3 filled up with airdrops (not revenue).
    const account = await db
      .selectFrom('ledger_accounts')
      .select(['credits_posted', 'debits_posted'])
      .where('owner', '=', 'rev3')
      .where('purpose', '=', 'available')
      .executeTakeFirstOrThrow();
    for (let room = balanceMaxMinor - (BigInt(account.credits_posted) - BigInt(account.debits_posted)); room > 0n;) {
      const step = room < amountMaxMinor ? room : amountMaxMinor;
      await ledger.transfer(credit('rev3', 'airdrop', step, { debit: system('airdrop') })).then(settled);
      room -= step;
    }
    await expect(ledger.transfer(credit('rev3', 'directBonus', 1n)).then(settled)).rejects.toMatchObject({ key: 'ledger.balanceTooLarge' });
    await expect(
      inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(credit('rev3', 'managerBonus', 1n), tx).then(settled), { groupCommit: true }),
    ).rejects.toMatchObject({
      key: 'ledger.balanceTooLarge',
    });
    await expect(
      inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([credit('rev3', 'packageRelease', 1n)], tx), { groupCommit: true }),
    ).rejects.toMatchObject({
      key: 'ledger.balanceTooLarge',
    });
    expect(await kept('rev3')).toEqual({ directBonus: 50n });
    expect(await revenueSummary(db, 'rev3')).toEqual(await journalSummary(db, 'rev3'));
  });

  it('stays exact under racing transfers', async () => {
    const failures: string[] = [];
    // 24 standalone transfers, 20 request ids: the 4 repeats (another amount) are refused.
    const standalone = Array.from({ length: 24 }, (_, i) =>
      ledger
        .transfer(credit('racer', 'directBonus', BigInt(i + 1), { requestId: `race-${dialect}-${i % 20}` }))
        .then(settled)
        .catch((e: unknown) => failures.push(String(e))),
    );
    const units = Array.from({ length: 12 }, (_, i) =>
      inTransaction(
        t.services.dbHandle.db,
        async (tx) => {
          await ledger.transfer(credit('racer', 'directBonus', 1000n), tx).then(settled);
          await ledger.transfer(credit('racer', 'managerBonus', 10n), tx).then(settled);
          // Every third unit fails after its transfers: none of its amounts may stay.
          if (i % 3 === 0) throw new Error('refused unit');
        },
        { groupCommit: true },
      ).catch((e: unknown) => failures.push(String(e))),
    );
    const batches = Array.from({ length: 6 }, () =>
      inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([credit('racer', 'packageRelease', 3n), credit('racer2', 'packageRelease', 4n)], tx), {
        groupCommit: true,
      }),
    );
    await Promise.all([...standalone, ...units, ...batches]);
    expect(failures.sort()).toEqual([...Array<string>(4).fill('Error: ledger.requestIdReused'), ...Array<string>(4).fill('Error: refused unit')]);
    const totals = await kept('racer');
    const journal = await db
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
      .select([
        'ledger_transfers.code',
        (eb) => eb.fn.sum<bigint | string>('ledger_transfers.amount').as('total'),
        (eb) => eb.fn.countAll<number | bigint>().as('n'),
      ])
      .where('ledger_accounts.owner', '=', 'racer')
      .groupBy('ledger_transfers.code')
      .execute();
    const byCode = Object.fromEntries(journal.map((r) => [r.code, { total: BigInt(r.total), n: Number(r.n) }]));
    expect(byCode.directBonus!.n).toBe(20 + 8);
    expect(byCode.managerBonus).toEqual({ total: 80n, n: 8 });
    expect(byCode.packageRelease).toEqual({ total: 18n, n: 6 });
    expect(totals).toEqual({ directBonus: byCode.directBonus!.total, managerBonus: 80n, packageRelease: 18n });
    expect(await kept('racer2')).toEqual({ packageRelease: 24n });
    expect(await verifyRevenueTotals(db)).toEqual([]);
  });

  it('is checked against the journal by the books check, which catches a tampered total', async () => {
    await ledger.transfer(credit('tampered', 'algebraicBonus', 40n)).then(settled);
    await ledger.transfer(credit('tampered', 'bonusFeeBonus', 2n)).then(settled);
    const accountId = (
      await db.selectFrom('ledger_accounts').select('id').where('owner', '=', 'tampered').where('purpose', '=', 'available').executeTakeFirstOrThrow()
    ).id;
    expect((await verifyAndRecord(db)).problems).toEqual([]);
    await db.updateTable('revenue_totals').set({ amount: 41n }).where('account_id', '=', accountId).where('code', '=', 'algebraicBonus').execute();
    await db.deleteFrom('revenue_totals').where('account_id', '=', accountId).where('code', '=', 'bonusFeeBonus').execute();
    await db.insertInto('revenue_totals').values({ account_id: accountId, code: 'activateBonus', amount: 9n }).execute();
    const result = await verifyAndRecord(db);
    expect(result.isBalanced).toBe(false);
    expect(result.problems).toEqual([
      `revenue total of account ${accountId} activateBonus is 9 but the journal gives 0`,
      `revenue total of account ${accountId} algebraicBonus is 41 but the journal gives 40`,
      `revenue total of account ${accountId} bonusFeeBonus is 0 but the journal gives 2`,
    ]);
    // The back-office sees the failed check.
    const last = await db.selectFrom('ledger_verifications').select(['is_balanced', 'problem_count']).orderBy('checked_at', 'desc').executeTakeFirstOrThrow();
    expect({ isBalanced: Number(last.is_balanced), problems: Number(last.problem_count) }).toEqual({ isBalanced: 0, problems: 3 });
    await db.updateTable('revenue_totals').set({ amount: 40n }).where('account_id', '=', accountId).where('code', '=', 'algebraicBonus').execute();
    await db.deleteFrom('revenue_totals').where('account_id', '=', accountId).where('code', '=', 'activateBonus').execute();
    await db.insertInto('revenue_totals').values({ account_id: accountId, code: 'bonusFeeBonus', amount: 2n }).execute();
    expect((await verifyAndRecord(db)).isBalanced).toBe(true);
  });

  it('answers revenueSummary through the API from the totals', async () => {
    const m = await registerMember(t, 'earner');
    const id = (await t.services.accounts.repository.byName('earner'))!.id;
    await ledger.transfer(credit(id, 'sponsorshipBonus', 1_500_000n)).then(settled);
    await ledger
      .transfer(
        credit(id, 'prizePoolBonus', 250_000n, { coinName: 'ASSETS_POINT', debit: system('jackpot', 'ASSETS_POINT'), credit: member(id, 'ASSETS_POINT') }),
      )
      .then(settled);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const answer = await c.call<Array<{ coinName: string; total: string }>>('revenueSummary');
    expect(answer.data).toEqual([
      { coinName: 'USDT', total: '1.500000' },
      { coinName: 'ASSETS_POINT', total: '0.250000' },
      { coinName: 'REWARD_POINT', total: '0.000000' },
    ]);
    expect(answer.data).toEqual(await journalSummary(db, id));
    // The demo member's, from the seed's releases (88.8 REWARD_POINT, accounts.int.test.ts).
    const demo = (await t.services.accounts.repository.byName('demo'))!.id;
    expect(await revenueSummary(db, demo)).toEqual(await journalSummary(db, demo));
    expect((await revenueSummary(db, demo))[2]).toEqual({ coinName: 'REWARD_POINT', total: '88.800000' });
  });
});

describe.each(dialects)('migration 034 on %s', (dialect) => {
  it('fills revenue_totals from the journal already there', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '034-revenue-totals');
      const ledger = new LedgerRepository(handle);
      await ledger.transfer(credit('old', 'directBonus', 100n)).then(settled);
      await ledger.transfer(credit('old', 'directBonus', 20n)).then(settled);
      await inTransaction(handle.db, (tx) => ledger.postMany([credit('old', 'packageRelease', 3n), credit('older', 'packageRelease', 4n)], tx), {
        groupCommit: true,
      });
      const held = await ledger.transfer(credit('old', 'rankingBonus', 5n, { isPending: true })).then(settled);
      await ledger.resolvePending(held.id, 'post').then(settled);
      const voided = await ledger.transfer(credit('old', 'rankingBonus', 6n, { isPending: true })).then(settled);
      await ledger.resolvePending(voided.id, 'void').then(settled);
      await ledger.transfer(credit('old', 'rankingBonus', 7n, { isPending: true })).then(settled);
      await ledger.transfer(credit('old', 'airdrop', 8n, { debit: system('airdrop') })).then(settled);
      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom('revenue_totals')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'revenue_totals.account_id')
        .select(['ledger_accounts.owner', 'revenue_totals.code', 'revenue_totals.amount'])
        .orderBy('ledger_accounts.owner')
        .orderBy('revenue_totals.code')
        .execute();
      expect(rows.map((r) => [r.owner, r.code, BigInt(r.amount)])).toEqual([
        ['old', 'directBonus', 120n],
        ['old', 'packageRelease', 3n],
        ['old', 'rankingBonus', 5n],
        ['older', 'packageRelease', 4n],
      ]);
      // From here the trigger keeps it.
      await ledger.transfer(credit('old', 'directBonus', 1n)).then(settled);
      expect(await verifyRevenueTotals(handle.db)).toEqual([]);
      expect(await revenueSummary(handle.db, 'old')).toEqual(await journalSummary(handle.db, 'old'));
    } finally {
      await close();
    }
  });
});
