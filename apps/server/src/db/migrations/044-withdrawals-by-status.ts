import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A member's withdrawals of one status, newest first (docs/decisions/058-kept-unread-counts-and-withdrawals-by-status.md): through
 * (member_id, status, created_at, id). The list filtered by status walked the member's
 * withdrawals through (member_id, created_at) and tested each row's status, so a member with
 * years of withdrawals and few (or none) in the status asked for read all of them: at 250,000
 * withdrawals the long-history member's "success" tab was 11.3 ms p50 on SQLite against 1.9 on a
 * small database. Now it is a seek that stops after the page.
 *
 * An entry of `concurrentIndexes` (db/concurrent-index.ts): built after the migrations commit,
 * without blocking writers on PostgreSQL.
 */
export function withdrawalsByStatus(_dialect: Dialect): Migration {
  return {
    async up() {
      // Nothing: see `concurrentIndexes`.
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
