import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { inOneTransaction } from './one-transaction.ts';

/** The reason codes any build wrote before this migration; a copy, so a code added later changes nothing here. */
const codesBefore = [
  'notReceived',
  'receiptUnreadable',
  'amountMismatch',
  'destinationInvalid',
  'nameMismatch',
  'complianceCheck',
  'duplicate',
  'suspectedFraud',
  'other',
] as const;

/**
 * A review decision's reason as two columns instead of one `code: words` string (decision 082):
 * `reason_code`, a rejection's code (null for an approval), and `note`, the staff member's words
 * ('' when none). A rejection stored as `code: words` with a known code splits after its `: `; any
 * other rejection becomes `other` with the whole text as its note, as the item itself was rejected
 * with `other`. An approval's text is its note whole, so words that happen to begin with a code
 * stay as written. Set-based UPDATEs with `substr`, the same in SQLite and PostgreSQL, in one
 * transaction with the new columns and the dropped one.
 */
export function typedDecisionReasons(dialect: Dialect): Migration {
  return inOneTransaction(dialect, async (db: Kysely<unknown>) => {
    await db.schema.alterTable('review_decisions').addColumn('reason_code', 'text').execute();
    await db.schema
      .alterTable('review_decisions')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    for (const code of codesBefore) {
      const prefix = `${code}: `;
      await sql`update review_decisions set reason_code = ${code}, note = substr(reason, ${sql.lit(prefix.length + 1)})
        where decision = 'reject' and substr(reason, 1, ${sql.lit(prefix.length)}) = ${prefix}`.execute(db);
    }
    await sql`update review_decisions set reason_code = 'other', note = reason where decision = 'reject' and reason_code is null`.execute(db);
    await sql`update review_decisions set note = reason where decision <> 'reject'`.execute(db);
    await db.schema.alterTable('review_decisions').dropColumn('reason').execute();
  });
}
