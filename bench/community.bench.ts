/**
 * Community (decision 021), SQLite, each figure beside a same-run baseline:
 * - the time to generate a community of BENCH_COMMUNITY_SIZE members (1,000,000 by default) with
 *   set-based SQL: one chain 10,000 deep (BENCH_COMMUNITY_DEPTH) and the rest as a tree of fan-out
 *   10 under the chain's top, every member with a real tree path and a figures row;
 * - a package buy through PackageService.buy by the member at the bottom of the chain (its
 *   figures hook updates every ancestor and evaluates their grades in the buy's transaction; goal
 *   under 1 s), beside the same buy by a member at depth 1;
 * - the read of a member's figures (CommunityService.info of the chain's top, whose community is
 *   the whole generated community), beside a primary-key read of the users row.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDb } from '../apps/server/src/db/index.ts';
import { hashPassword } from '../apps/server/src/modules/identity/accounts/passwords.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { makeServices } from '../apps/server/src/services.ts';
import { baseTerms, insertProduct } from '../apps/server/test/package-fixtures.ts';
import type { BenchFigure } from './results.ts';

const size = Number(process.env.BENCH_COMMUNITY_SIZE ?? 1_000_000);
const depth = Math.min(Number(process.env.BENCH_COMMUNITY_DEPTH ?? 10_000), size);
const buysEach = 5;
const readsEach = 2_000;
const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
} as unknown as FastifyBaseLogger;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function communityBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-community-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA: 'off', DEMO_DATA: 'off' });
  const handle = openDb(config);
  const db = handle.db;
  try {
    await migrateToLatest(handle);
    const services = makeServices(config, handle, silentLog);
    const now = Date.now();
    const started = performance.now();
    // The chain: c0 (top) ... c{depth-1} (bottom); short ids keep the tree paths (about 6 characters a level) within reason.
    await sql`WITH RECURSIVE ch(i, id, parent, path) AS (
        SELECT 0, 'c0', NULL, '/'
        UNION ALL
        SELECT i + 1, 'c' || (i + 1), id, path || id || '/' FROM ch WHERE i + 1 < ${depth}
      )
      INSERT INTO users (id, user_name, user_name_key, password_hash, tx_password_hash, country_code, email, referral_id, user_number, referrer_id, tree_path, level,
        buy_purchase_code_status, is_protected, auto_top_up, agree_status, is_login_locked, is_money_locked, created_at)
      SELECT id, 'u' || id, 'u' || id, 'x', 'x', 'ID', id || '@example.com', 'R' || id, 'N' || id, parent, path, 0, 0, 0, 0, 1, 0, 0, ${now} FROM ch`.execute(
      db,
    );
    // The rest: r0 ... r999 under c0, then r{k} under r{k / 10}: one INSERT ... SELECT per generation.
    const rest = size - depth;
    let from = 0;
    let to = Math.min(rest, 1000);
    while (from < to) {
      await sql`WITH RECURSIVE n(k) AS (SELECT CAST(${from} AS integer) UNION ALL SELECT k + 1 FROM n WHERE k + 1 < ${to})
        INSERT INTO users (id, user_name, user_name_key, password_hash, tx_password_hash, country_code, email, referral_id, user_number, referrer_id, tree_path, level,
          buy_purchase_code_status, is_protected, auto_top_up, agree_status, is_login_locked, is_money_locked, created_at)
        SELECT 'r' || k, 'ur' || k, 'ur' || k, 'x', 'x', 'ID', 'r' || k || '@example.com', 'Rr' || k, 'Nr' || k, p.id, p.tree_path || p.id || '/', 0, 0, 0, 0, 1, 0, 0, ${now} + k
        FROM n JOIN users p ON p.id = CASE WHEN k < 1000 THEN 'c0' ELSE 'r' || (k / 10) END`.execute(db);
      from = to;
      to = Math.min(rest, to * 10);
    }
    // Figures rows: team sizes and direct counts as registration would have left them (the chain by
    // position, the tree by counting each generation's children once, set-based).
    await sql`INSERT INTO member_figures (member_id, personal, community, largest_leg, team_size, direct_count, grade_pinned, updated_at)
      SELECT id, 0, 0, 0, 0, 0, 0, ${now} FROM users`.execute(db);
    await sql`UPDATE member_figures SET direct_count = (SELECT count(*) FROM users d WHERE d.referrer_id = member_figures.member_id)`.execute(db);
    await sql`UPDATE member_figures SET team_size = ${depth} - 1 - CAST(substr(member_id, 2) AS integer) WHERE member_id LIKE 'c%'`.execute(db);
    await sql`UPDATE member_figures SET team_size = team_size + ${rest} WHERE member_id = 'c0'`.execute(db);
    const generateSeconds = (performance.now() - started) / 1000;
    const count = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const deepest = await db
      .selectFrom('users')
      .select(['tree_path'])
      .where('id', '=', `c${depth - 1}`)
      .executeTakeFirstOrThrow();
    const deepestLevels = deepest.tree_path.split('/').length - 2;
    console.log(`community: ${count} members generated in ${generateSeconds.toFixed(1)} s (deepest member ${deepestLevels} levels below the top)`);

    // Buyers: the bottom of the chain and a member at depth 1 (r0, directly under c0), with a transaction password and points.
    const transactionPassword = 'Trans0ction!x';
    const buyers = [`c${depth - 1}`, 'r0'];
    await db
      .updateTable('users')
      .set({ tx_password_hash: await hashPassword(transactionPassword) })
      .where('id', 'in', buyers)
      .execute();
    const product = await insertProduct(db, baseTerms);
    for (const id of buyers) {
      await services.ledger.transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 10_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      });
    }
    const buy = async (id: string) => {
      const t0 = performance.now();
      await services.packages.buy(id, {
        productId: product,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '100' }],
        transactionPassword,
        requestId: crypto.randomBytes(12).toString('hex'),
      });
      return (performance.now() - t0) / 1000;
    };
    const deepTimes: number[] = [];
    const shallowTimes: number[] = [];
    for (let i = 0; i < buysEach; i++) {
      deepTimes.push(await buy(buyers[0]!));
      shallowTimes.push(await buy(buyers[1]!));
    }
    const top = await db.selectFrom('member_figures').select(['community', 'largest_leg', 'team_size']).where('member_id', '=', 'c0').executeTakeFirstOrThrow();
    const expectTop = BigInt(2 * buysEach) * 100_000_000n;
    if (BigInt(top.community) !== expectTop) throw new Error(`the top's community is ${String(top.community)}, expected ${expectTop}`);
    const deepGrade = await db.selectFrom('users').select('level').where('id', '=', buyers[0]!).executeTakeFirstOrThrow();
    console.log(
      `community: buy at depth ${depthOfChainBottom(depth)} median ${(median(deepTimes) * 1000).toFixed(0)} ms (max ${(Math.max(...deepTimes) * 1000).toFixed(0)} ms); the same buy at depth 1 median ${(median(shallowTimes) * 1000).toFixed(0)} ms; buyer's grade now ${Number(deepGrade.level)}`,
    );

    // Reads: the top's figures (its community is every generated member) and the bottom's, beside a users primary-key read.
    const time = async (op: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < readsEach; i++) {
        const t0 = performance.now();
        await op();
        samples.push(performance.now() - t0);
      }
      return median(samples);
    };
    const readTop = await time(() => services.community.info('c0', 'https://bench.example'));
    const readBottom = await time(() => services.community.info(`c${depth - 1}`, 'https://bench.example'));
    const readUser = await time(() => db.selectFrom('users').selectAll().where('id', '=', 'c0').executeTakeFirstOrThrow());
    console.log(
      `community: figures read of the top (team ${Number(top.team_size)}) median ${(readTop * 1000).toFixed(0)} µs, of the bottom ${(readBottom * 1000).toFixed(0)} µs; a users primary-key read ${(readUser * 1000).toFixed(0)} µs`,
    );

    const check = await verifyLedger(db);
    if (!check.isBalanced) throw new Error(`ledger not balanced after the community bench: ${check.problems.slice(0, 3).join('; ')}`);
    const load = `1-minute load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
    return [
      {
        name: `community.generate.sqlite.${size}members`,
        value: Number(generateSeconds.toFixed(1)),
        unit: 's',
        baseline: null,
        note: `set-based SQL; one chain ${depth} deep, the rest a tree of fan-out 10; ${load}`,
      },
      {
        name: `community.buy.sqlite.depth${depth}`,
        value: Number((median(deepTimes) * 1000).toFixed(0)),
        unit: 'ms',
        baseline: Number((median(shallowTimes) * 1000).toFixed(0)),
        baselineName: 'the same buy by a member at depth 1',
        note: `median of ${buysEach} PackageService.buy calls (argon2 transaction password included in both) with the figures and grades of every ancestor updated in the transaction, ${count} members; goal under 1000 ms; ${load}`,
      },
      {
        name: `community.figuresRead.sqlite.${size}members`,
        value: Number((readTop * 1000).toFixed(0)),
        unit: 'µs',
        baseline: Number((readUser * 1000).toFixed(0)),
        baselineName: 'a primary-key read of the users row',
        note: `median of ${readsEach} CommunityService.info calls for the top member (team ${Number(top.team_size)}); the bottom member ${(readBottom * 1000).toFixed(0)} µs`,
      },
    ];
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function depthOfChainBottom(d: number): number {
  return d - 1;
}
