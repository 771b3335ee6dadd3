import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * Bank reconciliation (decision 091): imported statements and their lines. A statement is known
 * by the SHA-256 of its text (the same file twice is refused); a line by its key (the bank's
 * entry reference, or its day, direction, amount, reference, counterparty and its occurrence
 * among equal lines of the file), so a line that two overlapping statements both carry is kept
 * once. Amounts are minor units at the ledger's scale 6, always positive; the direction says
 * which way the money went. A bank deposit or payout is matched by at most one line: a unique
 * index on (record_type, record_id), whose nulls (a line matched to nothing) never collide.
 */
export function reconStatements(dialect: Dialect): Migration {
  return inOneTransaction(dialect, async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('recon_statements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_hash', 'text', (c) => c.notNull().unique())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('mapping_id', 'text')
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .addColumn('imported_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('recon_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('statement_id', 'text', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('line_key', 'text', (c) => c.notNull().unique())
      .addColumn('booking_day', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('counterparty', 'text', (c) => c.notNull())
      .addColumn('is_reversal', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('record_type', 'text')
      .addColumn('record_id', 'text')
      .addColumn('reverses_line_id', 'text')
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('resolved_by', 'text')
      .addColumn('resolved_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recon_lines_day').on('recon_lines').columns(['booking_day', 'line_no']).execute();
    await db.schema.createIndex('recon_lines_record').on('recon_lines').columns(['record_type', 'record_id']).unique().execute();
  });
}
