import type { Kysely, Migration } from 'kysely';

/**
 * Bank reconciliation (decision 091): each bank's CSV statement layout, saved once by staff and
 * named at every CSV import. The columns are header names of the bank's file; the decimal
 * separator and the date format are the bank's.
 */
export function reconBankMappings(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recon_bank_mappings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('bank_name', 'text', (c) => c.notNull().unique())
        .addColumn('delimiter', 'text', (c) => c.notNull())
        .addColumn('decimal_separator', 'text', (c) => c.notNull())
        .addColumn('date_format', 'text', (c) => c.notNull())
        .addColumn('date_column', 'text', (c) => c.notNull())
        .addColumn('amount_column', 'text', (c) => c.notNull())
        .addColumn('reference_column', 'text', (c) => c.notNull())
        .addColumn('counterparty_column', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
