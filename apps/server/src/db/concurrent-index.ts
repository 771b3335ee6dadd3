/**
 * Indexes built without blocking writers (decision 047). Kysely's Migrator runs all pending
 * migrations in one transaction (or, with `disableTransactions`, every migration without one),
 * and PostgreSQL refuses `CREATE INDEX CONCURRENTLY` inside a transaction. So an index on a
 * large, busy table (the journal) is not created in a migration's `up`: the migration adds its
 * entry to `concurrentIndexes`, and `migrateToLatest` builds the entries after the Migrator has
 * committed, each with `createIndexConcurrently`. Every start checks them again (a catalogue
 * lookup each): a build cut short by a crash is finished by the next start.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';
import type { Database } from './schema.ts';

/** What the index builder needs of a DbHandle (db/index.ts imports this file, so not the type itself). */
interface IndexTarget {
  db: Kysely<Database>;
  dialect: Dialect;
  postgresUrl?: string | undefined;
}

export interface ConcurrentIndex {
  name: string;
  table: string;
  columns: string[];
  /**
   * A partial index's predicate, e.g. `kind = 'pending'`: SQL text written into the statement as
   * it is, so a constant of the code, never anything a request or a row supplied.
   */
  where?: string;
}

/**
 * The indexes built after the migrations, in order. The next migration that indexes a large
 * table adds its entries here (and its number in a comment) instead of creating them in `up`.
 */
export const concurrentIndexes: ConcurrentIndex[] = [
  // Migration 031 (decision 048): a member's holds by state, per side of the journal. Partial:
  // only holds are in them, so a posted transfer (nearly all of them) costs no index write.
  { name: 'ledger_transfers_debit_held', table: 'ledger_transfers', columns: ['debit_account_id', 'state', 'seq'], where: "kind = 'pending'" },
  { name: 'ledger_transfers_credit_held', table: 'ledger_transfers', columns: ['credit_account_id', 'state', 'seq'], where: "kind = 'pending'" },
  // Migration 038: a member's records of a time range, each side of the journal in
  // (time, seq) order, and the audit log of a time range: seeks that stop after the page.
  { name: 'ledger_transfers_debit_time_seq', table: 'ledger_transfers', columns: ['debit_account_id', 'created_at', 'seq'] },
  { name: 'ledger_transfers_credit_time_seq', table: 'ledger_transfers', columns: ['credit_account_id', 'created_at', 'seq'] },
  { name: 'audit_log_at_seq', table: 'audit_log', columns: ['at', 'seq'] },
  // Also migration 038: two pages that were sorted after an equality search (the query-plan
  // test's sort rule): the staff's member search by e-mail (an e-mail is not unique) in name
  // order, and a member's live sessions newest first on the member page.
  { name: 'users_email_name', table: 'users', columns: ['email', 'user_name_key'] },
  { name: 'sessions_user_created', table: 'sessions', columns: ['user_id', 'login_type', 'created_at'] },
  // And a review queue filtered by member (migration 038): the member's items of the queue in
  // page order, where the queue's own index walked every item of the queue for a member with none.
  { name: 'review_items_member_page', table: 'review_items', columns: ['member_id', 'queue', 'created_at', 'id'] },
  // Migration 041 (decision 057): the resolutions of held transfers by the hold they resolve, only
  // the rows that name one (the full index of migration 028 gave every other transfer a null entry).
  { name: 'ledger_transfers_pending_only', table: 'ledger_transfers', columns: ['pending_id'], where: 'pending_id is not null' },
  // Migration 042 (decision 057): a member's records of one type in time order, with or without a
  // time range, each side of the journal; they replace migration 030's (account, code, seq).
  { name: 'ledger_transfers_debit_code_time', table: 'ledger_transfers', columns: ['debit_account_id', 'code', 'created_at', 'seq'] },
  { name: 'ledger_transfers_credit_code_time', table: 'ledger_transfers', columns: ['credit_account_id', 'code', 'created_at', 'seq'] },
  // Migration 044 (decision 058): a member's withdrawals of one status in page order.
  { name: 'withdrawals_member_status', table: 'withdrawals', columns: ['member_id', 'status', 'created_at', 'id'] },
];

/**
 * Indexes a later migration retired, dropped after the builds above (so a replacement is in place
 * first): DROP INDEX CONCURRENTLY on PostgreSQL, which waits for the transactions using the table
 * instead of queueing every writer behind an exclusive lock; a plain DROP INDEX on SQLite. Every
 * start drops them again if they are there (a catalogue lookup when they are not).
 */
export const retiredIndexes: string[] = [
  // Migration 039: migration 026's (account, created_at) indexes are prefixes of migration 038's
  // (account, created_at, seq), which serve every read they served; each cost a write per transfer.
  'ledger_transfers_debit_time',
  'ledger_transfers_credit_time',
  // Migration 041: migration 028's full pending_id index, replaced by the partial one above.
  'ledger_transfers_pending',
  // Migration 042: migration 030's (account, code, seq), replaced by (account, code, created_at, seq).
  'ledger_transfers_debit_code',
  'ledger_transfers_credit_code',
];

/** How many times a build that left an INVALID index is dropped and tried again. */
const buildAttemptsMax = 2;

/** One key for the advisory lock that lets one process at a time build (pg_advisory_lock). */
const buildLockKey = 4_700_047;
/** How long a starting process waits for another's index build before it gives up, and how often it tries. */
const buildLockWaitMs = 30 * 60_000;
const buildLockRetryMs = 250;

/**
 * Creates the index: on SQLite with a plain CREATE INDEX IF NOT EXISTS (one writer at a time
 * anyway); on PostgreSQL with CREATE INDEX CONCURRENTLY on a connection of its own (no
 * transaction, no statement timeout), under an advisory lock so two starting processes do not
 * build it twice. A concurrent build that fails leaves an INVALID index: it is dropped and built
 * again, and if that fails too the error names the index.
 */
export async function createIndexConcurrently(handle: IndexTarget, index: ConcurrentIndex): Promise<void> {
  const columns = sql.join(index.columns.map((c) => sql.ref(c)));
  const predicate = index.where === undefined ? sql`` : sql` where ${sql.raw(index.where)}`;
  if (handle.dialect !== 'postgres' || !handle.postgresUrl) {
    await sql`create index if not exists ${sql.id(index.name)} on ${sql.table(index.table)} (${columns})${predicate}`.execute(handle.db);
    return;
  }
  const compiled = sql`create index concurrently if not exists ${sql.id(index.name)} on ${sql.table(index.table)} (${columns})${predicate}`.compile(handle.db);
  const client = new pg.Client({ connectionString: handle.postgresUrl });
  await client.connect();
  try {
    await takeBuildLock(client);
    for (let attempt = 1; ; attempt++) {
      if ((await indexState(client, index.name)) === 'invalid') await client.query(`drop index concurrently if exists ${quoteId(index.name)}`);
      let failure: unknown;
      try {
        await client.query(compiled.sql, [...compiled.parameters]);
      } catch (error) {
        failure = error;
      }
      if ((await indexState(client, index.name)) === 'valid') return;
      if (attempt >= buildAttemptsMax) {
        throw new Error(`index ${index.name} on ${index.table} could not be built concurrently: ${String(failure ?? 'left INVALID')}`);
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [buildLockKey]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Takes the build lock by trying, not by waiting in `pg_advisory_lock`: CREATE INDEX CONCURRENTLY
 * waits for every transaction older than its own, a statement blocked in `pg_advisory_lock`
 * included, so a second starting process waiting there while the first builds is a deadlock
 * (seen in parallel test runs). A try is instant; between tries this connection holds nothing.
 */
async function takeBuildLock(client: pg.Client): Promise<void> {
  const deadline = Date.now() + buildLockWaitMs;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [buildLockKey]);
    if (rows[0]!.locked) return;
    if (Date.now() > deadline) throw new Error(`another process has been building an index for over ${buildLockWaitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, buildLockRetryMs));
  }
}

/** Builds every entry of `concurrentIndexes` that is missing or invalid, then drops the retired ones. */
export async function buildConcurrentIndexes(handle: IndexTarget, indexes = concurrentIndexes, retired = retiredIndexes): Promise<void> {
  for (const index of indexes) await createIndexConcurrently(handle, index);
  for (const name of retired) await dropIndexConcurrently(handle, name);
}

/**
 * Drops the index if it exists: on PostgreSQL with DROP INDEX CONCURRENTLY on a connection of its
 * own, under the build lock (one process at a time touches indexes), and only when the catalogue
 * shows it, so a start with nothing to drop opens no connection's worth of waiting.
 */
export async function dropIndexConcurrently(handle: IndexTarget, name: string): Promise<void> {
  if (handle.dialect !== 'postgres' || !handle.postgresUrl) {
    await sql`drop index if exists ${sql.id(name)}`.execute(handle.db);
    return;
  }
  const present = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = ${name} and schemaname = current_schema()`.execute(
    handle.db,
  );
  if (present.rows[0]!.n === 0) return;
  const client = new pg.Client({ connectionString: handle.postgresUrl });
  await client.connect();
  try {
    await takeBuildLock(client);
    await client.query(`drop index concurrently if exists ${quoteId(name)}`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [buildLockKey]).catch(() => undefined);
    await client.end();
  }
}

async function indexState(client: pg.Client, name: string): Promise<'missing' | 'valid' | 'invalid'> {
  const { rows } = await client.query<{ valid: boolean }>(
    `select i.indisvalid and i.indisready as valid from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = $1 and n.nspname = current_schema()`,
    [name],
  );
  if (rows.length === 0) return 'missing';
  return rows[0]!.valid ? 'valid' : 'invalid';
}

function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
