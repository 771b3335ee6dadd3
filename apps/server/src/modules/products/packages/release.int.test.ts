/**
 * The package-release job (decision 020) on a controllable clock: 90 simulated days for 1,000
 * holdings pay exactly what the terms say (computed here independently), a run killed mid-batch
 * and run again pays nothing twice, and on PostgreSQL two server processes (and two connections
 * of one process) at once pay each (holding, period) once. After each test the ledger verifies and every member's fixed
 * balance equals the principal of their live holdings.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PackageTerms } from '@pp/contract';
import { dialects, makeTestApp, type TestApp } from '../../../../test/helper.ts';
import {
  baseTerms,
  createHoldings,
  dayMs,
  fixedBalanceProblems,
  hourMs,
  insertMembers,
  insertProduct,
  rewardCapOf,
  type HoldingSpec,
} from '../../../../test/package-fixtures.ts';
import { openDb } from '../../../db/index.ts';
import { LedgerRepository } from '../../wallet/ledger/index.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { PackageReleaseService } from './release.ts';
import { verifyPackages } from './verify.ts';
import { registerMember } from '../../../../test/helper.ts';
import { settled } from '../../wallet/ledger/index.ts';

const t0 = Date.UTC(2026, 0, 1);

/** Independent of release.ts: what each holding must have released by `until`. */
function expectedOf(spec: HoldingSpec, reinvest: boolean, until: number) {
  const terms = spec.terms;
  const scale = 1_000_000n;
  const toMinor = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i!) * scale + BigInt((f + '000000').slice(0, 6));
  };
  let principal = toMinor(terms.price) * BigInt(spec.units);
  const cap = rewardCapOf(terms, spec.units);
  const pct = toMinor(terms.releasePercent);
  const effective = spec.startedAt + terms.effectiveDelayHours * hourMs;
  const expires = spec.startedAt + terms.contractDays * dayMs;
  let released = 0n;
  let periods = 0;
  for (let k = 1; ; k++) {
    const due = effective + k * terms.releasePeriodHours * hourMs;
    if (due > until || due > expires || released >= cap) break;
    let amount = (principal * pct) / (100n * scale);
    if (amount > cap - released) amount = cap - released;
    if (amount <= 0n) break;
    released += amount;
    periods++;
    if (reinvest) principal += amount;
  }
  const state = released >= cap ? 'maxReward' : until >= expires ? 'term' : 'live';
  return { released, periods, principal, state };
}

async function checkBooks(t: TestApp) {
  const ledger = await verifyLedger(t.services.dbHandle.db);
  expect(ledger.problems).toEqual([]);
  expect(ledger.isBalanced).toBe(true);
  expect(await fixedBalanceProblems(t.services.dbHandle.db)).toEqual([]);
}

const termsA: PackageTerms = baseTerms;
/** Ends by its term: 0.37 % every 12 h for 20 days, cap 50 %. */
const termsB: PackageTerms = {
  ...baseTerms,
  price: '37.5',
  contractDays: 20,
  unlockDays: 5,
  effectiveDelayHours: 6,
  releasePercent: '0.37',
  releasePeriodHours: 12,
  maxProfitPercent: '50',
  drawCycleDays: 0,
};
/** Outlives the 90 days; capped by an absolute maximum of 30 per unit (below the ratio's 50). */
const termsC: PackageTerms = {
  ...baseTerms,
  price: '50',
  contractDays: 200,
  unlockDays: 0,
  effectiveDelayHours: 0,
  releasePercent: '0.5',
  releasePeriodHours: 24,
  maxProfitPercent: '100',
  maxReward: '30',
  drawCycleDays: 14,
};

describe.each(dialects)('package release (%s)', (dialect) => {
  let t: TestApp;
  // A fresh database per test: each one's runs see only its own holdings.
  beforeEach(async () => {
    t = await makeTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('registers the release and draw jobs', async () => {
    const names = (await t.services.jobs.status()).map((s) => s.name);
    expect(names).toContain('package-release');
    expect(names).toContain('jackpot-draw');
  });

  it('pays exactly the terms over 90 simulated days for 1,000 holdings, catching up missed periods', async () => {
    const db = t.services.dbHandle.db;
    const members = await insertMembers(db, 40);
    const reinvesting = new Set(members.slice(0, 8));
    await db
      .updateTable('users')
      .set({ auto_top_up: 1 })
      .where('id', 'in', [...reinvesting])
      .execute();
    const products = [await insertProduct(db, termsA), await insertProduct(db, termsB), await insertProduct(db, termsC)];
    const allTerms = [termsA, termsB, termsC];
    const specs: HoldingSpec[] = Array.from({ length: 1000 }, (_, i) => ({
      memberId: members[i % members.length]!,
      productId: products[i % 3]!,
      terms: allTerms[i % 3]!,
      units: 1 + (i % 4),
      // Sales spread over the first 45 days.
      startedAt: t0 + Math.floor((i * 45 * dayMs) / 1000) + (i % 7) * 60_000,
    }));
    const ids = await createHoldings(t.services.dbHandle, t.services.ledger, specs, 250);
    const end = t0 + 90 * dayMs;
    // Runs every 12 simulated hours, with a 5-day outage in the middle (its periods are caught up later).
    let totalPaid = 0n;
    for (let now = t0; now <= end; now += 12 * hourMs) {
      if (now > t0 + 40 * dayMs && now < t0 + 45 * dayMs) continue;
      totalPaid += (await t.services.packageRelease.run({ now, batchSize: 200 })).amountPaid;
    }
    totalPaid += (await t.services.packageRelease.run({ now: end, batchSize: 200 })).amountPaid;

    let expectedTotal = 0n;
    let expectedPeriods = 0;
    const rows = await db.selectFrom('package_holdings').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const counts = { maxReward: 0, term: 0, live: 0 };
    specs.forEach((spec, i) => {
      const e = expectedOf(spec, reinvesting.has(spec.memberId), end);
      expectedTotal += e.released;
      expectedPeriods += e.periods;
      counts[e.state as keyof typeof counts]++;
      const row = byId.get(ids[i]!)!;
      expect({ released: BigInt(row.released), periods: Number(row.periods_paid), principal: BigInt(row.principal) }).toEqual({
        released: e.released,
        periods: e.periods,
        principal: e.principal,
      });
      expect(row.state === 'expired' ? row.end_reason : 'live').toBe(e.state);
    });
    // Every kind of ending happened.
    expect(counts.maxReward).toBeGreaterThan(0);
    expect(counts.term).toBeGreaterThan(0);
    expect(counts.live).toBeGreaterThan(0);
    expect(totalPaid).toBe(expectedTotal);
    const releases = await db
      .selectFrom('package_releases')
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
      .where('holding_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(releases.n)).toBe(expectedPeriods);
    expect(BigInt(releases.total)).toBe(expectedTotal);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
      .where('code', '=', 'packageRelease')
      .executeTakeFirstOrThrow();
    expect(Number(transfers.n)).toBe(expectedPeriods);
    expect(BigInt(transfers.total)).toBe(expectedTotal);
    // Holdings past unlockAt and alive are unlocked; the others still fixed.
    for (const r of rows.filter((x) => x.state !== 'expired')) expect(r.state).toBe(Number(r.unlock_at) <= end ? 'unlocked' : 'fixed');
    // A run at the same moment again finds nothing to pay.
    expect((await t.services.packageRelease.run({ now: end })).periodsPaid).toBe(0);
    await checkBooks(t);
  }, 300_000);

  it('releases a holding bought through the member service until its term, then gives the principal back', async () => {
    const db = t.services.dbHandle.db;
    const m = await registerMember(t, 'releasebuyer');
    const memberId = (await db.selectFrom('users').select('id').where('user_name_key', '=', 'releasebuyer').executeTakeFirstOrThrow()).id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const product = await insertProduct(db, termsB);
    const holdingId = await t.services.packages.buy(memberId, {
      productId: product,
      quantity: 2,
      payments: [{ coinName: 'USDT', amount: '75' }],
      transactionPassword: m.transactionPassword,
      requestId: 'release-buy-0000000001',
    });
    const row = await db.selectFrom('package_holdings').selectAll().where('id', '=', holdingId).executeTakeFirstOrThrow();
    const startedAt = Number(row.started_at);
    const end = startedAt + 21 * dayMs;
    const expected = expectedOf({ memberId, productId: product, terms: termsB, units: 2, startedAt }, false, end);
    await t.services.packageRelease.run({ now: startedAt + 10 * dayMs });
    await t.services.packageRelease.run({ now: end });
    const after = await db.selectFrom('package_holdings').selectAll().where('id', '=', holdingId).executeTakeFirstOrThrow();
    expect({ released: BigInt(after.released), periods: Number(after.periods_paid), state: after.state, endReason: after.end_reason }).toEqual({
      released: expected.released,
      periods: expected.periods,
      state: 'expired',
      endReason: 'term',
    });
    expect(await verifyPackages(db)).toEqual([]);
    await checkBooks(t);
  });

  it('a run killed mid-batch and run again pays each period once', async () => {
    const db = t.services.dbHandle.db;
    const members = await insertMembers(db, 10);
    const product = await insertProduct(db, termsB);
    const start = t0 + 200 * dayMs;
    const specs: HoldingSpec[] = Array.from({ length: 200 }, (_, i) => ({
      memberId: members[i % 10]!,
      productId: product,
      terms: termsB,
      units: 2,
      startedAt: start + i * 1000,
    }));
    const ids = await createHoldings(t.services.dbHandle, t.services.ledger, specs);
    const now = start + 3 * dayMs;
    const perHolding = expectedOf(specs[0]!, false, now);
    expect(perHolding.periods).toBeGreaterThan(1);
    await expect(
      t.services.packageRelease.run({
        now,
        batchSize: 50,
        afterHolding: (n) => {
          if (n === 130) throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    const paidBefore = await db
      .selectFrom('package_releases')
      .select(sql<string>`count(*)`.as('n'))
      .where('holding_id', 'in', ids)
      .executeTakeFirstOrThrow();
    // Two whole batches committed; the third rolled back whole.
    expect(Number(paidBefore.n)).toBe(100 * perHolding.periods);
    const again = await t.services.packageRelease.run({ now, batchSize: 50 });
    expect(again.periodsPaid).toBe(100 * perHolding.periods);
    const rows = await db.selectFrom('package_holdings').select(['released', 'periods_paid']).where('id', 'in', ids).execute();
    for (const r of rows)
      expect({ released: BigInt(r.released), periods: Number(r.periods_paid) }).toEqual({ released: perHolding.released, periods: perHolding.periods });
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)`.as('n'))
      .where('code', '=', 'packageRelease')
      .where(
        'memo',
        'in',
        ids.flatMap((id) => Array.from({ length: perHolding.periods }, (_, k) => `${id}:${k + 1}`)),
      )
      .executeTakeFirstOrThrow();
    expect(Number(transfers.n)).toBe(200 * perHolding.periods);
    await checkBooks(t);
  });

  // PostgreSQL only: SQLite has one writer, so two runners there cannot overlap at all.
  if (dialect === 'postgres')
    it('two server processes releasing at once pay each period once', async () => {
      const db = t.services.dbHandle.db;
      const members = await insertMembers(db, 20);
      const product = await insertProduct(db, termsB);
      const start = t0 + 100 * dayMs;
      const specs: HoldingSpec[] = Array.from({ length: 300 }, (_, i) => ({
        memberId: members[i % 20]!,
        productId: product,
        terms: termsB,
        units: 1,
        startedAt: start + i * 1000,
      }));
      const ids = await createHoldings(t.services.dbHandle, t.services.ledger, specs);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
      const url = process.env.TEST_DATABASE_URL!;
      const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const now = start + 4 * dayMs;
      const perHolding = expectedOf(specs[0]!, false, now);
      const script = path.resolve(import.meta.dirname, '../../../../test/release-process.ts');
      // Two processes, each its own pool and its own ledger; both bypass the job lease and start on one signal.
      const runners = [0, 1].map(() => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], {
          env: { ...process.env, DATABASE_URL: databaseUrl, RELEASE_NOW: String(now), RELEASE_BATCH: '25' },
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        let out = '';
        const ready = new Promise<void>((resolve) =>
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes('ready\n')) resolve();
          }),
        );
        const done = new Promise<{ periodsPaid: number; failed: number }>((resolve, reject) =>
          child.on('exit', (code) => {
            if (code !== 0) return reject(new Error(`release process exited ${code}: ${out}`));
            resolve(JSON.parse(out.trim().split('\n').pop()!) as { periodsPaid: number; failed: number });
          }),
        );
        return { child, ready, done };
      });
      await Promise.all(runners.map((r) => r.ready));
      for (const r of runners) r.child.stdin.end('go\n');
      const [a, b] = await Promise.all(runners.map((r) => r.done));
      console.log(`release (postgres, two processes): periods paid ${a!.periodsPaid} + ${b!.periodsPaid}`);
      expect(a!.failed + b!.failed).toBe(0);
      expect(a!.periodsPaid + b!.periodsPaid).toBe(300 * perHolding.periods);
      const paid = await db
        .selectFrom('ledger_transfers')
        .select([sql<string>`count(*)`.as('n'), sql<string>`count(distinct memo)`.as('distinct')])
        .where('code', '=', 'packageRelease')
        .where(
          'memo',
          'in',
          ids.flatMap((id) => Array.from({ length: perHolding.periods }, (_, k) => `${id}:${k + 1}`)),
        )
        .executeTakeFirstOrThrow();
      expect(Number(paid.n)).toBe(300 * perHolding.periods);
      expect(Number(paid.distinct)).toBe(300 * perHolding.periods);
      const rows = await db.selectFrom('package_holdings').select(['released', 'periods_paid']).where('id', 'in', ids).execute();
      for (const r of rows)
        expect({ released: BigInt(r.released), periods: Number(r.periods_paid) }).toEqual({ released: perHolding.released, periods: perHolding.periods });
      await checkBooks(t);
    }, 120_000);

  if (dialect === 'postgres')
    it('two runners on two connections at once pay each period once', async () => {
      const db = t.services.dbHandle.db;
      const members = await insertMembers(db, 20);
      const product = await insertProduct(db, termsB);
      // Before the demo data's own holding (bought at the real time) has any period due.
      const start = t0 + 100 * dayMs;
      const specs: HoldingSpec[] = Array.from({ length: 300 }, (_, i) => ({
        memberId: members[i % 20]!,
        productId: product,
        terms: termsB,
        units: 1,
        startedAt: start + i * 1000,
      }));
      const ids = await createHoldings(t.services.dbHandle, t.services.ledger, specs);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
      const url = process.env.TEST_DATABASE_URL!;
      const other = openDb({ databaseUrl: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`, dataDir: '' });
      try {
        const second = new PackageReleaseService(other, new LedgerRepository(other));
        const now = start + 4 * dayMs;
        const perHolding = expectedOf(specs[0]!, false, now);
        // The job's lease is bypassed: both call the release at once; only the primary key stands between them.
        const [a, b] = await Promise.all([t.services.packageRelease.run({ now, batchSize: 25 }), second.run({ now, batchSize: 25 })]);
        expect(a.periodsPaid + b.periodsPaid).toBe(300 * perHolding.periods);
        const paid = await db
          .selectFrom('ledger_transfers')
          .select([sql<string>`count(*)`.as('n'), sql<string>`count(distinct memo)`.as('distinct')])
          .where('code', '=', 'packageRelease')
          .where(
            'memo',
            'in',
            ids.flatMap((id) => Array.from({ length: perHolding.periods }, (_, k) => `${id}:${k + 1}`)),
          )
          .executeTakeFirstOrThrow();
        expect(Number(paid.n)).toBe(300 * perHolding.periods);
        expect(Number(paid.distinct)).toBe(300 * perHolding.periods);
        const rows = await db.selectFrom('package_holdings').select(['released', 'periods_paid']).where('id', 'in', ids).execute();
        for (const r of rows)
          expect({ released: BigInt(r.released), periods: Number(r.periods_paid) }).toEqual({ released: perHolding.released, periods: perHolding.periods });
      } finally {
        await other.close();
      }
      await checkBooks(t);
    });
});
