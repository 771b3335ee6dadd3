import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Scheduled jobs (src/jobs): one state row per job holds the next period and the lease that lets
 * one process at a time run it; one row per run, unique per job and period, makes every period
 * run at most once across all processes.
 */
export function jobs(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .addColumn('run_requested_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('run_requested_by', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_period', 'text')
        .addColumn('last_started_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_finished_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createTable('job_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('error', 'text')
        .addUniqueConstraint('job_runs_once_per_period', ['name', 'period'])
        .execute();
      await db.schema.createIndex('job_runs_recent').on('job_runs').columns(['name', 'started_at']).execute();
    },
  };
}
