/**
 * Ledger throughput, each figure beside a same-run baseline:
 * - durable single-transfer commits per second through LedgerRepository.transfer, 16 concurrent
 *   clients, uniform (random member pairs) and hot (every transfer credits one system account);
 * - the raw ceiling: the same statements (conditional debit, credit, journal insert) in one
 *   transaction per transfer, straight on the driver (SQLite: prepared statements; PostgreSQL:
 *   one simple-protocol round trip), same clients and count.
 * SQLite always (WAL, synchronous=FULL); PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrateToLatest, openDb, type DbHandle } from '../apps/server/src/db/index.ts';
import { LedgerRepository, settled } from '../apps/server/src/modules/wallet/ledger/repository.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import type { BenchFigure } from './results.ts';

const clients = 16;
const members = 2000;
const transfersPerRun = Number(process.env.BENCH_TRANSFERS ?? 8000);

async function setup(handle: DbHandle): Promise<{ ledger: LedgerRepository; ids: string[] }> {
  await migrateToLatest(handle);
  const ledger = new LedgerRepository(handle);
  const ids = Array.from({ length: members }, (_, i) => `bench-member-${i}`);
  for (const id of ids) {
    await ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
  }
  return { ledger, ids };
}

function pick(ids: string[]): [string, string] {
  const a = crypto.randomInt(ids.length);
  let b = crypto.randomInt(ids.length - 1);
  if (b >= a) b++;
  return [ids[a]!, ids[b]!];
}

/** Runs `count` operations on `clients` concurrent loops; answers operations per second. */
async function concurrent(count: number, op: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await op(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Every transfer must go through (`settled` throws on a refusal): a refused one would count as speed. */
async function ledgerRates(ledger: LedgerRepository, ids: string[]) {
  const uniform = await concurrent(transfersPerRun, async () => {
    const [from, to] = pick(ids);
    await ledger
      .transfer({
        requestId: crypto.randomUUID(),
        code: 'internalTransfer',
        coinName: 'USDT',
        amount: 1n,
        debit: { owner: from, coinName: 'USDT', purpose: 'available' },
        credit: { owner: to, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
  });
  const hot = await concurrent(transfersPerRun, async () => {
    const [from] = pick(ids);
    await ledger
      .transfer({
        requestId: crypto.randomUUID(),
        code: 'bonusFee',
        coinName: 'USDT',
        amount: 1n,
        debit: { owner: from, coinName: 'USDT', purpose: 'available' },
        credit: { owner: 'system', coinName: 'USDT', purpose: 'fees' },
        isPending: false,
      })
      .then(settled);
  });
  return { uniform, hot };
}

const rawDebit = `update ledger_accounts set debits_posted = debits_posted + $1 where id = $2 and (is_system = 1 or credits_posted - debits_posted - debits_pending >= $1)`;
const rawCredit = `update ledger_accounts set credits_posted = credits_posted + $1 where id = $2`;

async function sqliteBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-ledger-'));
  const handle = openDb({ databaseUrl: '', dataDir });
  try {
    const { ledger, ids } = await setup(handle);
    const accountIds = await handle.db.selectFrom('ledger_accounts').select('id').where('owner', 'like', 'bench-member-%').execute();
    const { uniform, hot } = await ledgerRates(ledger, ids);
    // The ceiling: the same three statements on the same file through the driver, no query builder.
    const raw = new SQLite(path.join(dataDir, 'portal.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.defaultSafeIntegers(true);
    const debit = raw.prepare(rawDebit.replace(/\$1/g, '@amount').replace('$2', '@id'));
    const credit = raw.prepare(rawCredit.replace('$1', '@amount').replace('$2', '@id'));
    const insert =
      raw.prepare(`insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
      values (@id, (select coalesce(max(seq), 0) + 1 from ledger_transfers), @rid, null, 'internalTransfer', 'USDT', @amount, @d, @c, 'posted', null, 'final', '', @at)`);
    const one = raw.transaction((d: string, c: string) => {
      if (debit.run({ amount: 1n, id: d }).changes !== 1) throw new Error('insufficient');
      credit.run({ amount: 1n, id: c });
      insert.run({ id: crypto.randomUUID(), rid: crypto.randomUUID(), amount: 1n, d, c, at: BigInt(Date.now()) });
    });
    const rawIds = accountIds.map((a) => a.id);
    const ceiling = await concurrent(transfersPerRun, async () => {
      const [d, c] = pick(rawIds);
      one(d, c);
    });
    // The ledger's SQLite path commits in groups (decision 006): the ceiling for that is the same
    // statements with one commit per `clients` transfers, each in its own savepoint.
    const batch = raw.transaction((pairs: Array<[string, string]>) => {
      for (const [d, c] of pairs) one(d, c);
    });
    const groupCeiling =
      (await concurrent(transfersPerRun / clients, async () => {
        batch(Array.from({ length: clients }, () => pick(rawIds)));
      })) * clients;
    raw.close();
    const check = await verifyLedger(handle.db);
    if (!check.isBalanced) throw new Error(`ledger not balanced after the SQLite bench: ${check.problems[0]}`);
    print('SQLite (WAL, synchronous=FULL)', uniform, hot, ceiling, groupCeiling);
    return [
      ...figures('sqlite', uniform, hot, groupCeiling, 'raw statements ceiling sqlite, group commit'),
      {
        name: 'sqlite raw statements, one commit per transfer',
        value: Math.round(ceiling),
        unit: 'transfers/s',
        baseline: Math.round(groupCeiling),
        baselineName: 'raw statements ceiling sqlite, group commit',
        note: 'what the ledger would reach without group commit',
      },
    ];
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresBench(url: string): Promise<BenchFigure[]> {
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const handle = openDb({ databaseUrl: scoped, dataDir: os.tmpdir(), poolSize: clients });
  try {
    const { ledger, ids } = await setup(handle);
    const { uniform, hot } = await ledgerRates(ledger, ids);
    const accountIds = (await handle.db.selectFrom('ledger_accounts').select('id').where('owner', 'like', 'bench-member-%').execute()).map((a) => a.id);
    const pool = new pg.Pool({ connectionString: scoped, max: clients });
    // The ceiling: the same statements as one simple-protocol round trip per transfer (the
    // fewest a client can send), straight on the driver. Rows in id order, as the ledger does.
    const ceiling = await concurrent(transfersPerRun, async () => {
      const [d, c] = pick(accountIds).sort() as [string, string];
      await pool.query(
        `begin;
         update ledger_accounts set debits_posted = debits_posted + 1 where id = '${d}' and (is_system = 1 or credits_posted - debits_posted - debits_pending >= 1);
         update ledger_accounts set credits_posted = credits_posted + 1 where id = '${c}';
         insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
           values ('${crypto.randomUUID()}', nextval('ledger_transfers_seq'), '${crypto.randomUUID()}', null, 'internalTransfer', 'USDT', 1, '${d}', '${c}', 'posted', null, 'final', '', ${Date.now()});
         commit;`,
      );
    });
    await pool.end();
    const check = await verifyLedger(handle.db);
    if (!check.isBalanced) throw new Error(`ledger not balanced after the PostgreSQL bench: ${check.problems[0]}`);
    print(`PostgreSQL (${clients} clients)`, uniform, hot, ceiling);
    return figures('postgres', uniform, hot, ceiling);
  } finally {
    await handle.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

function print(label: string, uniform: number, hot: number, ceiling: number, groupCeiling?: number) {
  console.log(`${label}, ${transfersPerRun} transfers a run:`);
  console.log(`  raw statements ceiling   ${ceiling.toFixed(0).padStart(7)} transfers/s${groupCeiling ? '  (one commit per transfer)' : ''}`);
  if (groupCeiling) console.log(`  raw, group commit of ${clients}  ${groupCeiling.toFixed(0).padStart(7)} transfers/s`);
  const top = groupCeiling ?? ceiling;
  console.log(`  ledger, uniform          ${uniform.toFixed(0).padStart(7)} transfers/s  (${((uniform / top) * 100).toFixed(0)}% of the ceiling)`);
  console.log(`  ledger, hot account      ${hot.toFixed(0).padStart(7)} transfers/s  (${((hot / uniform) * 100).toFixed(0)}% of uniform)`);
}

function figures(db: string, uniform: number, hot: number, ceiling: number, ceilingName = `raw statements ceiling ${db}`): BenchFigure[] {
  const note = `${clients} concurrent clients, ${transfersPerRun} durable transfers a run, each answered after its commit`;
  return [
    {
      name: `ledger transfers/s ${db} uniform`,
      value: Math.round(uniform),
      unit: 'transfers/s',
      baseline: Math.round(ceiling),
      baselineName: ceilingName,
      note,
    },
    {
      name: `ledger transfers/s ${db} hot account`,
      value: Math.round(hot),
      unit: 'transfers/s',
      baseline: Math.round(uniform),
      baselineName: `ledger transfers/s ${db} uniform`,
      note,
    },
  ];
}

export async function ledgerBench(): Promise<BenchFigure[]> {
  const out = await sqliteBench();
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) out.push(...(await postgresBench(url)));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  return out;
}
