/**
 * Scarce goods under load (decision 025): 2,000 distinct members, each with its own session and
 * its own sealed request, racing at the start instant for 500 purchase codes, and for a flash
 * sale of 300 packages, beside a same-run baseline of 2,000 concurrent balance reads (assetsList)
 * by the same members. SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set.
 *
 * Fixtures are written directly (decision 025, "bench"): member rows, sessions, an airdrop each,
 * and the armed permits (arming checks the transaction password before the start; here it is
 * done by the fixture, since it is not part of the start instant). Everything is sealed before
 * the clock starts. The server is the real app in this process on 127.0.0.1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaType } from '@pp/envelope';
import { openResponse, sealRequest } from '@pp/envelope/node';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { baseTerms, insertMembers, insertProduct } from '../apps/server/test/package-fixtures.ts';
import type { BenchFigure } from './results.ts';

const memberCount = Number(process.env.BENCH_RUSH_MEMBERS ?? 2_000);
const timeoutMs = 30_000;

interface Answer {
  status: number;
  code: number;
  key: string | null;
  ms: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

async function fire(base: string, requests: Array<{ path: string; body: string; cek: Buffer; nonce: string; token: string }>): Promise<{ answers: Answer[]; lastMs: number }> {
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async (r): Promise<Answer> => {
      const t0 = performance.now();
      try {
        const res = await fetch(base + r.path, {
          method: 'POST',
          body: r.body,
          headers: { 'content-type': mediaType, authorization: `Bearer ${r.token}`, 'x-login-type': 'USER', 'accept-language': 'en-US' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const json = (await res.json()) as { code: number; error?: string; message: string; data: string | null };
        if (typeof json.data === 'string') openResponse(r.cek, r.nonce, json.data);
        return { status: res.status, code: json.code, key: json.code === 20000 ? null : (json.error ?? json.message), ms: performance.now() - t0 };
      } catch (error) {
        return { status: 0, code: 0, key: `transport: ${(error as Error).name}`, ms: performance.now() - t0 };
      }
    }),
  );
  return { answers, lastMs: performance.now() - started };
}

function summary(label: string, r: { answers: Answer[]; lastMs: number }) {
  const ms = r.answers.map((a) => a.ms).sort((a, b) => a - b);
  const reasons = new Map<string, number>();
  for (const a of r.answers) reasons.set(a.key ?? 'bought', (reasons.get(a.key ?? 'bought') ?? 0) + 1);
  const out = { p50: pct(ms, 0.5), p99: pct(ms, 0.99), last: r.lastMs, reasons: Object.fromEntries(reasons), bad: r.answers.filter((a) => a.status === 0 || a.status >= 500).length };
  console.log(`rush ${label}: p50 ${out.p50.toFixed(0)} ms, p99 ${out.p99.toFixed(0)} ms, last answer ${out.last.toFixed(0)} ms, answers ${JSON.stringify(out.reasons)}, 5xx/timeouts ${out.bad}`);
  return out;
}

async function runOn(dbLabel: string, databaseUrl: string): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-rush-'));
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const { app, services, serverKey } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const figures: BenchFigure[] = [];
  try {
    const db = services.dbHandle.db;
    const t = performance.now();
    const ids = await insertMembers(db, memberCount, `rush${crypto.randomBytes(2).toString('hex')}`);
    const fakeRequest = { ip: '127.0.0.1', headers: {} } as Parameters<typeof services.sessions.create>[2];
    const tokens: string[] = [];
    for (const id of ids) tokens.push((await services.sessions.create(id, 'USER', fakeRequest)).token);
    for (let i = 0; i < ids.length; i += 200) {
      await services.ledger.inTransaction(async (tx) => {
        for (const id of ids.slice(i, i + 200)) {
          await services.ledger.transfer({ requestId: null, code: 'airdrop', coinName: 'USDT', amount: 1_000_000_000n, debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' }, credit: { owner: id, coinName: 'USDT', purpose: 'available' }, isPending: false }, tx);
        }
      });
    }
    const productId = await insertProduct(db, baseTerms);
    console.log(`rush ${dbLabel}: ${memberCount} members, sessions and funds made in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // Baseline: 2,000 concurrent balance reads, one per member.
    const reads = tokens.map((token) => ({ ...sealRequest(serverKey.publicJwk, '/api/app/assets/assetsList', {}), path: '/api/app/assets/assetsList', token }));
    await fire(base, reads.slice(0, 50)); // warm the connections and the code paths
    const baseline = summary(`${dbLabel} baseline assetsList x${memberCount}`, await fire(base, tokens.map((token) => ({ ...sealRequest(serverKey.publicJwk, '/api/app/assets/assetsList', {}), path: '/api/app/assets/assetsList', token }))));

    for (const sale of [
      { kind: 'code', total: 500, apiPath: '/api/app/purchaseCode/buyPurchaseCode', label: 'purchase codes' },
      { kind: 'flash', total: 300, apiPath: '/api/app/flashSale/flashSaleBuy', label: 'flash sale' },
    ] as const) {
      const saleId = crypto.randomUUID();
      const startsAt = Date.now() + 4_000;
      await db.insertInto('scarce_sales').values({ id: saleId, kind: sale.kind, product_id: productId, units: 1, price: 100_000_000n, coin_name: 'USDT', total: BigInt(sale.total), sold: 0n, per_member_limit: 1, min_grade: null, is_flagged_only: 0, starts_at: BigInt(startsAt), ends_at: BigInt(startsAt + 600_000), created_by: 'bench', created_at: BigInt(Date.now()) }).execute();
      // Armed before the start: one permit per member (the fixture stands in for armPurchase).
      const permits = ids.map(() => crypto.randomBytes(24).toString('base64url'));
      for (let i = 0; i < ids.length; i += 200) {
        await db.insertInto('scarce_permits').values(ids.slice(i, i + 200).map((id, k) => ({ sale_id: saleId, member_id: id, token_hash: crypto.createHash('sha256').update(permits[i + k]!).digest('hex'), expires_at: BigInt(startsAt + 600_000), used_at: null }))).execute();
      }
      // Sealed at the start time (the envelope refuses stale times), then sent at once.
      while (Date.now() < startsAt - 300) await new Promise((r) => setTimeout(r, 50));
      const buys = ids.map((_, i) => ({ ...sealRequest(serverKey.publicJwk, sale.apiPath, { saleId, permit: permits[i]!, requestId: `bench-${saleId.slice(0, 8)}-${String(i).padStart(8, '0')}` }), path: sale.apiPath, token: tokens[i]! }));
      while (Date.now() < startsAt) await new Promise((r) => setTimeout(r, 1));
      const result = summary(`${dbLabel} ${sale.label} ${sale.total} for ${memberCount}`, await fire(base, buys));
      const row = await db.selectFrom('scarce_sales').select('sold').where('id', '=', saleId).executeTakeFirstOrThrow();
      const over = await db.selectFrom('scarce_sale_members').select('member_id').where('sale_id', '=', saleId).where('bought', '>', 1).execute();
      const won = result.reasons.bought ?? 0;
      const check = { sold: Number(row.sold), won, overLimit: over.length, bad: result.bad };
      console.log(`rush ${dbLabel} ${sale.label}: sold ${check.sold} of ${sale.total}, bought answers ${won}, members over the limit ${check.overLimit}`);
      if (check.sold !== sale.total || won !== sale.total || check.overLimit !== 0 || check.bad !== 0) throw new Error(`rush ${sale.label} failed its guarantees: ${JSON.stringify(check)}`);
      const unexplained = Object.keys(result.reasons).filter((k) => k !== 'bought' && !k.startsWith('scarce.'));
      if (unexplained.length) throw new Error(`answers without a reason: ${unexplained.join(', ')}`);
      figures.push(
        { name: `rush ${dbLabel}: ${sale.label} time until the last answer (${memberCount} members, ${sale.total} items)`, value: Math.round(result.last), unit: 'ms', baseline: Math.round(baseline.last), baselineName: `${memberCount} concurrent assetsList, last answer`, note: sale.kind === 'code' && dbLabel === 'sqlite' ? 'goal < 2500 ms' : undefined },
        { name: `rush ${dbLabel}: ${sale.label} p50`, value: Math.round(result.p50), unit: 'ms', baseline: Math.round(baseline.p50), baselineName: 'assetsList p50' },
        { name: `rush ${dbLabel}: ${sale.label} p99`, value: Math.round(result.p99), unit: 'ms', baseline: Math.round(baseline.p99), baselineName: 'assetsList p99' },
      );
    }
    const books = await verifyLedger(db);
    console.log(`rush ${dbLabel}: ledger verify ${books.problems.length === 0 ? 'balanced' : `FAILED ${JSON.stringify(books.problems.slice(0, 3))}`}`);
    if (books.problems.length) throw new Error('ledger not balanced after the rush');
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export async function rushBench(): Promise<BenchFigure[]> {
  const figures = await runOn('sqlite', '');
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) figures.push(...(await runOn('postgres', pg)));
  else console.log('rush: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return figures;
}
