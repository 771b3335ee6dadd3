/**
 * `npm run ledger:verify`: checks the ledger of the configured database; exits 1 on any difference.
 * The default, and `-- --full`, is the full check: the whole journal and the packages, read on a
 * snapshot (no writer waits). `-- --incremental` is the hourly job's check: the journal rows since
 * the checkpoint and the accounts they touch, and it moves the checkpoint (decision 045).
 */
import { loadConfig } from '../../../config.ts';
import { migrateToLatest, openDb } from '../../../db/index.ts';
import { closeKeptSnapshots } from '../../../db/read-snapshot.ts';
import { verifyFull, verifyIncremental } from './checkpoint.ts';

const args = process.argv.slice(2);
const isIncremental = args.includes('--incremental');
if (isIncremental && args.includes('--full')) {
  console.error('give --full or --incremental, not both');
  process.exit(2);
}
const config = loadConfig();
const handle = openDb(config);
try {
  await migrateToLatest(handle);
  const started = performance.now();
  const incremental = isIncremental ? await verifyIncremental(handle) : null;
  const result = incremental ?? (await verifyFull(handle));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  // The full check's first line keeps the form scripts and tests read: `ledger balanced: N accounts, M transfers`.
  const what =
    incremental?.mode === 'incremental'
      ? `incremental, ${incremental.transfersRead} transfers since the checkpoint, ${incremental.accountsChecked} accounts touched`
      : `${result.accounts} accounts, ${result.transfers} transfers`;
  const how = incremental?.mode === 'incremental' ? 'incremental check' : incremental ? 'no checkpoint yet: full check, checkpoint made' : 'full check';
  if (result.isBalanced) {
    console.log(`ledger balanced: ${what}`);
    console.log(`(${how}, ${seconds} s)`);
  } else {
    console.error(`ledger NOT balanced: ${what} (${how}; ${result.problems.length} problems):`);
    for (const problem of result.problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await closeKeptSnapshots();
  await handle.close();
}
