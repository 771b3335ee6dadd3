/**
 * `npm run backup [-- --out FILE]`: a consistent online copy of the SQLite database while the
 * server runs. `npm run restore -- --from FILE`: puts a copy back (stop the server first), then
 * checks the ledger of what was restored.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDb } from './db/index.ts';
import { backupSqlite, restoreSqlite, sqliteFile } from './db/backup.ts';
import { verifyLedger } from './modules/wallet/ledger/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, from: { type: 'string' } },
});
const config = loadConfig();
const file = sqliteFile(config);

if (positionals[0] === 'restore') {
  if (!values.from) throw new Error('restore needs --from FILE');
  await restoreSqlite(values.from, file);
  const handle = openDb(config);
  try {
    await migrateToLatest(handle);
    const check = await verifyLedger(handle.db);
    if (!check.isBalanced) {
      console.error(`restored ${values.from} to ${file}, but the ledger does NOT balance:`);
      for (const problem of check.problems) console.error(`  ${problem}`);
      process.exitCode = 1;
    } else {
      console.log(`restored ${values.from} to ${file}; ledger balanced: ${check.accounts} accounts, ${check.transfers} transfers`);
    }
  } finally {
    await handle.close();
  }
} else {
  const { file: written, pages } = await backupSqlite(file, values.out);
  console.log(`backup of ${file} written to ${written} (${pages} pages)`);
}
