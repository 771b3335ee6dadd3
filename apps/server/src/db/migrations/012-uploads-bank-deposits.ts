import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Uploaded files (the bytes live in the upload store, not here: decision 016) and bank deposits.
 * Both hashes of an upload are indexed so the same receipt image sent twice is found at once;
 * a deposit's request id is unique per member so a retried submission makes one order.
 */
export function uploadsBankDeposits(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('byte_size', 'bigint', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('original_sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_owner').on('uploads').columns(['owner_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_sha256').on('uploads').column('sha256').execute();
      await db.schema.createIndex('uploads_original_sha256').on('uploads').column('original_sha256').execute();

      await db.schema
        .createTable('bank_deposits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('local_amount', 'text', (c) => c.notNull())
        .addColumn('receipt_number', 'text', (c) => c.notNull())
        .addColumn('receipt_number_key', 'text', (c) => c.notNull())
        .addColumn('receipt_upload_id', 'text', (c) => c.notNull())
        .addColumn('other_upload_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('credit_transfer_id', 'text', (c) => c.notNull().unique())
        .addColumn('review_id', 'text', (c) => c.notNull())
        .addColumn('reject_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addUniqueConstraint('bank_deposits_request', ['member_id', 'request_id'])
        .execute();
      await db.schema.createIndex('bank_deposits_member').on('bank_deposits').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('bank_deposits_receipt_number').on('bank_deposits').column('receipt_number_key').execute();
      await db.schema.createIndex('bank_deposits_receipt_upload').on('bank_deposits').column('receipt_upload_id').execute();
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
