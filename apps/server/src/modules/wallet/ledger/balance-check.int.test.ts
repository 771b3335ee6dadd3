// Proves the balance check is one rule (decision 043): each leg's UPDATE guards with the rules'
// checks and rules.ts names a refusal (decision 083), the same on both databases, whether the transfer runs in its own transaction or in
// a caller's. All are held to the one table of cases below, on each database; rules.test.ts holds
// the rules alone to the same checks without a database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTotalMaxMinor as totalMax, amountMaxMinor, balanceMaxMinor as balanceMax, unitMinor as point } from '@pp/contract';
import { dialects, makeTestApp, type TestApp } from '../../../../test/helper.ts';
import { AppError } from '../../../errors.ts';
import { systemStripes, type AccountRef, type LedgerRepository, type TransferInput } from './repository.ts';
import { settled } from './index.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** An account's four running totals before the leg; the ones not named are 0. */
interface Totals {
  creditsPosted?: bigint;
  debitsPosted?: bigint;
  creditsPending?: bigint;
  debitsPending?: bigint;
}

interface BalanceCase {
  name: string;
  /** The account the leg is applied to: a member's (the checks apply) or a system one (may go negative). */
  system: boolean;
  side: 'debit' | 'credit';
  totals: Totals;
  amount: bigint;
  /** "ok", or the refusal every form must give. */
  expected: 'ok' | 'ledger.insufficientBalance' | 'ledger.balanceTooLarge' | 'ledger.amountTooLarge';
}

/**
 * The balance check of decision 008, as cases. A member debit needs credits_posted - debits_posted
 * - debits_pending >= amount (pending credits do not count); a member credit needs credits_posted
 * - debits_posted + credits_pending + amount <= balanceMax (pending debits do not count); every
 * leg keeps its side's posted + pending <= totalMax; a system account has no funds or balance
 * check. Each case runs as a posted transfer and as a hold: the guard is the same.
 */
const cases: BalanceCase[] = [
  { name: 'member debit of the whole balance', system: false, side: 'debit', totals: { creditsPosted: 10n * point }, amount: 10n * point, expected: 'ok' },
  {
    name: 'member debit one unit over the balance',
    system: false,
    side: 'debit',
    totals: { creditsPosted: 10n * point },
    amount: 10n * point + 1n,
    expected: 'ledger.insufficientBalance',
  },
  {
    name: 'member debit within what pending debits leave',
    system: false,
    side: 'debit',
    totals: { creditsPosted: 10n * point, debitsPending: 5n * point },
    amount: 5n * point,
    expected: 'ok',
  },
  {
    name: 'member debit over what pending debits leave',
    system: false,
    side: 'debit',
    totals: { creditsPosted: 10n * point, debitsPending: 5n * point },
    amount: 5n * point + 1n,
    expected: 'ledger.insufficientBalance',
  },
  {
    name: 'member debit counting on a pending credit',
    system: false,
    side: 'debit',
    totals: { creditsPosted: 10n * point, creditsPending: 100n * point },
    amount: 11n * point,
    expected: 'ledger.insufficientBalance',
  },
  {
    name: 'member debit of an emptied account',
    system: false,
    side: 'debit',
    totals: { creditsPosted: 10n * point, debitsPosted: 10n * point },
    amount: 1n,
    expected: 'ledger.insufficientBalance',
  },
  { name: 'member debit of an empty account', system: false, side: 'debit', totals: {}, amount: 1n, expected: 'ledger.insufficientBalance' },
  { name: 'system debit below zero', system: true, side: 'debit', totals: {}, amount: 5n * point, expected: 'ok' },
  {
    name: 'system debit to its total ceiling',
    system: true,
    side: 'debit',
    totals: { debitsPosted: totalMax - 5n * point },
    amount: 5n * point,
    expected: 'ok',
  },
  {
    name: 'system debit past its total ceiling',
    system: true,
    side: 'debit',
    totals: { debitsPosted: totalMax - 5n * point, debitsPending: 1n },
    amount: 5n * point,
    expected: 'ledger.balanceTooLarge',
  },
  { name: 'member credit to the balance ceiling', system: false, side: 'credit', totals: { creditsPosted: balanceMax - point }, amount: point, expected: 'ok' },
  {
    name: 'member credit one unit past the balance ceiling',
    system: false,
    side: 'credit',
    totals: { creditsPosted: balanceMax - point },
    amount: point + 1n,
    expected: 'ledger.balanceTooLarge',
  },
  {
    name: 'member credit counting a pending credit',
    system: false,
    side: 'credit',
    totals: { creditsPosted: balanceMax - 2n * point, creditsPending: point },
    amount: point + 1n,
    expected: 'ledger.balanceTooLarge',
  },
  {
    name: 'member credit after a posted debit made room',
    system: false,
    side: 'credit',
    totals: { creditsPosted: balanceMax, debitsPosted: point },
    amount: point,
    expected: 'ok',
  },
  {
    name: 'member credit where only a pending debit would make room',
    system: false,
    side: 'credit',
    totals: { creditsPosted: balanceMax, debitsPending: point },
    amount: point,
    expected: 'ledger.balanceTooLarge',
  },
  {
    name: 'member credit past the total ceiling with room in the balance',
    system: false,
    side: 'credit',
    totals: { creditsPosted: totalMax, debitsPosted: totalMax },
    amount: 1n,
    expected: 'ledger.balanceTooLarge',
  },
  {
    name: 'system credit above any member balance',
    system: true,
    side: 'credit',
    totals: { creditsPosted: balanceMax * 10n },
    amount: amountMaxMinor,
    expected: 'ok',
  },
  { name: 'system credit to its total ceiling', system: true, side: 'credit', totals: { creditsPosted: totalMax - point }, amount: point, expected: 'ok' },
  {
    name: 'system credit past its total ceiling',
    system: true,
    side: 'credit',
    totals: { creditsPosted: totalMax - point, creditsPending: 1n },
    amount: point,
    expected: 'ledger.balanceTooLarge',
  },
  { name: 'a movement over the amount ceiling', system: false, side: 'credit', totals: {}, amount: amountMaxMinor + 1n, expected: 'ledger.amountTooLarge' },
];

describe.each(dialects)('the balance check on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let seq = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ledger = t.services.ledger;
  });
  // No verifyLedger here: the accounts' totals are written directly, with no journal behind them.
  afterAll(async () => t?.close());

  const db = () => t.services.dbHandle.db;
  /** Both ways a transfer is called: in a transaction of its own (a group commit on SQLite) and inside a caller's. */
  const paths = {
    standalone: (input: TransferInput) => ledger.transfer(input).then(settled),
    applyLeg: (input: TransferInput) => inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(input, tx).then(settled), { groupCommit: true }),
  };

  /** A member account, or a system account's every stripe, with these totals. */
  async function accountWith(system: boolean, totals: Totals): Promise<AccountRef> {
    const n = String(++seq).padStart(4, '0');
    const ref: AccountRef = system
      ? { owner: 'system', coinName: 'USDT', purpose: `balance-check-${n}` }
      : { owner: `balance-check-${n}`, coinName: 'USDT', purpose: 'available' };
    const purposes = system ? Array.from({ length: systemStripes }, (_, i) => `${ref.purpose}#${i}`) : [ref.purpose];
    await db()
      .insertInto('ledger_accounts')
      .values(
        purposes.map((purpose, i) => ({
          id: `balance-check-${dialect}-${n}-${i}`,
          owner: ref.owner,
          coin_name: ref.coinName,
          purpose,
          is_system: system ? 1 : 0,
          credits_posted: totals.creditsPosted ?? 0n,
          debits_posted: totals.debitsPosted ?? 0n,
          credits_pending: totals.creditsPending ?? 0n,
          debits_pending: totals.debitsPending ?? 0n,
          created_at: Date.now(),
        })),
      )
      .execute();
    return ref;
  }

  /** The account's totals; a system account's summed over its stripes (the leg touches one). */
  async function totalsOf(ref: AccountRef): Promise<Required<Totals>> {
    const rows = await db()
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('owner', '=', ref.owner)
      .where('coin_name', '=', ref.coinName)
      .where('id', 'like', `balance-check-${dialect}-%`)
      .execute();
    const mine = rows.filter((row) => row.purpose === ref.purpose || row.purpose.startsWith(`${ref.purpose}#`));
    const sum = (pick: (row: (typeof rows)[number]) => bigint | number | string) => mine.reduce((total, row) => total + BigInt(pick(row)), 0n);
    return {
      creditsPosted: sum((r) => r.credits_posted),
      debitsPosted: sum((r) => r.debits_posted),
      creditsPending: sum((r) => r.credits_pending),
      debitsPending: sum((r) => r.debits_pending),
    };
  }

  const outcome = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
      return 'ok';
    } catch (error) {
      return error instanceof AppError ? error.key : String(error);
    }
  };

  // The legs are written in account id order: the leg under test written first, or second after
  // the other leg was written (a refusal must then undo that one: nothing of the transfer stays).
  describe.each(Object.keys(paths).flatMap((path) => (['first', 'second'] as const).map((order) => [path as keyof typeof paths, order] as const)))(
    'through %s, the tested leg written %s',
    (path, order) => {
      it.each(cases.flatMap((c) => [false, true].map((isPending) => ({ ...c, isPending, label: `${c.name}${isPending ? ' (hold)' : ''}` }))))(
        '$label: $expected',
        async (c) => {
          // The other leg is a fresh system account: no check of its own can refuse these amounts.
          // Ids follow the order the accounts are made in.
          const other0 = order === 'second' ? await accountWith(true, {}) : null;
          const tested = await accountWith(c.system, c.totals);
          const other = other0 ?? (await accountWith(true, {}));
          const before = await totalsOf(tested);
          const otherBefore = await totalsOf(other);
          const input: TransferInput = {
            requestId: null,
            code: 'airdrop',
            coinName: 'USDT',
            amount: c.amount,
            debit: c.side === 'debit' ? tested : other,
            credit: c.side === 'credit' ? tested : other,
            isPending: c.isPending,
          };
          expect(await outcome(paths[path](input))).toBe(c.expected);
          const after = await totalsOf(tested);
          const moved = `${c.side}s${c.isPending ? 'Pending' : 'Posted'}` as keyof Totals;
          expect(after).toEqual(c.expected === 'ok' ? { ...before, [moved]: before[moved] + c.amount } : before);
          const otherMoved = `${c.side === 'debit' ? 'credit' : 'debit'}s${c.isPending ? 'Pending' : 'Posted'}` as keyof Totals;
          expect(await totalsOf(other)).toEqual(c.expected === 'ok' ? { ...otherBefore, [otherMoved]: otherBefore[otherMoved] + c.amount } : otherBefore);
        },
      );
    },
  );

  // A refusal is an answer, not an exception: the caller's transaction goes on and commits, so the
  // leg written before the refused one must have been undone, not left to a rollback.
  it.each([
    ['debit', 'insufficientBalance', { creditsPosted: 5n }],
    ['credit', 'creditExceedsCeiling', { creditsPosted: balanceMax }],
  ] as const)('a %s refused after the other leg was written: %s, and the committed caller holds no part of it', async (side, result, totals) => {
    // Made first, so its id sorts first and its leg (a member with the funds) is written first.
    const other = await accountWith(false, { creditsPosted: 100n });
    const tested = await accountWith(false, totals);
    const before = [await totalsOf(other), await totalsOf(tested)];
    const input: TransferInput = {
      requestId: null,
      code: 'internalTransfer',
      coinName: 'USDT',
      amount: 10n,
      debit: side === 'debit' ? tested : other,
      credit: side === 'credit' ? tested : other,
      isPending: false,
    };
    expect(await inTransaction(t.services.dbHandle.db, (tx) => ledger.transfer(input, tx), { groupCommit: true })).toEqual({ ok: false, result });
    expect([await totalsOf(other), await totalsOf(tested)]).toEqual(before);
  });

  it("names the rules' first failing check, not the first leg written (the credit here), and one account on both sides", async () => {
    const credit = await accountWith(false, { creditsPosted: balanceMax });
    const debit = await accountWith(false, { creditsPosted: 5n });
    const input = (d: AccountRef, c: AccountRef): TransferInput => ({
      requestId: null,
      code: 'internalTransfer',
      coinName: 'USDT',
      amount: 10n,
      debit: d,
      credit: c,
      isPending: false,
    });
    expect(await ledger.transfer(input(debit, credit))).toEqual({ ok: false, result: 'insufficientBalance' });
    expect(await ledger.transfer(input(debit, debit))).toEqual({ ok: false, result: 'accountsMustDiffer' });
  });
});
