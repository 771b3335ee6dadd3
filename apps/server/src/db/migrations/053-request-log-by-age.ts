import type { Kysely, Migration } from 'kysely';

/**
 * The request log by age, so housekeeping deletes the rows no retry can still need in short
 * batches (db/batched-delete.ts) instead of reading the whole table. A plain index: the table is
 * days old everywhere it exists, so building it holds no writer for long.
 */
export function requestLogByAge(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('request_log_created_at').ifNotExists().on('request_log').column('created_at').execute();
    },
  };
}
