import type { Kysely, Migration } from 'kysely';

/**
 * The request log of `once` (db/once.ts): one row per keyed write, claimed in the write's own
 * transaction, holding a hash of its input and the answer it gave, so a retry or a parallel
 * duplicate gets that answer instead of a second effect. The primary key is the claim.
 */
export function requestLog(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_log')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('input_hash', 'text', (c) => c.notNull())
        .addColumn('result_json', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('request_log_pk', ['scope', 'actor', 'request_id'])
        .execute();
    },
  };
}
