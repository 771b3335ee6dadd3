import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 045: the hourly ledger check reads only what changed since its checkpoint.
 * - `ledger_checkpoints`: one row per check ('ledger'), its position in the journal. On SQLite the
 *   last `seq` checked (one writer: seq order is commit order). On PostgreSQL a transaction-id
 *   horizon: every journal row carries the id of the transaction that wrote it (`commit_xid`,
 *   filled by its default), and the position is the oldest transaction still running when the
 *   check took its snapshot, so no row below it can still commit.
 * - `ledger_checkpoint_accounts`: per account, the four totals the journal gives up to the
 *   position (accounts absent have none), so a touched account is checked as those plus the new
 *   rows, without reading its older history.
 * - `ledger_transfers_pending`: a resolution's pending transfer and its other resolutions by key.
 */
export function ledgerCheckpoint(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ledger_checkpoint_accounts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('debits_posted', 'bigint', (c) => c.notNull())
        .addColumn('credits_posted', 'bigint', (c) => c.notNull())
        .addColumn('debits_pending', 'bigint', (c) => c.notNull())
        .addColumn('credits_pending', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_transfers_pending').on('ledger_transfers').column('pending_id').execute();
      if (dialect === 'postgres') {
        // Added without a default first (no table rewrite; older rows stay null, before any
        // checkpoint), then the default every later insert takes.
        await sql`alter table ledger_transfers add column commit_xid xid8`.execute(db);
        await sql`alter table ledger_transfers alter column commit_xid set default pg_current_xact_id()`.execute(db);
        await sql`create index ledger_transfers_commit_xid on ledger_transfers (commit_xid, seq)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`alter table ledger_transfers drop column commit_xid`.execute(db);
      await db.schema.dropIndex('ledger_transfers_pending').execute();
      await db.schema.dropTable('ledger_checkpoint_accounts').execute();
      await db.schema.dropTable('ledger_checkpoints').execute();
    },
  };
}
