/**
 * Table types for Kysely. 64-bit integers (times in ms, amounts) read as bigint on both
 * databases on purpose (SQLite safeIntegers, pg int8 parser); small integers are `integer`
 * columns and flags are 0/1 integers so one query works on both dialects.
 */
import type { Generated } from 'kysely';

type Int = number | bigint;

export interface UsersTable {
  id: string;
  user_name: string;
  /** Lower-cased name: names are unique regardless of case. */
  user_name_key: string;
  password_hash: string;
  tx_password_hash: string;
  country_code: string;
  email: string;
  referral_id: string;
  user_number: string;
  referrer_id: string | null;
  /** "/rootId/.../parentId/": the ancestors, for subtree queries. */
  tree_path: string;
  level: Int;
  buy_purchase_code_status: Int;
  is_protected: Int;
  auto_top_up: Int;
  agree_status: Int;
  is_login_locked: Int;
  is_money_locked: Int;
  tx_failures: Int;
  tx_locked_until: Int;
  created_at: Int;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  login_type: string;
  ip: string;
  user_agent: string;
  created_at: Int;
  last_seen_at: Int;
  expires_at: Int;
  revoked_at: Int | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Int;
  used_at: Int | null;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  purpose: string;
  user_id: string | null;
  code_hash: string;
  attempts: Int;
  created_at: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Int;
  sent_at: Int | null;
  error: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Int;
  hits: Int;
}

export interface CoinsTable {
  coin_name: string;
  cn_name: string;
  short_name: string;
  /** Minor units per major unit are 10^scale. */
  scale: Int;
  sort_order: Int;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  coins: CoinsTable;
  kysely_migration: { name: string; timestamp: string };
  _generated?: Generated<number>;
}
