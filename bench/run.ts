/**
 * `npm run bench`: every benchmark in one run, each figure beside its same-run baseline.
 * `npm run bench -- <name>` runs one. In the full run each benchmark runs in a process of its
 * own, one after another: a benchmark leaves nothing behind (a large heap, worker threads, a local
 * chain node's timers) that slows the next one's figures. Measured: with all of them in one
 * process, Lighthouse after the chain benchmark gave /#/index 78 with 619 ms of blocking time,
 * against 94 to 95 (16 to 119 ms) on its own (decision 031).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildUnlessSkipped } from './process.ts';
import { recordFigures, type BenchFigure } from './results.ts';

const benches: Record<string, () => Promise<BenchFigure[]>> = {
  envelope: () => import('./envelope.bench.ts').then((m) => m.envelopeBench()),
  ledger: () => import('./ledger.bench.ts').then((m) => m.ledgerBench()),
  chain: () => import('./chain.bench.ts').then((m) => m.chainBench()),
  verify: () => import('./verify.bench.ts').then((m) => m.verifyBench()),
  lighthouse: () => import('./lighthouse.bench.ts').then((m) => m.lighthouseBench()),
  start: () => import('./start.bench.ts').then((m) => m.startBench()),
  packages: () => import('./packages.bench.ts').then((m) => m.packagesBench()),
  community: () => import('./community.bench.ts').then((m) => m.communityBench()),
  rush: () => import('./rush.bench.ts').then((m) => m.rushBench()),
  scale: () => import('./scale.bench.ts').then((m) => m.scaleBench()),
  proof: () => import('./proof.bench.ts').then((m) => m.proofBench()),
};

const only = process.argv[2];
if (only !== undefined) {
  const bench = benches[only];
  if (!bench) {
    console.error(`unknown benchmark "${only}"; there are: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  const figures = await bench();
  // Figures of the same names are replaced, the others kept: the full run's children add up.
  recordFigures(figures);
  console.log(`\n${figures.length} figures of ${only} written to bench-results.json`);
} else {
  // The build the browser benchmarks measure, once for the run: each child inherits
  // BENCH_SKIP_BUILD=1 from here (a child's own environment does not reach the next child).
  buildUnlessSkipped('bench', path.resolve(import.meta.dirname, '..'));
  for (const name of Object.keys(benches)) {
    const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, name], { stdio: 'inherit' });
    if (child.status !== 0) {
      console.error(`benchmark ${name} failed (exit ${child.status ?? child.signal})`);
      process.exit(child.status ?? 1);
    }
  }
}
