import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Staff, the audit log (append-only, enforced by triggers), configuration, review queues, the ledger. */
export function backofficeLedger(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('user_name_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();

      await db.schema
        .createTable('staff_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('pending_secret', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().unique())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text', (c) => c.notNull())
        .addColumn('after_json', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'seq']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'seq']).execute();
      if (dialect === 'sqlite') {
        await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      } else {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only'; end $$`.execute(
          db,
        );
        await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
      }

      await db.schema
        .createTable('config_values')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('review_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('summary_json', 'text', (c) => c.notNull())
        .addColumn('evidence_json', 'text', (c) => c.notNull())
        .addColumn('first_approver_id', 'text')
        .addColumn('reject_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema.createIndex('review_items_queue').on('review_items').columns(['queue', 'status', 'created_at']).execute();

      await db.schema
        .createTable('review_decisions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'text', (c) => c.notNull())
        .addColumn('staff_name', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_decisions_item').on('review_decisions').column('item_id').execute();

      await db.schema
        .createTable('ledger_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('is_system', 'integer', (c) => c.notNull())
        .addColumn('debits_posted', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_posted', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('debits_pending', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_pending', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ledger_accounts_owner', ['owner', 'coin_name', 'purpose'])
        .execute();

      await db.schema
        .createTable('ledger_transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().unique())
        .addColumn('request_id', 'text', (c) => c.unique())
        .addColumn('request_hash', 'text')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('debit_account_id', 'text', (c) => c.notNull())
        .addColumn('credit_account_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('pending_id', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('memo', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_transfers_debit').on('ledger_transfers').columns(['debit_account_id', 'seq']).execute();
      await db.schema.createIndex('ledger_transfers_credit').on('ledger_transfers').columns(['credit_account_id', 'seq']).execute();
      await db.schema.createIndex('ledger_transfers_code').on('ledger_transfers').columns(['code', 'created_at']).execute();

      await db.schema
        .createTable('ledger_verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('is_balanced', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();

      if (dialect === 'postgres') {
        // Real sequences: nextval never blocks another writer, unlike a counter row would.
        await sql`create sequence audit_log_seq`.execute(db);
        await sql`create sequence ledger_transfers_seq`.execute(db);
      }
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
