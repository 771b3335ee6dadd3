/**
 * Packages (decision 020), SQLite, each figure beside a same-run baseline:
 * - the release job paying one period of BENCH_HOLDINGS holdings (100,000 by default; goal under
 *   30 s), beside the same number of plain ledger transfers (system -> member available) in
 *   transactions of the same batch size through LedgerRepository: the ledger part alone;
 * - package buys per second through the member service (transaction password check, limits,
 *   holding rows, principal lock, premium and fee), 16 concurrent clients, beside the same number
 *   of standalone ledger transfers at the same concurrency.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDb } from '../apps/server/src/db/index.ts';
import { LedgerRepository } from '../apps/server/src/modules/wallet/ledger/repository.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { PackageReleaseService } from '../apps/server/src/modules/products/packages/release.ts';
import { hashPassword } from '../apps/server/src/modules/identity/accounts/passwords.ts';
import { makeServices } from '../apps/server/src/services.ts';
import { baseTerms, createHoldings, dayMs, hourMs, insertMembers, insertProduct } from '../apps/server/test/package-fixtures.ts';
import type { BenchFigure } from './results.ts';
import { inTransaction } from '../apps/server/src/db/transaction.ts';

const holdings = Number(process.env.BENCH_HOLDINGS ?? 100_000);
const buys = Number(process.env.BENCH_BUYS ?? 2_000);
const members = 2_000;
const batchSize = 2000;
const clients = 16;

async function releaseBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-packages-'));
  const handle = openDb({ databaseUrl: '', dataDir });
  try {
    await migrateToLatest(handle);
    const ledger = new LedgerRepository(handle);
    const ids = await insertMembers(handle.db, members, 'bench');
    const product = await insertProduct(handle.db, baseTerms);
    const t0 = Date.UTC(2026, 0, 1);
    let started = performance.now();
    await createHoldings(
      handle,
      ledger,
      Array.from({ length: holdings }, (_, i) => ({ memberId: ids[i % members]!, productId: product, terms: baseTerms, units: 1, startedAt: t0 })),
      1000,
    );
    console.log(`packages: ${holdings} holdings made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // The first period is due at t0 + 24 h (effective) + 24 h.
    const release = new PackageReleaseService(handle, ledger);
    started = performance.now();
    const summary = await release.run({ now: t0 + 2 * dayMs + hourMs, batchSize });
    const releaseSeconds = (performance.now() - started) / 1000;
    if (summary.periodsPaid !== holdings) throw new Error(`release paid ${summary.periodsPaid} periods, expected ${holdings}`);
    // Baseline: the same number of ledger transfers, the same transactions, nothing else.
    for (let i = 0; i < 64; i++) await ledger.accountId(handle.db, { owner: 'system', coinName: 'REWARD_POINT', purpose: 'baseline' }, true);
    started = performance.now();
    for (let start = 0; start < holdings; start += batchSize) {
      await inTransaction(
        handle.db,
        async (tx) => {
          for (let i = start; i < Math.min(holdings, start + batchSize); i++) {
            await ledger.transfer(
              {
                requestId: null,
                code: 'packageRelease',
                coinName: 'REWARD_POINT',
                amount: 1_000_000n,
                debit: { owner: 'system', coinName: 'REWARD_POINT', purpose: 'baseline' },
                credit: { owner: ids[i % members]!, coinName: 'REWARD_POINT', purpose: 'available' },
                isPending: false,
              },
              tx,
            );
          }
        },
        { groupCommit: true },
      );
    }
    const baselineSeconds = (performance.now() - started) / 1000;
    const check = await verifyLedger(handle.db);
    if (!check.isBalanced) throw new Error(`ledger not balanced after the release bench: ${check.problems.slice(0, 3).join('; ')}`);
    console.log(
      `packages: release of ${holdings} holdings ${releaseSeconds.toFixed(1)} s; ${holdings} plain transfers ${baselineSeconds.toFixed(1)} s (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    return [
      {
        name: `packages.release.sqlite.${holdings}holdings`,
        value: Number(releaseSeconds.toFixed(2)),
        unit: 's',
        baseline: Number(baselineSeconds.toFixed(2)),
        baselineName: `${holdings} ledger transfers in transactions of ${batchSize}`,
        note: `one period each, batches of ${batchSize}; goal under 30 s; 1-minute load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      },
    ];
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

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

async function buyBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-buys-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA: 'off', DEMO_DATA: 'off' });
  const handle = openDb(config);
  try {
    await migrateToLatest(handle);
    const services = makeServices(config, handle, silentLog);
    const ids = await insertMembers(handle.db, 200, 'buyer');
    const transactionPassword = 'Trans0ction!x';
    await handle.db
      .updateTable('users')
      .set({ tx_password_hash: await hashPassword(transactionPassword) })
      .where('id', 'in', ids)
      .execute();
    const product = await insertProduct(handle.db, baseTerms);
    for (const id of ids) {
      await services.ledger.transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 10_000_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      });
    }
    const perSecond = await concurrent(buys, async (i) => {
      await services.packages.buy(ids[i % ids.length]!, {
        productId: product,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '100' }],
        transactionPassword,
        requestId: crypto.randomBytes(12).toString('hex'),
      });
    });
    const baseline = await concurrent(buys, async (i) => {
      await services.ledger.transfer({
        requestId: crypto.randomUUID(),
        code: 'internalTransfer',
        coinName: 'USDT',
        amount: 1n,
        debit: { owner: ids[i % ids.length]!, coinName: 'USDT', purpose: 'available' },
        credit: { owner: ids[(i + 1) % ids.length]!, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      });
    });
    const sold = await handle.db
      .selectFrom('package_holdings')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(sold.n) !== buys) throw new Error(`${String(sold.n)} holdings after ${buys} buys`);
    console.log(`packages: ${perSecond.toFixed(0)} buys/s; ${baseline.toFixed(0)} plain transfers/s`);
    return [
      {
        name: 'packages.buy.sqlite.perSecond',
        value: Math.round(perSecond),
        unit: 'buys/s',
        baseline: Math.round(baseline),
        baselineName: 'standalone ledger transfers/s, same clients',
        note: `${buys} buys through PackageService.buy (transaction password, limits, rows, principal, premium, fee), ${clients} clients`,
      },
    ];
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function packagesBench(): Promise<BenchFigure[]> {
  return [...(await releaseBench()), ...(await buyBench())];
}
