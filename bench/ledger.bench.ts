/**
 * Ledger throughput, each figure beside a same-run baseline:
 * - durable single-transfer commits per second through LedgerRepository.transfer, 16 concurrent
 *   clients, uniform (random member pairs) and hot (every transfer credits one system account);
 * - the same two workloads on the ledger of a base commit, in the same run, in turns with this
 *   one (decision 083): before and after a change, measured on the same machine at the same time.
 *   LEDGER_BASE=<commit> names the base; by default it is HEAD when the ledger's write path has
 *   uncommitted changes, else the commit before the last change to it. LEDGER_BASE=none skips it.
 *   LEDGER_AFTER=<commit> measures that commit instead of this checkout (its base by default the
 *   commit before it), so uncommitted work elsewhere in the checkout is not measured with it.
 *   Each side has its own database (its own migrations) and runs LEDGER_ROUNDS rounds (default
 *   4) of BENCH_TRANSFERS / rounds transfers a workload, the order of the two sides swapped every
 *   round, so load from elsewhere on the machine falls on both alike;
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
import * as dbModule from '../apps/server/src/db/index.ts';
import type { DbHandle } from '../apps/server/src/db/index.ts';
import * as ledgerModule from '../apps/server/src/modules/wallet/ledger/repository.ts';
import type { LedgerRepository } from '../apps/server/src/modules/wallet/ledger/repository.ts';
import * as verifyModule from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { baseTree, changedSinceHead, commitOf, lastChangeOf, type BaseTree } from './base-tree.ts';
import type { BenchFigure } from './results.ts';

const clients = 16;
const members = 2000;
const transfersPerRun = Number(process.env.BENCH_TRANSFERS ?? 8000);
const rounds = Math.max(1, Number(process.env.LEDGER_ROUNDS ?? 4));
const perRound = Math.ceil(transfersPerRun / rounds);

/** The ledger's write path: a change here moves the default base. */
const writePath = [
  'apps/server/src/modules/wallet/ledger/repository.ts',
  'apps/server/src/modules/wallet/ledger/rules.ts',
  'apps/server/src/db/transaction.ts',
];

/** One ledger implementation: this checkout's, or a base commit's loaded from its own copy. */
interface Side {
  label: string;
  openDb: typeof dbModule.openDb;
  migrateToLatest: typeof dbModule.migrateToLatest;
  LedgerRepository: typeof ledgerModule.LedgerRepository;
  verifyLedger: typeof verifyModule.verifyLedger;
}

const current: Side = {
  label: 'this checkout',
  openDb: dbModule.openDb,
  migrateToLatest: dbModule.migrateToLatest,
  LedgerRepository: ledgerModule.LedgerRepository,
  verifyLedger: verifyModule.verifyLedger,
};

/** The base commit to compare with, and why that one; null when none is asked for or git has none. */
function baseRevision(): { sha: string; why: string } | null {
  const asked = process.env.LEDGER_BASE;
  const after = process.env.LEDGER_AFTER;
  if (asked === 'none') return null;
  try {
    if (asked) return { sha: commitOf(asked).sha, why: `LEDGER_BASE=${asked}` };
    if (after) return { sha: commitOf(`${after}^`).sha, why: `the commit before LEDGER_AFTER=${after}` };
    if (changedSinceHead(writePath)) return { sha: commitOf('HEAD').sha, why: "HEAD: the ledger's write path has uncommitted changes" };
    const last = lastChangeOf(writePath);
    if (!last) return null;
    const { subject } = commitOf(last);
    return { sha: commitOf(`${last}^`).sha, why: `the commit before ${last.slice(0, 8)} "${subject}", the last change to the ledger's write path` };
  } catch (error) {
    if (asked) throw error;
    console.log(`no base to compare with (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
}

async function loadSide(tree: BaseTree, role: string): Promise<Side> {
  const db = await tree.load<typeof dbModule>('apps/server/src/db/index.ts');
  const ledger = await tree.load<typeof ledgerModule>('apps/server/src/modules/wallet/ledger/repository.ts');
  const verify = await tree.load<typeof verifyModule>('apps/server/src/modules/wallet/ledger/verify.ts');
  return {
    label: `${role} ${tree.sha.slice(0, 8)}`,
    openDb: db.openDb,
    migrateToLatest: db.migrateToLatest,
    LedgerRepository: ledger.LedgerRepository,
    verifyLedger: verify.verifyLedger,
  };
}

/**
 * A transfer must go through: a refused one would count as speed. Today's ledger answers a refusal
 * as `{ ok: false, result }`; a base from before decision 075 threw it, which fails the run too.
 */
function accepted(outcome: unknown): void {
  if (typeof outcome === 'object' && outcome !== null && 'ok' in outcome && outcome.ok === false)
    throw new Error(`the ledger refused a bench transfer: ${String((outcome as { result?: unknown }).result)}`);
}

async function setup(side: Side, handle: DbHandle): Promise<LedgerRepository> {
  await side.migrateToLatest(handle);
  const ledger = new side.LedgerRepository(handle);
  await concurrent(members, async (i) => {
    accepted(
      await ledger.transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: `bench-member-${i}`, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      }),
    );
  });
  return ledger;
}

const ids = Array.from({ length: members }, (_, i) => `bench-member-${i}`);

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

type Workload = 'uniform' | 'hot';

/** One run of a workload: `count` transfers through the ledger, each answered after its commit. */
function runWorkload(ledger: LedgerRepository, workload: Workload, count: number): Promise<number> {
  return concurrent(count, async () => {
    const [from, to] = pick(ids);
    accepted(
      await ledger.transfer({
        requestId: crypto.randomUUID(),
        code: workload === 'uniform' ? 'internalTransfer' : 'bonusFee',
        coinName: 'USDT',
        amount: 1n,
        debit: { owner: from, coinName: 'USDT', purpose: 'available' },
        credit: workload === 'uniform' ? { owner: to, coinName: 'USDT', purpose: 'available' } : { owner: 'system', coinName: 'USDT', purpose: 'fees' },
        isPending: false,
      }),
    );
  });
}

interface Measured {
  side: Side;
  ledger: LedgerRepository;
  /** Per workload, each round's rate and the totals the overall rate is taken from. */
  rates: Record<Workload, { perRound: number[]; count: number; seconds: number }>;
}

/**
 * Both sides, round by round: in each round each workload runs on one side and then the other,
 * the first side swapped every round. A few untimed transfers before each timed run wake the
 * side's connections (a pool idles its connections out while the other side runs).
 */
async function interleaved(sides: Array<{ side: Side; ledger: LedgerRepository }>): Promise<Measured[]> {
  const out: Measured[] = sides.map((s) => ({
    ...s,
    rates: { uniform: { perRound: [], count: 0, seconds: 0 }, hot: { perRound: [], count: 0, seconds: 0 } },
  }));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? out : [...out].reverse();
    for (const workload of ['uniform', 'hot'] as const) {
      for (const m of order) {
        await runWorkload(m.ledger, workload, clients);
        const rate = await runWorkload(m.ledger, workload, perRound);
        const r = m.rates[workload];
        r.perRound.push(rate);
        r.count += perRound;
        r.seconds += perRound / rate;
      }
    }
  }
  return out;
}

const overall = (m: Measured, workload: Workload) => m.rates[workload].count / m.rates[workload].seconds;

function printComparison(measured: Measured[]) {
  if (measured.length < 2) return;
  const [now, base] = measured as [Measured, Measured];
  console.log(`  before and after, ${rounds} interleaved rounds of ${perRound} transfers a workload (transfers/s; each round's figure in brackets):`);
  for (const workload of ['uniform', 'hot'] as const) {
    const rounds = (m: Measured) => m.rates[workload].perRound.map((r) => r.toFixed(0)).join(' ');
    console.log(`    ${workload.padEnd(7)} ${base.side.label}: ${overall(base, workload).toFixed(0).padStart(6)} [${rounds(base)}]`);
    console.log(`    ${''.padEnd(7)} ${now.side.label.padEnd(base.side.label.length)}: ${overall(now, workload).toFixed(0).padStart(6)} [${rounds(now)}]`);
    console.log(`    ${''.padEnd(7)} ratio after/before: ${(overall(now, workload) / overall(base, workload)).toFixed(2)}`);
  }
}

function comparisonFigures(db: string, measured: Measured[], baseSha: string): BenchFigure[] {
  if (measured.length < 2) return [];
  const [now, base] = measured as [Measured, Measured];
  return (['uniform', 'hot'] as const).map((workload) => ({
    name: `ledger transfers/s ${db} ${workload}, base commit`,
    value: Math.round(overall(base, workload)),
    unit: 'transfers/s',
    baseline: Math.round(overall(now, workload)),
    baselineName: `ledger transfers/s ${db} ${workload}`,
    note: `the ledger of ${baseSha.slice(0, 12)} in the same run, ${rounds} rounds interleaved with this checkout's, ${clients} concurrent clients`,
  }));
}

const rawDebit = `update ledger_accounts set debits_posted = debits_posted + $1 where id = $2 and (is_system = 1 or credits_posted - debits_posted - debits_pending >= $1)`;
const rawCredit = `update ledger_accounts set credits_posted = credits_posted + $1 where id = $2`;

async function sqliteBench(sides: Side[], baseSha: string | null): Promise<BenchFigure[]> {
  const opened: Array<{ side: Side; handle: DbHandle; dataDir: string; ledger?: LedgerRepository }> = [];
  try {
    for (const side of sides) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-ledger-'));
      opened.push({ side, dataDir, handle: side.openDb({ databaseUrl: '', dataDir }) });
    }
    for (const o of opened) o.ledger = await setup(o.side, o.handle);
    const measured = await interleaved(opened.map((o) => ({ side: o.side, ledger: o.ledger! })));
    const uniform = overall(measured[0]!, 'uniform');
    const hot = overall(measured[0]!, 'hot');
    const { handle, dataDir } = opened[0]!;
    const accountIds = await handle.db.selectFrom('ledger_accounts').select('id').where('owner', 'like', 'bench-member-%').execute();
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
    for (const o of opened) {
      const check = await o.side.verifyLedger(o.handle.db);
      if (!check.isBalanced) throw new Error(`ledger not balanced after the SQLite bench (${o.side.label}): ${check.problems[0]}`);
    }
    print('SQLite (WAL, synchronous=FULL)', uniform, hot, ceiling, groupCeiling);
    printComparison(measured);
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
      ...(baseSha ? comparisonFigures('sqlite', measured, baseSha) : []),
    ];
  } finally {
    for (const o of opened) {
      await o.handle.close();
      fs.rmSync(o.dataDir, { recursive: true, force: true });
    }
  }
}

async function postgresBench(url: string, sides: Side[], baseSha: string | null): Promise<BenchFigure[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const opened: Array<{ side: Side; handle: DbHandle; schema: string; scoped: string; ledger?: LedgerRepository }> = [];
  try {
    for (const side of sides) {
      const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
      await admin.query(`create schema ${schema}`);
      const scoped = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      opened.push({ side, schema, scoped, handle: side.openDb({ databaseUrl: scoped, dataDir: os.tmpdir(), poolSize: clients }) });
    }
    for (const o of opened) o.ledger = await setup(o.side, o.handle);
    const measured = await interleaved(opened.map((o) => ({ side: o.side, ledger: o.ledger! })));
    const uniform = overall(measured[0]!, 'uniform');
    const hot = overall(measured[0]!, 'hot');
    const { handle, scoped } = opened[0]!;
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
    for (const o of opened) {
      const check = await o.side.verifyLedger(o.handle.db);
      if (!check.isBalanced) throw new Error(`ledger not balanced after the PostgreSQL bench (${o.side.label}): ${check.problems[0]}`);
    }
    print(`PostgreSQL (${clients} clients)`, uniform, hot, ceiling);
    printComparison(measured);
    return [...figures('postgres', uniform, hot, ceiling), ...(baseSha ? comparisonFigures('postgres', measured, baseSha) : [])];
  } finally {
    for (const o of opened) {
      await o.handle.close();
      await admin.query(`drop schema ${o.schema} cascade`);
    }
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
  const note = `${clients} concurrent clients, ${rounds * perRound} durable transfers a workload in ${rounds} rounds, each answered after its commit`;
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
  const base = baseRevision();
  const trees: BaseTree[] = [];
  try {
    const after = process.env.LEDGER_AFTER;
    let sides = [current];
    if (after) {
      trees.push(baseTree(commitOf(after).sha));
      sides = [await loadSide(trees[0]!, 'after')];
      console.log(`after: ${trees[0]!.sha.slice(0, 12)} (LEDGER_AFTER), not this checkout`);
    }
    if (base) {
      trees.push(baseTree(base.sha));
      sides.push(await loadSide(trees.at(-1)!, 'base'));
      console.log(`base: ${base.sha.slice(0, 12)}, ${base.why}`);
    } else console.log('no base commit: this checkout only (LEDGER_BASE=<commit> names one)');
    const out = await sqliteBench(sides, base?.sha ?? null);
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (url) out.push(...(await postgresBench(url, sides, base?.sha ?? null)));
    else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return out;
  } finally {
    for (const tree of trees) tree.remove();
  }
}
