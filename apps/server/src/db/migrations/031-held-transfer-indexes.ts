import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A member's records filtered by status (decision 048): the holds (kind 'pending') of each
 * account, keyed by their state and newest first, two partial indexes on the journal.
 *
 * They are no longer built here: a CREATE INDEX in the migration's transaction holds the journal's
 * writers for the whole build on PostgreSQL. They are entries of `concurrentIndexes`
 * (db/concurrent-index.ts, decision 047), built after the migrations commit: CREATE INDEX
 * CONCURRENTLY on PostgreSQL, a plain CREATE INDEX on SQLite. A database that ran the earlier `up`
 * already has them, and their build there is a no-op (`if not exists`).
 */
export function heldTransferIndexes(_dialect: Dialect): Migration {
  return {
    async up() {
      // Nothing: see `concurrentIndexes`.
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists ledger_transfers_credit_held`.execute(db);
      await sql`drop index if exists ledger_transfers_debit_held`.execute(db);
    },
  };
}
