import { sql, type Kysely, type Migration } from 'kysely';
import { parseAmount, rejectOnlyReviewQueues } from '@pp/contract';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/**
 * Decision 061: the approval rule an item needs is frozen on it when it is made, so a setting
 * changed afterwards (the four-eyes amount raised) cannot take an approval away from it.
 * `approvals_required` is 1 or 2; `four_eyes_amount` is the threshold (minor units) that was in
 * force, kept to show and audit why.
 *
 * Existing rows take the rule from the setting as it stands now: above it (and not on a
 * reject-only queue) two approvals, and every item already waiting for its second approval two,
 * since that is how it got there. Only those rows are written (the column default gives the
 * rest 1), and the threshold is written only on waiting items: a decided item's rule is history.
 */
export function reviewFrozenRule(dialect: Dialect): Migration {
  return inOneTransaction(dialect, async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('review_items')
      .addColumn('approvals_required', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('review_items').addColumn('four_eyes_amount', 'bigint').execute();
    const stored = await sql<{ value_json: string }>`select value_json from config_values where key = 'reviews.fourEyesAmount'`.execute(db);
    const text = stored.rows[0] ? (JSON.parse(stored.rows[0].value_json) as string) : '1000';
    const threshold = parseAmount(text) ?? 0n;
    const rejectOnly = rejectOnlyReviewQueues.length ? rejectOnlyReviewQueues : [''];
    await sql`update review_items set approvals_required = 2
      where status = 'awaitingSecond' or (amount > ${threshold} and queue not in (${sql.join(rejectOnly)}))`.execute(db);
    await sql`update review_items set four_eyes_amount = ${threshold} where status in ('pending', 'awaitingSecond')`.execute(db);
  });
}
