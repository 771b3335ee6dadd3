// Migration 054 on a database whose rejections were kept as one `code|words` column: each known
// code splits at its first bar into reject_code and reject_note (words with bars of their own kept
// whole), an unknown code or a reason without a bar becomes `other` with the whole text as its
// note, a row never rejected stays empty, the old column is gone, and package claims' two columns
// take the new names with an unknown code read as `other`.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { dialects } from '../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../test/fresh-db.ts';
import { migrateToLatest } from '../index.ts';

let serial = 0;

/**
 * Inserts a row of `table` as it is before the migration with `values`, every other required
 * column filled with a value of its type that is unique, so the test names only what it checks.
 */
async function insertRow(db: Kysely<unknown>, table: string, values: Record<string, string | number | null>): Promise<void> {
  const shape = (await db.introspection.getTables()).find((t) => t.name === table);
  if (!shape) throw new Error(`no table ${table}`);
  const row: Record<string, string | number | boolean | null> = { ...values };
  for (const column of shape.columns) {
    if (column.name in row || column.isNullable || column.hasDefaultValue) continue;
    serial += 1;
    row[column.name] = /int|numeric|real|double/i.test(column.dataType) ? serial : /bool/i.test(column.dataType) ? false : `${column.name}-${serial}`;
  }
  const names = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(names.map((n) => sql`${row[n]}`))})`.execute(db);
}

/** The stored reasons before, and the two columns each must become. */
const cases = [
  { id: 'known', before: 'receiptUnreadable|the photo is blurred', code: 'receiptUnreadable', note: 'the photo is blurred' },
  { id: 'no-words', before: 'duplicate|', code: 'duplicate', note: '' },
  { id: 'bars-in-words', before: 'other|call us | today', code: 'other', note: 'call us | today' },
  { id: 'unknown-code', before: 'limitExceeded|over the day', code: 'other', note: 'limitExceeded|over the day' },
  { id: 'no-bar', before: 'not today', code: 'other', note: 'not today' },
  { id: 'code-of-other-case', before: 'Duplicate|twice', code: 'other', note: 'Duplicate|twice' },
  { id: 'never-rejected', before: null, code: null, note: null },
] as const;

const joinedTables = ['review_items', 'bank_deposits', 'exchanges', 'withdrawals'] as const;

describe.each(dialects)('rejection reasons split into a code and a note on %s', (dialect) => {
  it('splits every stored reason, keeps every word, and drops the joined column', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '054-typed-reject-reasons');
      const db = handle.db as unknown as Kysely<unknown>;
      for (const table of joinedTables)
        for (const c of cases)
          await insertRow(db, table, { id: `${table}-${c.id}`, status: c.before === null ? 'pendingReview' : 'rejected', reject_reason: c.before });
      await insertRow(db, 'package_claims', { id: 'claim-known', state: 'rejected', reject_reason_code: 'suspectedFraud', reject_reason: 'twice' });
      await insertRow(db, 'package_claims', { id: 'claim-unknown', state: 'rejected', reject_reason_code: 'tooLate', reject_reason: 'after the end' });
      await insertRow(db, 'package_claims', { id: 'claim-open', state: 'pendingReview', reject_reason_code: null, reject_reason: null });

      await migrateToLatest(handle);

      const tables = await db.introspection.getTables();
      for (const table of joinedTables) {
        const rows = await sql<{ id: string; reject_code: string | null; reject_note: string | null }>`
          select id, reject_code, reject_note from ${sql.table(table)} order by id`.execute(db);
        expect(rows.rows, table).toEqual(
          cases.map((c) => ({ id: `${table}-${c.id}`, reject_code: c.code, reject_note: c.note })).sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
        const columns = tables.find((t) => t.name === table)!.columns.map((c) => c.name);
        expect(columns, table).not.toContain('reject_reason');
      }
      const claims = await handle.db.selectFrom('package_claims').select(['id', 'reject_code', 'reject_note']).orderBy('id').execute();
      expect(claims).toEqual([
        { id: 'claim-known', reject_code: 'suspectedFraud', reject_note: 'twice' },
        { id: 'claim-open', reject_code: null, reject_note: null },
        { id: 'claim-unknown', reject_code: 'other', reject_note: 'after the end' },
      ]);
      const claimColumns = tables.find((t) => t.name === 'package_claims')!.columns.map((c) => c.name);
      expect(claimColumns).not.toContain('reject_reason');
      expect(claimColumns).not.toContain('reject_reason_code');
    } finally {
      await close();
    }
  });
});
