import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { legacyInputHash } from './049-adjustment-keys-to-request-log.ts';

/**
 * Bank deposits and withdrawals were keyed by `request_id` and `request_hash` columns of their own
 * rows (unique per member), with the journal keys `bankDeposit:<member>:<id>` and
 * `withdrawal:<member>:<id>` (and `:fee`) on their transfers, written in the same transaction as
 * the row; they are keyed by the request log now (db/once.ts). Each earlier row's key moves there
 * with the answer its endpoint gave (`deposit`, `withdrawal` for a bank order, `bscWithdrawal` for
 * a chain order), so a retry of a request sent before the upgrade is answered with its first order
 * instead of making a second one. The journal keys need no rows of their own: every one of them
 * belongs to one of these rows. The old hashes were taken over other fields in another form than
 * `inputHash`, so the carried keys are marked legacy: they answer their stored result to any input.
 *
 * Then the two columns go, with the unique constraints that held them. PostgreSQL drops them in
 * place. SQLite cannot drop a column of a unique constraint, so each table is built again without
 * them, its rows copied, and its other indexes made again as they were.
 */
export function paymentKeysToRequestLog(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Called without the dialect (the list of migrations gives none); the connection knows it.
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await carryKeys(db);
        for (const table of ['bank_deposits', 'withdrawals'] as const) {
          await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_request`)}`.execute(db);
          await sql`alter table ${sql.table(table)} drop column request_id, drop column request_hash`.execute(db);
        }
        return;
      }
      // SQLite's migrator opens no transaction: the keys and the rebuilt tables commit together.
      await db.transaction().execute(async (tx) => {
        await carryKeys(tx);
        await rebuildWithout(tx, 'bank_deposits', bankDepositsTable);
        await rebuildWithout(tx, 'withdrawals', withdrawalsTable);
      });
    },
  };
}

async function carryKeys(db: Kysely<unknown>): Promise<void> {
  // Ids are UUIDs and numbers letters and digits: nothing in them needs escaping in JSON. The
  // `where true` lets SQLite read `on conflict` as the insert's, not as a join's `on`.
  await sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
    select 'deposit', member_id, request_id, ${legacyInputHash},
      '{"id":"' || id || '","number":"' || number || '","status":"pendingReview"}', created_at
    from bank_deposits
    where true
    on conflict (scope, actor, request_id) do nothing`.execute(db);
  await sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
    select case when channel = 'chain' then 'bscWithdrawal' else 'withdrawal' end, member_id, request_id, ${legacyInputHash},
      '{"id":"' || id || '","number":"' || number || '","status":"pendingReview"}', created_at
    from withdrawals
    where true
    on conflict (scope, actor, request_id) do nothing`.execute(db);
}

/** bank_deposits as migration 012 made it, without the two key columns and their constraint. */
function bankDepositsTable(db: Kysely<unknown>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('coin_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('local_amount', 'text', (c) => c.notNull())
    .addColumn('receipt_number', 'text', (c) => c.notNull())
    .addColumn('receipt_number_key', 'text', (c) => c.notNull())
    .addColumn('receipt_upload_id', 'text', (c) => c.notNull())
    .addColumn('other_upload_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('credit_transfer_id', 'text', (c) => c.notNull().unique())
    .addColumn('review_id', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint');
}

/** withdrawals as migration 014 made it, without the two key columns and their constraint. */
function withdrawalsTable(db: Kysely<unknown>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('withdrawal_type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('chain', 'text')
    .addColumn('coin_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('destination_id', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text')
    .addColumn('account_name', 'text')
    .addColumn('currency', 'text')
    .addColumn('rate', 'text')
    .addColumn('local_amount', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hold_transfer_id', 'text', (c) => c.notNull().unique())
    .addColumn('fee_transfer_id', 'text', (c) => c.unique())
    .addColumn('review_id', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('payout_method', 'text')
    .addColumn('tx_hash', 'text', (c) => c.unique())
    .addColumn('raw_tx', 'text')
    .addColumn('tx_nonce', 'bigint')
    .addColumn('bank_reference', 'text')
    .addColumn('paid_by_staff_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('processing_at', 'bigint')
    .addColumn('paid_at', 'bigint');
}

const dropped = ['request_id', 'request_hash'];

/** SQLite: `table` again without the key columns, same rows, same other indexes and triggers. */
async function rebuildWithout(db: Kysely<unknown>, table: string, shape: (db: Kysely<unknown>, name: string) => { execute(): Promise<void> }): Promise<void> {
  const next = `${table}_next`;
  const columnsOf = async (name: string) => (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows.map((r) => r.name);
  // Indexes the table got here or later (by name; its constraints' own have no sql) and triggers.
  const kept = (
    await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null order by type, name`.execute(db)
  ).rows;
  await shape(db, next).execute();
  const before = (await columnsOf(table)).filter((c) => !dropped.includes(c));
  const after = await columnsOf(next);
  // A column added after the table was made and missing from its shape here would be lost.
  if ([...before].sort().join() !== [...after].sort().join()) throw new Error(`${table}: columns ${before.join()} do not match the rebuilt ${after.join()}`);
  const columns = sql.join(after.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(next)} (${columns}) select ${columns} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
  for (const k of kept) {
    if (dropped.some((c) => k.sql.includes(c))) throw new Error(`${table}: ${k.name} uses a dropped column`);
    await sql.raw(k.sql).execute(db);
  }
}
