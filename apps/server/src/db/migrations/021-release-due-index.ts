import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The release job reads due holdings in pages ordered by (next_release_at, id) for one state at a
 * time. With (state, next_release_at) alone, both databases sorted every due row for each page,
 * so a run over n holdings cost n^2 (decision 020, notes). With id in the index a page is a range
 * read.
 */
export function releaseDueIndex(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('package_holdings_due').execute();
      await db.schema.createIndex('package_holdings_due').on('package_holdings').columns(['state', 'next_release_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('package_holdings_due').execute();
      await db.schema.createIndex('package_holdings_due').on('package_holdings').columns(['state', 'next_release_at']).execute();
    },
  };
}
