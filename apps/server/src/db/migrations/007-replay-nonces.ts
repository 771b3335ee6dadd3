import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * PostgreSQL only: seen request nonces, shared by every server process on the database
 * (plugins/replay-guard.ts). The embedded SQLite default keeps them in a file of its own.
 */
export function replayNonces(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('envelope_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('envelope_nonces_expiry').on('envelope_nonces').column('expires_at').execute();
    },
  };
}
