import type { Kysely, Migration } from 'kysely';

/**
 * Bank reconciliation (decision 091): each statement day's state. `open` while staff import and
 * resolve; `awaitingSignOff` once every line is resolved and a staff member asked for the
 * sign-off, which waits on the `reconciliationDay` review queue for another staff member (the
 * one approval rule of the review queues); `signedOff` after that approval. Lines of a day that
 * is not open are neither imported nor changed.
 */
export function reconDays(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recon_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('review_id', 'text')
        .addColumn('requested_by', 'text')
        .addColumn('signed_off_by', 'text')
        .addColumn('signed_off_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
