import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 038: what a process killed mid-work leaves behind is given back by a lease.
 * - `job_state.lease_period` names the period the lease was taken for, so another runner can take
 *   a run whose process died over and finish that same period; `lease_attempt` counts the takes,
 *   so a period that kills every process that runs it is given up after a few.
 * - `rate_limit_holds`: one row per place held by a check in flight (a transaction password being
 *   hashed), with its own expiry, apart from the failure count in `rate_limits`. A hold whose
 *   process died stops counting when it expires.
 */
export function crashLeases(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('job_state').addColumn('lease_period', 'text').execute();
      await db.schema
        .alterTable('job_state')
        .addColumn('lease_attempt', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('rate_limit_holds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_holds_key').on('rate_limit_holds').columns(['key', 'expires_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_holds').execute();
      await db.schema.alterTable('job_state').dropColumn('lease_attempt').execute();
      await db.schema.alterTable('job_state').dropColumn('lease_period').execute();
    },
  };
}
