import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * A member's unread notifications kept as a count (docs/decisions/058-kept-unread-counts-and-withdrawals-by-status.md). The home page and the
 * header ask for the unread count on every load; it was counted (up to
 * `contentLimits.unreadCountMax`, 1,000) from the member's unread rows, which at 2,000,000
 * notifications cost the long-history member 18.6 ms p99 on SQLite against 6.4 ms on a small
 * database. `notification_unread` holds per member the number of unread notifications; reading it
 * is one primary-key lookup however many there are.
 *
 * Triggers on `notifications` keep it, in the transaction that writes the notification: an insert
 * of an unread notification adds one; an update that reads one (or unreads it, or moves it to
 * another member) moves one; a delete of an unread one (housekeeping) takes one. Every write path
 * goes through those statements, so none can forget it, and a rolled-back write (a notice in a
 * money transaction that fails, or in its rolled-back savepoint) takes its count with it.
 *
 * One row a member, not stripes as for the review queues (migration 040): only that member's
 * notices and their own reads touch it, and a movement that notifies a member already locks that
 * member's balance first. The existing unread notifications are counted into the table in the same
 * transaction that creates the triggers.
 */
export function notificationUnreadCounts(dialect: Dialect): Migration {
  const steps = async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('notification_unread')
      .addColumn('member_id', 'text', (c) => c.primaryKey())
      .addColumn('unread', 'bigint', (c) => c.notNull())
      .execute();
    if (dialect === 'postgres') {
      const add = (row: 'old' | 'new', delta: number) =>
        sql`insert into notification_unread (member_id, unread) values (${sql.raw(row)}.member_id, ${sql.lit(delta)})
            on conflict (member_id) do update set unread = notification_unread.unread + excluded.unread;`;
      await sql`create function notification_unread_keep() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.is_read = 0 then ${add('old', -1)} end if;
          if tg_op in ('INSERT', 'UPDATE') and new.is_read = 0 then ${add('new', 1)} end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger notification_unread_insert after insert on notifications for each row
        when (new.is_read = 0) execute function notification_unread_keep()`.execute(db);
      await sql`create trigger notification_unread_update after update on notifications for each row
        when ((old.is_read = 0) <> (new.is_read = 0) or (old.is_read = 0 and old.member_id <> new.member_id)) execute function notification_unread_keep()`.execute(
        db,
      );
      await sql`create trigger notification_unread_delete after delete on notifications for each row
        when (old.is_read = 0) execute function notification_unread_keep()`.execute(db);
    } else {
      const add = (row: 'old' | 'new', delta: number) =>
        sql`insert into notification_unread (member_id, unread) values (${sql.raw(row)}.member_id, ${sql.lit(delta)})
            on conflict (member_id) do update set unread = unread + excluded.unread;`;
      await sql`create trigger notification_unread_insert after insert on notifications when new.is_read = 0
        begin ${add('new', 1)} end`.execute(db);
      // Two triggers for an update, each with its own condition: SQLite's trigger body has no IF.
      await sql`create trigger notification_unread_update_out after update on notifications
        when old.is_read = 0 and (new.is_read <> 0 or old.member_id <> new.member_id)
        begin ${add('old', -1)} end`.execute(db);
      await sql`create trigger notification_unread_update_in after update on notifications
        when new.is_read = 0 and (old.is_read <> 0 or old.member_id <> new.member_id)
        begin ${add('new', 1)} end`.execute(db);
      await sql`create trigger notification_unread_delete after delete on notifications when old.is_read = 0
        begin ${add('old', -1)} end`.execute(db);
    }
    await sql`insert into notification_unread (member_id, unread)
      select member_id, count(*) from notifications where is_read = 0 group by member_id`.execute(db);
  };
  return inOneTransaction(dialect, steps);
}
