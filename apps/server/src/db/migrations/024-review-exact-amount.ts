import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Decision 037: a review item whose amount no points column can hold (a chain deposit above the
 * one-movement ceiling; its raw value can pass 2^63) keeps that amount here as an exact decimal
 * string, and `amount` is 0 so nothing that sums or compares amounts ever counts it. Null for
 * every other item.
 */
export function reviewExactAmount(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('review_items').addColumn('amount_exact', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('review_items').dropColumn('amount_exact').execute();
    },
  };
}
