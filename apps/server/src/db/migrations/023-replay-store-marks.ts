import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 036: the start marks of the Redis nonce stores this database has used. Redis keeps
 * nothing on disk; when it comes back empty, the mark here tells a process that the empty store
 * is a loss (refuse what it may have forgotten), not the first use of a new one.
 */
export function replayStoreMarks(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('replay_store_marks')
        .addColumn('store', 'text', (c) => c.primaryKey())
        .addColumn('since', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('replay_store_marks').execute();
    },
  };
}
