import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Where a member's withdrawals may go (decision 015): bank accounts and wallet addresses, each
 * usable from `usable_from` on (the cooling-off after a change). A deleted one keeps its row
 * (`deleted_at`) so a withdrawal that named it can still show it; only live rows count toward the
 * member's limit and toward uniqueness. Every add, change and delete is one append-only row of
 * `payout_destination_changes`, as the audit trail is for staff.
 */
export function bankAccountsAddresses(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_bank_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('usable_from', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('member_bank_accounts_live_number')
        .on('member_bank_accounts')
        .columns(['member_id', 'account_number'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('member_withdrawal_addresses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('chain', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('usable_from', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('member_withdrawal_addresses_live_address')
        .on('member_withdrawal_addresses')
        .columns(['member_id', 'chain', 'address'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('payout_destination_changes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('destination_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text', (c) => c.notNull())
        .addColumn('after_json', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payout_destination_changes_member').on('payout_destination_changes').columns(['member_id', 'at']).execute();
      await db.schema.createIndex('payout_destination_changes_destination').on('payout_destination_changes').columns(['destination_id', 'at']).execute();
      if (dialect === 'sqlite') {
        await sql`create trigger payout_destination_changes_no_update before update on payout_destination_changes begin select raise(abort, 'payout_destination_changes is append-only'); end`.execute(
          db,
        );
        await sql`create trigger payout_destination_changes_no_delete before delete on payout_destination_changes begin select raise(abort, 'payout_destination_changes is append-only'); end`.execute(
          db,
        );
      } else {
        await sql`create function payout_destination_changes_append_only() returns trigger language plpgsql as $$ begin raise exception 'payout_destination_changes is append-only'; end $$`.execute(
          db,
        );
        await sql`create trigger payout_destination_changes_no_change before update or delete on payout_destination_changes for each row execute function payout_destination_changes_append_only()`.execute(
          db,
        );
      }
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
