// Proves the dashboard's "today" kept with the movement (migration 045, decision 059) on each
// database: every ledger write path adds a posted deposit or withdrawal to its UTC day's row in its
// own transaction (standalone, inside a unit of work, postMany, a hold once posted), nothing else
// does (other codes, pending or voided holds, rolled-back units), racing transfers keep the totals
// exact, the kept rows give what the old sum over the journal gave, the books
// check catches a tampered or missing total, and the migration fills the table from the journal.
// The dashboard's card itself counts the day of the dashboard's time zone from the journal, as
// its charts do (a UTC day's kept total cannot give a Shanghai day); series.int.test.ts proves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, type TransactionType } from '@pp/contract';
import { dialects, makeTestApp, staffClient, type TestApp } from '../../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../../test/fresh-db.ts';
import { migrateToLatest, type Db } from '../../../db/index.ts';
import { LedgerRepository, verifyAndRecord, verifyLedger, type AccountRef, type TransferInput } from '../../wallet/ledger/index.ts';
import { dayMs, verifyDayTotals } from './verify.ts';
import { dayBoundaries } from './series.ts';
import { settled } from '../../wallet/ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const member = (owner: string, coinName = 'USDT'): AccountRef => ({ owner, coinName, purpose: 'available' });
const system = (purpose: string, coinName = 'USDT'): AccountRef => ({ owner: 'system', coinName, purpose });
const deposit = (owner: string, amount: bigint, extra: Partial<TransferInput> = {}): TransferInput => ({
  requestId: null,
  code: 'deposit',
  coinName: 'USDT',
  amount,
  debit: system('chainDeposits'),
  credit: member(owner),
  isPending: false,
  ...extra,
});
const withdraw = (owner: string, amount: bigint, extra: Partial<TransferInput> = {}): TransferInput => ({
  requestId: null,
  code: 'withdraw',
  coinName: 'USDT',
  amount,
  debit: member(owner),
  credit: system('withdrawals'),
  isPending: true,
  ...extra,
});
const today = () => Math.floor(Date.now() / dayMs);

/** What the dashboard summed before migration 045: the journal's posted rows of the day, the oracle. */
async function journalDay(db: Db, code: TransactionType, day: number, coinName = 'USDT'): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
    .where('code', '=', code)
    .where('coin_name', '=', coinName)
    .where('kind', 'in', ['posted', 'post_pending'])
    .where('created_at', '>=', day * dayMs)
    .where('created_at', '<', (day + 1) * dayMs)
    .executeTakeFirst();
  return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
}

/** The kept total of a day: its stripe rows summed. */
async function keptDay(db: Db, code: TransactionType, day: number, coinName = 'USDT'): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_day_totals')
    .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
    .where('day', '=', day)
    .where('code', '=', code)
    .where('coin_name', '=', coinName)
    .executeTakeFirst();
  return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
}

describe.each(dialects)('dashboard day totals on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let db: Db;
  beforeAll(async () => {
    // A longer wait for a pool connection: the race below queues on the system accounts' rows.
    t = await makeTestApp(dialect, { DB_CONNECT_TIMEOUT_MS: '30000' });
    ledger = t.services.ledger;
    db = t.services.dbHandle.db;
  });
  afterAll(async () => {
    expect((await verifyLedger(db)).problems).toEqual([]);
    expect(await verifyDayTotals(db)).toEqual([]);
    await t.close();
  });

  const both = async (code: TransactionType, coinName = 'USDT') => {
    const day = today();
    return { kept: await keptDay(db, code, day, coinName), journal: await journalDay(db, code, day, coinName) };
  };

  it('adds a posted deposit or withdrawal on every write path, and nothing for other codes or unposted holds', async () => {
    const d0 = await both('deposit');
    const w0 = await both('withdraw');
    expect(d0.kept).toBe(d0.journal);
    await ledger.transfer(deposit('day1', 100n)).then(settled);
    await ledger.transfer(deposit('day1', 5n, { requestId: `day1-${dialect}` })).then(settled);
    // A retry of the same request adds nothing.
    await ledger.transfer(deposit('day1', 5n, { requestId: `day1-${dialect}` })).then(settled);
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(deposit('day1', 7n), tx).then(settled), { groupCommit: true });
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([deposit('day1', 11n), deposit('day2', 13n)], tx), { groupCommit: true });
    // A held deposit (a review) counts once posted; a voided one never.
    const held = await ledger.transfer(deposit('day1', 17n, { isPending: true })).then(settled);
    const voided = await ledger.transfer(deposit('day1', 19n, { isPending: true })).then(settled);
    // Another point type has rows of its own; other codes none.
    await ledger
      .transfer(deposit('day1', 23n, { coinName: 'REWARD_POINT', debit: system('chainDeposits', 'REWARD_POINT'), credit: member('day1', 'REWARD_POINT') }))
      .then(settled);
    await ledger.transfer({ ...deposit('day1', 1000n), code: 'airdrop', debit: system('airdrop') }).then(settled);
    // A withdrawal counts when it is paid (its hold posted), not when it is asked for.
    const paid = await ledger.transfer(withdraw('day1', 29n)).then(settled);
    const refused = await ledger.transfer(withdraw('day1', 31n)).then(settled);
    expect((await both('deposit')).kept - d0.kept).toBe(100n + 5n + 7n + 11n + 13n);
    expect((await both('withdraw')).kept - w0.kept).toBe(0n);
    await ledger.resolvePending(held.id, 'post').then(settled);
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.resolvePending(voided.id, 'void', tx).then(settled), { groupCommit: true });
    await ledger.resolvePending(paid.id, 'post').then(settled);
    await ledger.resolvePending(refused.id, 'void').then(settled);
    const d1 = await both('deposit');
    const w1 = await both('withdraw');
    expect(d1.kept - d0.kept).toBe(100n + 5n + 7n + 11n + 13n + 17n);
    expect(w1.kept - w0.kept).toBe(29n);
    expect(d1.kept).toBe(d1.journal);
    expect(w1.kept).toBe(w1.journal);
    const reward = await both('deposit', 'REWARD_POINT');
    expect(reward.kept).toBe(reward.journal);
    expect(reward.kept).toBeGreaterThanOrEqual(23n);
    expect(await keptDay(db, 'airdrop', today())).toBe(0n);
  });

  it('keeps nothing of a rolled-back unit', async () => {
    const before = await both('deposit');
    await expect(
      inTransaction(
        t.services.dbHandle.db,
        async (tx) => {
          await ledger.transfer(deposit('day3', 1000n), tx).then(settled);
          await ledger.postMany([deposit('day3', 2000n)], tx);
          throw new Error('the unit fails after its transfers');
        },
        { groupCommit: true },
      ),
    ).rejects.toThrow('the unit fails after its transfers');
    expect(await both('deposit')).toEqual(before);
  });

  it('stays exact under racing transfers', async () => {
    const before = await both('deposit');
    const failures: string[] = [];
    const standalone = Array.from({ length: 24 }, (_, i) =>
      ledger
        .transfer(deposit(`racer${i % 6}`, BigInt(i + 1)))
        .then(settled)
        .catch((e: unknown) => failures.push(String(e))),
    );
    const units = Array.from({ length: 12 }, (_, i) =>
      inTransaction(
        t.services.dbHandle.db,
        async (tx) => {
          await ledger.transfer(deposit(`racer${i % 6}`, 1000n), tx).then(settled);
          // Every third unit fails after its transfer: its amount may not stay.
          if (i % 3 === 0) throw new Error('planned');
        },
        { groupCommit: true },
      ).catch((e: unknown) => {
        if (!String(e).includes('planned')) failures.push(String(e));
      }),
    );
    await Promise.all([...standalone, ...units]);
    expect(failures).toEqual([]);
    const after = await both('deposit');
    expect(after.kept).toBe(after.journal);
    expect(after.kept - before.kept).toBe(BigInt((24 * 25) / 2) + 8n * 1000n);
  });

  it('answers the dashboard from the journal of its zone, and the books check catches a tampered or missing total', async () => {
    const viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    const summary = async () => (await viewer.call<{ today: { deposits: string; withdrawals: string } }>('dashboard')).data.today;
    /** The dashboard zone's day so far, summed over the journal: the card's oracle. */
    const zoneDay = async (code: TransactionType) => {
      const [from, to] = dayBoundaries(await t.services.settings.get('dashboard.timeZone'), 1, Date.now()) as [number, number];
      const row = await db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.sum<bigint | string | null>('amount').as('total'))
        .where('code', '=', code)
        .where('coin_name', '=', 'USDT')
        .where('kind', 'in', ['posted', 'post_pending'])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirst();
      return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
    };
    const d = await both('deposit');
    expect(await summary()).toMatchObject({ deposits: formatMinor(await zoneDay('deposit')), withdrawals: formatMinor(await zoneDay('withdraw')) });
    expect(d.journal).toBeGreaterThan(0n);

    // One stripe row off by one: the dashboard shows what is kept, and the books check says so.
    const row = await db
      .selectFrom('ledger_day_totals')
      .selectAll()
      .where('day', '=', today())
      .where('code', '=', 'deposit')
      .where('coin_name', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const tamper = (amount: bigint) =>
      db
        .updateTable('ledger_day_totals')
        .set({ amount })
        .where('day', '=', row.day)
        .where('code', '=', 'deposit')
        .where('coin_name', '=', 'USDT')
        .where('stripe', '=', row.stripe)
        .execute();
    await tamper(BigInt(row.amount) + 1n);
    expect((await summary()).deposits).toBe(formatMinor(await zoneDay('deposit')));
    const problems = await verifyDayTotals(db);
    expect(problems).toEqual([
      `day total of ${new Date(today() * dayMs).toISOString().slice(0, 10)} deposit USDT is ${d.journal + 1n} but the journal gives ${d.journal}`,
    ]);
    const recorded = await verifyAndRecord(db);
    expect(recorded.isBalanced).toBe(false);
    expect(recorded.problems).toContain(problems[0]);
    await tamper(BigInt(row.amount));

    // A day's rows gone: the journal's sum lacks its total.
    const rows = await db.selectFrom('ledger_day_totals').selectAll().where('day', '=', today()).where('code', '=', 'withdraw').execute();
    await db.deleteFrom('ledger_day_totals').where('day', '=', today()).where('code', '=', 'withdraw').execute();
    expect(await verifyDayTotals(db)).toContainEqual(expect.stringMatching(/ withdraw USDT is 0 but the journal gives [1-9]/));
    await db.insertInto('ledger_day_totals').values(rows).execute();
    expect(await verifyDayTotals(db)).toEqual([]);
    expect((await verifyAndRecord(db)).isBalanced).toBe(true);
  });
});

describe.each(dialects)('migration 045 on %s', (dialect) => {
  it('fills ledger_day_totals from the journal already there, by UTC day', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '045-ledger-day-totals');
      const ledger = new LedgerRepository(handle);
      await ledger.transfer(deposit('old', 100n)).then(settled);
      await ledger.transfer(deposit('old', 20n)).then(settled);
      await inTransaction(handle.db, (tx) => ledger.postMany([deposit('old', 3n), deposit('older', 4n)], tx), { groupCommit: true });
      const held = await ledger.transfer(withdraw('old', 5n)).then(settled);
      await ledger.resolvePending(held.id, 'post').then(settled);
      const voided = await ledger.transfer(withdraw('old', 6n)).then(settled);
      await ledger.resolvePending(voided.id, 'void').then(settled);
      await ledger.transfer(withdraw('old', 7n)).then(settled);
      await ledger.transfer({ ...deposit('old', 8n), code: 'airdrop', debit: system('airdrop') }).then(settled);
      // Two of them moved to other days, as a journal of years holds.
      const ids = (await handle.db.selectFrom('ledger_transfers').select('id').where('code', '=', 'deposit').orderBy('seq').execute()).map((r) => r.id);
      await handle.db
        .updateTable('ledger_transfers')
        .set({ created_at: (today() - 400) * dayMs + 5 })
        .where('id', '=', ids[0]!)
        .execute();
      await handle.db
        .updateTable('ledger_transfers')
        .set({ created_at: (today() - 1) * dayMs + dayMs - 1 })
        .where('id', '=', ids[1]!)
        .execute();
      await migrateToLatest(handle);
      const rows = await handle.db.selectFrom('ledger_day_totals').select(['day', 'code', 'coin_name', 'amount']).orderBy('day').orderBy('code').execute();
      expect(rows.map((r) => [Number(r.day) - today(), r.code, r.coin_name, BigInt(r.amount)])).toEqual([
        [-400, 'deposit', 'USDT', 100n],
        [-1, 'deposit', 'USDT', 20n],
        [0, 'deposit', 'USDT', 7n],
        [0, 'withdraw', 'USDT', 5n],
      ]);
      // From here the trigger keeps it.
      await ledger.transfer(deposit('old', 1n)).then(settled);
      expect(await keptDay(handle.db, 'deposit', today())).toBe(8n);
      expect(await verifyDayTotals(handle.db)).toEqual([]);
    } finally {
      await close();
    }
  });
});
