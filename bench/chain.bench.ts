/**
 * Chain watcher throughput on a local EVM node (ganache, in-process), beside the node's own
 * eth_getLogs rate in the same run: BENCH_CHAIN_TRANSFERS token transfers (default 10,000), each to
 * its own member's deposit address, sent in batches of one transaction each; then one watcher run
 * reads every Transfer log, matches it to its member and credits it (one ledger transfer per log,
 * confirmations 1). The baseline is the node answering eth_getLogs over the same blocks with the
 * same range size: what the watcher would reach if storing and crediting cost nothing.
 * SQLite (WAL, synchronous=FULL). Run alone with `node --import tsx bench/run.ts chain`
 * once the lead wires `chainBench` into bench/run.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http, type Hex } from 'viem';
import { migrateToLatest, openDb } from '../apps/server/src/db/index.ts';
import { AuditService } from '../apps/server/src/modules/platform/audit/service.ts';
import { ConfigService } from '../apps/server/src/modules/platform/config/service.ts';
import { LedgerRepository } from '../apps/server/src/modules/wallet/ledger/repository.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { ChainService } from '../apps/server/src/modules/payments/chain/service.ts';
import { transferEvent } from '../apps/server/src/modules/payments/chain/rpc.ts';
import { loadChainSettings } from '../apps/server/src/config/chain-settings.ts';
import { testXpubs } from '../apps/server/test/chain-test-keys.ts';
import { startLocalChain } from '../apps/server/test/chain-token.ts';
import type { BenchFigure } from './results.ts';

const transfers = Number(process.env.BENCH_CHAIN_TRANSFERS ?? 10_000);
/** Recipients per batchTransfer transaction (about 30k gas each, well inside ganache's block gas limit). */
const batchSize = 200;
/** Blocks per eth_getLogs, for the watcher and the baseline alike. */
const rangeBlocks = 50;
const amount = 100n * 10n ** 18n;

/** User and system CPU of this process, in ms. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return Math.round((usage.user + usage.system) / 1000);
}

export async function chainBench(): Promise<BenchFigure[]> {
  const node = await startLocalChain();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-chain-'));
  const handle = openDb({ databaseUrl: '', dataDir });
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const token = await node.deployToken(18);
    await node.send(token, 'mint', [node.accounts[0], amount * BigInt(transfers)]);
    const settings = loadChainSettings({
      CHAIN_BEP20_RPC_URL: node.url,
      CHAIN_BEP20_TOKEN: token,
      CHAIN_BEP20_XPUB: testXpubs().BEP20,
      CHAIN_BEP20_CONFIRMATIONS: '1',
      CHAIN_BEP20_START_BLOCK: String(await node.head()),
      CHAIN_BEP20_LOG_RANGE_BLOCKS_MAX: String(rangeBlocks),
    });
    const chain = new ChainService(db, new LedgerRepository(handle), new ConfigService(db, new AuditService(db, handle.dialect)), settings);
    const s = settings[0]!;

    // Members and their addresses, as the address call makes them.
    const now = BigInt(Date.now());
    const addresses: Hex[] = [];
    for (let i = 0; i < transfers; i += 500) {
      const rows = Array.from({ length: Math.min(500, transfers - i) }, (_, k) => {
        const n = i + k;
        return {
          id: `bench-chain-${n}`,
          user_name: `benchchain${n}`,
          user_name_key: `benchchain${n}`,
          password_hash: '-',
          tx_password_hash: '-',
          country_code: 'ID',
          email: `benchchain${n}@example.com`,
          referral_id: `bc${n}`,
          user_number: `bc${n}`,
          referrer_id: null,
          tree_path: '/',
          level: 0,
          buy_purchase_code_status: 0,
          is_protected: 0,
          auto_top_up: 0,
          agree_status: 1,
          is_login_locked: 0,
          is_money_locked: 0,
          created_at: now,
        };
      });
      await db.insertInto('users').values(rows).execute();
    }
    for (let n = 0; n < transfers; n++) addresses.push((await chain.addressRow(`bench-chain-${n}`, s)).address as Hex);

    const first = (await node.head()) + 1n;
    for (let i = 0; i < transfers; i += batchSize) {
      const to = addresses.slice(i, i + batchSize);
      await node.send(token, 'batchTransfer', [to, to.map(() => amount)]);
    }
    const last = await node.head();
    console.log(`chain watcher: ${transfers} transfers in blocks ${first}..${last}`);

    // Baseline: the node's own eth_getLogs over the same blocks, same range size.
    const client = createPublicClient({ transport: http(node.url) });
    let logsRead = 0;
    // CPU time beside the wall time: on a shared machine the wall time waits for the CPU too.
    const getLogsCpu = process.cpuUsage();
    const getLogsStarted = performance.now();
    for (let from = first; from <= last; from += BigInt(rangeBlocks)) {
      const to = from + BigInt(rangeBlocks) - 1n > last ? last : from + BigInt(rangeBlocks) - 1n;
      logsRead += (await client.getLogs({ address: token, event: transferEvent, fromBlock: from, toBlock: to })).length;
    }
    const getLogsRate = logsRead / ((performance.now() - getLogsStarted) / 1000);
    const getLogsCpuMs = cpuMs(process.cpuUsage(getLogsCpu));

    const watcher = chain.watchers[0]!;
    const watchCpu = process.cpuUsage();
    const started = performance.now();
    let credited = 0;
    for (let runs = 0; runs < 100 && credited < transfers; runs++) credited += (await watcher.run()).credited;
    const watchRate = credited / ((performance.now() - started) / 1000);
    const watchCpuMs = cpuMs(process.cpuUsage(watchCpu));

    if (logsRead !== transfers || credited !== transfers) throw new Error(`read ${logsRead} logs and credited ${credited}, expected ${transfers}`);
    const check = await verifyLedger(db);
    if (!check.isBalanced) throw new Error(`ledger not balanced after the chain bench: ${check.problems[0]}`);
    console.log(`  node eth_getLogs          ${getLogsRate.toFixed(0).padStart(7)} logs/s`);
    console.log(
      `  watcher, read + credit    ${watchRate.toFixed(0).padStart(7)} logs/s  (${((watchRate / getLogsRate) * 100).toFixed(0)}% of the node's rate)`,
    );
    console.log(`  CPU time: node eth_getLogs ${getLogsCpuMs} ms, watcher ${watchCpuMs} ms (ratio ${(getLogsCpuMs / watchCpuMs).toFixed(2)})`);
    const note = `${transfers} transfers to ${transfers} members on ganache, ${rangeBlocks} blocks per eth_getLogs, SQLite (WAL, synchronous=FULL), one ledger transfer per log`;
    return [
      {
        name: 'chain watcher logs credited/s sqlite',
        value: Math.round(watchRate),
        unit: 'logs/s',
        baseline: Math.round(getLogsRate),
        baselineName: 'node eth_getLogs logs/s',
        note,
      },
      {
        name: 'node eth_getLogs logs/s',
        value: Math.round(getLogsRate),
        unit: 'logs/s',
        baseline: null,
        note: `ganache in-process, ${rangeBlocks} blocks per call, same run`,
      },
    ];
  } finally {
    await handle.close();
    await node.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await chainBench();
  console.log(figures);
}
