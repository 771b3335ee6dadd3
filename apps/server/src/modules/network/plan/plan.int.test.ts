/**
 * The worked examples of docs/compensation-plan.md, on SQLite and PostgreSQL: every bonus line's
 * amount, the caps, the version in force at each purchase, the dry run matching the real run to
 * the unit, a rerun paying nothing, the records naming each bonus's cause, and the ledger verified.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPlan, type PlanRunResponse } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { buy, makeTree, planTerms } from '../../../../test/plan-fixtures.ts';
import { baseTerms, fixedBalanceProblems } from '../../../../test/package-fixtures.ts';
import { LedgerRepository } from '../../wallet/ledger/index.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { RecordService } from '../../wallet/records/index.ts';
import { PlanPayoutService } from './payout.ts';
import { planInForce } from './versions.ts';

const day = Date.UTC(2026, 2, 10);
const hour = 3_600_000;
const afterDay = day + 30 * hour;
const staff = { id: 'staff-1', name: 'planner', ip: '127.0.0.1' };

/** "name bonusType" -> paid, from a run's lines (user names carry a random suffix). */
function paidBy(result: PlanRunResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of result.lines) {
    const key = `${l.userName.split('-')[0]} ${l.bonusType}`;
    out[key] = out[key] ? (Number(out[key]) + Number(l.paid)).toFixed(6) : l.paid;
  }
  return out;
}

describe.each(dialects)('compensation plan worked examples (%s)', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let payout: PlanPayoutService;
  beforeEach(async () => {
    t = await makeTestApp(dialect);
    ledger = new LedgerRepository(t.services.dbHandle);
    payout = new PlanPayoutService(t.services.dbHandle, ledger);
  });
  afterEach(async () => {
    const check = await verifyLedger(t.services.dbHandle.db);
    expect(check.problems).toEqual([]);
    expect(await fixedBalanceProblems(t.services.dbHandle.db)).toEqual([]);
    await t.close();
  });

  it('example 1: one purchase pays direct, matching, sponsorship, generations, manager differential, fee and fee share', async () => {
    const h = t.services.dbHandle;
    const m = await makeTree(h, ['A:3', 'B:1:A', 'C:0:B', 'D:0:C']);
    // Everyone above D holds 10 units (cap 2,000 each): the caps do not bite here.
    await buy(
      h,
      ledger,
      ['A', 'B', 'C'].map((n) => ({ memberId: m.get(n)!, units: 10, at: day - 40 * 24 * hour })),
    );
    await buy(h, ledger, [{ memberId: m.get('D')!, units: 10, at: day + 10 * hour }]);
    const dry = await payout.dryRun('day:2026-03-10');
    expect(paidBy(dry)).toEqual({
      'C directBonus': '95.000000',
      'B buyMatching': '9.500000',
      'C sponsorshipBonus': '4.750000',
      'B algebraicBonus': '47.500000',
      'A algebraicBonus': '28.500000',
      'B managerBonus': '19.000000',
      'A managerBonus': '38.000000',
      'B bonusFeeBonus': '1.050000',
      'A bonusFeeBonus': '0.800000',
    });
    const byType = Object.fromEntries(dry.totals.map((x) => [x.bonusType, x]));
    expect(byType.directBonus).toMatchObject({ gross: '100.000000', fee: '5.000000', paid: '95.000000', capped: '0.000000' });
    expect(dry.lines.find((l) => l.bonusType === 'algebraicBonus' && l.ruleValue === 3)).toMatchObject({
      ratePercent: '3',
      base: '1000.000000',
      sourceEvent: 'buy',
      planVersion: 1,
    });
    expect(dry.lines.find((l) => l.bonusType === 'managerBonus' && l.ruleValue === 3)).toMatchObject({ ratePercent: '4', gross: '40.000000' });

    // The real run pays exactly the dry run, to the unit.
    await expect(payout.run('day:2026-03-10', { now: day - 1 })).rejects.toMatchObject({ key: 'plan.periodOpen' });
    const real = await payout.run('day:2026-03-10', { now: afterDay, ranBy: 'planner' });
    expect({ ...real, isDryRun: true }).toEqual(dry);
    const paidSum = await h.db
      .selectFrom('plan_bonus_lines')
      .select((eb) => eb.fn.sum<string>('paid').as('s'))
      .executeTakeFirstOrThrow();
    expect(BigInt(paidSum.s)).toBe(dry.lines.reduce((s, l) => s + BigInt(Math.round(Number(l.paid) * 1e6)), 0n));

    // A rerun (and a dry run after it) pays nothing.
    const again = await payout.run('day:2026-03-10', { now: afterDay });
    expect(again).toMatchObject({ wasPaid: true, lineCount: 0 });
    expect(await payout.dryRun('day:2026-03-10')).toMatchObject({ wasPaid: true, lineCount: 0 });
    // One transfer per line paid (7 bonuses and 5 fee shares) and per bonus fee (7), each once.
    const count = await h.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('memo', 'in', h.db.selectFrom('plan_bonus_lines').select('id'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(7 + 5 + 7);

    // C's records show the direct bonus with its cause.
    const records = await new RecordService(h.db).list(m.get('C')!, { type: 'directBonus', pageSize: 10 });
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ amount: '95.000000', movement: 'in' });
    expect(records.items[0]!.bonus).toMatchObject({
      bonusType: 'directBonus',
      sourceEvent: 'buy',
      sourceAt: day + 10 * hour,
      ratePercent: '10',
      gross: '100.000000',
      fee: '5.000000',
      paid: '95.000000',
      planVersion: 1,
    });
    expect(records.items[0]!.bonus!.sourceUserName).toMatch(/^D-/);
    // The bonuses count against C's holding: released 100 of its 2,000 cap.
    const held = await h.db.selectFrom('package_holdings').select(['released']).where('member_id', '=', m.get('C')!).executeTakeFirstOrThrow();
    expect(BigInt(held.released)).toBe(105_000_000n);
  });

  it('example 2: the maximum profit of the holdings cuts a bonus and ends the holding', async () => {
    const h = t.services.dbHandle;
    const m = await makeTree(h, ['A:0', 'C:0:A', 'D:0:C']);
    // C holds 1 unit of a product with maximum profit 20 %: 20 left to earn.
    await buy(h, ledger, [{ memberId: m.get('C')!, units: 1, at: day - 40 * 24 * hour, terms: { ...baseTerms, contractDays: 180 } }]);
    await buy(h, ledger, [{ memberId: m.get('D')!, units: 10, at: day + 9 * hour }]);
    const dry = await payout.dryRun('day:2026-03-10');
    const direct = dry.lines.find((l) => l.bonusType === 'directBonus')!;
    expect(direct).toMatchObject({ gross: '100.000000', capped: '80.000000', fee: '1.000000', paid: '19.000000' });
    expect(dry.lines.find((l) => l.bonusType === 'sponsorshipBonus')).toMatchObject({ gross: '5.000000', capped: '5.000000', paid: '0.000000' });
    // A holds nothing: every line of A's is cut whole.
    expect(dry.lines.filter((l) => l.userName.startsWith('A-')).every((l) => l.paid === '0.000000')).toBe(true);
    const real = await payout.run('day:2026-03-10', { now: afterDay });
    expect({ ...real, isDryRun: true }).toEqual(dry);
    const held = await h.db
      .selectFrom('package_holdings')
      .select(['released', 'state', 'end_reason'])
      .where('member_id', '=', m.get('C')!)
      .executeTakeFirstOrThrow();
    expect({ released: BigInt(held.released), state: held.state, end: held.end_reason }).toEqual({ released: 20_000_000n, state: 'expired', end: 'maxReward' });
  });

  it('example 3: the same-level reward goes to the next ancestor of the manager grade', async () => {
    const h = t.services.dbHandle;
    const m = await makeTree(h, ['S2:2', 'S1:2:S2', 'X:0:S1']);
    await buy(
      h,
      ledger,
      ['S2', 'S1'].map((n) => ({ memberId: m.get(n)!, units: 10, at: day - 40 * 24 * hour })),
    );
    await buy(h, ledger, [{ memberId: m.get('X')!, units: 10, at: day + 8 * hour }]);
    const dry = await payout.dryRun('day:2026-03-10');
    expect(dry.lines.find((l) => l.bonusType === 'managerBonus')).toMatchObject({ gross: '40.000000', ruleValue: 2 });
    expect(dry.lines.find((l) => l.bonusType === 'sameLevelReward')).toMatchObject({ gross: '5.000000', ratePercent: '0.5', ruleValue: 2 });
    expect(dry.lines.find((l) => l.bonusType === 'sameLevelReward')!.userName).toMatch(/^S2-/);
  });

  it('example 4: each purchase uses the plan version in force when it happened', async () => {
    const h = t.services.dbHandle;
    const m = await makeTree(h, ['P:0', 'Q:0:P']);
    await buy(h, ledger, [{ memberId: m.get('P')!, units: 10, at: day - 40 * 24 * hour }]);
    // Version 2 from noon: direct bonus 20 %.
    await t.services.planVersions.create(
      staff,
      { document: { ...defaultPlan, directBonus: { percent: '20' } }, effectiveAt: day + 12 * hour, note: 'direct 20 %' },
      day,
    );
    expect((await planInForce(h.db, day + 12 * hour - 1)).version).toBe(1);
    expect((await planInForce(h.db, day + 12 * hour)).version).toBe(2);
    await buy(h, ledger, [
      { memberId: m.get('Q')!, units: 10, at: day + 10 * hour },
      { memberId: m.get('Q')!, units: 10, at: day + 14 * hour },
    ]);
    const real = await payout.run('day:2026-03-10', { now: afterDay });
    const directs = real.lines.filter((l) => l.bonusType === 'directBonus').map((l) => [l.planVersion, l.gross]);
    expect(directs).toEqual([
      [1, '100.000000'],
      [2, '200.000000'],
    ]);
    // A version cannot start in the past.
    await expect(t.services.planVersions.create(staff, { document: defaultPlan, effectiveAt: day, note: '' }, day + 2 * hour)).rejects.toMatchObject({
      key: 'plan.effectivePast',
      field: 'effectiveAt',
    });
    const audit = await h.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'plan.versionCreate').execute();
    expect(audit).toEqual([{ action: 'plan.versionCreate', target_id: '2' }]);
  });

  it('example 5: the month pays performance by grade and the ranking pool by place', async () => {
    const h = t.services.dbHandle;
    // G (grade 2) invites R1 and R2; R1 invites R3. Purchases in March: R1 300, R2 500, R3 200.
    const m = await makeTree(h, ['G:2', 'R1:0:G', 'R2:0:G', 'R3:0:R1']);
    await buy(
      h,
      ledger,
      ['G', 'R1', 'R2'].map((n) => ({ memberId: m.get(n)!, units: 10, at: Date.UTC(2026, 1, 1) })),
    );
    await buy(h, ledger, [
      { memberId: m.get('R1')!, units: 3, at: Date.UTC(2026, 2, 5) },
      { memberId: m.get('R2')!, units: 5, at: Date.UTC(2026, 2, 6) },
      { memberId: m.get('R3')!, units: 2, at: Date.UTC(2026, 2, 7) },
    ]);
    const real = await payout.run('month:2026-03', { now: Date.UTC(2026, 3, 1) });
    const perf = real.lines.filter((l) => l.bonusType === 'performanceBonus');
    // G: team 1,000 x 0.5 % = 5 (fee 0.25).
    expect(perf.map((l) => [l.userName.split('-')[0], l.base, l.gross, l.paid])).toEqual([['G', '1000.000000', '5.000000', '4.750000']]);
    // Pool 1 % of 1,000 = 10; by direct volume G 800 (40 % = 4), R1 200 (25 % = 2.5).
    const rank = real.lines.filter((l) => l.bonusType === 'rankingBonus').map((l) => [l.userName.split('-')[0], l.ruleValue, l.gross]);
    expect(rank).toEqual([
      ['G', 1, '4.000000'],
      ['R1', 2, '2.500000'],
    ]);
    expect((await payout.run('month:2026-03', { now: Date.UTC(2026, 3, 1) })).wasPaid).toBe(true);
  });

  it('the job pays every ended period once', async () => {
    const h = t.services.dbHandle;
    const m = await makeTree(h, ['A:0', 'B:0:A']);
    await buy(h, ledger, [{ memberId: m.get('A')!, units: 10, at: day - 40 * 24 * hour }]);
    await buy(h, ledger, [{ memberId: m.get('B')!, units: 1, at: day + hour }]);
    const ran = await payout.runDue({ now: day + 3 * 24 * hour });
    expect(ran).toContain('day:2026-03-10');
    expect(ran).toContain('month:2026-01');
    expect(await payout.runDue({ now: day + 3 * 24 * hour })).toEqual([]);
    const lines = await h.db.selectFrom('plan_bonus_lines').select(['bonus_type', 'paid']).where('member_id', '=', m.get('A')!).execute();
    expect(lines.find((l) => l.bonus_type === 'directBonus')?.paid).toBeDefined();
    expect(planTerms.maxProfitPercent).toBe('200');
  });

  it('the endpoints: chart and ranking for members, versions and payouts for staff with their permissions', async () => {
    const h = t.services.dbHandle;
    const demo = new TestClient(t.app, t.serverKey.publicJwk);
    demo.token = await login({ ...t, client: demo }, 'demo', 'Demo@12345');
    const chart = await demo.call<{ version: number; plan: { directBonus: { percent: string } }; next: null }>('planChart');
    expect(chart.data).toMatchObject({ version: 1, plan: { directBonus: { percent: '10' } }, next: null });
    // demo's direct invite alice buys this month: demo leads the ranking, names masked.
    const alice = (await h.db.selectFrom('users').select('id').where('user_name', '=', 'alice').executeTakeFirstOrThrow()).id;
    await buy(h, ledger, [{ memberId: alice, units: 2, at: Date.now() - 1000 }]);
    const ranking = await demo.call<{ items: Array<{ place: number; userName: string; amount: string; isMe: boolean }>; myPlace: number | null }>(
      'planRanking',
      { month: 'current' },
    );
    expect(ranking.data.items[0]).toMatchObject({ place: 1, userName: 'd***o', amount: '200.000000', isMe: true });
    expect(ranking.data.myPlace).toBe(1);
    // A member cannot call the staff endpoints; a viewer may dry-run but neither add a version nor pay.
    expect((await demo.call('planDryRun', { periodKey: 'day:2026-03-10' })).code).not.toBe(20000);
    const viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    expect((await viewer.call('planDryRun', { periodKey: 'day:2026-03-10' })).code).toBe(20000);
    expect((await viewer.call('planRun', { periodKey: 'day:2026-03-10' })).error).toBe('auth.forbidden');
    expect((await viewer.call('planVersionCreate', { document: defaultPlan, effectiveAt: Date.now() + 3_600_000, note: '' })).error).toBe('auth.forbidden');
    const finance = await staffClient(t, 'finance', 'Finance@12345');
    expect((await finance.call('planDryRun', { periodKey: 'day:2026-02-30' })).error).toBe('request.invalid');
    const today = `day:${new Date().toISOString().slice(0, 10)}`;
    expect((await finance.call('planRun', { periodKey: today })).error).toBe('plan.periodOpen');
    // Staff paying an ended period is audited in its transaction, once: a second run pays nothing and adds no row.
    const yesterday = `day:${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`;
    const paidRun = await finance.call<{ wasPaid: boolean; lineCount: number }>('planRun', { periodKey: yesterday });
    expect(paidRun.data).toMatchObject({ wasPaid: false });
    expect((await finance.call<{ wasPaid: boolean }>('planRun', { periodKey: yesterday })).data.wasPaid).toBe(true);
    const audited = await h.db.selectFrom('audit_log').select(['actor_name', 'target_id', 'after_json']).where('action', '=', 'plan.periodRun').execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor_name: 'finance', target_id: yesterday });
    expect(JSON.parse(audited[0]!.after_json)).toMatchObject({ lineCount: paidRun.data.lineCount });
    const bad = await finance.call('planVersionCreate', {
      document: { ...defaultPlan, rankingBonus: { ...defaultPlan.rankingBonus, shares: ['60', '50'] } },
      effectiveAt: Date.now() + 3_600_000,
      note: '',
    });
    expect(bad.error).toBe('plan.invalid');
    // The rule is named by the editor's own key, and the message in the staff's language names no English rule.
    expect((bad as { params?: unknown }).params).toEqual({ problem: 'sharesOver100' });
    expect(bad.message).not.toMatch(/ranking|shares|100 %/);
    const made = await finance.call<{ version: number }>('planVersionCreate', { document: defaultPlan, effectiveAt: Date.now() + 3_600_000, note: 'next' });
    expect(made.data.version).toBe(2);
    expect((await demo.call<{ next: { version: number } }>('planChart')).data.next?.version).toBe(2);
    const periods = await finance.call<{ items: Array<{ periodKey: string; state: string }> }>('planPeriodList');
    expect(periods.data.items.find((p) => p.periodKey === today)?.state).toBe('open');
  });
});
