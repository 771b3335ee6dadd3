import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * The back-office's waiting counts kept with the items (docs/decisions/057-journal-index-budget-and-kept-waiting-counts.md): the dashboard
 * counted each queue's waiting items on every load, 150 ms p50 on PostgreSQL at 100,000 waiting
 * items against 7.5 ms on a small database. `review_waiting` holds per queue the number of items
 * whose status is waiting (pending or awaitingSecond), in a few stripe rows summed on read.
 *
 * Triggers on `review_items` keep it, in the transaction that writes the item: an insert of a
 * waiting item adds one; an update that moves an item into or out of waiting (or to another
 * queue) moves one; a delete of a waiting item takes one. Every write path (a new request, a
 * decision, an exchange's automatic approval, housekeeping) goes through those statements, so none
 * can forget it, and a rolled-back write takes its count with it.
 *
 * On PostgreSQL a queue's count is split into 16 stripe rows, the stripe picked from the writing
 * transaction's id: two members' requests do not wait for one counter row until the other commits,
 * and one transaction touches one stripe per queue. SQLite has one writer at a time: one row a
 * queue (stripe 0). The existing items are counted into the table in the same transaction that
 * creates the triggers (on PostgreSQL the migration's transaction; SQLite's migrator opens none).
 */
const waiting = sql`('pending', 'awaitingSecond')`;
export const reviewWaitingStripes = 16;

export function reviewWaitingCounts(dialect: Dialect): Migration {
  const steps = async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('review_waiting')
      .addColumn('queue', 'text', (c) => c.notNull())
      .addColumn('stripe', 'integer', (c) => c.notNull())
      .addColumn('waiting', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_waiting_pk', ['queue', 'stripe'])
      .execute();
    if (dialect === 'postgres') {
      const add = (row: 'old' | 'new', delta: number) =>
        sql`insert into review_waiting (queue, stripe, waiting) values (${sql.raw(row)}.queue, (txid_current() % ${sql.lit(reviewWaitingStripes)})::int, ${sql.lit(delta)})
            on conflict (queue, stripe) do update set waiting = review_waiting.waiting + excluded.waiting;`;
      await sql`create function review_waiting_keep() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.status in ${waiting} then ${add('old', -1)} end if;
          if tg_op in ('INSERT', 'UPDATE') and new.status in ${waiting} then ${add('new', 1)} end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger review_waiting_insert after insert on review_items for each row
        when (new.status in ${waiting}) execute function review_waiting_keep()`.execute(db);
      await sql`create trigger review_waiting_update after update on review_items for each row
        when ((old.status in ${waiting}) <> (new.status in ${waiting}) or old.queue <> new.queue) execute function review_waiting_keep()`.execute(db);
      await sql`create trigger review_waiting_delete after delete on review_items for each row
        when (old.status in ${waiting}) execute function review_waiting_keep()`.execute(db);
    } else {
      const add = (row: 'old' | 'new', delta: number) =>
        sql`insert into review_waiting (queue, stripe, waiting) values (${sql.raw(row)}.queue, 0, ${sql.lit(delta)})
            on conflict (queue, stripe) do update set waiting = waiting + excluded.waiting;`;
      await sql`create trigger review_waiting_insert after insert on review_items when new.status in ${waiting}
        begin ${add('new', 1)} end`.execute(db);
      // Two triggers for an update, each with its own condition: SQLite's trigger body has no IF.
      await sql`create trigger review_waiting_update_out after update on review_items
        when old.status in ${waiting} and (new.status not in ${waiting} or old.queue <> new.queue)
        begin ${add('old', -1)} end`.execute(db);
      await sql`create trigger review_waiting_update_in after update on review_items
        when new.status in ${waiting} and (old.status not in ${waiting} or old.queue <> new.queue)
        begin ${add('new', 1)} end`.execute(db);
      await sql`create trigger review_waiting_delete after delete on review_items when old.status in ${waiting}
        begin ${add('old', -1)} end`.execute(db);
    }
    await sql`insert into review_waiting (queue, stripe, waiting)
      select queue, 0, count(*) from review_items where status in ${waiting} group by queue`.execute(db);
  };
  return inOneTransaction(dialect, steps);
}
