import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Indexes the query-plan test asks for (docs/decisions/046-cost-flat-with-history.md):
 * - the staff's holdings list pages every member's holdings newest first by (created_at, id);
 *   without it both databases read and sorted every holding for each page;
 * - the dashboard's members who joined today: a range on users.created_at (SQLite skip-scanned
 *   (referrer_id, created_at), one step per referrer);
 * - the dashboard's last ledger check: the newest of ledger_verifications, a row an hour for ever.
 */
export function scaleIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('package_holdings_created').on('package_holdings').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('users_created').on('users').column('created_at').execute();
      await db.schema.createIndex('ledger_verifications_checked').on('ledger_verifications').column('checked_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_verifications_checked').execute();
      await db.schema.dropIndex('users_created').execute();
      await db.schema.dropIndex('package_holdings_created').execute();
    },
  };
}
