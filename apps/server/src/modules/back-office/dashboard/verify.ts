/**
 * The dashboard's side of the books (decision 059): `ledger_day_totals` (migration 045), each UTC
 * day's posted deposits and withdrawals kept with the movement, which the dashboard's "today"
 * reads. Registered with the ledger's verification when this module loads (decision 044; the
 * composition and `npm run ledger:verify` import it), it checks that every (day, code, coin)'s
 * stripes sum to the journal's posted amount of that code on that day, and that no journal sum
 * lacks its rows.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { registerVerifier } from '../../wallet/ledger/index.ts';

/** The codes whose day totals are kept (the migration's frozen list, the same today). */
export const dayTotalCodes = ['deposit', 'withdraw'] as const;
export type DayTotalCode = (typeof dayTotalCodes)[number];
/** A UTC day: `created_at / dayMs`, rounded down. */
export const dayMs = 86_400_000;

/** Differences listed at most; the count of all of them is one more line. */
const listedMax = 50;

/** Every (day, code, coin) whose kept total differs from the journal's, in one pass over each side. */
export async function verifyDayTotals(db: Db): Promise<string[]> {
  const codes = sql.join(dayTotalCodes.map((code) => sql`${code}`));
  const { rows } = await sql<{
    day: string | number | bigint;
    code: string;
    coin_name: string;
    journal: string | number | bigint;
    kept: string | number | bigint;
  }>`
    select day, code, coin_name, sum(journal) as journal, sum(kept) as kept from (
      select created_at / ${sql.lit(dayMs)} as day, code, coin_name, amount as journal, 0 as kept from ledger_transfers
        where code in (${codes}) and kind in ('posted', 'post_pending')
      union all
      select day, code, coin_name, 0 as journal, amount as kept from ledger_day_totals
    ) both_sides
    group by day, code, coin_name
    having sum(journal) <> sum(kept)
    order by day, code, coin_name`.execute(db);
  const problems = rows
    .slice(0, listedMax)
    .map(
      (r) =>
        `day total of ${new Date(Number(r.day) * dayMs).toISOString().slice(0, 10)} ${r.code} ${r.coin_name} is ${BigInt(r.kept)} but the journal gives ${BigInt(r.journal)}`,
    );
  if (rows.length > listedMax) problems.push(`${rows.length - listedMax} more day totals differ from the journal`);
  return problems;
}

registerVerifier('dashboard.dayTotals', verifyDayTotals);
