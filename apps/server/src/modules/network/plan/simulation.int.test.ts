/**
 * 90 simulated days of a generated community of 10,000 members (decision 022): every day some
 * members buy, the package-release job releases, and the plan-payout job pays the ended periods
 * (days, and months as they close); then the ledger verifies, every fixed balance equals its live
 * holdings' principal, no holding released past its cap, every bonus line was paid once, and a
 * second pass pays nothing. On SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../../../../test/helper.ts';
import { createHoldings, fixedBalanceProblems, insertProduct, type HoldingSpec } from '../../../../test/package-fixtures.ts';
import { planTerms } from '../../../../test/plan-fixtures.ts';
import { LedgerRepository } from '../../wallet/ledger/index.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { PackageReleaseService } from '../../products/packages/index.ts';
import { PlanPayoutService } from './payout.ts';

const membersCount = 10_000;
const days = 90;
const buysPerDay = 25;
const dayMs = 86_400_000;
const t0 = Date.UTC(2026, 4, 1);

/** A deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.each(dialects)('90-day plan simulation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('pays every period once and keeps the books balanced', { timeout: 900_000 }, async () => {
    const h = t.services.dbHandle;
    const db = h.db;
    const ledger = new LedgerRepository(h);
    const release = new PackageReleaseService(h, ledger);
    const payout = new PlanPayoutService(h, ledger);
    const rnd = random(22);

    // The community, set-based: each member's referrer is an earlier member (or none for the first
    // ten), its tree path built from the referrer's; grades mostly 0, a few up to 5.
    const ids: string[] = [];
    const paths: string[] = [];
    const rows = [];
    const prefix = `sim${crypto.randomBytes(2).toString('hex')}`;
    for (let i = 0; i < membersCount; i++) {
      const id = crypto.randomUUID();
      const parent = i < 10 ? -1 : Math.floor(rnd() * i);
      const path = parent < 0 ? '/' : `${paths[parent]}${ids[parent]}/`;
      ids.push(id);
      paths.push(path);
      const r = rnd();
      const level = r < 0.7 ? 0 : r < 0.85 ? 1 : r < 0.93 ? 2 : r < 0.97 ? 3 : r < 0.99 ? 4 : 5;
      const name = `${prefix}${i}`;
      rows.push({
        id,
        user_name: name,
        user_name_key: name,
        password_hash: 'x',
        tx_password_hash: 'x',
        country_code: 'ID',
        email: `${name}@example.com`,
        referral_id: `R${id}`,
        user_number: `U${id}`,
        referrer_id: parent < 0 ? null : ids[parent]!,
        tree_path: path,
        level,
        buy_purchase_code_status: 0,
        is_protected: 0,
        auto_top_up: 0,
        agree_status: 1,
        is_login_locked: 0,
        is_money_locked: 0,
        created_at: BigInt(i),
      });
    }
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();

    // Weekly releases keep the release work of the test small; maximum profit 200 %.
    const terms = { ...planTerms, releasePeriodHours: 24 * 7, contractDays: 120, unlockDays: 30 };
    const productId = await insertProduct(db, terms);
    let periodsPaid = 0;
    for (let d = 0; d < days; d++) {
      const dayStart = t0 + d * dayMs;
      const specs: HoldingSpec[] = [];
      for (let k = 0; k < buysPerDay; k++) {
        specs.push({
          memberId: ids[Math.floor(rnd() * membersCount)]!,
          productId,
          terms,
          units: 1 + Math.floor(rnd() * 5),
          startedAt: dayStart + Math.floor(rnd() * dayMs),
        });
      }
      await createHoldings(h, ledger, specs);
      const now = dayStart + dayMs + 60_000;
      await release.run({ now });
      periodsPaid += (await payout.runDue({ now })).length;
    }
    // 90 days (1 May to 29 July) and the months that ended: May and June.
    expect(periodsPaid).toBe(days + 2);

    const check = await verifyLedger(db);
    expect(check.problems).toEqual([]);
    expect(await fixedBalanceProblems(db)).toEqual([]);
    const over = await db.selectFrom('package_holdings').select('id').whereRef('released', '>', 'reward_cap').execute();
    expect(over).toEqual([]);
    // Every line paid by exactly one transfer of its amount; every fee by one transfer too.
    const lines = await db.selectFrom('plan_bonus_lines').select(['id', 'paid', 'fee', 'transfer_id', 'fee_transfer_id']).execute();
    expect(lines.length).toBeGreaterThan(1000);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['memo', 'amount', 'code'])
      .where('memo', 'in', db.selectFrom('plan_bonus_lines').select('id'))
      .execute();
    const paidSum = lines.reduce((s, l) => s + BigInt(l.paid) + BigInt(l.fee), 0n);
    expect(transfers.reduce((s, x) => s + BigInt(x.amount), 0n)).toBe(paidSum);
    expect(transfers.length).toBe(lines.filter((l) => BigInt(l.paid) > 0n).length + lines.filter((l) => BigInt(l.fee) > 0n).length);
    // A second pass over the whole time pays nothing, and a rerun of a paid period neither.
    expect(await payout.runDue({ now: t0 + days * dayMs + 60_000 })).toEqual([]);
    expect(await payout.run('month:2026-06', { now: t0 + days * dayMs })).toMatchObject({ wasPaid: true, lineCount: 0 });
  });
});
