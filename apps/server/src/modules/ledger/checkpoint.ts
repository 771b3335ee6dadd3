/**
 * Ledger verification that scales (decision 045).
 *
 * - `verifyIncremental` (the hourly `ledger-verify` job, `npm run ledger:verify -- --incremental`)
 *   reads only the journal rows after the checkpoint's position and the accounts they touch: each
 *   new row well formed (a known code and kind, an amount within the movement ceiling, two
 *   distinct existing accounts of its coin, a resolution resolving one pending transfer once, as
 *   its state says), and each touched account's four stored totals equal to the journal's totals
 *   kept at the checkpoint (`ledger_checkpoint_accounts`) plus the new rows, within the ceilings
 *   and, for a member, not below zero. The result row, the new position and the touched
 *   accounts' figures are written in one transaction, guarded by the old position. Its cost
 *   follows the rows since the last run, not the journal's age. The first run, with no
 *   checkpoint yet, is a full check that also writes every account's figures.
 * - `verifyFull` (the daily `ledger-verify-full` job, `npm run ledger:verify`, the CLI default)
 *   replays the whole journal (verify.ts) on a read snapshot, in pages, without blocking writers.
 *
 * The position never skips a row that commits late. SQLite has one writer and `seq` is taken
 * inside the writing transaction, so seq order is commit order: the position is the largest seq
 * of the check's snapshot. On PostgreSQL a sequence value is taken before its transaction commits,
 * so a smaller seq can commit after a larger one; there every row carries the id of the
 * transaction that wrote it (`commit_xid`, migration 028) and the position is the snapshot's
 * xmin: every transaction below it had ended when the snapshot was taken, so all of their rows
 * were seen. The next run reads every visible row at or above the position (rows of transactions
 * that ended after the last snapshot), and counts into the kept figures only those below its own
 * horizon; a row above it is read again next time.
 *
 * A problem is reported (the result row, the job's failure) and the position still moves: the
 * kept figures are the journal's, never the stored totals, so a tampered account keeps failing
 * each time it is touched, and the daily full check lists every difference until it is mended.
 */
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type QueryResult, type RawBuilder } from 'kysely';
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor } from '@pp/contract';
import type { Db, DbHandle, Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { transferCodes } from './repository.ts';
import { verifyAndRecord, verifyLedger, type VerifyResult } from './verify.ts';

export const checkpointName = 'ledger';
/** Journal rows per read. */
const pageSize = 5000;
/** Ids per IN list and rows per multi-row upsert (5 parameters a row). */
const chunkSize = 500;

export interface IncrementalResult extends VerifyResult {
  /** `bootstrap`: no checkpoint yet, so the whole journal was checked and the figures written. */
  mode: 'bootstrap' | 'incremental';
  /** Journal rows read (the rows since the last position; all of them on the bootstrap). */
  transfersRead: number;
  /** Accounts whose stored totals were compared (the touched ones; all of them on the bootstrap). */
  accountsChecked: number;
  previousPosition: bigint | null;
  position: bigint;
}

type Totals = { debitsPosted: bigint; creditsPosted: bigint; debitsPending: bigint; creditsPending: bigint };
const totalKeys = ['debitsPosted', 'creditsPosted', 'debitsPending', 'creditsPending'] as const;
const zero = (): Totals => ({ debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n });
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const isZero = (t: Totals) => totalKeys.every((k) => t[k] === 0n);
const kinds = new Set(['posted', 'pending', 'post_pending', 'void_pending']);
const codes = new Set<string>(transferCodes);

/** What one journal row adds to its debit and credit accounts' totals (verify.ts's replay, one row). */
function applyRow(kind: string, amount: bigint, debit: Totals, credit: Totals): void {
  if (kind === 'posted' || kind === 'post_pending') {
    debit.debitsPosted += amount;
    credit.creditsPosted += amount;
  }
  if (kind === 'pending') {
    debit.debitsPending += amount;
    credit.creditsPending += amount;
  }
  if (kind === 'post_pending' || kind === 'void_pending') {
    debit.debitsPending -= amount;
    credit.creditsPending -= amount;
  }
}

function chunks<T>(items: T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Lets the event loop serve requests between pages (better-sqlite3 answers synchronously). */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `work` on a consistent read snapshot that no writer waits for: PostgreSQL a REPEATABLE
 * READ, READ ONLY transaction; SQLite a read transaction on a second, read-only connection to the
 * same file (WAL: readers and the writer never block each other). An in-memory SQLite database
 * has no second connection: there the work runs on the one connection, in a transaction.
 */
export async function withReadSnapshot<T>(handle: DbHandle, work: (reader: Db) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  const main = handle.sqlite!;
  if (main.memory) return handle.db.transaction().execute(work);
  const connection = new SQLite(main.name, { readonly: true, fileMustExist: true });
  connection.defaultSafeIntegers(true);
  connection.pragma('busy_timeout = 5000');
  const reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    return await reader.transaction().execute(work);
  } finally {
    await reader.destroy();
  }
}

/** The full check on a snapshot, recorded; the CLI's default and the daily job. */
export async function verifyFull(handle: DbHandle): Promise<VerifyResult> {
  if (handle.dialect === 'sqlite' && handle.sqlite!.memory) return verifyAndRecord(handle.db);
  return withReadSnapshot(handle, (reader) => verifyAndRecord(handle.db, reader));
}

interface Check {
  result: IncrementalResult;
  /** The journal's totals at the new position, for the accounts whose figures changed. */
  figures: Map<string, Totals>;
}

/** The position this snapshot may move to: its largest seq (SQLite) or its xmin (PostgreSQL). */
async function horizonOf(reader: Db, dialect: Dialect): Promise<bigint> {
  if (dialect === 'postgres') {
    const row = await sql<{ h: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as h`.execute(reader);
    return BigInt(row.rows[0]!.h);
  }
  const row = await sql<{ h: bigint | number }>`select coalesce(max(seq), 0) as h from ledger_transfers`.execute(reader);
  return BigInt(row.rows[0]!.h);
}

/** The whole journal checked, and every account's totals up to the horizon computed by the database. */
async function bootstrap(reader: Db, dialect: Dialect, horizon: bigint): Promise<Check> {
  const full = await verifyLedger(reader);
  const upTo = dialect === 'postgres' ? sql`(commit_xid is null or commit_xid < ${horizon.toString()}::xid8)` : sql`seq <= ${horizon}`;
  const posted = sql`case when kind in ('posted', 'post_pending') then amount else 0 end`;
  const pending = sql`case when kind = 'pending' then amount when kind in ('post_pending', 'void_pending') then -amount else 0 end`;
  const rows = await sql<{ account_id: string; dp: unknown; cp: unknown; dpe: unknown; cpe: unknown }>`
    select account_id, sum(dp) as dp, sum(cp) as cp, sum(dpe) as dpe, sum(cpe) as cpe from (
      select debit_account_id as account_id, ${posted} as dp, 0 as cp, ${pending} as dpe, 0 as cpe from ledger_transfers where ${upTo}
      union all
      select credit_account_id as account_id, 0 as dp, ${posted} as cp, 0 as dpe, ${pending} as cpe from ledger_transfers where ${upTo}
    ) legs group by account_id`.execute(reader);
  const figures = new Map<string, Totals>();
  for (const r of rows.rows) figures.set(r.account_id, { debitsPosted: big(r.dp), creditsPosted: big(r.cp), debitsPending: big(r.dpe), creditsPending: big(r.cpe) });
  return {
    result: { ...full, mode: 'bootstrap', transfersRead: full.transfers, accountsChecked: full.accounts, previousPosition: null, position: horizon },
    figures,
  };
}

interface Row {
  id: string;
  seq: bigint | number;
  code: string;
  coin_name: string;
  amount: bigint | number;
  debit_account_id: string;
  credit_account_id: string;
  kind: string;
  pending_id: string | null;
  state: string;
  /** PostgreSQL: the writing transaction is below the new horizon (its row counts into the figures). */
  in_range?: boolean;
  xid?: string;
}

/** Journal rows after `previous`, in pages. */
async function* rowsSince(reader: Db, dialect: Dialect, previous: bigint, horizon: bigint): AsyncGenerator<Row[]> {
  const columns = sql`id, seq, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state`;
  if (dialect === 'postgres') {
    // Every visible row of a transaction at or above the last horizon, by (commit_xid, seq).
    let after: { xid: string; seq: bigint } | null = null;
    for (;;) {
      const keyset: RawBuilder<unknown> = after ? sql`and (commit_xid, seq) > (${after.xid}::xid8, ${after.seq})` : sql``;
      const page: QueryResult<Row> = await sql<Row>`select ${columns}, commit_xid::text as xid, commit_xid < ${horizon.toString()}::xid8 as in_range
        from ledger_transfers where commit_xid >= ${previous.toString()}::xid8 ${keyset} order by commit_xid, seq limit ${pageSize}`.execute(reader);
      if (page.rows.length === 0) return;
      yield page.rows;
      const last: Row = page.rows[page.rows.length - 1]!;
      after = { xid: last.xid!, seq: BigInt(last.seq) };
      await yieldTurn();
    }
  }
  let after = previous;
  for (;;) {
    const page = await sql<Row>`select ${columns} from ledger_transfers where seq > ${after} and seq <= ${horizon} order by seq limit ${pageSize}`.execute(reader);
    if (page.rows.length === 0) return;
    yield page.rows;
    after = BigInt(page.rows[page.rows.length - 1]!.seq);
    await yieldTurn();
  }
}

/** The rows since `previous` and the accounts they touch, checked on `reader`'s snapshot. */
async function since(reader: Db, dialect: Dialect, previous: bigint, horizon: bigint): Promise<Check> {
  const problems: string[] = [];
  const all = new Map<string, Totals>();
  const inRange = new Map<string, Totals>();
  const totalsOf = (map: Map<string, Totals>, id: string) => {
    let t = map.get(id);
    if (!t) map.set(id, (t = zero()));
    return t;
  };
  const legs: Array<{ id: string; coin: string; debit: string; credit: string }> = [];
  const resolutions = new Map<string, Array<{ id: string; kind: string }>>();
  let transfersRead = 0;
  for await (const page of rowsSince(reader, dialect, previous, horizon)) {
    for (const t of page) {
      transfersRead++;
      const amount = BigInt(t.amount);
      const isWellFormed = kinds.has(t.kind) && amount > 0n && amount <= amountMaxMinor && t.debit_account_id !== t.credit_account_id;
      if (!codes.has(t.code)) problems.push(`transfer ${t.id} has an unknown code ${t.code}`);
      if (!kinds.has(t.kind)) problems.push(`transfer ${t.id} has an unknown kind ${t.kind}`);
      if (amount <= 0n || amount > amountMaxMinor) problems.push(`transfer ${t.id} has an amount ${amount} outside 1..${amountMaxMinor}`);
      if (t.debit_account_id === t.credit_account_id) problems.push(`transfer ${t.id} debits and credits one account`);
      const states = t.kind === 'pending' ? ['pending', 'posted', 'voided'] : ['final'];
      if (!states.includes(t.state)) problems.push(`transfer ${t.id} (${t.kind}) has the state ${t.state}`);
      if (t.kind === 'post_pending' || t.kind === 'void_pending') {
        if (!t.pending_id) problems.push(`transfer ${t.id} resolves no pending transfer`);
        else resolutions.set(t.pending_id, [...(resolutions.get(t.pending_id) ?? []), { id: t.id, kind: t.kind }]);
      }
      legs.push({ id: t.id, coin: t.coin_name, debit: t.debit_account_id, credit: t.credit_account_id });
      if (!isWellFormed) continue;
      applyRow(t.kind, amount, totalsOf(all, t.debit_account_id), totalsOf(all, t.credit_account_id));
      if (dialect === 'sqlite' || t.in_range) applyRow(t.kind, amount, totalsOf(inRange, t.debit_account_id), totalsOf(inRange, t.credit_account_id));
    }
  }
  // Every account a new row names: stored totals and the figures kept at the last position.
  const touched = [...new Set(legs.flatMap((l) => [l.debit, l.credit]))];
  const stored = new Map<string, { coin: string; owner: string; purpose: string; isSystem: boolean; totals: Totals }>();
  const kept = new Map<string, Totals>();
  for (const ids of chunks(touched)) {
    for (const a of await reader.selectFrom('ledger_accounts').selectAll().where('id', 'in', ids).execute()) {
      stored.set(a.id, {
        coin: a.coin_name,
        owner: a.owner,
        purpose: a.purpose,
        isSystem: Number(a.is_system) === 1,
        totals: { debitsPosted: big(a.debits_posted), creditsPosted: big(a.credits_posted), debitsPending: big(a.debits_pending), creditsPending: big(a.credits_pending) },
      });
    }
    for (const f of await reader.selectFrom('ledger_checkpoint_accounts').selectAll().where('account_id', 'in', ids).execute()) {
      kept.set(f.account_id, { debitsPosted: big(f.debits_posted), creditsPosted: big(f.credits_posted), debitsPending: big(f.debits_pending), creditsPending: big(f.credits_pending) });
    }
  }
  for (const l of legs) {
    for (const id of [l.debit, l.credit]) {
      const account = stored.get(id);
      if (!account) problems.push(`transfer ${l.id} names an unknown account ${id}`);
      else if (account.coin !== l.coin) problems.push(`transfer ${l.id} of ${l.coin} names account ${id} of ${account.coin}`);
    }
  }
  for (const [id, account] of stored) {
    const expected = kept.get(id) ?? zero();
    const delta = all.get(id) ?? zero();
    const name = `account ${id} (${account.owner}/${account.coin}/${account.purpose})`;
    for (const key of totalKeys) {
      if (account.totals[key] !== expected[key] + delta[key]) problems.push(`${name} ${key} is ${account.totals[key]} but the journal gives ${expected[key] + delta[key]}`);
      if (account.totals[key] < 0n || account.totals[key] > accountTotalMaxMinor) problems.push(`${name} ${key} ${account.totals[key]} is outside 0..${accountTotalMaxMinor}`);
    }
    if (!account.isSystem) {
      const t = account.totals;
      if (t.creditsPosted - t.debitsPosted - t.debitsPending < 0n) problems.push(`member ${name} is below zero`);
      if (t.creditsPosted - t.debitsPosted + t.creditsPending > balanceMaxMinor) problems.push(`member ${name} is above the balance ceiling`);
    }
  }
  // Each new resolution resolves a pending transfer whose state says so, and is its only one.
  for (const ids of chunks([...resolutions.keys()])) {
    const pendings = new Map((await reader.selectFrom('ledger_transfers').select(['id', 'kind', 'state']).where('id', 'in', ids).execute()).map((p) => [p.id, p]));
    const counts = new Map(
      (await reader.selectFrom('ledger_transfers').select((eb) => ['pending_id', eb.fn.countAll<bigint>().as('n')]).where('pending_id', 'in', ids).groupBy('pending_id').execute()).map((c) => [c.pending_id!, Number(c.n)]),
    );
    for (const pendingId of ids) {
      const pending = pendings.get(pendingId);
      const mine = resolutions.get(pendingId)!;
      if (!pending || pending.kind !== 'pending') {
        problems.push(`transfer ${mine[0]!.id} resolves an unknown pending transfer ${pendingId}`);
        continue;
      }
      const expected = pending.state === 'posted' ? 'post_pending' : pending.state === 'voided' ? 'void_pending' : null;
      if ((counts.get(pendingId) ?? 0) !== 1 || mine[0]!.kind !== expected) {
        problems.push(`pending transfer ${pendingId} is ${pending.state} but was resolved ${counts.get(pendingId) ?? 0} time(s), by ${mine.map((m) => m.kind).join(', ')}`);
      }
    }
  }
  const figures = new Map<string, Totals>();
  for (const [id, delta] of inRange) {
    if (isZero(delta)) continue;
    const base = kept.get(id) ?? zero();
    figures.set(id, { debitsPosted: base.debitsPosted + delta.debitsPosted, creditsPosted: base.creditsPosted + delta.creditsPosted, debitsPending: base.debitsPending + delta.debitsPending, creditsPending: base.creditsPending + delta.creditsPending });
  }
  return {
    result: {
      isBalanced: problems.length === 0,
      problems,
      accounts: stored.size,
      transfers: transfersRead,
      mode: 'incremental',
      transfersRead,
      accountsChecked: stored.size,
      previousPosition: previous,
      position: horizon,
    },
    figures,
  };
}

async function check(reader: Db, dialect: Dialect): Promise<Check> {
  const horizon = await horizonOf(reader, dialect);
  const row = await reader.selectFrom('ledger_checkpoints').select('position').where('name', '=', checkpointName).executeTakeFirst();
  if (!row) return bootstrap(reader, dialect, horizon);
  const previous = BigInt(row.position);
  // A horizon never moves back; guard against a clock of transaction ids that did (a restored backup).
  return since(reader, dialect, previous, horizon < previous ? previous : horizon);
}

/** The result row, the new position (only from the position the check started at) and the figures, in `tx`. */
async function record(tx: Db, outcome: Check, now: number): Promise<void> {
  const { result, figures } = outcome;
  if (result.previousPosition === null) {
    const made = await tx.insertInto('ledger_checkpoints').values({ name: checkpointName, position: result.position, checked_at: now }).onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new Error('another ledger check made the checkpoint meanwhile');
  } else {
    const moved = await tx
      .updateTable('ledger_checkpoints')
      .set({ position: result.position, checked_at: now })
      .where('name', '=', checkpointName)
      .where('position', '=', result.previousPosition)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new Error('another ledger check moved the checkpoint meanwhile');
  }
  const rows = [...figures].map(([id, t]) => ({ account_id: id, debits_posted: t.debitsPosted, credits_posted: t.creditsPosted, debits_pending: t.debitsPending, credits_pending: t.creditsPending }));
  for (const part of chunks(rows)) {
    await tx
      .insertInto('ledger_checkpoint_accounts')
      .values(part)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          debits_posted: eb.ref('excluded.debits_posted'),
          credits_posted: eb.ref('excluded.credits_posted'),
          debits_pending: eb.ref('excluded.debits_pending'),
          credits_pending: eb.ref('excluded.credits_pending'),
        })),
      )
      .execute();
  }
  const what = result.mode === 'bootstrap' ? `checkpoint made: ${result.accounts} accounts, ${result.transfers} transfers` : `since the checkpoint: ${result.transfersRead} transfers, ${result.accountsChecked} accounts`;
  await tx
    .insertInto('ledger_verifications')
    .values({
      id: crypto.randomUUID(),
      checked_at: now,
      is_balanced: result.isBalanced ? 1 : 0,
      detail: result.isBalanced ? `${what}, balanced` : `${what}: ${result.problems.slice(0, 20).join('; ')}`,
      account_count: result.accountsChecked,
      transfer_count: result.transfersRead,
      problem_count: result.problems.length,
    })
    .execute();
}

/**
 * The incremental check, recorded. PostgreSQL: one REPEATABLE READ transaction reads the
 * snapshot and writes the outcome (a concurrent move of the checkpoint fails it). SQLite: the
 * reads on a snapshot of a second connection, then the outcome in one short write transaction
 * on the server's connection, from the position the reads started at.
 */
export async function verifyIncremental(handle: DbHandle): Promise<IncrementalResult> {
  if (handle.dialect === 'postgres') {
    return handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const outcome = await check(tx, 'postgres');
        await record(tx, outcome, Date.now());
        return outcome.result;
      });
  }
  const outcome = handle.sqlite!.memory ? await check(handle.db, 'sqlite') : await withReadSnapshot(handle, (reader) => check(reader, 'sqlite'));
  await handle.db.transaction().execute((tx) => record(tx, outcome, Date.now()));
  return outcome.result;
}
