/**
 * The proof of liabilities at scale (decision 088): BENCH_PROOF_MEMBERS members (default
 * 1,000,000), each with a USDT account and every third with reward points too, credited by one
 * journal row per account, made set-based in SQL as the verify bench does. Timed on SQLite: the
 * daily snapshot job's work (one read snapshot, the Merkle sum tree, the signed document, the
 * leaves and levels written), the tree build alone, a member's proof lookup (p50/p99 over 1,000
 * random members, each proof checked), the registered ledger:verify check that rebuilds the root
 * from the stored leaves, beside the same run's full ledger check. `npm run bench -- proof`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildSumTree, fromHex, verifyProofPath } from '@pp/contract';
import { migrateToLatest, openDb, type DbHandle } from '../apps/server/src/db/index.ts';
import { verifyFull } from '../apps/server/src/modules/wallet/ledger/checkpoint.ts';
import { ProofService } from '../apps/server/src/modules/wallet/proof/service.ts';
import { ProofSigner } from '../apps/server/src/modules/wallet/proof/signing-key.ts';
import { leavesOf, readBalances, sha256, takeSnapshot } from '../apps/server/src/modules/wallet/proof/snapshot.ts';
import { verifyProofSnapshot } from '../apps/server/src/modules/wallet/proof/verify.ts';
import type { BenchFigure } from './results.ts';

const memberCount = Number(process.env.BENCH_PROOF_MEMBERS ?? 1_000_000);
const lookups = 1_000;

async function generate(handle: DbHandle): Promise<void> {
  const series = (n: number) => sql`with recursive c(n) as (select 0 union all select n + 1 from c where n < ${sql.lit(n - 1)}) select n from c`;
  await handle.db.transaction().execute(async (tx) => {
    for (const coin of ['USDT', 'REWARD_POINT']) {
      await sql`insert into ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
        values (${`bench-system-${coin}`}, 'system', ${coin}, 'airdrop#0', 1, 0, 0, 0, 0, 0)`.execute(tx);
    }
    await sql`insert into ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
      select 'bench-usdt-' || n, 'bench-member-' || n, 'USDT', 'available', 0, 0, 0, 0, 0, 0 from (${series(memberCount)}) s`.execute(tx);
    await sql`insert into ledger_accounts (id, owner, coin_name, purpose, is_system, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
      select 'bench-reward-' || n, 'bench-member-' || n, 'REWARD_POINT', 'available', 0, 0, 0, 0, 0, 0 from (${series(memberCount)}) s where n % 3 = 0`.execute(
      tx,
    );
    await sql`insert into ledger_transfers (id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)
      select 'bench-t-' || id, row_number() over (order by id), null, null, 'airdrop', coin_name, 1000000 + length(id) * 7919 % 1000000, 'bench-system-' || coin_name, id, 'posted', null, 'final', '', 0
      from ledger_accounts where is_system = 0`.execute(tx);
    await sql`update ledger_accounts set credits_posted = s.v from (select credit_account_id as id, sum(amount) as v from ledger_transfers group by credit_account_id) s where s.id = ledger_accounts.id`.execute(
      tx,
    );
    await sql`update ledger_accounts set debits_posted = s.v from (select debit_account_id as id, sum(amount) as v from ledger_transfers group by debit_account_id) s where s.id = ledger_accounts.id`.execute(
      tx,
    );
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  let peak = process.memoryUsage().rss;
  const start = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [value, performance.now() - started, (peak - start) / 2 ** 20];
  } finally {
    clearInterval(sampler);
  }
}

export async function proofBench(): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-proof-'));
  const handle = openDb({ databaseUrl: '', dataDir });
  try {
    await migrateToLatest(handle);
    const [, generateMs] = await timed(() => generate(handle));
    console.log(`SQLite: ${memberCount.toLocaleString('en-US')} members made in ${(generateMs / 1000).toFixed(1)} s`);
    const signer = ProofSigner.fromSettings({ dataDir, proofSigningKey: '' });
    const [full, fullMs] = await timed(() => verifyFull(handle));
    if (!full.isBalanced) throw new Error(`ledger not balanced: ${full.problems[0]}`);
    // The tree alone, on balances already read (the pure code's share of the job).
    const read = await readBalances(handle.db, Date.now());
    const leaves = leavesOf(read.members);
    const [tree, buildMs, buildMb] = await timed(async () => buildSumTree(leaves, read.coins.length, sha256));
    console.log(
      `  tree of ${tree.leafCount.toLocaleString('en-US')} leaves, ${tree.levels.length} levels: ${(buildMs / 1000).toFixed(2)} s, +${buildMb.toFixed(0)} MiB`,
    );
    const [outcome, snapshotMs, snapshotMb] = await timed(() => takeSnapshot(handle, signer, 'pol-bench'));
    if (!outcome || outcome.memberCount !== memberCount) throw new Error('snapshot missing members');
    const service = new ProofService(handle.db);
    const times: number[] = [];
    for (let i = 0; i < lookups; i += 1) {
      const id = `bench-member-${crypto.randomInt(memberCount)}`;
      const started = performance.now();
      const { proof } = await service.mine(id);
      times.push(performance.now() - started);
      if (!proof) throw new Error(`no proof for ${id}`);
      if (i < 20) {
        const ok = await verifyProofPath(
          { memberId: id, salt: fromHex(proof.leaf.salt), balances: proof.leaf.balances.map(BigInt) },
          proof.path.map((s) => ({ side: s.side, hash: fromHex(s.hash), sums: s.sums.map(BigInt) })),
          { hash: fromHex(proof.document.rootHash), sums: proof.document.coins.map((c) => BigInt(proof.document.totals[c]!)) },
          sha256,
        );
        if (!ok.ok) throw new Error(`proof of ${id} does not verify: ${ok.reason}`);
      }
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(lookups * 0.5)]!;
    const p99 = times[Math.floor(lookups * 0.99)]!;
    const [problems, checkMs, checkMb] = await timed(() => verifyProofSnapshot(handle.db));
    if (problems.length > 0) throw new Error(`proof check: ${problems[0]}`);
    console.log(`  snapshot job (read, tree, sign, write) ${(snapshotMs / 1000).toFixed(2)} s, +${snapshotMb.toFixed(0)} MiB peak RSS`);
    console.log(`  proof lookup p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (${lookups} members, ${outcome.document.memberCount} leaves)`);
    console.log(`  ledger:verify proof check (rebuilds the root) ${(checkMs / 1000).toFixed(2)} s, +${checkMb.toFixed(0)} MiB`);
    console.log(`  full ledger check, same run ${(fullMs / 1000).toFixed(2)} s (${full.transfers.toLocaleString('en-US')} transfers)`);
    const note = `${memberCount} members (USDT each, REWARD_POINT every third), SQLite, same run's full ledger check as baseline`;
    return [
      {
        name: 'proof snapshot job ms sqlite',
        value: Math.round(snapshotMs),
        unit: 'ms',
        baseline: Math.round(fullMs),
        baselineName: 'proof bench ledger verify full ms sqlite',
        note,
      },
      { name: 'proof snapshot peak rss MiB sqlite', value: Math.round(snapshotMb), unit: 'MiB', baseline: null, note },
      { name: 'proof tree build ms', value: Math.round(buildMs), unit: 'ms', baseline: null, note: `${memberCount} leaves, 3 coins, in memory` },
      { name: 'proof tree build MiB', value: Math.round(buildMb), unit: 'MiB', baseline: null, note: `${memberCount} leaves, RSS growth` },
      {
        name: 'proof lookup p99 ms sqlite',
        value: Number(p99.toFixed(2)),
        unit: 'ms',
        baseline: Number(p50.toFixed(2)),
        baselineName: 'proof lookup p50 ms sqlite',
        note,
      },
      {
        name: 'proof check ms sqlite',
        value: Math.round(checkMs),
        unit: 'ms',
        baseline: Math.round(fullMs),
        baselineName: 'proof bench ledger verify full ms sqlite',
        note,
      },
      { name: 'proof bench ledger verify full ms sqlite', value: Math.round(fullMs), unit: 'ms', baseline: null, note },
    ];
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
