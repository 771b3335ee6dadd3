// The dashboard's day series (decision 042): deposits, withdrawals and package sales per day and
// the review queues' sizes at each day's end agree exactly with rows made here, days are cut in
// the configured time zone (midnight and daylight-saving days), and only staff may read them.
import crypto from 'node:crypto';
import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { dashboardSeries, dayBoundaries } from './series.ts';
import { settled } from '../../wallet/ledger/index.ts';

type Series = {
  timeZone: string;
  days: number[];
  deposits: { count: number[]; points: string[] };
  withdrawals: { count: number[]; points: string[] };
  packageSales: { count: number[]; points: string[] };
  queues: Array<{ queue: string; sizes: number[] }>;
};

const hour = 3_600_000;
const day = 24 * hour;
/** 2031-01-10 20:00 in Shanghai (UTC+8, no DST): "today" of the fixed-clock checks. */
const now = Date.UTC(2031, 0, 10, 12);
/** Start of 2031-01-10 in Shanghai. */
const todayStart = Date.UTC(2031, 0, 9, 16);

const minor = (s: string) => BigInt(Math.round(Number(s) * 1e6));

describe('dayBoundaries', () => {
  it('cuts calendar days in the zone, 23 and 25 hours long across daylight saving', () => {
    const shanghai = dayBoundaries('Asia/Shanghai', 30, now);
    expect(shanghai).toHaveLength(31);
    expect(shanghai[29]).toBe(todayStart);
    expect(shanghai[30]).toBe(todayStart + day);
    expect(shanghai[0]).toBe(todayStart - 29 * day);
    expect(dayBoundaries('Asia/Shanghai', 30, todayStart - 1)[29]).toBe(todayStart - day);
    expect(dayBoundaries('Asia/Shanghai', 30, todayStart)[29]).toBe(todayStart);
    // New York: 2031-03-09 is 23 hours long (EST to EDT), 2031-11-02 25 hours.
    const spring = dayBoundaries('America/New_York', 3, Date.UTC(2031, 2, 10, 17));
    expect(spring).toEqual([Date.UTC(2031, 2, 8, 5), Date.UTC(2031, 2, 9, 5), Date.UTC(2031, 2, 10, 4), Date.UTC(2031, 2, 11, 4)]);
    const autumn = dayBoundaries('America/New_York', 2, Date.UTC(2031, 10, 3, 17));
    expect(autumn).toEqual([Date.UTC(2031, 10, 2, 4), Date.UTC(2031, 10, 3, 5), Date.UTC(2031, 10, 4, 5)]);
    expect(dayBoundaries('UTC', 90, Date.UTC(2031, 0, 1, 0, 0, 0, 1))[89]).toBe(Date.UTC(2031, 0, 1));
  });
});

describe.each(dialects)('dashboard series on %s', (dialect) => {
  let t: TestApp;
  let viewer: TestClient;
  let admin: TestClient;
  let memberId: string;
  let capturing = false;
  const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const queryLog = (event: LogEvent) => {
    if (capturing && event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { queryLog });
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    admin = await staffClient(t, 'admin', 'Admin@12345');
    memberId = (await t.services.accounts.repository.byName('demo'))!.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const db = () => t.services.dbHandle.db;
  const series = async () => dashboardSeries(db(), { timeZone: await t.services.settings.get('dashboard.timeZone'), days: 30, now });
  /** Runs a ledger move with the clock at `at`, as the service would stamp it then. */
  const at = async <T>(when: number, fn: () => Promise<T>): Promise<T> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(when);
    try {
      return await fn();
    } finally {
      vi.useRealTimers();
    }
  };
  const usdt = (owner: string, purpose: string) => ({ owner, coinName: 'USDT', purpose });
  const reviewItem = (queue: string, createdAt: number, decidedAt: number | null, status = decidedAt === null ? 'pending' : 'approved') =>
    db()
      .insertInto('review_items')
      .values({
        id: crypto.randomUUID(),
        queue,
        status,
        member_id: memberId,
        coin_name: 'USDT',
        amount: 1n,
        subject_id: crypto.randomUUID(),
        summary_json: '{}',
        evidence_json: '[]',
        first_approver_id: null,
        created_by_staff_id: null,
        reject_code: null,
        reject_note: null,
        created_at: createdAt,
        decided_at: decidedAt,
        amount_exact: null,
      })
      .execute();
  const holdingEvent = (holdingId: string, type: string, coinName: string, amount: bigint, when: number) =>
    db()
      .insertInto('package_holding_events')
      .values({
        id: crypto.randomUUID(),
        holding_id: holdingId,
        member_id: memberId,
        type,
        coin_name: coinName,
        amount,
        detail: null,
        transfer_id: null,
        at: when,
      })
      .execute();

  it('refuses a member session and no session; any staff role may read', async () => {
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'demo', 'Demo@12345');
    for (const c of [member, new TestClient(t.app, t.serverKey.publicJwk)]) {
      const r = await c.call('dashboardSeries', { days: 30 });
      expect(r.status).toBe(401);
      expect(r.code).toBe(87321);
    }
    const ok = await viewer.call<Series>('dashboardSeries', { days: 90 });
    expect(ok.code, ok.message).toBe(20000);
    expect(ok.data.days).toHaveLength(90);
    expect(ok.data.timeZone).toBe('Asia/Shanghai');
    expect(ok.data.queues.map((q) => q.queue)).toEqual([
      'manualAdjustment',
      'exchange',
      'bankDeposit',
      'withdrawal',
      'packageClaim',
      'chainDeposit',
      'settingChange',
      'reconciliationDay',
    ]);
    for (const q of ok.data.queues) expect(q.sizes).toHaveLength(90);
    expect((await viewer.call<Series>('dashboardSeries', {})).data.days).toHaveLength(30);
    expect((await viewer.call('dashboardSeries', { days: 365 })).error).toBe('request.invalid');
    expect((await viewer.call('dashboardSeries', { days: '30' })).error).toBe('request.invalid');
  });

  it('agrees exactly with the rows made, cut at midnight in the configured zone', async () => {
    const before = await series();
    const ledger = t.services.ledger;
    // Deposits: one credited just before today's midnight (yesterday), one at midnight (today), one
    // credited today after waiting pending since yesterday, one still pending (not counted), one
    // before the 30 days (not counted).
    await at(todayStart - 1, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 5_000_000n,
          debit: usdt('system', 'bankDeposit'),
          credit: usdt(memberId, 'available'),
          isPending: false,
        })
        .then(settled),
    );
    await at(todayStart, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 7_250_000n,
          debit: usdt('system', 'bankDeposit'),
          credit: usdt(memberId, 'available'),
          isPending: false,
        })
        .then(settled),
    );
    const held = await at(todayStart - 3 * hour, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 100_000_000n,
          debit: usdt('system', 'bankDeposit'),
          credit: usdt(memberId, 'available'),
          isPending: true,
        })
        .then(settled),
    );
    await at(todayStart + 2 * hour, () => ledger.resolvePending(held.id, 'post').then(settled));
    await at(todayStart + hour, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 1_000_000n,
          debit: usdt('system', 'bankDeposit'),
          credit: usdt(memberId, 'available'),
          isPending: true,
        })
        .then(settled),
    );
    await at(todayStart - 29 * day - 1, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'deposit',
          coinName: 'USDT',
          amount: 3_000_000n,
          debit: usdt('system', 'bankDeposit'),
          credit: usdt(memberId, 'available'),
          isPending: false,
        })
        .then(settled),
    );
    // Withdrawals: held two days ago, paid yesterday; another held and voided (not counted).
    const w = await at(todayStart - 2 * day, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'withdraw',
          coinName: 'USDT',
          amount: 2_000_000n,
          debit: usdt(memberId, 'available'),
          credit: usdt('system', 'withdrawals'),
          isPending: true,
        })
        .then(settled),
    );
    await at(todayStart - day + hour, () => ledger.resolvePending(w.id, 'post').then(settled));
    const v = await at(todayStart - 2 * day, () =>
      ledger
        .transfer({
          requestId: null,
          code: 'withdraw',
          coinName: 'USDT',
          amount: 1_000_000n,
          debit: usdt(memberId, 'available'),
          credit: usdt('system', 'withdrawals'),
          isPending: true,
        })
        .then(settled),
    );
    await at(todayStart - day + hour, () => ledger.resolvePending(v.id, 'void').then(settled));
    // Package sales: a buy paid in two point types (one sale), an add, and a release (not a sale).
    const h1 = crypto.randomUUID();
    await holdingEvent(h1, 'buy', 'USDT', -300_000_000n, todayStart - 28 * day);
    await holdingEvent(h1, 'buy', 'ASSETS_POINT', -200_000_000n, todayStart - 28 * day);
    await holdingEvent(h1, 'add', 'USDT', -50_000_000n, todayStart + 5 * hour);
    await holdingEvent(h1, 'release', 'USDT', 1_000_000n, todayStart + 6 * hour);
    // Review queues: waiting since before the days; decided yesterday after waiting since before
    // the days; made three days ago and decided at today's midnight; made today and waiting on a
    // second approval; made and decided on the same day (never waiting at a day's end).
    await reviewItem('bankDeposit', todayStart - 40 * day, null);
    await reviewItem('withdrawal', todayStart - 40 * day, todayStart - day + hour, 'rejected');
    await reviewItem('withdrawal', todayStart - 3 * day, todayStart);
    await reviewItem('withdrawal', todayStart + hour, null, 'awaitingSecond');
    await reviewItem('exchange', todayStart - 5 * day + hour, todayStart - 5 * day + 2 * hour);

    const after = await series();
    expect(after.days).toEqual(before.days);
    expect(after.days[29]).toBe(todayStart);
    const diff = (a: { count: number[]; points: string[] }, b: { count: number[]; points: string[] }) => ({
      count: a.count.map((n, i) => n - b.count[i]!),
      points: a.points.map((p, i) => minor(p) - minor(b.points[i]!)),
    });
    const expected = (entries: Record<number, [number, bigint]>) => {
      const count = new Array<number>(30).fill(0);
      const points = new Array<bigint>(30).fill(0n);
      for (const [i, [n, p]] of Object.entries(entries)) {
        count[Number(i)] = n;
        points[Number(i)] = p;
      }
      return { count, points };
    };
    expect(diff(after.deposits, before.deposits)).toEqual(expected({ 28: [1, 5_000_000n], 29: [2, 107_250_000n] }));
    expect(diff(after.withdrawals, before.withdrawals)).toEqual(expected({ 28: [1, 2_000_000n] }));
    expect(diff(after.packageSales, before.packageSales)).toEqual(expected({ 1: [1, 500_000_000n], 29: [1, 50_000_000n] }));
    const sizes = (s: Series | typeof after, queue: string) => s.queues.find((q) => q.queue === queue)!.sizes;
    const delta = (queue: string) => sizes(after, queue).map((n, i) => n - sizes(before, queue)[i]!);
    expect(delta('bankDeposit')).toEqual(new Array(30).fill(1));
    // Withdrawal: the item from before the days waits until day 28 (decided yesterday), the one made
    // three days ago waits at the ends of days 26, 27 and 28, and today's waits at today's end.
    expect(delta('withdrawal')).toEqual([...new Array(26).fill(1), 2, 2, 1, 1]);
    expect(delta('exchange')).toEqual(new Array(30).fill(0));
    expect(delta('manualAdjustment')).toEqual(new Array(30).fill(0));
  });

  it("counts the card's today in the charts' time zone, the same as the charts' last day", async () => {
    // At 20:00 in Shanghai the day began at 16:00 UTC the day before: the 7.25 credited at that
    // moment is today's in Shanghai and yesterday's by UTC, so a UTC card would miss it.
    for (const timeZone of ['Asia/Shanghai', 'UTC']) {
      const charts = await dashboardSeries(db(), { timeZone, days: 30, now });
      const summary = await t.services.dashboard.summary(timeZone, now);
      expect(summary.today.deposits, timeZone).toBe(charts.deposits.points[29]);
      expect(summary.today.withdrawals, timeZone).toBe(charts.withdrawals.points[29]);
      const [from, to] = dayBoundaries(timeZone, 1, now) as [number, number];
      const joined = await db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow();
      expect(summary.today.newMembers, timeZone).toBe(Number(joined.n));
    }
    const shanghai = await t.services.dashboard.summary('Asia/Shanghai', now);
    const utc = await t.services.dashboard.summary('UTC', now);
    expect(minor(shanghai.today.deposits) - minor(utc.today.deposits)).toBeGreaterThanOrEqual(7_250_000n + 100_000_000n);
    // Through the API: the configured zone, Asia/Shanghai here.
    const answer = await viewer.call<{ today: { deposits: string } }>('dashboard');
    expect(answer.data.today.deposits).toBe((await t.services.dashboard.summary('Asia/Shanghai')).today.deposits);
  });

  it('follows the configured time zone, through the API', async () => {
    expect((await admin.call('configUpdate', { key: 'dashboard.timeZone', value: 'Mars/Olympus', reason: 'typo' })).error).toBe('request.invalid');
    expect((await admin.call('configUpdate', { key: 'dashboard.timeZone', value: 'America/New_York', reason: 'head office moved' })).code).toBe(20000);
    const r = await viewer.call<Series>('dashboardSeries', { days: 30 });
    expect(r.data.timeZone).toBe('America/New_York');
    expect(r.data.days).toEqual(dayBoundaries('America/New_York', 30, Date.now()).slice(0, 30));
    // A deposit made now through the ledger shows in today's bar.
    const before = r.data.deposits;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'deposit',
        coinName: 'USDT',
        amount: 4_000_000n,
        debit: usdt('system', 'bankDeposit'),
        credit: usdt(memberId, 'available'),
        isPending: false,
      })
      .then(settled);
    const after = (await viewer.call<Series>('dashboardSeries', { days: 30 })).data.deposits;
    expect(after.count[29]! - before.count[29]!).toBe(1);
    expect(minor(after.points[29]!) - minor(before.points[29]!)).toBe(4_000_000n);
  });

  it('reads each table through an index, bounded by the days (no full scan)', async () => {
    captured.length = 0;
    capturing = true;
    await viewer.call('dashboardSeries', { days: 90 });
    capturing = false;
    const ours = captured.filter((q) => /ledger_transfers|package_holding_events|review_items/.test(q.sql));
    expect(ours.length).toBe(6);
    const scans: string[] = [];
    await t.services.dbHandle.db.connection().execute(async (c) => {
      if (dialect === 'postgres') await sql`SET enable_seqscan = off`.execute(c);
      for (const q of ours) {
        const rows = (await c.executeQuery(CompiledQuery.raw((dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ') + q.sql, [...q.parameters])))
          .rows as Array<Record<string, unknown>>;
        for (const r of rows) {
          const line = String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN']);
          if (dialect === 'sqlite' ? /^SCAN (ledger_transfers|package_holding_events|review_items)\b/.test(line.trim()) : /Seq Scan on/.test(line))
            scans.push(`${line}\n  ${q.sql}`);
        }
      }
      if (dialect === 'postgres') await sql`RESET enable_seqscan`.execute(c);
    });
    expect(scans).toEqual([]);
  });
});
