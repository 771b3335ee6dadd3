import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

export function accounts(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('user_name_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('tx_password_hash', 'text', (c) => c.notNull())
        .addColumn('country_code', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('referral_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_number', 'text', (c) => c.notNull().unique())
        .addColumn('referrer_id', 'text', (c) => c.references('users.id'))
        .addColumn('tree_path', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('buy_purchase_code_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_protected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('auto_top_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('agree_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_login_locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_money_locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tx_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tx_locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_referrer').on('users').column('referrer_id').execute();
      await db.schema.createIndex('users_email').on('users').column('email').execute();
      await db.schema.createIndex('users_tree_path').on('users').column('tree_path').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('login_type', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'login_type']).execute();

      await db.schema
        .createTable('captchas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('email_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('email_codes_lookup').on('email_codes').columns(['email', 'purpose', 'created_at']).execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('mail_outbox_to').on('mail_outbox').columns(['to_address', 'created_at']).execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('coins')
        .addColumn('coin_name', 'text', (c) => c.primaryKey())
        .addColumn('cn_name', 'text', (c) => c.notNull())
        .addColumn('short_name', 'text', (c) => c.notNull())
        .addColumn('scale', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      // The three point types of spec section 1. Scale 6 matches USDT's own precision (decision 003).
      await sql`insert into coins (coin_name, cn_name, short_name, scale, sort_order) values
        ('USDT', 'USDT余额', 'USDT', 6, 1),
        ('ASSETS_POINT', '注册积分', 'AP', 6, 2),
        ('REWARD_POINT', '奖励积分', 'RP', 6, 3)`.execute(db);
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
