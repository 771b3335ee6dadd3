import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 026: the protected flag and the purchase-code flag can be granted by the plan's flag
 * rules. A staff setting pins the flag (1) so no rule overrides it; 0 leaves it to the rules.
 */
export function flagPins(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('protected_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('buy_purchase_code_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('buy_purchase_code_pinned').execute();
      await db.schema.alterTable('users').dropColumn('protected_pinned').execute();
    },
  };
}
