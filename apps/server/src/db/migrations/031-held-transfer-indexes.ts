import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A member's records filtered by status (decision 048): the holds (kind 'pending') of each
 * account, keyed by their state and newest first. A status filter reads the account's holds in
 * one state (the ones still pending, or the voided ones) instead of walking every transfer the
 * account ever had: at the size the long-history member's legs hold 200,000 transfers and
 * no hold, and a filter on a status that is not there read all of them. Partial: only holds are in
 * it, so a posted transfer (nearly all of them) costs no index write.
 */
export function heldTransferIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index ledger_transfers_debit_held on ledger_transfers (debit_account_id, state, seq) where kind = 'pending'`.execute(db);
      await sql`create index ledger_transfers_credit_held on ledger_transfers (credit_account_id, state, seq) where kind = 'pending'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_transfers_credit_held').execute();
      await db.schema.dropIndex('ledger_transfers_debit_held').execute();
    },
  };
}
