/**
 * Operations at size on PostgreSQL (indexes built concurrently, decision 047): the next migration's index on the
 * journal built with createIndexConcurrently (CREATE INDEX CONCURRENTLY after the migrations,
 * db/concurrent-index.ts) on the generated data while a writer keeps appending balanced transfers
 * to the same journal: the build's time, and the writes' p50/p99 during it beside the same writes
 * without it. The SQLite figures (backup, plain index) are in scale.bench.ts `operations`.
 */
import { openDb } from '../../apps/server/src/db/index.ts';
import { createIndexConcurrently } from '../../apps/server/src/db/concurrent-index.ts';
import { sql } from 'kysely';
import { appendTransfers } from './generate.ts';
import type { BenchFigure } from '../results.ts';

/** Transfers one timed write appends (balanced pairs, one transaction). */
const writeTransfers = 100;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

export async function postgresOperations(databaseUrl: string, factor: number): Promise<BenchFigure[]> {
  const handle = openDb({ databaseUrl, dataDir: '', timeouts: { statementMs: 3_600_000 } });
  try {
    const write = async () => {
      const t0 = performance.now();
      await appendTransfers(handle, factor, writeTransfers);
      return performance.now() - t0;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) quiet.push(await write());
    let isBuilding = true;
    const during: number[] = [];
    const writer = (async () => {
      while (isBuilding) during.push(await write());
    })();
    const t0 = performance.now();
    await createIndexConcurrently(handle, { name: 'scale_probe', table: 'ledger_transfers', columns: ['code', 'coin_name', 'created_at'] });
    const buildSeconds = (performance.now() - t0) / 1000;
    isBuilding = false;
    await writer;
    await sql`drop index concurrently if exists scale_probe`.execute(handle.db);
    quiet.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    console.log(
      `scale postgres: concurrent index on the journal ${buildSeconds.toFixed(1)} s; ${during.length} writes of ${writeTransfers} transfers during it p50 ${pct(during, 0.5).toFixed(1)} ms p99 ${pct(during, 0.99).toFixed(1)} ms, without it p99 ${pct(quiet, 0.99).toFixed(1)} ms`,
    );
    return [
      {
        name: `scale.journalIndexConcurrently.postgres.factor${factor}`,
        value: Number(buildSeconds.toFixed(1)),
        unit: 's',
        baseline: null,
        note: 'createIndexConcurrently on ledger_transfers (code, coin_name, created_at) while transfers were appended',
      },
      {
        name: `scale.writesDuringConcurrentIndex.postgres.factor${factor}.p99`,
        value: Number(pct(during, 0.99).toFixed(1)),
        unit: 'ms',
        baseline: Number(pct(quiet, 0.99).toFixed(1)),
        baselineName: 'the same writes without a build',
        note: `${during.length} writes of ${writeTransfers} transfers during the build, p50 ${pct(during, 0.5).toFixed(1)} ms`,
      },
    ];
  } finally {
    await handle.close();
  }
}
