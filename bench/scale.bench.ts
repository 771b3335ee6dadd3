/**
 * Cost that stays flat as the data grows (decision 046): `npm run bench -- scale`.
 *
 * Generates two databases with set-based SQL from the real schema (bench/scale/generate.ts): a
 * small one (10,000 transfers) and a large one (SCALE times the target sizes, 1 by default:
 * 1,000,000 members, 10,000,000 transfers, ...), prints each one's generation time and size, times
 * the full ledger verification on the large one, then starts the real server on each in its own
 * process (bench/scale/server.ts) and times every call of bench/scale/calls.ts with sealed
 * requests, one at a time, alternating between the two servers: p50 and p99 at both sizes and
 * their ratio. SQLite always; PostgreSQL
 * too when BENCH_DATABASE_URL is set (each size in a schema of its own, dropped afterwards).
 * Goal: each call's large p99 within 2x of its small p99, and under 50 ms on SQLite.
 *
 * BENCH_SCALE_SAMPLES (1,000, so the p99 is the 11th slowest, not one pause of the machine)
 * requests a call on each database after 5 unmeasured ones. BENCH_SCALE_DIALECTS=sqlite or
 * =postgres runs one database only.
 *
 * Generating the large SQLite database takes most of the run at factor 1 (about an hour on this
 * 2-core machine). BENCH_SCALE_DIR=dir keeps it: the first run generates it into dir/large (with
 * dir/large/scale.json recording the factor, the counts, the generation time and size) and does
 * not delete it; a later run with the same factor finds it, runs the migrations added since
 * (timed: the "next migration" on the generated data) and measures. BENCH_SCALE_GENERATE_ONLY=1
 * stops after the generation (to generate ahead of a quiet moment for the timings);
 * BENCH_SCALE_STOP_AFTER_VERIFY=1 after the ledger checks; BENCH_SCALE_SKIP_OPERATIONS=1 leaves
 * out the backup and index figures.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { endpoints } from '@pp/contract';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';
import { migrateToLatest, openDb, type DbHandle } from '../apps/server/src/db/index.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { appendTransfers, generateScale, longHistoryMember, scaleCounts } from './scale/generate.ts';
import { verifyIncremental } from '../apps/server/src/modules/wallet/ledger/checkpoint.ts';
import { scaleCalls, type ScaleCall } from './scale/calls.ts';
import { postgresOperations } from './scale/operations.ts';
import { startBenchServer } from './process.ts';
import type { BenchFigure } from './results.ts';

const factor = Number(process.env.SCALE ?? 1);
const smallFactor = 0.001;
// 1,000 requests a call and side: the p99 is then the 11th slowest, not (at 200) the 3rd, which
// one or two pauses of the machine decided (three calls over 2x in one run, p50s unmoved).
const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 1000);
const warmup = 5;

interface ScaleDb {
  label: string;
  /** The SQLite file (none on PostgreSQL). */
  file?: string;
  handle: DbHandle;
  serverEnv: Record<string, string>;
  size(): Promise<number>;
  drop(): Promise<void>;
}

async function sqliteDb(label: string): Promise<ScaleDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-scale-${label}-`));
  const handle = openDb({ databaseUrl: '', dataDir });
  const file = path.join(dataDir, 'portal.db');
  return {
    label,
    handle,
    file,
    serverEnv: { BENCH_SCALE_DATA_DIR: dataDir },
    size: async () => fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

interface KeptScale {
  factor: number;
  seconds: number;
  bytes: number;
  generatedAt: string;
}

/** The large SQLite database kept in BENCH_SCALE_DIR (see the header): reused when its factor matches. */
async function keptSqliteDb(dir: string): Promise<{ db: ScaleDb; kept: KeptScale | null }> {
  const dataDir = path.join(dir, 'large');
  const marker = path.join(dataDir, 'scale.json');
  let kept: KeptScale | null = null;
  if (fs.existsSync(marker)) {
    const read = JSON.parse(fs.readFileSync(marker, 'utf8')) as KeptScale;
    if (read.factor === factor) kept = read;
    else throw new Error(`${dataDir} holds a factor ${read.factor} database; SCALE is ${factor}: remove it or use another BENCH_SCALE_DIR`);
  } else {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = openDb({ databaseUrl: '', dataDir });
  const file = path.join(dataDir, 'portal.db');
  return {
    kept,
    db: {
      label: 'large',
      handle,
      file,
      serverEnv: { BENCH_SCALE_DATA_DIR: dataDir },
      size: async () => fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0),
      // Kept for the next run.
      drop: async () => {},
    },
  };
}

function keepMarker(db: ScaleDb, record: KeptScale): void {
  fs.writeFileSync(path.join(path.dirname(db.file!), 'scale.json'), JSON.stringify(record, null, 2));
}

async function postgresDb(label: string, url: string): Promise<ScaleDb> {
  const schema = `scale_${label}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const withSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-bench-scale-${label}-`));
  const handle = openDb({ databaseUrl: withSchema, dataDir, timeouts: { statementMs: 3_600_000 } });
  const query = async <T>(text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  };
  return {
    label,
    handle,
    serverEnv: { BENCH_SCALE_DATA_DIR: dataDir, BENCH_SCALE_DATABASE_URL: withSchema },
    size: async () =>
      Number(
        (
          await query<{ n: string }>(
            `select coalesce(sum(pg_total_relation_size(c.oid)), 0) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = '${schema}' and c.relkind = 'r'`,
          )
        )[0]!.n,
      ),
    drop: async () => {
      await query(`drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

interface ScaleServer {
  port: number;
  publicJwk: PublicJwk;
  memberToken: string;
  staffToken: string;
  deepRecordsCursor: string;
  memberHistory: number;
}

type Timing = { p50: number; p99: number; failures: string[] };
type SizeTimes = { timings: Map<string, Timing>; memberHistory: number };

/**
 * Times every call on both databases at once, interleaved: each call's requests alternate between
 * the small and the large server (after `warmup` unmeasured ones on each), so a pause of the machine
 * (a GC, another process, the disk) lands on both sides of the ratio instead of on one phase.
 */
async function timeCalls(small: ScaleDb, large: ScaleDb): Promise<{ small: SizeTimes; large: SizeTimes }> {
  const servers = await Promise.all([small, large].map((db) => startBenchServer<ScaleServer>('scale/server.ts', db.serverEnv)));
  try {
    const sides = servers.map((server) => ({
      server,
      base: `http://127.0.0.1:${server.port}`,
      calls: scaleCalls({
        deepRecordsCursor: server.deepRecordsCursor,
        memberId: longHistoryMember,
        memberName: 'memberc0',
        memberEmail: 'c0@scale.example',
        memberNumber: 'Rc0',
      }),
      timings: new Map<string, Timing>(),
    }));
    const count = sides[0]!.calls.length;
    for (let c = 0; c < count; c++) {
      const ms = sides.map(() => [] as number[]);
      const failures = sides.map(() => new Set<string>());
      for (let i = 0; i < warmup + samples; i++)
        for (const [k, side] of sides.entries()) {
          const took = await send(side.base, side.server, side.calls[c]!, failures[k]!);
          if (i >= warmup) ms[k]!.push(took);
        }
      for (const [k, side] of sides.entries()) {
        const sorted = ms[k]!.sort((a, b) => a - b);
        side.timings.set(side.calls[c]!.label, { p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), failures: [...failures[k]!] });
      }
    }
    const [s, l] = sides;
    return { small: { timings: s!.timings, memberHistory: s!.server.memberHistory }, large: { timings: l!.timings, memberHistory: l!.server.memberHistory } };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function send(base: string, server: ScaleServer, call: ScaleCall, failures: Set<string>): Promise<number> {
  const url = endpoints[call.name].path;
  const sealed = sealRequest(server.publicJwk, url, call.body);
  const t0 = performance.now();
  const res = await fetch(base + url, {
    method: 'POST',
    body: sealed.body,
    headers: {
      'content-type': mediaType,
      authorization: `Bearer ${call.who === 'member' ? server.memberToken : server.staffToken}`,
      'x-login-type': call.who === 'member' ? 'USER' : 'STAFF',
      'accept-language': 'en-US',
    },
  });
  const json = (await res.json()) as { code: number; error?: string; message: string; data: string | null };
  const took = performance.now() - t0;
  if (json.code !== 20000) failures.add(`${res.status} ${json.error ?? json.message}`);
  else if (typeof json.data === 'string') openResponse(sealed.cek, sealed.nonce, json.data);
  return took;
}

/** `npm run backup -- --out target` (apps/server/src/backup-cli.ts) on the database file `file`. */
function runBackup(file: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/backup-cli.ts'), 'backup', '--out', target], {
      env: { ...process.env, DATA_DIR: path.dirname(file), DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run backup exited ${code}: ${stderr.slice(-2000)}`))));
  });
}

/**
 * Operations at size, SQLite: an online backup (`npm run backup`, in its own process) of the large file
 * while balance and records reads run against the server one after another (their p99 during it
 * beside the same reads without it), then the time a migration adding an index on the journal
 * would take on it (created and dropped again, the server stopped).
 */
async function operations(db: ScaleDb): Promise<BenchFigure[]> {
  const server = await startBenchServer<ScaleServer>('scale/server.ts', db.serverEnv);
  const base = `http://127.0.0.1:${server.port}`;
  const reads = scaleCalls({
    deepRecordsCursor: server.deepRecordsCursor,
    memberId: longHistoryMember,
    memberName: 'memberc0',
    memberEmail: 'c0@scale.example',
    memberNumber: 'Rc0',
  }).filter((c) => c.label === 'home assetsList' || c.label === 'records');
  const failures = new Set<string>();
  const loop = async (until: () => boolean, minimum: number) => {
    const ms: number[] = [];
    for (let i = 0; !until() || i < minimum; i++) ms.push(await send(base, server, reads[i % reads.length]!, failures));
    return ms.sort((a, b) => a - b);
  };
  let backupSeconds = 0;
  let quiet: number[] = [];
  let during: number[] = [];
  try {
    quiet = await loop(() => true, 200);
    let done = false;
    const target = path.join(path.dirname(db.file!), 'scale-backup.db');
    // A copy of an earlier run cut short (and any -wal or -shm beside it) would refuse the backup.
    const removeCopy = () => ['', '-journal', '-wal', '-shm'].forEach((s) => fs.rmSync(`${target}${s}`, { force: true }));
    removeCopy();
    const t0 = performance.now();
    // `npm run backup` in a process of its own, as an operator runs it: the copy's page steps do
    // not share this process's thread with the reads it times.
    const backup = runBackup(db.file!, target).finally(() => {
      done = true;
      backupSeconds = (performance.now() - t0) / 1000;
    });
    during = await loop(() => done, 20);
    await backup;
    removeCopy();
  } finally {
    await server.stop();
  }
  const raw = new SQLite(db.file!);
  const i0 = performance.now();
  raw.exec('CREATE INDEX scale_probe ON ledger_transfers (code, coin_name, created_at)');
  const indexSeconds = (performance.now() - i0) / 1000;
  raw.exec('DROP INDEX scale_probe');
  raw.close();
  console.log(
    `scale sqlite: online backup ${backupSeconds.toFixed(1)} s; reads during it p50 ${pct(during, 0.5).toFixed(1)} ms p99 ${pct(during, 0.99).toFixed(1)} ms (${during.length} reads), without it p99 ${pct(quiet, 0.99).toFixed(1)} ms; an index on the journal ${indexSeconds.toFixed(1)} s${failures.size ? `; failures ${[...failures].join(', ')}` : ''}`,
  );
  return [
    {
      name: `scale.backup.sqlite.factor${factor}`,
      value: Number(backupSeconds.toFixed(1)),
      unit: 's',
      baseline: null,
      note: `npm run backup (VACUUM INTO, its own process) of the large file while balance and records reads ran`,
    },
    {
      name: `scale.readsDuringBackup.sqlite.factor${factor}.p99`,
      value: Number(pct(during, 0.99).toFixed(1)),
      unit: 'ms',
      baseline: Number(pct(quiet, 0.99).toFixed(1)),
      baselineName: 'the same reads without a backup',
      note: `${during.length} reads during the backup, p50 ${pct(during, 0.5).toFixed(1)} ms`,
    },
    {
      name: `scale.journalIndexMigration.sqlite.factor${factor}`,
      value: Number(indexSeconds.toFixed(1)),
      unit: 's',
      baseline: null,
      note: 'CREATE INDEX on ledger_transfers (code, coin_name, created_at), server stopped',
    },
  ];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function runOn(dbLabel: 'sqlite' | 'postgres', make: (label: string) => Promise<ScaleDb>): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const load = () => `1-minute load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const keepDir = dbLabel === 'sqlite' ? process.env.BENCH_SCALE_DIR : undefined;
  const keptLarge = keepDir ? await keptSqliteDb(keepDir) : null;
  const small = await make('small');
  const large = keptLarge ? keptLarge.db : await make('large');
  try {
    const generated: Record<string, { seconds: number; bytes: number }> = {};
    for (const [db, f] of [
      [small, smallFactor],
      [large, factor],
    ] as const) {
      if (db === large && keptLarge?.kept) {
        const kept = keptLarge.kept;
        const m0 = performance.now();
        await migrateToLatest(db.handle);
        const migrateSeconds = (performance.now() - m0) / 1000;
        generated[db.label] = { seconds: kept.seconds, bytes: await db.size() };
        console.log(
          `scale ${dbLabel} large: kept in ${keepDir} (factor ${f}, generated ${kept.generatedAt} in ${kept.seconds.toFixed(1)} s, ${mib(kept.bytes)}); the migrations added since ran in ${migrateSeconds.toFixed(1)} s`,
        );
        figures.push({
          name: `scale.migrationsSinceGeneration.${dbLabel}.factor${factor}`,
          value: Number(migrateSeconds.toFixed(1)),
          unit: 's',
          baseline: null,
          note: `migrateToLatest on the database generated ${kept.generatedAt} (the migrations added since, on the generated data)`,
        });
        continue;
      }
      await migrateToLatest(db.handle);
      console.log(`scale ${dbLabel} ${db.label} (factor ${f}): generating ${JSON.stringify(scaleCounts(f))}`);
      const result = await generateScale(db.handle, f, { log: (line) => console.log(line) });
      const bytes = await db.size();
      generated[db.label] = { seconds: result.seconds, bytes };
      console.log(`scale ${dbLabel} ${db.label}: generated in ${result.seconds.toFixed(1)} s, ${mib(bytes)}`);
      if (db === large && keptLarge) keepMarker(db, { factor, seconds: result.seconds, bytes, generatedAt: new Date().toISOString() });
    }
    if (process.env.BENCH_SCALE_GENERATE_ONLY === '1') {
      console.log(`scale ${dbLabel}: BENCH_SCALE_GENERATE_ONLY=1, stopping after the generation`);
      return figures;
    }
    figures.push({
      name: `scale.generate.${dbLabel}.factor${factor}`,
      value: Number(generated.large!.seconds.toFixed(1)),
      unit: 's',
      baseline: Number(generated.small!.seconds.toFixed(1)),
      baselineName: `the small database (factor ${smallFactor}, 10,000 transfers)`,
      note: `set-based SQL from the real migrations; ${JSON.stringify(scaleCounts(factor))}; size ${mib(generated.large!.bytes)} (small ${mib(generated.small!.bytes)}); ${load()}`,
    });

    // The full verification of the large journal (every account recomputed from every transfer).
    const v0 = performance.now();
    const check = await verifyLedger(large.handle.db);
    const verifySeconds = (performance.now() - v0) / 1000;
    if (!check.isBalanced) throw new Error(`the generated books do not verify: ${check.problems.slice(0, 3).join('; ')}`);
    const s0 = performance.now();
    await verifyLedger(small.handle.db);
    const smallVerifySeconds = (performance.now() - s0) / 1000;
    console.log(
      `scale ${dbLabel}: full ledger verification ${verifySeconds.toFixed(1)} s over ${check.transfers} transfers and ${check.accounts} accounts (small: ${smallVerifySeconds.toFixed(2)} s)`,
    );
    figures.push({
      name: `scale.verifyFull.${dbLabel}.factor${factor}`,
      value: Number(verifySeconds.toFixed(2)),
      unit: 's',
      baseline: Number(smallVerifySeconds.toFixed(2)),
      baselineName: 'the same on the small database',
      note: `verifyLedger over ${check.transfers} transfers; goal under 60 s on SQLite at factor 1`,
    });
    // The hourly check (decision 045): its first run is a full one that keeps every account's
    // figures; then 10,000 new transfers, and the incremental check reads only those.
    const first = await verifyIncremental(large.handle);
    if (!first.isBalanced) throw new Error(`the first incremental check found problems: ${first.problems.slice(0, 3).join('; ')}`);
    await appendTransfers(large.handle, factor, 10_000);
    const n0 = performance.now();
    const incremental = await verifyIncremental(large.handle);
    const incrementalSeconds = (performance.now() - n0) / 1000;
    if (!incremental.isBalanced) throw new Error(`the incremental check found problems: ${incremental.problems.slice(0, 3).join('; ')}`);
    console.log(
      `scale ${dbLabel}: incremental ledger check after 10,000 new transfers ${(incrementalSeconds * 1000).toFixed(0)} ms (goal under 1 s); the full one ${verifySeconds.toFixed(1)} s`,
    );
    figures.push({
      name: `scale.verifyIncremental.${dbLabel}.factor${factor}`,
      value: Number((incrementalSeconds * 1000).toFixed(0)),
      unit: 'ms',
      baseline: Number((verifySeconds * 1000).toFixed(0)),
      baselineName: 'the full verification of the same journal',
      note: 'verifyIncremental after 10,000 transfers appended to the generated journal; goal under 1,000 ms',
    });
    if (process.env.BENCH_SCALE_STOP_AFTER_VERIFY === '1') {
      console.log(`scale ${dbLabel}: BENCH_SCALE_STOP_AFTER_VERIFY=1, stopping after the ledger checks`);
      return figures;
    }
    if (dbLabel === 'postgres') {
      // The generation's and VACUUM's dirty pages written out now, not by a timed checkpoint in
      // the middle of the calls below, where its writes would land on whichever calls it met.
      const c0 = performance.now();
      await sql`CHECKPOINT`.execute(large.handle.db);
      console.log(`scale ${dbLabel}: CHECKPOINT before the calls ${((performance.now() - c0) / 1000).toFixed(1)} s`);
    }
    await small.handle.close();
    await large.handle.close();

    const { small: smallTimes, large: largeTimes } = await timeCalls(small, large);
    console.log(
      `\nscale ${dbLabel}: the long-history member has ${largeTimes.memberHistory} credits (small: ${smallTimes.memberHistory}); ${samples} requests a call on each, one at a time, alternating small and large`,
    );
    console.log(
      `${'call'.padEnd(40)} ${'small p50'.padStart(9)} ${'small p99'.padStart(9)} ${'large p50'.padStart(9)} ${'large p99'.padStart(9)} ${'ratio'.padStart(6)}`,
    );
    for (const [label, big] of largeTimes.timings) {
      const little = smallTimes.timings.get(label)!;
      const ratio = big.p99 / little.p99;
      const flags = [ratio > 2 ? 'over 2x' : '', dbLabel === 'sqlite' && big.p99 > 50 ? 'over 50 ms' : '', ...big.failures, ...little.failures]
        .filter(Boolean)
        .join('; ');
      console.log(
        `${label.padEnd(40)} ${little.p50.toFixed(1).padStart(9)} ${little.p99.toFixed(1).padStart(9)} ${big.p50.toFixed(1).padStart(9)} ${big.p99.toFixed(1).padStart(9)} ${ratio.toFixed(2).padStart(6)} ${flags}`,
      );
      figures.push({
        name: `scale.call.${dbLabel}.${label.replace(/[^A-Za-z0-9=+-]+/g, '_')}.p99`,
        value: Number(big.p99.toFixed(1)),
        unit: 'ms',
        baseline: Number(little.p99.toFixed(1)),
        baselineName: 'the same call on the small database (10,000 transfers)',
        note: `p50 ${big.p50.toFixed(1)} ms (small ${little.p50.toFixed(1)} ms); ratio ${ratio.toFixed(2)}; factor ${factor}${flags ? `; ${flags}` : ''}`,
      });
    }
    // BENCH_SCALE_SKIP_OPERATIONS=1: the calls only (the SQLite backup alone takes a quarter of an hour).
    const isOperationsOn = process.env.BENCH_SCALE_SKIP_OPERATIONS !== '1';
    if (large.file && isOperationsOn) figures.push(...(await operations(large)));
    // Operations on PostgreSQL (decision 047, bench/scale/operations.ts): a concurrent index build with writes running.
    if (large.serverEnv.BENCH_SCALE_DATABASE_URL && isOperationsOn)
      figures.push(...(await postgresOperations(large.serverEnv.BENCH_SCALE_DATABASE_URL, factor)));
    return figures;
  } finally {
    await small.handle.close().catch(() => {});
    await large.handle.close().catch(() => {});
    await small.drop();
    await large.drop();
  }
}

export async function scaleBench(): Promise<BenchFigure[]> {
  const url = process.env.BENCH_DATABASE_URL;
  // BENCH_SCALE_DIALECTS=postgres (or sqlite) runs one database only: at factor 1 each takes hours.
  const only = (process.env.BENCH_SCALE_DIALECTS ?? 'sqlite,postgres').split(',');
  const figures = only.includes('sqlite') ? await runOn('sqlite', sqliteDb) : [];
  if (url && only.includes('postgres')) figures.push(...(await runOn('postgres', (label) => postgresDb(label, url))));
  return figures;
}
