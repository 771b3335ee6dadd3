import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The staff audit log filtered by actor (decision 048): one staff member's rows newest first, a
 * range of (actor_name, seq), instead of a walk of the whole log by seq that keeps the actor's rows
 * (a staff member with few actions walked all of it to find a page).
 */
export function auditActorIndex(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_name', 'seq']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_actor').execute();
    },
  };
}
