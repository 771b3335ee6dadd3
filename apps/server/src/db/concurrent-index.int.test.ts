// Indexes built outside the migration transaction (decision 047): on PostgreSQL with CREATE INDEX
// CONCURRENTLY while a writer keeps inserting into the same table, and a build that left an
// INVALID index is dropped and built again; on SQLite a plain CREATE INDEX.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Dialect, type DbHandle } from './index.ts';
import { dialects } from '../../test/helper.ts';
import { serverStorage } from '../../test/process.ts';
import { createIndexConcurrently, dropIndexConcurrently, retiredIndexes } from './concurrent-index.ts';

describe.each(dialects)('concurrent index builds on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function freshDb(): Promise<DbHandle> {
    const storage = await serverStorage(dialect, 'cindex');
    cleanups.push(storage.cleanup);
    const handle = openDb({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    cleanups.push(() => handle.close());
    await migrateToLatest(handle);
    return handle;
  }

  /** A journal-like table of `rows` rows, filled in one statement. */
  async function scratchTable(handle: DbHandle, rows: number): Promise<void> {
    await sql`create table scratch_journal (id integer primary key, account text not null, at bigint not null)`.execute(handle.db);
    const series =
      handle.dialect === 'postgres'
        ? sql`select g from generate_series(1, ${rows}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${rows}) select g from s`;
    await sql`insert into scratch_journal (id, account, at) select g, 'a' || (g % 1000), g * 7 from (${series}) t`.execute(handle.db);
  }

  async function indexExists(handle: DbHandle, name: string): Promise<boolean> {
    const query =
      handle.dialect === 'postgres'
        ? sql<{ n: bigint }>`select count(*) as n from pg_indexes where indexname = ${name} and schemaname = current_schema()`
        : sql<{ n: bigint }>`select count(*) as n from sqlite_master where type = 'index' and name = ${name}`;
    return Number((await query.execute(handle.db)).rows[0]!.n) === 1;
  }

  it('builds the index while a writer keeps inserting, and again is a no-op', async () => {
    const handle = await freshDb();
    const rows = dialect === 'postgres' ? 400_000 : 50_000;
    await scratchTable(handle, rows);
    let isBuilding = true;
    const waits: number[] = [];
    const writer = (async () => {
      for (let id = rows + 1; isBuilding; id++) {
        const started = performance.now();
        await sql`insert into scratch_journal (id, account, at) values (${id}, 'w', ${id})`.execute(handle.db);
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const started = performance.now();
    await createIndexConcurrently(handle, { name: 'scratch_journal_account_at', table: 'scratch_journal', columns: ['account', 'at'] });
    const buildMs = performance.now() - started;
    isBuilding = false;
    await writer;
    expect(await indexExists(handle, 'scratch_journal_account_at')).toBe(true);
    const count = await sql<{ n: bigint }>`select count(*) as n from scratch_journal`.execute(handle.db);
    expect(Number(count.rows[0]!.n)).toBe(rows + waits.length);
    if (dialect === 'postgres') {
      // The writer was never held for the build: it got in many times, each quickly.
      expect(waits.length).toBeGreaterThan(5);
      expect(Math.max(...waits)).toBeLessThan(Math.max(250, buildMs / 4));
    }
    console.log(
      `${dialect}: index on ${rows} rows in ${buildMs.toFixed(0)} ms, ${waits.length} inserts during it, longest ${Math.max(...waits).toFixed(1)} ms`,
    );
    await createIndexConcurrently(handle, { name: 'scratch_journal_account_at', table: 'scratch_journal', columns: ['account', 'at'] });
    expect(await indexExists(handle, 'scratch_journal_account_at')).toBe(true);
  });

  it("builds the journal's partial hold indexes (migration 031) after the migrations, with their predicate", async () => {
    const handle = await freshDb();
    const definition = async (name: string) =>
      (handle.dialect === 'postgres'
        ? (await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = ${name} and schemaname = current_schema()`.execute(handle.db))
            .rows[0]?.def
        : (await sql<{ def: string }>`select sql as def from sqlite_master where type = 'index' and name = ${name}`.execute(handle.db)).rows[0]?.def) ?? '';
    for (const name of ['ledger_transfers_debit_held', 'ledger_transfers_credit_held']) {
      expect(await definition(name), name).toMatch(/where \(?kind = 'pending'/i);
    }
    await createIndexConcurrently(handle, {
      name: 'ledger_transfers_debit_held',
      table: 'ledger_transfers',
      columns: ['debit_account_id', 'state', 'seq'],
      where: "kind = 'pending'",
    });
    expect(await definition('ledger_transfers_debit_held')).toMatch(/where \(?kind = 'pending'/i);
  });

  it("retires migration 026's (account, created_at) indexes after 038's (account, created_at, seq) are built, on every start", async () => {
    const handle = await freshDb();
    for (const name of ['ledger_transfers_debit_time_seq', 'ledger_transfers_credit_time_seq']) expect(await indexExists(handle, name), name).toBe(true);
    for (const name of retiredIndexes) expect(await indexExists(handle, name), name).toBe(false);
    // A database where the drop was cut short (a crash between the migrations and the drop).
    await sql`create index ledger_transfers_debit_time on ledger_transfers (debit_account_id, created_at)`.execute(handle.db);
    expect(await indexExists(handle, 'ledger_transfers_debit_time')).toBe(true);
    await migrateToLatest(handle);
    expect(await indexExists(handle, 'ledger_transfers_debit_time')).toBe(false);
    // Nothing left to drop: a no-op.
    await dropIndexConcurrently(handle, 'ledger_transfers_debit_time');
    expect(retiredIndexes).toEqual([
      'ledger_transfers_debit_time',
      'ledger_transfers_credit_time',
      'ledger_transfers_pending',
      'ledger_transfers_debit_code',
      'ledger_transfers_credit_code',
    ]);
    for (const name of ['ledger_transfers_debit_code_time', 'ledger_transfers_credit_code_time']) expect(await indexExists(handle, name), name).toBe(true);
  });

  it("reads a hold's resolutions through the partial pending_id index (migration 041), in the ledger check's correlated count too", async () => {
    const handle = await freshDb();
    expect(await indexExists(handle, 'ledger_transfers_pending_only')).toBe(true);
    const plan = async (query: string) => {
      if (handle.dialect === 'postgres') {
        // Off, so a small table's cheap sequential scan does not hide whether the index is usable.
        return await handle.db.connection().execute(async (c) => {
          await sql`set enable_seqscan = off`.execute(c);
          try {
            return (await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(c)).rows.map((r) => r['QUERY PLAN']).join('\n');
          } finally {
            await sql`reset enable_seqscan`.execute(c);
          }
        });
      }
      return (await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(handle.db)).rows.map((r) => r.detail).join('\n');
    };
    expect(await plan(`select id from ledger_transfers where pending_id = 'x'`)).toMatch(/ledger_transfers_pending_only/);
    expect(await plan(`select id from ledger_transfers where pending_id in ('x', 'y')`)).toMatch(/ledger_transfers_pending_only/);
    expect(
      await plan(
        `select t.id, (select count(*) from ledger_transfers r where r.pending_id = t.pending_id) as n from ledger_transfers t where t.seq > 0 and t.pending_id is not null`,
      ),
    ).toMatch(/ledger_transfers_pending_only/);
  });

  it.runIf(dialect === 'postgres')('drops an INVALID index left by a failed build and builds it again', async () => {
    const handle = await freshDb();
    await scratchTable(handle, 3_000);
    // A unique build over duplicate accounts fails and leaves the index behind, INVALID.
    const client = new (await import('pg')).default.Client({ connectionString: handle.postgresUrl });
    await client.connect();
    await expect(client.query('create unique index concurrently scratch_journal_account on scratch_journal (account)')).rejects.toThrow();
    const before = await client.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'scratch_journal_account'`,
    );
    expect(before.rows).toEqual([{ valid: false }]);
    await createIndexConcurrently(handle, { name: 'scratch_journal_account', table: 'scratch_journal', columns: ['account'] });
    const after = await client.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'scratch_journal_account'`,
    );
    expect(after.rows).toEqual([{ valid: true }]);
    await client.end();
  });

  it.runIf(dialect === 'postgres')('fails clearly when the build cannot succeed', async () => {
    const handle = await freshDb();
    await scratchTable(handle, 10);
    await expect(createIndexConcurrently(handle, { name: 'scratch_nope', table: 'scratch_journal', columns: ['no_such_column'] })).rejects.toThrow(
      /index scratch_nope on scratch_journal could not be built concurrently/,
    );
  });
});
