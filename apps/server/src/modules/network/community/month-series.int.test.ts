// Proves the chart data of decision 041 besides the balance history: a member's last twelve months
// of performance (their own member_month_figures rows only, months without a row as zero, this month
// last) and a holding's released reward at the end of each of the last 30 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityMonthTimeZone, monthKeyOf, previousMonthKey, type MonthFigures } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { dayStarts } from '../../wallet/assets/index.ts';
import { releaseDays } from '../../products/packages/index.ts';

describe.each(dialects)('chart data on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let aId: string;
  let bId: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const ma = await registerMember(t, 'monthly');
    await registerMember(t, 'othermonth');
    aId = (await t.services.accounts.repository.byName('monthly'))!.id;
    bId = (await t.services.accounts.repository.byName('othermonth'))!.id;
    a = new TestClient(t.app, t.serverKey.publicJwk);
    a.token = await login({ ...t, client: a }, ma.userName, ma.password);
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives the member's own last twelve months, oldest first, zero where nothing was bought", async () => {
    const now = Date.now();
    const thisMonth = monthKeyOf(now);
    const keys = [thisMonth];
    while (keys.length < 13) keys.unshift(previousMonthKey(keys[0]!));
    const db = t.services.dbHandle.db;
    await db.deleteFrom('member_month_figures').where('member_id', 'in', [aId, bId]).execute();
    await db
      .insertInto('member_month_figures')
      .values([
        { member_id: aId, month: keys[0]!, personal: 7_000_000n, community: 0n }, // thirteen months ago: left out
        { member_id: aId, month: keys[1]!, personal: 1_500_000n, community: 2_000_000n },
        { member_id: aId, month: thisMonth, personal: 0n, community: 123_456_789n },
        { member_id: bId, month: thisMonth, personal: 999_000_000n, community: 999_000_000n },
      ])
      .execute();
    const r = await a.call<MonthFigures>('userMonthFigures', {});
    expect(r.code, r.message).toBe(20000);
    expect(r.data.monthTimeZone).toBe(communityMonthTimeZone);
    expect(r.data.months.map((m) => m.month)).toEqual(keys.slice(1));
    expect(r.data.months[0]).toEqual({ month: keys[1], personal: '1.500000', community: '2.000000' });
    expect(r.data.months[11]).toEqual({ month: thisMonth, personal: '0.000000', community: '123.456789' });
    expect(r.data.months.slice(1, 11).every((m) => m.personal === '0.000000' && m.community === '0.000000')).toBe(true);
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    expect((await anonymous.call('userMonthFigures', {})).status).toBe(401);
  });

  it("gives a holding's released reward at the end of each of the last 30 days", async () => {
    const now = Date.now();
    const starts = dayStarts(communityMonthTimeZone, 30, now);
    const db = t.services.dbHandle.db;
    const row = (period: number, amount: bigint, paidAt: number) => ({
      holding_id: 'chart-holding',
      period,
      amount,
      is_reinvested: 0,
      transfer_id: null,
      paid_at: BigInt(paidAt),
    });
    await db
      .insertInto('package_releases')
      .values([
        row(1, 5_000_000n, starts[0]! - 86_400_000),
        row(2, 1_000_000n, starts[1]! - 1),
        row(3, 2_000_000n, starts[1]!),
        row(4, 3_000_000n, starts[29]! + 1),
        { ...row(1, 9_000_000n, starts[5]!), holding_id: 'another-holding' },
      ])
      .execute();
    const days = await releaseDays(db, 'chart-holding', now);
    expect(days.map((d) => d.day)).toEqual(starts);
    expect(days[0]!.released).toBe('6.000000');
    expect(days[1]!.released).toBe('8.000000');
    expect(days[28]!.released).toBe('8.000000');
    expect(days[29]!.released).toBe('11.000000');
    expect((await releaseDays(db, 'no-such-holding', now)).every((d) => d.released === '0.000000')).toBe(true);
  });
});
