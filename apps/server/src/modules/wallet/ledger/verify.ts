/**
 * Recomputes every account from the journal and checks the books: each account's four totals
 * match the journal, no member account is below zero, every pending transfer was resolved at
 * most once and its state says how, and per coin the debits equal the credits.
 *
 * Set-based (decision 051): the database does the work and sends back only what is wrong. One
 * grouping pass sums both legs of every transfer per account, compared with each account's
 * stored totals: only the accounts that differ, that the journal names but that do not exist, or
 * (members) that are below zero come back; one scan returns the malformed transfers and the
 * pending transfers whose resolutions do not match their state (the resolutions found through
 * the pending_id index); one pass over the accounts sums each coin. On a 10,000,000-row journal
 * these are long statements: the full check runs them on a read snapshot of its own
 * (db/read-snapshot.ts: a worker thread on SQLite, a dedicated connection on PostgreSQL), so no
 * writer and no request waits for them.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';

export interface VerifyResult {
  isBalanced: boolean;
  problems: string[];
  accounts: number;
  transfers: number;
}

/**
 * Another module's check of its side of the books (the packages' fixed balances, decision 020),
 * registered by the module that owns it, so the ledger names no module (decision 044). It returns
 * its problems, none when all is well.
 */
export type BooksCheck = (db: Db) => Promise<string[]>;

const booksChecks = new Map<string, BooksCheck>();

/** Registers (or replaces) the check called `name`; verifyAndRecord runs every registered one after the journal's. */
export function registerVerifier(name: string, check: BooksCheck): void {
  booksChecks.set(name, check);
}

/** Problems of one kind listed at most; past that, one line says how many more there are. */
const listedMax = 1_000;
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const resolutionKinds = sql`('post_pending', 'void_pending')`;
const posted = sql`case when kind in ('posted', 'post_pending') then amount else 0 end`;
const pending = sql`case when kind = 'pending' then amount when kind in ('post_pending', 'void_pending') then -amount else 0 end`;

function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function listed(problems: string[], lines: string[], what: string): void {
  problems.push(...lines.slice(0, listedMax));
  if (lines.length > listedMax) problems.push(`${lines.length - listedMax} more ${what}`);
}

interface AccountRow {
  account_id: string;
  jdp: unknown;
  jcp: unknown;
  jdpe: unknown;
  jcpe: unknown;
  sdp: unknown;
  scp: unknown;
  sdpe: unknown;
  scpe: unknown;
  known: unknown;
  below: unknown;
}

interface TransferRow {
  id: string;
  kind: string;
  state: string;
  amount: unknown;
  debit_account_id: string;
  credit_account_id: string;
  pending_id: string | null;
  pending_ok: unknown;
}

export async function verifyLedger(db: Db): Promise<VerifyResult> {
  const problems: string[] = [];
  const keys = ['debitsPosted', 'creditsPosted', 'debitsPending', 'creditsPending'] as const;

  // The journal's four sums per account (one grouping pass over both legs), beside each account's
  // stored four: only the accounts that differ or (members) are below zero come back, and the
  // accounts the journal names that do not exist (known 0).
  const legs = sql`select debit_account_id as account_id, ${posted} as dp, 0 as cp, ${pending} as dpe, 0 as cpe from ledger_transfers
    union all select credit_account_id, 0, ${posted}, 0, ${pending} from ledger_transfers`;
  const accounts = await sql<AccountRow>`
    with d as materialized (select account_id, sum(dp) as dp, sum(cp) as cp, sum(dpe) as dpe, sum(cpe) as cpe from (${legs}) legs group by account_id)
    select a.id as account_id, coalesce(d.dp, 0) as jdp, coalesce(d.cp, 0) as jcp, coalesce(d.dpe, 0) as jdpe, coalesce(d.cpe, 0) as jcpe,
      a.debits_posted as sdp, a.credits_posted as scp, a.debits_pending as sdpe, a.credits_pending as scpe, 1 as known,
      case when a.is_system = 0 and a.credits_posted - a.debits_posted - a.debits_pending < 0 then 1 else 0 end as below
    from ledger_accounts a left join d on d.account_id = a.id
    where a.debits_posted <> coalesce(d.dp, 0) or a.credits_posted <> coalesce(d.cp, 0) or a.debits_pending <> coalesce(d.dpe, 0) or a.credits_pending <> coalesce(d.cpe, 0)
      or (a.is_system = 0 and a.credits_posted - a.debits_posted - a.debits_pending < 0)
    union all
    select d.account_id, d.dp, d.cp, d.dpe, d.cpe, 0, 0, 0, 0, 0, 0 from d where not exists (select 1 from ledger_accounts a where a.id = d.account_id)`.execute(
    db,
  );
  const unknown = accounts.rows.filter((r) => Number(r.known) === 0).map((r) => r.account_id);
  const differing = accounts.rows.filter((r) => Number(r.known) === 1).sort((x, y) => (x.account_id < y.account_id ? -1 : x.account_id > y.account_id ? 1 : 0));
  const named = new Map<string, { owner: string; coin_name: string; purpose: string }>();
  for (const ids of chunks(differing.map((r) => r.account_id))) {
    for (const a of await db.selectFrom('ledger_accounts').select(['id', 'owner', 'coin_name', 'purpose']).where('id', 'in', ids).execute()) named.set(a.id, a);
  }
  const accountLines: string[] = [];
  for (const r of differing) {
    const a = named.get(r.account_id)!;
    const journal = [r.jdp, r.jcp, r.jdpe, r.jcpe].map(big);
    const stored = [r.sdp, r.scp, r.sdpe, r.scpe].map(big);
    keys.forEach((key, i) => {
      if (stored[i] !== journal[i])
        accountLines.push(`account ${r.account_id} (${a.owner}/${a.coin_name}/${a.purpose}) ${key} is ${stored[i]} but the journal gives ${journal[i]}`);
    });
    if (Number(r.below) === 1) accountLines.push(`member account ${r.account_id} (${a.owner}/${a.coin_name}) is below zero`);
  }
  listed(problems, accountLines, 'account differences');
  const unknownLines: string[] = [];
  for (const ids of chunks(unknown)) {
    const naming = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
      .orderBy('seq')
      .execute();
    unknownLines.push(...naming.map((t) => `transfer ${t.id} names an unknown account`));
  }
  listed(problems, unknownLines, 'transfers naming an unknown account');

  // Malformed transfers, resolutions of no pending transfer, and pending transfers whose
  // resolutions (by the pending_id index) are not the one their state says: one scan.
  const expectedCount = sql`case t.state when 'pending' then 0 when 'posted' then 1 when 'voided' then 1 else -1 end`;
  const resolutionsOf = (extra: ReturnType<typeof sql>) =>
    sql`select count(*) from ledger_transfers r where r.pending_id = t.id and r.kind in ${resolutionKinds} ${extra}`;
  const transfers = await sql<TransferRow>`
    select id, kind, state, amount, debit_account_id, credit_account_id, pending_id, pending_ok from (
      select t.id, t.seq, t.kind, t.state, t.amount, t.debit_account_id, t.credit_account_id, t.pending_id,
        case
          when t.kind = 'pending' then case when (${resolutionsOf(sql``)}) = ${expectedCount}
            and (${resolutionsOf(sql`and r.kind <> case t.state when 'posted' then 'post_pending' else 'void_pending' end`)}) = 0 then 1 else 0 end
          when t.kind in ${resolutionKinds} then case when exists (select 1 from ledger_transfers p where p.id = t.pending_id and p.kind = 'pending') then 1 else 0 end
          else 1
        end as pending_ok
      from ledger_transfers t
      where t.amount <= 0 or t.debit_account_id = t.credit_account_id or t.kind not in ('posted', 'pending', 'post_pending', 'void_pending')
        or t.kind = 'pending' or t.kind in ${resolutionKinds}
    ) checked
    where amount <= 0 or debit_account_id = credit_account_id or kind not in ('posted', 'pending', 'post_pending', 'void_pending') or pending_ok = 0
    order by seq`.execute(db);
  const badPendings = transfers.rows.filter((t) => t.kind === 'pending' && Number(t.pending_ok) === 0).map((t) => t.id);
  const resolutions = new Map<string, string[]>();
  for (const ids of chunks(badPendings)) {
    for (const r of await db
      .selectFrom('ledger_transfers')
      .select(['pending_id', 'kind'])
      .where('pending_id', 'in', ids)
      .where('kind', 'in', ['post_pending', 'void_pending'])
      .orderBy('seq')
      .execute()) {
      resolutions.set(r.pending_id!, [...(resolutions.get(r.pending_id!) ?? []), r.kind]);
    }
  }
  const transferLines: string[] = [];
  for (const t of transfers.rows) {
    if (big(t.amount) <= 0n) transferLines.push(`transfer ${t.id} has a non-positive amount`);
    if (t.debit_account_id === t.credit_account_id) transferLines.push(`transfer ${t.id} debits and credits one account`);
    if (!['posted', 'pending', 'post_pending', 'void_pending'].includes(t.kind)) transferLines.push(`transfer ${t.id} has an unknown kind ${t.kind}`);
    if (Number(t.pending_ok) === 1) continue;
    if (t.kind === 'pending') transferLines.push(`pending transfer ${t.id} is ${t.state} but was resolved by [${(resolutions.get(t.id) ?? []).join(', ')}]`);
    else transferLines.push(`transfer ${t.id} resolves an unknown pending transfer`);
  }
  listed(problems, transferLines, 'malformed transfers');

  // Per coin, the stored debits equal the credits.
  const coins = await db
    .selectFrom('ledger_accounts')
    .select((eb) => [
      'coin_name',
      eb.fn.countAll<bigint>().as('n'),
      eb.fn.sum<bigint>('debits_posted').as('dp'),
      eb.fn.sum<bigint>('credits_posted').as('cp'),
      eb.fn.sum<bigint>('debits_pending').as('dpe'),
      eb.fn.sum<bigint>('credits_pending').as('cpe'),
    ])
    .groupBy('coin_name')
    .orderBy('coin_name')
    .execute();
  for (const c of coins) {
    if (big(c.dp) !== big(c.cp)) problems.push(`${c.coin_name}: posted debits ${big(c.dp)} != credits ${big(c.cp)}`);
    if (big(c.dpe) !== big(c.cpe)) problems.push(`${c.coin_name}: pending debits ${big(c.dpe)} != credits ${big(c.cpe)}`);
  }
  const count = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return { isBalanced: problems.length === 0, problems, accounts: coins.reduce((n, c) => n + Number(c.n), 0), transfers: Number(count.n) };
}

/**
 * Verifies (the journal, then every registered module check) and keeps the result for the
 * back-office dashboard. `reader` is where the checks read: a snapshot for the full check
 * (checkpoint.ts, decision 045), so a movement committing meanwhile is never half seen.
 */
export async function verifyAndRecord(db: Db, reader: Db = db): Promise<VerifyResult> {
  const books = await verifyLedger(reader);
  // The modules' own checks (registerVerifier), e.g. packages: every fixed balance is the principal of live holdings.
  const moduleProblems: string[] = [];
  for (const check of booksChecks.values()) moduleProblems.push(...(await check(reader)));
  const result = { ...books, isBalanced: books.isBalanced && moduleProblems.length === 0, problems: [...books.problems, ...moduleProblems] };
  const detail = result.isBalanced ? `${result.accounts} accounts, ${result.transfers} transfers, balanced` : result.problems.slice(0, 20).join('; ');
  await db
    .insertInto('ledger_verifications')
    .values({
      id: crypto.randomUUID(),
      checked_at: Date.now(),
      is_balanced: result.isBalanced ? 1 : 0,
      detail,
      account_count: result.accounts,
      transfer_count: result.transfers,
      problem_count: result.problems.length,
    })
    .execute();
  return result;
}
