import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * A member's revenue kept with the movement (docs/decisions/049-revenue-totals-kept-with-the-movement.md): `revenue_totals` holds, per
 * credited account and revenue code, the sum of the posted transfers of that code into the account,
 * so `revenueSummary` reads a handful of rows instead of summing the member's whole history.
 *
 * The journal keeps it: an AFTER INSERT trigger on `ledger_transfers`, for a posted transfer or the
 * posting of a held one (`post_pending`, which names the held transfer's code, account and amount)
 * whose code is a revenue code, adds the amount to its (credit account, code) row with one upsert,
 * in the transaction that writes the transfer. Every write path of the ledger (a standalone
 * transfer, PostgreSQL's ledger_post(), a transfer inside a unit of work, postMany's multi-row
 * insert, resolvePending) goes through that insert, so none can forget it, and a refused or
 * rolled-back transfer takes its upsert with it. Other codes pay only the trigger's WHEN test.
 *
 * The codes are the contract's `revenueTypes` when this was written, frozen here (a migration must
 * do the same on every database); the records module's check of the books (revenue-totals.ts)
 * compares the table with the journal summed over the contract's current list, so a code added there
 * without a migration shows as a difference. The existing journal is summed into the table in the
 * same transaction that creates the trigger (on PostgreSQL the trigger's lock holds writers off
 * until the migration commits; on SQLite the transaction is the one writer).
 */
const revenueCodes = [
  'prizePoolBonus',
  'managerBonus',
  'sameLevelReward',
  'rankingBonus',
  'sponsorshipBonus',
  'directBonus',
  'algebraicBonus',
  'performanceBonus',
  'activateBonus',
  'bonusFeeBonus',
  'packageRelease',
  'buyMatchingBonus',
] as const;

export function revenueTotals(dialect: Dialect): Migration {
  const codes = sql.join(revenueCodes.map((code) => sql.lit(code)));
  const counted = (row: string) => sql`${sql.raw(row)}.kind in ('posted', 'post_pending') and ${sql.raw(row)}.code in (${codes})`;
  const steps = async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('revenue_totals')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('revenue_totals_pk', ['account_id', 'code'])
      .execute();
    if (dialect === 'postgres') {
      await sql`create function revenue_totals_add() returns trigger language plpgsql as $$
        begin
          insert into revenue_totals (account_id, code, amount) values (new.credit_account_id, new.code, new.amount)
          on conflict (account_id, code) do update set amount = revenue_totals.amount + excluded.amount;
          return null;
        end $$`.execute(db);
      await sql`create trigger revenue_totals_add after insert on ledger_transfers for each row
        when (${counted('new')}) execute function revenue_totals_add()`.execute(db);
    } else {
      await sql`create trigger revenue_totals_add after insert on ledger_transfers when ${counted('new')}
        begin
          insert into revenue_totals (account_id, code, amount) values (new.credit_account_id, new.code, new.amount)
          on conflict (account_id, code) do update set amount = amount + excluded.amount;
        end`.execute(db);
    }
    await sql`insert into revenue_totals (account_id, code, amount)
      select t.credit_account_id, t.code, sum(t.amount) from ledger_transfers t where ${counted('t')}
      group by t.credit_account_id, t.code`.execute(db);
  };
  return inOneTransaction(dialect, steps);
}
