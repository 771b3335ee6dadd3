import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The columns housekeeping prunes by (every prune in batches, on an indexed column: decisions 047 and 067), indexed so each batch of
 * `deleteInBatches` seeks its rows instead of scanning the table for them. All in the migration's
 * transaction: the three tables that grow with members (sessions, login_history, known_addresses)
 * were meant for `concurrentIndexes`, but a concurrent build there deadlocked against another
 * process's `pg_advisory_lock` call (CREATE INDEX CONCURRENTLY waits for every older transaction,
 * the waiting lock call included; decision 067), so they are built here, once, while their
 * writers wait.
 */
export const housekeepingIndexes036: Array<{ name: string; table: string; column: string }> = [
  { name: 'captchas_expires_at', table: 'captchas', column: 'expires_at' },
  { name: 'login_challenges_expires_at', table: 'login_challenges', column: 'expires_at' },
  { name: 'email_codes_expires_at', table: 'email_codes', column: 'expires_at' },
  { name: 'staff_challenges_expires_at', table: 'staff_challenges', column: 'expires_at' },
  { name: 'rate_limits_window_start', table: 'rate_limits', column: 'window_start' },
  { name: 'rate_limit_holds_expires_at', table: 'rate_limit_holds', column: 'expires_at' },
  { name: 'job_runs_started_at', table: 'job_runs', column: 'started_at' },
  { name: 'sessions_expires_at', table: 'sessions', column: 'expires_at' },
  { name: 'login_history_at', table: 'login_history', column: 'at' },
  { name: 'known_addresses_last_seen_at', table: 'known_addresses', column: 'last_seen_at' },
];

export function housekeepingIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const index of housekeepingIndexes036) await db.schema.createIndex(index.name).ifNotExists().on(index.table).column(index.column).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [...housekeepingIndexes036].reverse()) await db.schema.dropIndex(index.name).ifExists().execute();
    },
  };
}
