import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Indexes the query-plan test asks for (issue 33, decision 046): the staff's holdings list pages
 * every member's holdings newest first by (created_at, id); without this index both databases read
 * and sorted every holding for each page.
 */
export function scaleIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('package_holdings_created').on('package_holdings').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('package_holdings_created').execute();
    },
  };
}
