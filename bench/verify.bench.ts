/**
 * Ledger verification on a large journal (decision 045): the full check (`npm run ledger:verify`,
 * the daily job) beside the incremental one (the hourly job) after BENCH_VERIFY_NEW new transfers
 * (default 10,000). The journal is made set-based, straight in SQL (not through the ledger):
 * BENCH_VERIFY_TRANSFERS rows (default 1,000,000) from one system account to BENCH_VERIFY_MEMBERS
 * members (default 100,000), the account totals set from the journal; then the incremental check
 * makes its checkpoint (a full check), the new transfers are posted through the ledger (postMany,
 * 1,000 a transaction) and the incremental check is timed. SQLite always; PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. `npm run bench -- verify`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { migrateToLatest, openDb, type DbHandle } from '../apps/server/src/db/index.ts';
import { LedgerRepository, type TransferInput } from '../apps/server/src/modules/wallet/ledger/repository.ts';
import { verifyFull, verifyIncremental } from '../apps/server/src/modules/wallet/ledger/checkpoint.ts';
import type { BenchFigure } from './results.ts';
import { inTransaction } from '../apps/server/src/db/transaction.ts';

const journalRows = Number(process.env.BENCH_VERIFY_TRANSFERS ?? 1_000_000);
const memberCount = Number(process.env.BENCH_VERIFY_MEMBERS ?? 100_000);
const newTransfers = Number(process.env.BENCH_VERIFY_NEW ?? 10_000);

async function generate(handle: DbHandle): Promise<void> {
  const db = handle.db;
  const isPg = handle.dialect === 'postgres';
  // Integers written into the statement: better-sqlite3 binds a JS number as a REAL ('x' || 1.0 is 'x1.0').
  const series = (n: number) =>
    isPg
      ? sql`select generate_series(0, ${sql.lit(n - 1)}) as n`
      : sql`with recursive c(n) as (select 0 union all select n + 1 from c where n < ${sql.lit(n - 1)}) select n from c`;
  await db.transaction().execute(async (tx) => {
    await sql`insert into ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
      values ('bench-system', 'system', 'USDT', 'airdrop#0', 1, 0, 0, 0, 0, 0)`.execute(tx);
    await sql`insert into ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
      select 'bench-acc-' || n, 'bench-member-' || n, 'USDT', 'available', 0, 0, 0, 0, 0, 0 from (${series(memberCount)}) s`.execute(tx);
    await sql`insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
      select 'bench-t-' || n, n + 1, null, null, 'airdrop', 'USDT', 1 + n % 1000, 'bench-system', 'bench-acc-' || (n % ${sql.lit(memberCount)}), 'posted', null, 'final', '', n
      from (${series(journalRows)}) s`.execute(tx);
    if (isPg) await sql`select setval('ledger_transfers_seq', ${sql.lit(journalRows)})`.execute(tx);
    await sql`update ledger_accounts set credits_posted = s.v from (select credit_account_id as id, sum(amount) as v from ledger_transfers group by credit_account_id) s where s.id = ledger_accounts.id`.execute(
      tx,
    );
    await sql`update ledger_accounts set debits_posted = (select sum(amount) from ledger_transfers) where id = 'bench-system'`.execute(tx);
  });
}

/** Wall time, and this process's CPU time (on SQLite all of the database's work; the machine may be shared). */
async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return [value, performance.now() - started, (used.user + used.system) / 1000];
}

async function run(handle: DbHandle, label: string, db: string): Promise<BenchFigure[]> {
  await migrateToLatest(handle);
  const [, generateMs] = await timed(() => generate(handle));
  console.log(
    `${label}: ${journalRows.toLocaleString('en-US')} journal rows to ${memberCount.toLocaleString('en-US')} members made in ${(generateMs / 1000).toFixed(1)} s`,
  );
  const [full, fullMs, fullCpuMs] = await timed(() => verifyFull(handle));
  if (!full.isBalanced) throw new Error(`full check not balanced: ${full.problems[0]}`);
  const [made, bootstrapMs] = await timed(() => verifyIncremental(handle));
  if (!made.isBalanced || made.mode !== 'bootstrap') throw new Error(`checkpoint not made: ${made.problems[0]}`);
  const ledger = new LedgerRepository(handle);
  const owners = Array.from({ length: newTransfers }, () => `bench-member-${crypto.randomInt(memberCount)}`);
  await ledger.warmAccounts([...new Set(owners)].map((owner) => ({ owner, coinName: 'USDT', purpose: 'available' })));
  for (let i = 0; i < owners.length; i += 1000) {
    const inputs = owners.slice(i, i + 1000).map((owner): TransferInput => ({
      requestId: null,
      code: 'airdrop',
      coinName: 'USDT',
      amount: 1n,
      isPending: false,
      debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
      credit: { owner, coinName: 'USDT', purpose: 'available' },
    }));
    await inTransaction(handle.db, (tx) => ledger.postMany(inputs, tx), { groupCommit: true });
  }
  const [incremental, incrementalMs, incrementalCpuMs] = await timed(() => verifyIncremental(handle));
  if (!incremental.isBalanced || incremental.transfersRead !== newTransfers)
    throw new Error(`incremental check: ${incremental.transfersRead} rows read, ${incremental.problems[0] ?? 'balanced'}`);
  console.log(
    `  full check                     ${(fullMs / 1000).toFixed(2).padStart(8)} s, CPU ${(fullCpuMs / 1000).toFixed(2)} s   (${full.transfers.toLocaleString('en-US')} transfers, ${full.accounts.toLocaleString('en-US')} accounts)`,
  );
  console.log(`  checkpoint made (first run)    ${(bootstrapMs / 1000).toFixed(2).padStart(8)} s`);
  console.log(
    `  incremental, ${newTransfers.toLocaleString('en-US')} new transfers ${(incrementalMs / 1000).toFixed(3).padStart(8)} s, CPU ${(incrementalCpuMs / 1000).toFixed(3)} s   (${incremental.transfersRead.toLocaleString('en-US')} rows read, ${incremental.accountsChecked.toLocaleString('en-US')} accounts checked; ${((incrementalMs / fullMs) * 100).toFixed(1)}% of the full check)`,
  );
  const note = `${journalRows} journal rows, ${memberCount} members, made set-based; ${newTransfers} new transfers through postMany`;
  return [
    {
      name: `ledger verify incremental after ${newTransfers} transfers ms ${db}`,
      value: Math.round(incrementalMs),
      unit: 'ms',
      baseline: Math.round(fullMs),
      baselineName: `ledger verify full ms ${db}`,
      note,
    },
    { name: `ledger verify full ms ${db}`, value: Math.round(fullMs), unit: 'ms', baseline: null, note },
  ];
}

export async function verifyBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-verify-'));
  const handle = openDb({ databaseUrl: '', dataDir });
  const out: BenchFigure[] = [];
  try {
    out.push(...(await run(handle, 'SQLite (WAL, synchronous=FULL)', 'sqlite')));
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return out;
  }
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  // The generation's statements run long on a large journal: no statement timeout here.
  const pgHandle = openDb({ databaseUrl: scoped, dataDir: os.tmpdir(), timeouts: { statementMs: 3_600_000, idleInTransactionMs: 3_600_000 } });
  try {
    out.push(...(await run(pgHandle, 'PostgreSQL', 'postgres')));
  } finally {
    await pgHandle.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  return out;
}
