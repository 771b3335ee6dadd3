import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The member security centre (decision 010): the authenticator of a member, its recovery codes,
 * the short-lived second login step and the login history.
 */
export function security(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per member who ever started the authenticator setup; the guess counter lives
      // here so that one conditional update reserves an attempt before any check runs.
      await db.schema
        .createTable('member_two_factor')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('is_enabled', 'integer', (c) => c.notNull())
        .addColumn('last_step', 'bigint', (c) => c.notNull())
        .addColumn('guess_count', 'integer', (c) => c.notNull())
        .addColumn('guess_window_start', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('enabled_at', 'bigint')
        .execute();

      await db.schema
        .createTable('member_recovery_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('member_recovery_codes_user').on('member_recovery_codes').columns(['user_id', 'code_hash']).execute();

      await db.schema
        .createTable('login_challenges')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('login_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('browser', 'text', (c) => c.notNull())
        .addColumn('os', 'text', (c) => c.notNull())
        .addColumn('device_key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_history_user_at').on('login_history').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('login_history_user_device').on('login_history').columns(['user_id', 'device_key']).execute();
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
