/**
 * A member's statement of one month (decision 092), read back from the ledger like the balance
 * history (decision 041): per point type, all of the member's own accounts together (available,
 * frozen and fixed), only posted movements (a `posted` transfer, or a hold's `post_pending` when
 * it is settled): holds and voids change no posted balance, and a move between two of the
 * member's own accounts nets to zero and is left out. The closing balance is the current posted
 * balance less what was posted since the month's end; the opening is the closing less the month's
 * net. Every read is a range of the (account, created_at) indexes of migration 026, so the cost is
 * the member's movements since the month's start, never the member's whole history.
 */
import { sql } from 'kysely';
import {
  communityMonthOffsetMs,
  communityMonthTimeZone,
  formatMinor,
  statementLinesMax,
  type RecordStatement,
  type StatementLine,
  type TransactionType,
} from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';

/** The month's first instant and the next month's, in the community's month zone (no DST there). */
export function monthBounds(month: string): { fromMs: number; toMs: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { fromMs: Date.UTC(year, monthNumber - 1, 1) - communityMonthOffsetMs, toMs: Date.UTC(year, monthNumber, 1) - communityMonthOffsetMs };
}

const postedKinds = ['posted', 'post_pending'];

export async function recordStatement(db: Db, memberId: string, month: string, now = Date.now()): Promise<RecordStatement> {
  const { fromMs, toMs } = monthBounds(month);
  // A month that has not begun has no statement; the current one runs to now.
  if (fromMs > now) throw new AppError('request.invalid', undefined, 'month', 'validation.enterValidValue');
  const coins = await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'coin_name', 'debits_posted', 'credits_posted'])
    .where('owner', '=', memberId)
    .where('is_system', '=', 0)
    .execute();
  const coinOf = new Map(accounts.map((a) => [a.id, a.coin_name]));
  const ids = accounts.map((a) => a.id);
  const add = (map: Map<string, bigint>, coin: string, amount: bigint) => map.set(coin, (map.get(coin) ?? 0n) + amount);
  const current = new Map<string, bigint>();
  for (const a of accounts) add(current, a.coin_name, BigInt(a.credits_posted) - BigInt(a.debits_posted));

  const after = new Map<string, bigint>();
  const credits = new Map<string, bigint>();
  const debits = new Map<string, bigint>();
  let lines: StatementLine[] = [];
  let isTruncated = false;
  if (ids.length > 0) {
    // Sums per account and side of a time range: posted movements only, the member's own moves left out.
    const sums = (side: 'debit_account_id' | 'credit_account_id', from: number, to: number | null) => {
      const other = side === 'debit_account_id' ? 'credit_account_id' : 'debit_account_id';
      let q = db
        .selectFrom('ledger_transfers')
        .select([sql.ref<string>(side).as('account'), sql<string>`sum(amount)`.as('total')])
        .where(side, 'in', ids)
        .where(other, 'not in', ids)
        .where('kind', 'in', postedKinds)
        .where('created_at', '>=', from);
      if (to !== null) q = q.where('created_at', '<', to);
      return q.groupBy(side).execute();
    };
    // The month's movements, oldest first, one leg per side, each stopping after the lines' ceiling.
    const movements = (side: 'debit_account_id' | 'credit_account_id') => {
      const other = side === 'debit_account_id' ? 'credit_account_id' : 'debit_account_id';
      return db
        .selectFrom('ledger_transfers')
        .select(['id', 'seq', 'code', 'coin_name', 'amount', 'created_at', 'debit_account_id'])
        .where(side, 'in', ids)
        .where(other, 'not in', ids)
        .where('kind', 'in', postedKinds)
        .where('created_at', '>=', fromMs)
        .where('created_at', '<', toMs)
        .orderBy('created_at')
        .orderBy('seq')
        .limit(statementLinesMax + 1)
        .execute();
    };
    const [debitsAfter, creditsAfter, monthDebits, monthCredits, outs, ins] = await Promise.all([
      sums('debit_account_id', toMs, null),
      sums('credit_account_id', toMs, null),
      sums('debit_account_id', fromMs, toMs),
      sums('credit_account_id', fromMs, toMs),
      movements('debit_account_id'),
      movements('credit_account_id'),
    ]);
    for (const r of debitsAfter) add(after, coinOf.get(r.account)!, -BigInt(r.total));
    for (const r of creditsAfter) add(after, coinOf.get(r.account)!, BigInt(r.total));
    for (const r of monthDebits) add(debits, coinOf.get(r.account)!, BigInt(r.total));
    for (const r of monthCredits) add(credits, coinOf.get(r.account)!, BigInt(r.total));
    const rows = [...outs, ...ins].sort((a, b) => {
      const [x, y] = [BigInt(a.created_at), BigInt(b.created_at)];
      if (x !== y) return x < y ? -1 : 1;
      return BigInt(a.seq) < BigInt(b.seq) ? -1 : 1;
    });
    isTruncated = rows.length > statementLinesMax;
    const running = new Map<string, bigint>();
    for (const c of coins) {
      const closing = (current.get(c.coin_name) ?? 0n) - (after.get(c.coin_name) ?? 0n);
      running.set(c.coin_name, closing - (credits.get(c.coin_name) ?? 0n) + (debits.get(c.coin_name) ?? 0n));
    }
    lines = rows.slice(0, statementLinesMax).map((r) => {
      const isOut = coinOf.has(r.debit_account_id);
      const amount = isOut ? -BigInt(r.amount) : BigInt(r.amount);
      const balance = (running.get(r.coin_name) ?? 0n) + amount;
      running.set(r.coin_name, balance);
      return {
        id: r.id,
        createdAt: num(r.created_at),
        type: r.code as TransactionType,
        coinName: r.coin_name,
        amount: formatMinor(amount),
        balance: formatMinor(balance),
      };
    });
  }
  return {
    month,
    timeZone: communityMonthTimeZone,
    fromMs,
    toMs,
    coins: coins.map((c) => {
      const closing = (current.get(c.coin_name) ?? 0n) - (after.get(c.coin_name) ?? 0n);
      const inMonth = credits.get(c.coin_name) ?? 0n;
      const outMonth = debits.get(c.coin_name) ?? 0n;
      return {
        coinName: c.coin_name,
        opening: formatMinor(closing - inMonth + outMonth),
        credits: formatMinor(inMonth),
        debits: formatMinor(outMonth),
        closing: formatMinor(closing),
      };
    }),
    lines,
    isTruncated,
  };
}
