// Proves that the schedule the portal shows (before buying, and on a holding) is what the release job then pays, to
// the minor unit and the millisecond: a holding bought through the member service is released period by period and in
// a catch-up run, and every paid period equals the projection's point of the same rank, with and without auto top-up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAmount, projectHolding, purchaseSchedule, type PackageTerms, type ReleasePeriod } from '@pp/contract';
import { dialects, makeTestApp, registerMember, type TestApp } from '../../../../test/helper.ts';
import { baseTerms, fixedBalanceProblems, insertProduct } from '../../../../test/package-fixtures.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { verifyPackages } from './verify.ts';
import { settled } from '../../wallet/ledger/index.ts';

/** Ends by its term: 0.37 % every 12 h for 20 days, cap 50 % (never reached). */
const byTerm: PackageTerms = {
  ...baseTerms,
  price: '37.5',
  contractDays: 20,
  unlockDays: 5,
  effectiveDelayHours: 6,
  releasePercent: '0.37',
  releasePeriodHours: 12,
  maxProfitPercent: '50',
  maxReward: '0',
  drawCycleDays: 0,
};
/** Ends by its cap: 2 % a day of a growing principal, stopped at 20 %, the last period paying only the rest. */
const byCap: PackageTerms = {
  ...baseTerms,
  price: '33.333333',
  contractDays: 30,
  unlockDays: 0,
  effectiveDelayHours: 0,
  releasePercent: '2',
  releasePeriodHours: 24,
  maxProfitPercent: '20',
  maxReward: '0',
  drawCycleDays: 0,
};

const amounts = (ps: readonly ReleasePeriod[]) => ps.map((p) => ({ amount: p.amount, dueAt: p.dueAt }));

describe.each(dialects)('release projection on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function boughtHolding(name: string, terms: PackageTerms, units: number, isReinvest: boolean) {
    const db = t.services.dbHandle.db;
    const m = await registerMember(t, name);
    const memberId = (await db.selectFrom('users').select('id').where('user_name_key', '=', name).executeTakeFirstOrThrow()).id;
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
    await t.services.packages.setAutoTopUp(memberId, isReinvest);
    const productId = await insertProduct(db, terms);
    const price = (Number(terms.price) * units).toFixed(6);
    const holdingId = await t.services.packages.buy(memberId, {
      productId,
      quantity: units,
      payments: [{ coinName: 'USDT', amount: price }],
      transactionPassword: m.transactionPassword,
      requestId: `projection-${name}-000001`,
    });
    return { memberId, holdingId };
  }

  async function paid(holdingId: string) {
    const rows = await t.services.dbHandle.db
      .selectFrom('package_holding_events')
      .select(['amount', 'at', 'detail'])
      .where('holding_id', '=', holdingId)
      .where('type', 'in', ['release', 'reinvest'])
      .orderBy('at')
      .execute();
    return rows.map((r) => ({ amount: BigInt(r.amount), dueAt: Number(r.at) }));
  }

  async function checkBooks() {
    const db = t.services.dbHandle.db;
    const ledger = await verifyLedger(db);
    expect(ledger.problems).toEqual([]);
    expect(ledger.isBalanced).toBe(true);
    expect(await fixedBalanceProblems(db)).toEqual([]);
    expect(await verifyPackages(db)).toEqual([]);
  }

  for (const [label, terms, units, isReinvest, end] of [
    ['ends by its term', byTerm, 2, false, 'term'],
    ['ends by its cap, with auto top-up', byCap, 3, true, 'maxReward'],
  ] as const) {
    it(`pays exactly the projected schedule: ${label}`, async () => {
      const db = t.services.dbHandle.db;
      const { memberId, holdingId } = await boughtHolding(isReinvest ? 'projreinvest' : 'projterm', terms, units, isReinvest);
      const row = await db.selectFrom('package_holdings').selectAll().where('id', '=', holdingId).executeTakeFirstOrThrow();
      // What the buy screen showed (the same terms and units, from the moment of the sale).
      const bought = purchaseSchedule(terms, units, Number(row.started_at), isReinvest);
      expect(bought.periods.length).toBeGreaterThan(8);
      expect(bought.cap).toBe(BigInt(row.reward_cap));
      expect(bought.principal).toBe(BigInt(row.principal));
      // What the holding page shows before anything was released: the same points.
      const detail = await t.services.packages.holdingDetail(memberId, 'en-US', holdingId, undefined);
      const onHolding = projectHolding(detail.holding, isReinvest);
      expect(amounts(onHolding)).toEqual(amounts(bought.periods));

      // Four runs, one at each period's moment, then one run late that catches up three more.
      const n = 7;
      for (const p of bought.periods.slice(0, 4)) await t.services.packageRelease.run({ now: p.dueAt });
      await t.services.packageRelease.run({ now: bought.periods[n - 1]!.dueAt + 60_000 });
      expect(await paid(holdingId)).toEqual(amounts(bought.periods.slice(0, n)));
      const releaseRows = await db.selectFrom('package_releases').select(['period', 'amount']).where('holding_id', '=', holdingId).orderBy('period').execute();
      expect(releaseRows.map((r) => BigInt(r.amount))).toEqual(bought.periods.slice(0, n).map((p) => p.amount));
      const midway = await t.services.packages.holdingDetail(memberId, 'en-US', holdingId, undefined);
      expect(parseAmount(midway.holding.released)).toBe(bought.periods[n - 1]!.releasedAfter);
      // Projected again from the holding as it is now: the rest of the first projection, unchanged.
      expect(amounts(projectHolding(midway.holding, isReinvest))).toEqual(amounts(bought.periods.slice(n)));

      // To the end of the term: every period paid is a projected one, and nothing more.
      await t.services.packageRelease.run({ now: Number(row.expires_at) });
      expect(await paid(holdingId)).toEqual(amounts(bought.periods));
      const after = await db.selectFrom('package_holdings').selectAll().where('id', '=', holdingId).executeTakeFirstOrThrow();
      expect({ released: BigInt(after.released), state: after.state, endReason: after.end_reason }).toEqual({
        released: bought.periods.at(-1)!.releasedAfter,
        state: 'expired',
        endReason: end,
      });
      if (end === 'maxReward') {
        // The cap stopped it: the last period paid only what was left, less than the one before.
        expect(bought.periods.at(-1)!.releasedAfter).toBe(bought.cap);
        expect(bought.periods.at(-1)!.amount).toBeLessThan(bought.periods.at(-2)!.amount);
      }
      await checkBooks();
    });
  }
});
