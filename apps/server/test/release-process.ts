/**
 * A separate process that runs the package release once, as a second server process would
 * (apps/server/src/modules/products/packages/release.int.test.ts starts two of these at once). It reads
 * DATABASE_URL, RELEASE_NOW (ms) and RELEASE_BATCH from the environment, waits for the line "go"
 * on stdin so both processes start together, and prints the run's summary as JSON.
 */
import readline from 'node:readline';
import { openDb } from '../src/db/index.ts';
import { LedgerRepository } from '../src/modules/wallet/ledger/repository.ts';
import { PackageReleaseService } from '../src/modules/products/packages/release.ts';

const handle = openDb({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: '' });
try {
  const release = new PackageReleaseService(handle, new LedgerRepository(handle));
  // Connect before the start signal, so the race is the release and not the connection set-up.
  await handle.db.selectFrom('package_holdings').select('id').limit(1).execute();
  process.stdout.write('ready\n');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) if (line.trim() === 'go') break;
  lines.close();
  const summary = await release.run({ now: Number(process.env.RELEASE_NOW), batchSize: Number(process.env.RELEASE_BATCH ?? 25) });
  process.stdout.write(`${JSON.stringify({ periodsPaid: summary.periodsPaid, amountPaid: String(summary.amountPaid), failed: summary.failed })}\n`);
} finally {
  await handle.close();
}
