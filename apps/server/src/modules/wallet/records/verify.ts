/**
 * The records module's side of the books (revenue kept with the movement and checked against the journal, decisions 049 and 063): `revenue_totals` (migration 034), the
 * member's revenue kept with the movement, which `revenueSummary` (service.ts) reads. Registered
 * with the ledger's verification when this module loads (decision 044; the composition,
 * services.ts, and `npm run ledger:verify` import it), it checks that every row equals the
 * journal's sum for its account and code, summed as the summary used to be (posted transfers, and
 * held ones since posted) over the contract's revenue codes, and that no journal sum lacks its row.
 */
import { revenueTypes } from '@pp/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { registerVerifier } from '../ledger/index.ts';

/** Differences listed at most; the count of all of them is one more line. */
const listedMax = 50;

/**
 * Every (account, code) whose kept total differs from the journal's, in one pass over each side:
 * the journal's counted rows and the table's rows, summed together per key (memory stays bounded
 * on a large journal, only differences come back).
 */
export async function verifyRevenueTotals(db: Db): Promise<string[]> {
  const codes = sql.join(revenueTypes.map((code) => sql`${code}`));
  const { rows } = await sql<{ account_id: string; code: string; journal: string | number | bigint; kept: string | number | bigint }>`
    select account_id, code, sum(journal) as journal, sum(kept) as kept from (
      select credit_account_id as account_id, code, amount as journal, 0 as kept from ledger_transfers
        where code in (${codes}) and (kind = 'posted' or (kind = 'pending' and state = 'posted'))
      union all
      select account_id, code, 0 as journal, amount as kept from revenue_totals
    ) both_sides
    group by account_id, code
    having sum(journal) <> sum(kept)
    order by account_id, code`.execute(db);
  const problems = rows
    .slice(0, listedMax)
    .map((r) => `revenue total of account ${r.account_id} ${r.code} is ${BigInt(r.kept)} but the journal gives ${BigInt(r.journal)}`);
  if (rows.length > listedMax) problems.push(`${rows.length - listedMax} more revenue totals differ from the journal`);
  return problems;
}

registerVerifier('records.revenueTotals', verifyRevenueTotals);
