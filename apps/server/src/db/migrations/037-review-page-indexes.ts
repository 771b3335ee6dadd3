import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * A review queue's page, newest first: the scale bench at 10,000,000 transfers (100,000
 * waiting items and as many decided ones) measured the staff's first page of each queue at 190 to
 * 260 ms p50, 10 to 29 times its small-database figure. The page orders by (created_at, id) within
 * a queue, with or without a status: the old (queue, status, created_at) index gave that order only
 * with a status and never the id, so SQLite read the whole queue (or walked review_items_created
 * across every queue) and sorted it. Two indexes that give the page its order, with and without
 * the status; the old one is a prefix of the second and goes (the dashboard's waiting counts read
 * its (queue, status) ranges through the new one).
 */
export function reviewPageIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('review_items_queue_page').on('review_items').columns(['queue', 'created_at', 'id']).execute();
      await db.schema.createIndex('review_items_queue_status_page').on('review_items').columns(['queue', 'status', 'created_at', 'id']).execute();
      await db.schema.dropIndex('review_items_queue').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('review_items_queue').on('review_items').columns(['queue', 'status', 'created_at']).execute();
      await db.schema.dropIndex('review_items_queue_status_page').execute();
      await db.schema.dropIndex('review_items_queue_page').execute();
    },
  };
}
