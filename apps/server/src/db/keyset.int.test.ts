// The keyset helper on both databases: its pages walk a table with ties in the time exactly once, and a page after a cursor is a range of the index (the row-value comparison as an index condition), not a walk from the newest row.
import { sql, type Kysely, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Dialect, type DbHandle } from './index.ts';
import { dialects } from '../../test/helper.ts';
import { serverStorage } from '../../test/process.ts';
import { encodeCursor, keysetPage, newestFirst, type KeysetPage } from './keyset.ts';

interface Scratch {
  keyset_scratch: { id: string; member: string; created_at: bigint };
}
type Row = { id: string; created_at: bigint };

const rowsTotal = 20_000;
const members = 50;
const page = newestFirst('test.scratch');

describe.each(dialects)('keyset pages on %s', (dialect: Dialect) => {
  let handle: DbHandle;
  let db: Kysely<Scratch>;
  let cleanup: () => Promise<void>;
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];

  beforeAll(async () => {
    const storage = await serverStorage(dialect, 'keyset');
    cleanup = storage.cleanup;
    handle = openDb({
      databaseUrl: storage.databaseUrl,
      dataDir: storage.dataDir,
      log: (e: LogEvent) => void (e.level === 'query' && statements.push(e.query)),
    });
    db = handle.db as unknown as Kysely<Scratch>;
    await sql`create table keyset_scratch (id text primary key, member text not null, created_at bigint not null)`.execute(db);
    // Times repeat (g / 7), so a page often ends inside a run of equal times and the id decides.
    const series =
      dialect === 'postgres'
        ? sql`select g from generate_series(1, ${rowsTotal}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${sql.lit(rowsTotal)}) select g from s`;
    const id = dialect === 'postgres' ? sql`lpad(g::text, 8, '0')` : sql`substr('0000000' || g, -8, 8)`;
    await sql`insert into keyset_scratch (id, member, created_at) select ${id}, 'm' || (g % ${sql.lit(members)}), 1700000000000 + g / 7 from (${series}) t`.execute(
      db,
    );
    await sql`create index keyset_scratch_member on keyset_scratch (member, created_at, id)`.execute(db);
    await sql`analyze keyset_scratch`.execute(db);
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  const ofMember = (member: string) => db.selectFrom('keyset_scratch').select(['id', 'created_at']).where('member', '=', member);

  it('walks a member’s rows once, newest first, in pages of 37', async () => {
    const expected = await ofMember('m7').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: KeysetPage<Row> = await keysetPage(ofMember('m7'), page, cursor, 37);
      seen.push(...result.items.map((r) => r.id));
      cursor = result.nextCursor;
      pages++;
    } while (cursor !== null && pages < 1000);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(pages).toBe(Math.ceil(expected.length / 37));
  });

  it('reads a deep page as a range of the index', async () => {
    const all = await ofMember('m3').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const middle = all[Math.floor(all.length / 2)]!;
    statements.length = 0;
    const result = await keysetPage(ofMember('m3'), page, encodeCursor(page, [middle.created_at, middle.id]), 20);
    expect(result.items.map((r) => r.id)).toEqual(all.slice(Math.floor(all.length / 2) + 1, Math.floor(all.length / 2) + 21).map((r) => r.id));
    const statement = statements.at(-1)!;
    if (dialect === 'postgres') {
      const plan = await handle.db.executeQuery<{ 'QUERY PLAN': string }>({
        sql: `explain ${statement.sql}`,
        parameters: statement.parameters,
        query: undefined as never,
        queryId: undefined as never,
      });
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text, text).toMatch(/Index (Only )?Scan Backward using keyset_scratch_member/);
      expect(text, text).toMatch(/Index Cond: \(\(member = .*\) AND \(ROW\(created_at, id\) < ROW\(/);
      expect(text, text).not.toMatch(/Filter:|Sort/);
    } else {
      const plan = await handle.db.executeQuery<{ detail: string }>({
        sql: `explain query plan ${statement.sql}`,
        parameters: statement.parameters,
        query: undefined as never,
        queryId: undefined as never,
      });
      const text = plan.rows.map((r) => r.detail).join('\n');
      expect(text, text).toMatch(/USING (COVERING )?INDEX keyset_scratch_member \(member=\? AND \(created_at,id\)<\(\?,\?\)\)/);
      expect(text, text).not.toMatch(/TEMP B-TREE/);
    }
  });
});
