/**
 * The scale benchmark's server, in its own process: the real app on a database the generator
 * filled (bench/scale/generate.ts): the SQLite file in BENCH_SCALE_DATA_DIR, or PostgreSQL at
 * BENCH_SCALE_DATABASE_URL. It adds a staff member and signs both the long-history member and that
 * staff member in, then prints one JSON line: port, public key, the two tokens and the records
 * cursor half way down the member's history.
 */
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { encodeCursor } from '../../apps/server/src/db/keyset.ts';
import { recordsKeyset } from '../../apps/server/src/modules/wallet/records/index.ts';
import { longHistoryMember } from './generate.ts';

const dataDir = process.env.BENCH_SCALE_DATA_DIR!;
const databaseUrl = process.env.BENCH_SCALE_DATABASE_URL ?? '';
const config = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA: 'off',
  DATA_DIR: dataDir,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, services, serverKey } = await buildApp(config);
const db = services.dbHandle.db;

const staffId = 'scale-staff';
await db
  .insertInto('staff')
  .values({
    id: staffId,
    user_name: 'scalestaff',
    user_name_key: 'scalestaff',
    password_hash: 'x',
    role: 'admin',
    totp_secret: null,
    totp_last_step: 0,
    is_disabled: 0,
    created_at: Date.now(),
    last_login_at: null,
  })
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();
const fakeRequest = { ip: '127.0.0.1', headers: {} } as Parameters<typeof services.sessions.create>[2];
const memberToken = (await services.sessions.create(longHistoryMember, 'USER', fakeRequest)).token;
const staffToken = (await services.sessions.create(staffId, 'STAFF', fakeRequest)).token;
const accounts = await db.selectFrom('ledger_accounts').select('id').where('owner', '=', longHistoryMember).execute();
const seqs = await db
  .selectFrom('ledger_transfers')
  .select('seq')
  .where(
    'credit_account_id',
    'in',
    accounts.map((a) => a.id),
  )
  .orderBy('seq', 'desc')
  .execute();
// The records list's own cursor format (decision 052): the position after that seq.
const deepRecordsCursor = encodeCursor(recordsKeyset, [seqs[Math.floor(seqs.length / 2)]?.seq ?? 1]);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, publicJwk: serverKey.publicJwk, memberToken, staffToken, deepRecordsCursor, memberHistory: seqs.length })}\n`);

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
