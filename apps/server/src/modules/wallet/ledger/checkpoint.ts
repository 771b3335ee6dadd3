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
import { sql, type RawBuilder } from 'kysely';
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor } from '@pp/contract';
import type { Db, DbHandle, Dialect } from '../../../db/index.ts';
import { withReadSnapshot } from '../../../db/read-snapshot.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { transferCodes } from './repository.ts';
import { verifyAndRecord, verifyLedger, type VerifyResult } from './verify.ts';

export const checkpointName = 'ledger';
/** Rows per multi-row upsert (5 parameters a row). */
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
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const kinds = new Set(['posted', 'pending', 'post_pending', 'void_pending']);
const codes = new Set<string>(transferCodes);

function chunks<T>(items: T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The full check on a snapshot, recorded; the CLI's default and the daily job. */
export async function verifyFull(handle: DbHandle): Promise<VerifyResult> {
  if (handle.dialect === 'sqlite' && handle.sqlite!.memory) return verifyAndRecord(handle.db);
  // The reads on a snapshot off the event loop (db/read-snapshot.ts), the result row on the server's connection.
  return withReadSnapshot(handle, (reader) => verifyAndRecord(handle.db, reader));
}

interface Check {
  result: IncrementalResult;
  /** Bootstrap: every account's journal totals at the new position. */
  figures?: Map<string, Totals>;
  /** Incremental: the new rows whose amounts move the kept figures (record adds them set-based). */
  counted?: RawBuilder<unknown>;
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
  for (const r of rows.rows)
    figures.set(r.account_id, { debitsPosted: big(r.dp), creditsPosted: big(r.cp), debitsPending: big(r.dpe), creditsPending: big(r.cpe) });
  return {
    result: { ...full, mode: 'bootstrap', transfersRead: full.transfers, accountsChecked: full.accounts, previousPosition: null, position: horizon },
    figures,
  };
}

interface AccountRow {
  id: string;
  owner: string;
  coin_name: string;
  purpose: string;
  is_system: unknown;
  dp: unknown;
  cp: unknown;
  dpe: unknown;
  cpe: unknown;
  kdp: unknown;
  kcp: unknown;
  kdpe: unknown;
  kcpe: unknown;
  ndp: unknown;
  ncp: unknown;
  ndpe: unknown;
  ncpe: unknown;
  checked: unknown;
}

/** The new rows (`t`): SQLite the seqs after the position up to the horizon; PostgreSQL every visible row of a transaction at or above the position. */
function newRows(dialect: Dialect, previous: bigint, horizon: bigint): { range: RawBuilder<unknown>; counted: RawBuilder<unknown> } {
  if (dialect === 'postgres') {
    return {
      range: sql`t.commit_xid >= ${previous.toString()}::xid8`,
      counted: sql`t.commit_xid >= ${previous.toString()}::xid8 and t.commit_xid < ${horizon.toString()}::xid8`,
    };
  }
  const range = sql`t.seq > ${previous} and t.seq <= ${horizon}`;
  return { range, counted: range };
}

const kindList = sql`('posted', 'pending', 'post_pending', 'void_pending')`;
const resolutionKinds = sql`('post_pending', 'void_pending')`;
/** A row whose amount counts into its accounts' totals (verify.ts counts the same). */
const wellFormed = sql`t.kind in ${kindList} and t.amount > 0 and t.amount <= ${amountMaxMinor} and t.debit_account_id <> t.credit_account_id`;
const posted = sql`case when t.kind in ('posted', 'post_pending') then t.amount else 0 end`;
const pending = sql`case when t.kind = 'pending' then t.amount when t.kind in ${resolutionKinds} then -t.amount else 0 end`;
/** Both legs of the rows `where` picks, one row a leg: account, posted and pending debits and credits. */
const legsOf = (
  where: RawBuilder<unknown>,
) => sql`select t.debit_account_id as account_id, ${posted} as dp, 0 as cp, ${pending} as dpe, 0 as cpe from ledger_transfers t where ${where}
  union all select t.credit_account_id, 0, ${posted}, 0, ${pending} from ledger_transfers t where ${where}`;

/**
 * The rows since `previous` and the accounts they touch, checked on `reader`'s snapshot, set-based
 * (decision 051): each statement reads the new rows through the seq (or commit_xid) index and the
 * accounts they name through their keys, and returns only what is wrong, so the cost is the new
 * rows and their accounts, whatever the journal's age.
 */
async function since(reader: Db, dialect: Dialect, previous: bigint, horizon: bigint): Promise<Check> {
  const problems: string[] = [];
  const { range, counted } = newRows(dialect, previous, horizon);
  const count = await sql<{ n: unknown }>`select count(*) as n from ledger_transfers t where ${range}`.execute(reader);
  const transfersRead = Number(count.rows[0]?.n ?? 0);

  // Malformed new rows: a code or kind the ledger does not write, an amount outside 1..ceiling, one
  // account on both sides, a state the kind cannot have, a resolution of nothing.
  const codeList = sql.join(transferCodes.map((c) => sql`${c}`));
  const malformed = await sql<{
    id: string;
    code: string;
    kind: string;
    amount: unknown;
    debit_account_id: string;
    credit_account_id: string;
    state: string;
    pending_id: string | null;
  }>`
    select t.id, t.code, t.kind, t.amount, t.debit_account_id, t.credit_account_id, t.state, t.pending_id from ledger_transfers t
    where ${range} and (t.code not in (${codeList}) or not (${wellFormed})
      or (t.kind = 'pending' and t.state not in ('pending', 'posted', 'voided')) or (t.kind <> 'pending' and t.state <> 'final')
      or (t.kind in ${resolutionKinds} and t.pending_id is null))
    order by t.seq`.execute(reader);
  for (const t of malformed.rows) {
    const amount = big(t.amount);
    if (!codes.has(t.code)) problems.push(`transfer ${t.id} has an unknown code ${t.code}`);
    if (!kinds.has(t.kind)) problems.push(`transfer ${t.id} has an unknown kind ${t.kind}`);
    if (amount <= 0n || amount > amountMaxMinor) problems.push(`transfer ${t.id} has an amount ${amount} outside 1..${amountMaxMinor}`);
    if (t.debit_account_id === t.credit_account_id) problems.push(`transfer ${t.id} debits and credits one account`);
    const states = t.kind === 'pending' ? ['pending', 'posted', 'voided'] : ['final'];
    if (!states.includes(t.state)) problems.push(`transfer ${t.id} (${t.kind}) has the state ${t.state}`);
    if ((t.kind === 'post_pending' || t.kind === 'void_pending') && !t.pending_id) problems.push(`transfer ${t.id} resolves no pending transfer`);
  }

  // Legs naming an account that does not exist, or one of another coin.
  const strays = await sql<{ id: string; coin_name: string; account_id: string; account_coin: string | null }>`
    select id, coin_name, account_id, account_coin from (
      select t.seq, 0 as side, t.id, t.coin_name, t.debit_account_id as account_id, a.coin_name as account_coin from ledger_transfers t left join ledger_accounts a on a.id = t.debit_account_id
        where ${range} and (a.id is null or a.coin_name <> t.coin_name)
      union all
      select t.seq, 1, t.id, t.coin_name, t.credit_account_id, a.coin_name from ledger_transfers t left join ledger_accounts a on a.id = t.credit_account_id
        where ${range} and (a.id is null or a.coin_name <> t.coin_name)
    ) legs order by seq, side`.execute(reader);
  for (const l of strays.rows) {
    if (l.account_coin === null) problems.push(`transfer ${l.id} names an unknown account ${l.account_id}`);
    else problems.push(`transfer ${l.id} of ${l.coin_name} names account ${l.account_id} of ${l.account_coin}`);
  }

  // Every touched account: stored totals against the figures kept at the position plus the new
  // rows' sums. Only the accounts with a problem come back, and the first row (with the count).
  const accounts = await sql<AccountRow>`
    with d as materialized (select account_id, sum(dp) as dp, sum(cp) as cp, sum(dpe) as dpe, sum(cpe) as cpe from (${legsOf(sql`${range} and ${wellFormed}`)}) legs group by account_id)
    select * from (
      select a.id, a.owner, a.coin_name, a.purpose, a.is_system,
        a.debits_posted as dp, a.credits_posted as cp, a.debits_pending as dpe, a.credits_pending as cpe,
        coalesce(k.debits_posted, 0) as kdp, coalesce(k.credits_posted, 0) as kcp, coalesce(k.debits_pending, 0) as kdpe, coalesce(k.credits_pending, 0) as kcpe,
        d.dp as ndp, d.cp as ncp, d.dpe as ndpe, d.cpe as ncpe,
        count(*) over () as checked, row_number() over (order by a.id) as rn
      from d join ledger_accounts a on a.id = d.account_id left join ledger_checkpoint_accounts k on k.account_id = d.account_id
    ) touched
    where rn = 1 or dp <> kdp + ndp or cp <> kcp + ncp or dpe <> kdpe + ndpe or cpe <> kcpe + ncpe
      or dp < 0 or cp < 0 or dpe < 0 or cpe < 0 or dp > ${accountTotalMaxMinor} or cp > ${accountTotalMaxMinor} or dpe > ${accountTotalMaxMinor} or cpe > ${accountTotalMaxMinor}
      or (is_system = 0 and (cp - dp - dpe < 0 or cp - dp + cpe > ${balanceMaxMinor}))
    order by id`.execute(reader);
  for (const a of accounts.rows) {
    const stored: Totals = { debitsPosted: big(a.dp), creditsPosted: big(a.cp), debitsPending: big(a.dpe), creditsPending: big(a.cpe) };
    const expected: Totals = {
      debitsPosted: big(a.kdp) + big(a.ndp),
      creditsPosted: big(a.kcp) + big(a.ncp),
      debitsPending: big(a.kdpe) + big(a.ndpe),
      creditsPending: big(a.kcpe) + big(a.ncpe),
    };
    const name = `account ${a.id} (${a.owner}/${a.coin_name}/${a.purpose})`;
    for (const key of totalKeys) {
      if (stored[key] !== expected[key]) problems.push(`${name} ${key} is ${stored[key]} but the journal gives ${expected[key]}`);
      if (stored[key] < 0n || stored[key] > accountTotalMaxMinor) problems.push(`${name} ${key} ${stored[key]} is outside 0..${accountTotalMaxMinor}`);
    }
    if (Number(a.is_system) !== 1) {
      if (stored.creditsPosted - stored.debitsPosted - stored.debitsPending < 0n) problems.push(`member ${name} is below zero`);
      if (stored.creditsPosted - stored.debitsPosted + stored.creditsPending > balanceMaxMinor) problems.push(`member ${name} is above the balance ceiling`);
    }
  }
  const accountsChecked = Number(accounts.rows[0]?.checked ?? 0);

  // Each new resolution resolves a pending transfer whose state says so, and is its only one.
  const resolutions = await sql<{ id: string; kind: string; pending_id: string; p_kind: string | null; p_state: string | null; n: unknown }>`
    select id, kind, pending_id, p_kind, p_state, n from (
      select t.seq, t.id, t.kind, t.pending_id, p.kind as p_kind, p.state as p_state, (select count(*) from ledger_transfers r where r.pending_id = t.pending_id) as n
      from ledger_transfers t left join ledger_transfers p on p.id = t.pending_id
      where ${range} and t.kind in ${resolutionKinds} and t.pending_id is not null
    ) r
    where p_kind is null or p_kind <> 'pending' or n <> 1 or kind <> case p_state when 'posted' then 'post_pending' when 'voided' then 'void_pending' else '' end
    order by seq`.execute(reader);
  const byPending = new Map<string, typeof resolutions.rows>();
  for (const r of resolutions.rows) byPending.set(r.pending_id, [...(byPending.get(r.pending_id) ?? []), r]);
  for (const [pendingId, mine] of byPending) {
    const first = mine[0]!;
    if (first.p_kind !== 'pending') problems.push(`transfer ${first.id} resolves an unknown pending transfer ${pendingId}`);
    else
      problems.push(`pending transfer ${pendingId} is ${first.p_state} but was resolved ${Number(first.n)} time(s), by ${mine.map((m) => m.kind).join(', ')}`);
  }

  return {
    result: {
      isBalanced: problems.length === 0,
      problems,
      accounts: accountsChecked,
      transfers: transfersRead,
      mode: 'incremental',
      transfersRead,
      accountsChecked,
      previousPosition: previous,
      position: horizon,
    },
    counted: sql`${counted} and ${wellFormed}`,
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
    const made = await tx
      .insertInto('ledger_checkpoints')
      .values({ name: checkpointName, position: result.position, checked_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
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
  if (outcome.counted) {
    // The counted new rows' sums added to each touched account's figures, in the database.
    await sql`insert into ledger_checkpoint_accounts (account_id, debits_posted, credits_posted, debits_pending, credits_pending)
      select account_id, sum(dp), sum(cp), sum(dpe), sum(cpe) from (${legsOf(outcome.counted)}) legs where true group by account_id
      having sum(dp) <> 0 or sum(cp) <> 0 or sum(dpe) <> 0 or sum(cpe) <> 0
      on conflict (account_id) do update set debits_posted = ledger_checkpoint_accounts.debits_posted + excluded.debits_posted,
        credits_posted = ledger_checkpoint_accounts.credits_posted + excluded.credits_posted,
        debits_pending = ledger_checkpoint_accounts.debits_pending + excluded.debits_pending,
        credits_pending = ledger_checkpoint_accounts.credits_pending + excluded.credits_pending`.execute(tx);
  }
  const rows = [...(figures ?? [])].map(([id, t]) => ({
    account_id: id,
    debits_posted: t.debitsPosted,
    credits_posted: t.creditsPosted,
    debits_pending: t.debitsPending,
    credits_pending: t.creditsPending,
  }));
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
  const what =
    result.mode === 'bootstrap'
      ? `checkpoint made: ${result.accounts} accounts, ${result.transfers} transfers`
      : `since the checkpoint: ${result.transfersRead} transfers, ${result.accountsChecked} accounts`;
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
 * reads on a snapshot off the event loop (db/read-snapshot.ts), then the outcome in one short
 * write transaction on the server's connection, from the position the reads started at (the
 * figures are the rows up to that snapshot's horizon, summed again there: rows below it never change).
 */
export async function verifyIncremental(handle: DbHandle): Promise<IncrementalResult> {
  if (handle.dialect === 'postgres') {
    return inTransaction(
      handle.db,
      async (tx) => {
        const outcome = await check(tx, 'postgres');
        await record(tx, outcome, Date.now());
        return outcome.result;
      },
      { isolation: 'repeatable read' },
    );
  }
  const outcome = await withReadSnapshot(handle, (reader) => check(reader, 'sqlite'));
  await inTransaction(handle.db, (tx) => record(tx, outcome, Date.now()));
  return outcome.result;
}
