import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * The dashboard's "today" kept with the movement (docs/decisions/059-dashboard-today-kept-with-the-movement.md). The dashboard summed
 * each request's deposits and withdrawals posted since the start of the UTC day from the journal:
 * a read that grew with the day's movements (at 2,415 deposits and 3,855 withdrawals in a day,
 * 5.5 ms p50 against 2.4 on a small database on SQLite). `ledger_day_totals` holds, per UTC day
 * (`created_at / 86,400,000`), code and coin, the sum of the posted transfers of that code (and
 * of held ones when they are posted: `post_pending` names the held transfer's code and amount),
 * for the codes the dashboard shows. Reading today is a few primary-key rows.
 *
 * An AFTER INSERT trigger on `ledger_transfers` keeps it in the transaction that writes the
 * transfer, as `revenue_totals` (migration 034): every write path of the ledger goes through that
 * insert, a refused or rolled-back transfer takes its upsert with it, and other codes pay only the
 * trigger's WHEN test. On PostgreSQL a day's total is split into 16 stripe rows picked by the
 * writing transaction's id (as `review_waiting`, migration 040), so two members' deposits do not
 * wait for one row until the other commits; SQLite has one writer: stripe 0.
 *
 * The codes are frozen here (a migration does the same on every database); the dashboard's check
 * of the books (modules/back-office/dashboard/verify.ts) compares the table with the journal. The
 * existing journal is summed into the table in the transaction that creates the trigger.
 */
export const dayTotalCodes = ['deposit', 'withdraw'] as const;
export const dayTotalStripes = 16;
export const dayMs = 86_400_000;

export function ledgerDayTotals(dialect: Dialect): Migration {
  const codes = sql.join(dayTotalCodes.map((code) => sql.lit(code)));
  const counted = (row: string) => sql`${sql.raw(row)}.kind in ('posted', 'post_pending') and ${sql.raw(row)}.code in (${codes})`;
  const day = (row: string) => sql`${sql.raw(row)}.created_at / ${sql.lit(dayMs)}`;
  const steps = async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('ledger_day_totals')
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('coin_name', 'text', (c) => c.notNull())
      .addColumn('stripe', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_day_totals_pk', ['day', 'code', 'coin_name', 'stripe'])
      .execute();
    if (dialect === 'postgres') {
      await sql`create function ledger_day_totals_add() returns trigger language plpgsql as $$
        begin
          insert into ledger_day_totals (day, code, coin_name, stripe, amount)
          values (${day('new')}, new.code, new.coin_name, (txid_current() % ${sql.lit(dayTotalStripes)})::int, new.amount)
          on conflict (day, code, coin_name, stripe) do update set amount = ledger_day_totals.amount + excluded.amount;
          return null;
        end $$`.execute(db);
      await sql`create trigger ledger_day_totals_add after insert on ledger_transfers for each row
        when (${counted('new')}) execute function ledger_day_totals_add()`.execute(db);
    } else {
      await sql`create trigger ledger_day_totals_add after insert on ledger_transfers when ${counted('new')}
        begin
          insert into ledger_day_totals (day, code, coin_name, stripe, amount) values (${day('new')}, new.code, new.coin_name, 0, new.amount)
          on conflict (day, code, coin_name, stripe) do update set amount = amount + excluded.amount;
        end`.execute(db);
    }
    await sql`insert into ledger_day_totals (day, code, coin_name, stripe, amount)
      select ${day('t')}, t.code, t.coin_name, 0, sum(t.amount) from ledger_transfers t where ${counted('t')}
      group by ${day('t')}, t.code, t.coin_name`.execute(db);
  };
  return inOneTransaction(dialect, steps);
}
