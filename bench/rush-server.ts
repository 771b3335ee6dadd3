/**
 * The server of the rush benchmark, in its own process (so the load generator does not share its
 * core): the real app on a temporary SQLite database, or on PostgreSQL when BENCH_RUSH_DATABASE_URL
 * is set. It makes the fixtures directly (decision 025, "bench"): members, their sessions, an
 * airdrop each and a product; then prints one JSON line with its port, the public key and the
 * members' tokens.
 *
 * Bench-only routes, in this process only (never in the product's app):
 * - POST /bench/sale { kind, total, startsAt }: a sale and one armed permit per member (the fixture
 *   stands in for armPurchase, which checks the transaction password before the start);
 * - POST /bench/check { saleId }: units sold, members over the limit, and the ledger verification;
 * - GET /bench/cpu: the server's own CPU time so far (µs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger/verify.ts';
import { baseTerms, insertMembers, insertProduct } from '../apps/server/test/package-fixtures.ts';
import { inTransaction } from '../apps/server/src/db/transaction.ts';

const memberCount = Number(process.env.BENCH_RUSH_MEMBERS ?? 2_000);
const databaseUrl = process.env.BENCH_RUSH_DATABASE_URL ?? '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-rush-'));
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

const started = performance.now();
const ids = await insertMembers(db, memberCount, `rush${crypto.randomBytes(3).toString('hex')}`);
const fakeRequest = { ip: '127.0.0.1', headers: {} } as Parameters<typeof services.sessions.create>[2];
const tokens: string[] = [];
for (const id of ids) tokens.push((await services.sessions.create(id, 'USER', fakeRequest)).token);
for (let i = 0; i < ids.length; i += 200) {
  await inTransaction(
    services.dbHandle.db,
    async (tx) => {
      for (const id of ids.slice(i, i + 200)) {
        await services.ledger.transfer(
          {
            requestId: null,
            code: 'airdrop',
            coinName: 'USDT',
            amount: 1_000_000_000n,
            debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
            credit: { owner: id, coinName: 'USDT', purpose: 'available' },
            isPending: false,
          },
          tx,
        );
      }
    },
    { groupCommit: true },
  );
}
const productId = await insertProduct(db, baseTerms);
const fixtureSeconds = (performance.now() - started) / 1000;

// The bench's own controls take plain JSON; the product's server reads no body but the envelope's.
app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
app.post<{ Body: { kind: 'code' | 'flash'; total: number; startsAt: number } }>('/bench/sale', async (request) => {
  const { kind, total, startsAt } = request.body;
  const saleId = crypto.randomUUID();
  await db
    .insertInto('scarce_sales')
    .values({
      id: saleId,
      kind,
      product_id: productId,
      units: 1,
      price: 100_000_000n,
      coin_name: 'USDT',
      total: BigInt(total),
      sold: 0n,
      per_member_limit: 1,
      min_grade: null,
      is_flagged_only: 0,
      starts_at: BigInt(startsAt),
      ends_at: BigInt(startsAt + 600_000),
      created_by: 'bench',
      created_at: BigInt(Date.now()),
    })
    .execute();
  const permits = ids.map(() => crypto.randomBytes(24).toString('base64url'));
  for (let i = 0; i < ids.length; i += 200) {
    await db
      .insertInto('scarce_permits')
      .values(
        ids.slice(i, i + 200).map((id, k) => ({
          sale_id: saleId,
          member_id: id,
          token_hash: crypto
            .createHash('sha256')
            .update(permits[i + k]!)
            .digest('hex'),
          expires_at: BigInt(startsAt + 600_000),
          used_at: null,
        })),
      )
      .execute();
  }
  return { saleId, permits };
});

app.post<{ Body: { saleId: string } }>('/bench/check', async (request) => {
  const { saleId } = request.body;
  const row = await db.selectFrom('scarce_sales').select('sold').where('id', '=', saleId).executeTakeFirstOrThrow();
  const over = await db.selectFrom('scarce_sale_members').select('member_id').where('sale_id', '=', saleId).where('bought', '>', 1).execute();
  const books = await verifyLedger(db);
  return { sold: Number(row.sold), overLimit: over.length, ledgerProblems: books.problems.slice(0, 3), ledgerProblemCount: books.problems.length };
});

app.get('/bench/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, publicJwk: serverKey.publicJwk, tokens, fixtureSeconds })}\n`);

process.on('SIGTERM', () => {
  void app.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
