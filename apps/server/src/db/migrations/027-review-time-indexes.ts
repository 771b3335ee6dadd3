import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The dashboard's queue sizes over time (decision 042) are worked out from each review item's
 * created and decided times: the items created in the chart's days and the items decided in them.
 * Both reads are ranges on these indexes, never a scan of every item ever reviewed.
 */
export function reviewTimeIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('review_items_created').on('review_items').column('created_at').execute();
      await db.schema.createIndex('review_items_decided').on('review_items').column('decided_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('review_items_decided').execute();
      await db.schema.dropIndex('review_items_created').execute();
    },
  };
}
