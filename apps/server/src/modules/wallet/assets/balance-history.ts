/**
 * A member's closing balance of each point type at the end of each of the last 30 or 90 days
 * (decision 041), read back from the ledger: the current posted balance of the member's own
 * accounts of the type, less the movements posted after each day's end. Only posted movements
 * change a posted balance (a `posted` transfer when written, a `post_pending` when a hold is
 * settled); holds and voids do not, and a move between two of the member's own accounts of one
 * type nets to zero. The movements are summed by the database per account and quarter hour (every
 * time zone's midnight falls on a quarter hour; a minute otherwise) through the indexes
 * ledger_transfers(debit_account_id, created_at) and (credit_account_id, created_at) of
 * migration 026, so the read covers only the member's own movements of those days.
 */
import { sql } from 'kysely';
import type { BalanceHistory } from '@pp/contract';
import { formatMinor } from '@pp/contract';
import type { Db } from '../../../db/index.ts';

const dayMs = 86_400_000;

/** The zone's offset from UTC (ms) at `at`. */
function zoneOffset(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The start (ms) of the zone's calendar day containing `at`. */
function zoneMidnight(timeZone: string, at: number): number {
  const local = at + zoneOffset(timeZone, at);
  const midnightLocal = Math.floor(local / dayMs) * dayMs;
  let guess = midnightLocal - zoneOffset(timeZone, midnightLocal);
  // A change of offset between the guess and midnight: measure again at the guess.
  guess = midnightLocal - zoneOffset(timeZone, guess);
  return guess;
}

/** The starts of the last `days` days in the zone, oldest first, the day of `now` last. */
export function dayStarts(timeZone: string, days: number, now: number): number[] {
  const starts: number[] = [];
  let start = zoneMidnight(timeZone, now);
  for (let i = 0; i < days; i += 1) {
    starts.unshift(start);
    // Noon of the day before is safely inside it whatever the offset change.
    start = zoneMidnight(timeZone, start - dayMs / 2);
  }
  return starts;
}

export async function balanceHistory(db: Db, input: { memberId: string; days: number; timeZone: string; now: number }): Promise<BalanceHistory> {
  const starts = dayStarts(input.timeZone, input.days, input.now);
  // Day i closes at the next day's start; the last day closes now, at the current balance.
  const ends = starts.slice(1);
  const from = ends[0] ?? input.now;
  const slotMs = ends.every((e) => e % 900_000 === 0) ? 900_000 : 60_000;

  const coins = await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'coin_name', 'debits_posted', 'credits_posted'])
    .where('owner', '=', input.memberId)
    .where('is_system', '=', 0)
    .execute();
  const coinOf = new Map(accounts.map((a) => [a.id, a.coin_name]));
  const current = new Map<string, bigint>();
  for (const a of accounts) current.set(a.coin_name, (current.get(a.coin_name) ?? 0n) + BigInt(a.credits_posted) - BigInt(a.debits_posted));

  // Net posted movement per coin and slot after the first day's end.
  const net = new Map<string, Map<number, bigint>>();
  if (accounts.length > 0 && ends.length > 0) {
    const ids = accounts.map((a) => a.id);
    const slot = sql<string>`created_at / ${sql.lit(slotMs)}`;
    const read = (side: 'debit_account_id' | 'credit_account_id') =>
      db
        .selectFrom('ledger_transfers')
        .select([sql.ref<string>(side).as('account'), slot.as('slot'), sql<string>`sum(amount)`.as('total')])
        .where(side, 'in', ids)
        .where('created_at', '>=', from)
        .where('kind', 'in', ['posted', 'post_pending'])
        .groupBy([side, slot])
        .execute();
    const [debits, credits] = await Promise.all([read('debit_account_id'), read('credit_account_id')]);
    const add = (rows: Array<{ account: string; slot: string; total: string }>, sign: bigint) => {
      for (const r of rows) {
        const coin = coinOf.get(r.account);
        if (!coin) continue;
        const bySlot = net.get(coin) ?? new Map<number, bigint>();
        const at = Number(r.slot) * slotMs;
        bySlot.set(at, (bySlot.get(at) ?? 0n) + sign * BigInt(r.total));
        net.set(coin, bySlot);
      }
    };
    add(debits, -1n);
    add(credits, 1n);
  }

  return {
    timeZone: input.timeZone,
    days: starts,
    coins: coins.map((c) => {
      const now = current.get(c.coin_name) ?? 0n;
      const moves = [...(net.get(c.coin_name) ?? new Map<number, bigint>())].sort((a, b) => a[0] - b[0]);
      // Walk the days from today backwards, taking off each day's later movements.
      const balances: string[] = new Array<string>(starts.length);
      let balance = now;
      let next = moves.length - 1;
      for (let i = starts.length - 1; i >= 0; i -= 1) {
        const end = i + 1 < starts.length ? starts[i + 1]! : Number.POSITIVE_INFINITY;
        while (next >= 0 && moves[next]![0] >= end) {
          balance -= moves[next]![1];
          next -= 1;
        }
        balances[i] = formatMinor(balance);
      }
      return { coinName: c.coin_name, balances };
    }),
  };
}
