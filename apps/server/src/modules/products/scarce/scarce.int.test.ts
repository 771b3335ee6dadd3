// Scarce goods (decision 025) through the API on each database: a rush opened by staff (audited), arming with the
// transaction password, a purchase refused before the start, a retry after a lost answer that buys once, a parallel
// burst that never sells more than offered nor over a member's limit, purchase codes activated once or given once,
// a flash sale, shares with the over-limit message and the bonus job paying once per period; balanced books after each.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductAdminEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { settled } from '../../wallet/ledger/index.ts';

const password = 'Trans0ction!x';
const terms = {
  price: '100',
  premium: '0',
  fee: '0',
  feeCoinName: 'USDT',
  contractDays: 180,
  unlockDays: 30,
  effectiveDelayHours: 24,
  releasePercent: '0.5',
  releasePeriodHours: 24,
  maxProfitPercent: '150',
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '80',
  drawCycleDays: 7,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('scarce goods on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let productId: string;
  let seq = 0;
  const rid = () => `rush-${dialect}-${String(++seq).padStart(12, '0')}`;
  const idOf = async (name: string) => (await t.services.accounts.repository.byName(name))!.id;
  const member = async (name: string, usdt = 1_000n): Promise<TestClient> => {
    t.client.ip = `10.8.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    await registerMember(t, name);
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: usdt * 1_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: await idOf(name), coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, name, 'Passw0rd!x');
    return c;
  };
  const open = async (over: Record<string, unknown> = {}) => {
    const now = Date.now();
    const r = await staff.call<{ id: string }>('saleOpen', {
      kind: 'code',
      productId,
      units: 1,
      price: '100',
      coinName: 'USDT',
      total: 5,
      perMemberLimit: 2,
      minGrade: null,
      isFlaggedOnly: false,
      startsAt: now - 1000,
      endsAt: now + 3_600_000,
      reason: 'test rush',
      ...over,
    });
    expect(r.code, r.message).toBe(20000);
    return r.data.id;
  };
  const arm = async (c: TestClient, saleId: string) => {
    const r = await c.call<{ permit: string }>('armPurchase', { saleId, transactionPassword: password });
    expect(r.code, r.message).toBe(20000);
    return r.data.permit;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
    const saved = await staff.call<ProductAdminEntry>('productSave', {
      kind: 'normal',
      names: { 'en-US': 'Rush plan' },
      descriptions: { 'en-US': 'A plan' },
      terms,
      payWith: [{ coinName: 'USDT', maxPercent: '100' }],
      perMemberLimit: 0,
      totalLimit: 0,
      isOnSale: true,
      minGrade: null,
      isInviteOnly: false,
      invitedUserNames: [],
      sortOrder: 100,
    });
    expect(saved.code, saved.message).toBe(20000);
    productId = saved.data.id;
  });
  afterEach(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
  afterAll(async () => t.close());

  it('refuses a purchase one second before the start, then sells at the start; the opening is audited', async () => {
    const c = await member(`early${dialect}`);
    const saleId = await open({ startsAt: Date.now() + 1500 });
    const audit = await t.services.dbHandle.db.selectFrom('audit_log').select(['action']).where('target_id', '=', saleId).execute();
    expect(audit.map((a) => a.action)).toEqual(['scarce.rushOpen']);
    const list = await c.call<{ serverTime: number; items: Array<{ id: string; startsAt: number; left: number }> }>('saleList', { kind: 'code' });
    const entry = list.data.items.find((s) => s.id === saleId)!;
    expect(entry.startsAt - list.data.serverTime).toBeGreaterThan(1000);
    const permit = await arm(c, saleId);
    const early = await c.call('buyPurchaseCode', { saleId, permit, requestId: rid() });
    expect(early.error).toBe('scarce.tooEarly');
    await sleep(1600);
    const ok = await c.call<{ codeId: string }>('buyPurchaseCode', { saleId, permit, requestId: rid() });
    expect(ok.code, ok.message).toBe(20000);
    expect(ok.data.codeId).toBeTruthy();
    // The permit is single-use.
    expect((await c.call('buyPurchaseCode', { saleId, permit, requestId: rid() })).error).toBe('scarce.permitInvalid');
  });

  it('a retry with the same request id after a lost answer buys once', async () => {
    const c = await member(`retry${dialect}`);
    const saleId = await open();
    const permit = await arm(c, saleId);
    const requestId = rid();
    const first = await c.call<{ purchaseId: string }>('buyPurchaseCode', { saleId, permit, requestId });
    expect(first.code, first.message).toBe(20000);
    // The answer "was lost": the client sends the same request again.
    const again = await c.call<{ purchaseId: string }>('buyPurchaseCode', { saleId, permit, requestId });
    expect(again.code, again.message).toBe(20000);
    expect(again.data.purchaseId).toBe(first.data.purchaseId);
    const sale = await t.services.dbHandle.db.selectFrom('scarce_sales').select('sold').where('id', '=', saleId).executeTakeFirstOrThrow();
    expect(Number(sale.sold)).toBe(1);
    const codes = await c.call<{ items: unknown[] }>('purchaseCodeRecordList', {});
    expect(codes.data.items).toHaveLength(1);
  });

  it('a parallel burst sells exactly the total and no member over the limit; losers are told why', async () => {
    const members = await Promise.all([0, 1, 2, 3].map((i) => member(`burst${i}${dialect}`)));
    const saleId = await open({ total: 5, perMemberLimit: 2 });
    // Members race in parallel; each arms and buys three times in a row (a new permit for each purchase).
    const perMember = await Promise.all(
      members.map(async (c) => {
        const out = [];
        for (let i = 0; i < 3; i++) out.push(await c.call('buyPurchaseCode', { saleId, permit: await arm(c, saleId), requestId: rid() }));
        return out;
      }),
    );
    const answers = perMember.flat();
    const won = answers.filter((a) => a.code === 20000).length;
    expect(won).toBe(5);
    for (const a of answers.filter((x) => x.code !== 20000)) expect(['scarce.soldOut', 'scarce.memberLimit', 'scarce.permitInvalid']).toContain(a.error);
    const counts = await t.services.dbHandle.db.selectFrom('scarce_sale_members').select('bought').where('sale_id', '=', saleId).execute();
    expect(counts.every((r) => Number(r.bought) <= 2)).toBe(true);
    expect(counts.reduce((a, r) => a + Number(r.bought), 0)).toBe(5);
  });

  it('a code activates once; given after activation, or activated twice, it is refused; a code is given once', async () => {
    const a = await member(`codea${dialect}`);
    await member(`codeb${dialect}`);
    const saleId = await open();
    await a.call('buyPurchaseCode', { saleId, permit: await arm(a, saleId), requestId: rid() });
    await a.call('buyPurchaseCode', { saleId, permit: await arm(a, saleId), requestId: rid() });
    const codes = (await a.call<{ items: Array<{ code: string; state: string }> }>('purchaseCodeRecordList', {})).data.items;
    expect(codes).toHaveLength(2);
    const [one, two] = codes;
    const act = await a.call<{ holdingId: string }>('activatePurchaseCode', { code: one!.code, requestId: rid() });
    expect(act.code, act.message).toBe(20000);
    expect((await a.call('activatePurchaseCode', { code: one!.code, requestId: rid() })).error).toBe('package.codeUsed');
    expect((await a.call('givePurchaseCode', { code: one!.code, toUserName: `codeb${dialect}`, requestId: rid() })).error).toBe('package.codeUsed');
    const given = await a.call('givePurchaseCode', { code: two!.code, toUserName: `codeb${dialect}`, requestId: rid() });
    expect(given.code, given.message).toBe(20000);
    expect((await a.call('activatePurchaseCode', { code: two!.code, requestId: rid() })).error).toBe('package.codeUsed');
    const after = (await a.call<{ items: Array<{ code: string; state: string; isGiven: boolean; activationUserName: string }> }>('purchaseCodeRecordList', {}))
      .data.items;
    expect(after.find((c) => c.code === two!.code)).toMatchObject({ state: 'activated', isGiven: true, activationUserName: `codeb${dialect}` });
    const holdings = await a.call<{ items: Array<{ id: string }> }>('buyMatchingList', {});
    expect(holdings.data.items.map((h) => h.id)).toContain(act.data.holdingId);
    const records = await a.call<{ items: Array<{ type: string }> }>('assetsRecordList', { type: 'purchaseCodeBuy' });
    expect(records.data.items.length).toBe(2);
  });

  it('a flash sale makes a holding at the special price, within its limits', async () => {
    const c = await member(`flash${dialect}`);
    const saleId = await open({ kind: 'flash', price: '60', total: 3, perMemberLimit: 1 });
    const r = await c.call<{ holdingId: string }>('flashSaleBuy', { saleId, permit: await arm(c, saleId), requestId: rid() });
    expect(r.code, r.message).toBe(20000);
    expect(r.data.holdingId).toBeTruthy();
    expect((await c.call('flashSaleBuy', { saleId, permit: await arm(c, saleId), requestId: rid() })).error).toBe('scarce.memberLimit');
    const list = await c.call<{ items: Array<{ id: string; left: number; bought: number }> }>('saleList', { kind: 'flash' });
    expect(list.data.items.find((s) => s.id === saleId)).toMatchObject({ left: 2, bought: 1 });
  });

  it('shares: bought with the transaction password, the over-limit message, the bonus paid once per period', async () => {
    const c = await member(`equity${dialect}`);
    expect(
      (
        await staff.call('equityConfigSave', {
          price: '10',
          coinName: 'USDT',
          totalIssued: 1000,
          maxPerMember: 5,
          bonusPerShare: '0.5',
          bonusPeriodHours: 24,
          reason: 'launch',
        })
      ).code,
    ).toBe(20000);
    expect((await c.call('buyEquity', { shares: 1, transactionPassword: password, requestId: rid() })).error).toBe('equity.notOpen');
    const flag = await staff.call('configUpdate', { key: 'features.equityBuyStatus', value: true, reason: 'shares' });
    expect(flag.code, flag.message).toBe(20000);
    const bought = await c.call('buyEquity', { shares: 4, transactionPassword: password, requestId: rid() });
    expect(bought.code, bought.message).toBe(20000);
    const over = await c.call('buyEquity', { shares: 2, transactionPassword: password, requestId: rid() });
    expect(over.error).toBe('equity.overLimit');
    expect(over.message).toContain('5');
    const info = await c.call<{ purchased: number; totalOwned: number; maxPerMember: number; sold: number }>('buyEquityInfo');
    expect(info.data).toMatchObject({ purchased: 4, totalOwned: 4, maxPerMember: 5 });
    const first = await t.services.equity.payBonus();
    const again = await t.services.equity.payBonus();
    expect(first.paid).toBeGreaterThanOrEqual(1);
    expect(again.paid).toBe(0);
    const records = await c.call<{ items: Array<{ kind: string; amount: string }> }>('buyEquityRecordList', {});
    expect(records.data.items.map((r) => r.kind).sort()).toEqual(['bonus', 'buy']);
    expect(records.data.items.find((r) => r.kind === 'bonus')!.amount).toBe('2.000000');

    // A bonus of 0 switches it off: saved, and the next period pays nothing (with 0.5 it would pay).
    const off = await staff.call<{ bonusPerShare: string }>('equityConfigSave', {
      price: '10',
      coinName: 'USDT',
      totalIssued: 1000,
      maxPerMember: 5,
      bonusPerShare: '0',
      bonusPeriodHours: 24,
      reason: 'no more bonus',
    });
    expect(off.code, off.message).toBe(20000);
    expect(off.data.bonusPerShare).toBe('0.000000');
    expect(await t.services.equity.payBonus(Date.now() + 2 * 24 * 3_600_000)).toEqual({ period: -1, paid: 0 });
    const after = await c.call<{ items: Array<{ kind: string }> }>('buyEquityRecordList', {});
    expect(after.data.items.filter((r) => r.kind === 'bonus')).toHaveLength(1);
    // Below 0 is still refused.
    const negative = await staff.call('equityConfigSave', {
      price: '10',
      coinName: 'USDT',
      totalIssued: 1000,
      maxPerMember: 5,
      bonusPerShare: '-1',
      bonusPeriodHours: 24,
      reason: 'x',
    });
    expect(negative.error).toBe('request.invalid');
    expect(negative.field).toBe('bonusPerShare');
  });
});
