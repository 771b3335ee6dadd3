import { sql, type Kysely, type Migration } from 'kysely';

/** The tables that kept a rejection as one `code|the staff member's words` column. */
const joinedTables = ['review_items', 'bank_deposits', 'exchanges', 'withdrawals'] as const;
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
 * Rejection reasons as two columns instead of one joined string (decision 076): `reject_code`,
 * the reason's code, and `reject_note`, the staff member's words. A stored `code|words` with a
 * known code splits at its first bar; anything else (a code no build wrote, no bar at all) becomes
 * `other` with the whole text as its note, so no word a member was shown is lost. The split is a
 * set of UPDATEs per known code with `substr` (the same in SQLite and PostgreSQL), not a read of
 * every row into the process. Package claims already kept the code apart: their two columns take
 * the same names.
 */
export function typedRejectReasons(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of joinedTables) {
        await db.schema.alterTable(table).addColumn('reject_code', 'text').execute();
        await db.schema.alterTable(table).addColumn('reject_note', 'text').execute();
        for (const code of codesBefore) {
          const prefix = `${code}|`;
          await sql`update ${sql.table(table)} set reject_code = ${code}, reject_note = substr(reject_reason, ${sql.lit(prefix.length + 1)})
            where substr(reject_reason, 1, ${sql.lit(prefix.length)}) = ${prefix}`.execute(db);
        }
        await sql`update ${sql.table(table)} set reject_code = 'other', reject_note = reject_reason
          where reject_reason is not null and reject_code is null`.execute(db);
        await db.schema.alterTable(table).dropColumn('reject_reason').execute();
      }
      await db.schema.alterTable('package_claims').renameColumn('reject_reason_code', 'reject_code').execute();
      await db.schema.alterTable('package_claims').renameColumn('reject_reason', 'reject_note').execute();
      const known = sql.join(codesBefore.map((code) => sql`${code}`));
      await sql`update package_claims set reject_code = 'other' where reject_code is not null and reject_code not in (${known})`.execute(db);
    },
  };
}
