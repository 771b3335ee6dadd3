import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A member's records filtered by type (decision 046): each account and side is read newest first
 * with the type as part of the key, so a type the member rarely has is a seek, not a walk of the
 * account's whole history (at a tenth of the size, the filtered pages of the member with
 * the long history took 3 to 11 times the small database's time without these).
 */
export function ledgerCodeIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('ledger_transfers_debit_code').on('ledger_transfers').columns(['debit_account_id', 'code', 'seq']).execute();
      await db.schema.createIndex('ledger_transfers_credit_code').on('ledger_transfers').columns(['credit_account_id', 'code', 'seq']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_transfers_credit_code').execute();
      await db.schema.dropIndex('ledger_transfers_debit_code').execute();
    },
  };
}
