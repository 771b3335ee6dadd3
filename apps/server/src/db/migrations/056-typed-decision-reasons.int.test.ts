// Migration 056 on a database whose review decisions kept their reason as one `code: words` text:
// a rejection with a known code splits after its `: ` into reason_code and note (words with colons
// of their own kept whole), any other rejection becomes `other` with the whole text as its note, an
// approval keeps its whole text as its note and no code, and the old column is gone.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { dialects } from '../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../test/fresh-db.ts';
import { migrateToLatest } from '../index.ts';

/** The stored decisions before, and the two columns each must become. */
const cases = [
  { id: 'known', decision: 'reject', before: 'receiptUnreadable: the photo is blurred', code: 'receiptUnreadable', note: 'the photo is blurred' },
  { id: 'no-words', decision: 'reject', before: 'duplicate: ', code: 'duplicate', note: '' },
  { id: 'colons-in-words', decision: 'reject', before: 'other: call us: today', code: 'other', note: 'call us: today' },
  { id: 'unknown-code', decision: 'reject', before: 'limitExceeded: over the day', code: 'other', note: 'limitExceeded: over the day' },
  { id: 'no-code', decision: 'reject', before: 'not today', code: 'other', note: 'not today' },
  { id: 'approve-words', decision: 'approve', before: 'checked by phone', code: null, note: 'checked by phone' },
  { id: 'approve-coded-words', decision: 'approve', before: 'other: looks fine', code: null, note: 'other: looks fine' },
  { id: 'approve-none', decision: 'approve', before: '', code: null, note: '' },
] as const;

describe.each(dialects)('review decision reasons split into a code and a note on %s', (dialect) => {
  it('splits every stored reason, keeps every word, and drops the joined column', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '056-typed-decision-reasons');
      const db = handle.db as unknown as Kysely<unknown>;
      for (const c of cases)
        await sql`insert into review_decisions (id, item_id, staff_id, staff_name, decision, reason, at)
          values (${c.id}, 'item', 'staff', 'admin', ${c.decision}, ${c.before}, ${1})`.execute(db);

      await migrateToLatest(handle);

      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      const rows = await handle.db.selectFrom('review_decisions').select(['id', 'reason_code', 'note']).execute();
      expect(rows.sort(byId)).toEqual(cases.map((c) => ({ id: c.id, reason_code: c.code, note: c.note })).sort(byId));
      const columns = (await db.introspection.getTables()).find((t) => t.name === 'review_decisions')!.columns.map((c) => c.name);
      expect(columns).not.toContain('reason');
    } finally {
      await close();
    }
  });
});
