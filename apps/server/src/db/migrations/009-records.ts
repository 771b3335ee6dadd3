import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The ledger check as counts the back-office translates (accounts, transfers, problems found),
 * instead of an English sentence; older rows keep their text and have no counts. And the index
 * the member's records use to find why a staff adjustment's hold was voided (its review item).
 */
export function records(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['account_count', 'transfer_count', 'problem_count']) {
        await db.schema.alterTable('ledger_verifications').addColumn(column, 'integer').execute();
      }
      await db.schema.createIndex('review_items_subject').on('review_items').column('subject_id').execute();
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
