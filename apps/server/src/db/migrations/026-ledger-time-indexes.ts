import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A member's balance history (decision 041) reads the movements of the member's own accounts
 * after a day: a range on (account, time) for each side of a transfer, never a scan of the
 * journal. The (account, seq) indexes of migration 002 order by seq, not by time.
 */
export function ledgerTimeIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('ledger_transfers_debit_time').on('ledger_transfers').columns(['debit_account_id', 'created_at']).execute();
      await db.schema.createIndex('ledger_transfers_credit_time').on('ledger_transfers').columns(['credit_account_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_transfers_credit_time').execute();
      await db.schema.dropIndex('ledger_transfers_debit_time').execute();
    },
  };
}
