/** `npm run ledger:verify`: checks the ledger of the configured database; exits 1 on any difference. */
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDb } from '../../db/index.ts';
import { verifyAndRecord } from './verify.ts';

const config = loadConfig();
const handle = openDb(config);
try {
  await migrateToLatest(handle);
  const result = await verifyAndRecord(handle.db);
  if (result.isBalanced) {
    console.log(`ledger balanced: ${result.accounts} accounts, ${result.transfers} transfers`);
  } else {
    console.error(`ledger NOT balanced (${result.problems.length} problems):`);
    for (const problem of result.problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
