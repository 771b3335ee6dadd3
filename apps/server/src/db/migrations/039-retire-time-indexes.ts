import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Migration 026's (account, created_at) indexes on the journal are retired (the scale benchmark,
 * docs/decisions/057-journal-index-budget-and-kept-waiting-counts.md): migration 038's
 * (account, created_at, seq) indexes begin with the same columns and serve every read they served
 * (a member's balance history after a day, a records page of a time range), while each index cost
 * every transfer one more write.
 *
 * The drop is an entry of `retiredIndexes` (db/concurrent-index.ts), run after the migrations
 * commit and after 038's builds: DROP INDEX CONCURRENTLY on PostgreSQL, so no writer queues
 * behind the exclusive lock a plain DROP INDEX would take inside the migration transaction.
 */
export function retireTimeIndexes(_dialect: Dialect): Migration {
  return {
    async up() {
      // Nothing: see `retiredIndexes`.
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
