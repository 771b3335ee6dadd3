import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Lists of a time range in time order: a member's records and the audit log filtered
 * by dates are read newest first by (time, seq), each a seek into an index that gives that order
 * and stops after the page. In seq order, a month a year back walked the year since: at
 * 10,000,000 transfers 210 ms p50 for the records of the long-history member, 170 ms for the
 * audit log's month.
 *
 * The indexes are entries of `concurrentIndexes` (db/concurrent-index.ts, decision 047), built
 * after the migrations commit: CREATE INDEX CONCURRENTLY on PostgreSQL, a plain CREATE INDEX on
 * SQLite. Migration 026's (account, created_at) indexes are a prefix of the new ones; they stay
 * until a later migration drops them, so a process still running the older code keeps its plans.
 *
 * Two more pages read in their order instead of sorted after an equality search: the member
 * search by e-mail in name order (users_email_name) and a member's live sessions newest first
 * (sessions_user_created); and a review queue filtered by member, the member's items of the queue
 * in page order (review_items_member_page): the queue's index walked the whole queue for a member
 * with no item in it (188 ms at 100,000 waiting items).
 */
export function timeRangeIndexes(_dialect: Dialect): Migration {
  return {
    async up() {
      // Nothing: see `concurrentIndexes`.
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists review_items_member_page`.execute(db);
      await sql`drop index if exists sessions_user_created`.execute(db);
      await sql`drop index if exists users_email_name`.execute(db);
      await sql`drop index if exists audit_log_at_seq`.execute(db);
      await sql`drop index if exists ledger_transfers_credit_time_seq`.execute(db);
      await sql`drop index if exists ledger_transfers_debit_time_seq`.execute(db);
    },
  };
}
