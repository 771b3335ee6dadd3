import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The journal's `pending_id` index holds only the rows that have one (decision 057's index budget):
 * a resolution of a held transfer names it, every other transfer (nearly all of them) has null,
 * and migration 028's full index gave each of those a null entry, one more leaf page written per
 * transfer for rows no query looks up. Every read of the column is an equality (`pending_id = x`,
 * `pending_id in (...)`), which implies `pending_id is not null`, so both databases use the
 * partial index for it.
 *
 * The new index is an entry of `concurrentIndexes` and the old one of `retiredIndexes`
 * (db/concurrent-index.ts): built, then the old one dropped, after the migrations commit, both
 * without blocking writers on PostgreSQL.
 */
export function partialPendingIndex(_dialect: Dialect): Migration {
  return {
    async up() {
      // Nothing: see `concurrentIndexes` and `retiredIndexes`.
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
