import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A migration whose steps must commit together (a table, the triggers that keep it, and its rows
 * counted from the existing data): PostgreSQL runs every migration in the migrator's transaction;
 * SQLite's migrator opens none, so the steps get one of their own. Migrations only go forward.
 */
export function inOneTransaction(dialect: Dialect, steps: (db: Kysely<unknown>) => Promise<void>): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await steps(db);
      else await db.transaction().execute(steps);
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
