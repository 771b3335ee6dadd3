import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Exchanges and member-to-member transfers: the member-facing records behind ledger transfers. */
export function wallet(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('exchanges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('exchange_type', 'text', (c) => c.notNull())
        .addColumn('source_coin', 'text', (c) => c.notNull())
        .addColumn('target_coin', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('received', 'bigint', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('minimum', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('hold_transfer_id', 'text', (c) => c.notNull().unique())
        .addColumn('review_id', 'text', (c) => c.notNull())
        .addColumn('reject_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema.createIndex('exchanges_member').on('exchanges').columns(['member_id', 'created_at']).execute();

      await db.schema
        .createTable('member_transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('transfer_id', 'text', (c) => c.notNull().unique())
        .addColumn('from_id', 'text', (c) => c.notNull())
        .addColumn('to_id', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('bonus', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_transfers_from').on('member_transfers').columns(['from_id', 'created_at']).execute();
      await db.schema.createIndex('member_transfers_to').on('member_transfers').columns(['to_id', 'created_at']).execute();
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
