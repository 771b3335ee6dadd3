/**
 * Recomputes every account from the journal and checks the books: each account's four totals
 * match the journal, no member account is below zero, every pending transfer was resolved at
 * most once and its state says how, and per coin the debits equal the credits.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';

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

type Totals = { debitsPosted: bigint; creditsPosted: bigint; debitsPending: bigint; creditsPending: bigint };
const zero = (): Totals => ({ debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n });

export async function verifyLedger(db: Db): Promise<VerifyResult> {
  const problems: string[] = [];
  const accounts = await db.selectFrom('ledger_accounts').selectAll().execute();
  const computed = new Map<string, Totals>(accounts.map((a) => [a.id, zero()]));
  const pendingState = new Map<string, { state: string; resolutions: string[] }>();
  let transfers = 0;
  let lastSeq = 0n;
  // Keyset pages keep memory bounded on a large journal.
  for (;;) {
    const page = await db.selectFrom('ledger_transfers').selectAll().where('seq', '>', lastSeq).orderBy('seq').limit(5000).execute();
    if (page.length === 0) break;
    // better-sqlite3 answers synchronously: a turn of the event loop between pages serves requests.
    await new Promise((resolve) => setImmediate(resolve));
    for (const t of page) {
      transfers++;
      lastSeq = BigInt(t.seq);
      const amount = BigInt(t.amount);
      const debit = computed.get(t.debit_account_id);
      const credit = computed.get(t.credit_account_id);
      if (!debit || !credit) {
        problems.push(`transfer ${t.id} names an unknown account`);
        continue;
      }
      if (amount <= 0n) problems.push(`transfer ${t.id} has a non-positive amount`);
      if (t.debit_account_id === t.credit_account_id) problems.push(`transfer ${t.id} debits and credits one account`);
      if (t.kind === 'posted') {
        debit.debitsPosted += amount;
        credit.creditsPosted += amount;
      } else if (t.kind === 'pending') {
        debit.debitsPending += amount;
        credit.creditsPending += amount;
        pendingState.set(t.id, { state: t.state, resolutions: pendingState.get(t.id)?.resolutions ?? [] });
      } else if (t.kind === 'post_pending' || t.kind === 'void_pending') {
        debit.debitsPending -= amount;
        credit.creditsPending -= amount;
        if (t.kind === 'post_pending') {
          debit.debitsPosted += amount;
          credit.creditsPosted += amount;
        }
        const entry = pendingState.get(t.pending_id ?? '');
        if (!entry) problems.push(`transfer ${t.id} resolves an unknown pending transfer`);
        else entry.resolutions.push(t.kind);
      } else {
        problems.push(`transfer ${t.id} has an unknown kind ${t.kind}`);
      }
    }
  }
  for (const [id, { state, resolutions }] of pendingState) {
    const expected = state === 'pending' ? [] : state === 'posted' ? ['post_pending'] : state === 'voided' ? ['void_pending'] : null;
    if (!expected || resolutions.join() !== expected.join()) problems.push(`pending transfer ${id} is ${state} but was resolved by [${resolutions.join(', ')}]`);
  }
  const perCoin = new Map<string, Totals>();
  for (const a of accounts) {
    const c = computed.get(a.id)!;
    const stored = { debitsPosted: BigInt(a.debits_posted), creditsPosted: BigInt(a.credits_posted), debitsPending: BigInt(a.debits_pending), creditsPending: BigInt(a.credits_pending) };
    for (const key of Object.keys(stored) as Array<keyof Totals>) {
      if (stored[key] !== c[key]) problems.push(`account ${a.id} (${a.owner}/${a.coin_name}/${a.purpose}) ${key} is ${stored[key]} but the journal gives ${c[key]}`);
    }
    if (!Number(a.is_system) && stored.creditsPosted - stored.debitsPosted - stored.debitsPending < 0n) {
      problems.push(`member account ${a.id} (${a.owner}/${a.coin_name}) is below zero`);
    }
    const coin = perCoin.get(a.coin_name) ?? zero();
    coin.debitsPosted += stored.debitsPosted;
    coin.creditsPosted += stored.creditsPosted;
    coin.debitsPending += stored.debitsPending;
    coin.creditsPending += stored.creditsPending;
    perCoin.set(a.coin_name, coin);
  }
  for (const [coin, t] of perCoin) {
    if (t.debitsPosted !== t.creditsPosted) problems.push(`${coin}: posted debits ${t.debitsPosted} != credits ${t.creditsPosted}`);
    if (t.debitsPending !== t.creditsPending) problems.push(`${coin}: pending debits ${t.debitsPending} != credits ${t.creditsPending}`);
  }
  return { isBalanced: problems.length === 0, problems, accounts: accounts.length, transfers };
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
  const detail = result.isBalanced
    ? `${result.accounts} accounts, ${result.transfers} transfers, balanced`
    : result.problems.slice(0, 20).join('; ');
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
