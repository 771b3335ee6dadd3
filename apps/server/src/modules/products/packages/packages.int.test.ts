// Proves every package action end to end through the API (decision 020): catalogue saves and their checks, buys with
// their refusals, limits under a parallel burst, idempotent retries, upgrade, add, refill, redeem against its preview,
// holding transfer, activation codes, the lists, and after each test balanced books with fixed = live principal.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingEntry, HoldingEvent, ProductAdminEntry, ProductEntry, RecordEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { verifyAndRecord, verifyLedger } from '../../wallet/ledger/index.ts';
import { verifyPackages } from './verify.ts';
import { endHolding } from './holdings.ts';
import { settled } from '../../wallet/ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const password = 'Trans0ction!x';

const baseTerms = {
  price: '100',
  premium: '2',
  fee: '1',
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
const baseProduct = {
  kind: 'normal',
  names: { 'en-US': 'Test plan', 'zh-CN': '测试计划' },
  descriptions: { 'en-US': 'A plan' },
  terms: baseTerms,
  payWith: [
    { coinName: 'USDT', maxPercent: '100' },
    { coinName: 'ASSETS_POINT', maxPercent: '50' },
  ],
  perMemberLimit: 0,
  totalLimit: 0,
  isOnSale: true,
  minGrade: null,
  isInviteOnly: false,
  invitedUserNames: [] as string[],
  sortOrder: 100,
};

describe.each(dialects)('packages on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let seq = 0;
  const rid = () => `pkg-${dialect}-${String(++seq).padStart(12, '0')}`;

  const idOf = async (name: string) => (await t.services.accounts.repository.byName(name))!.id;
  const fund = async (name: string, coinName: string, amount: bigint) =>
    t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName,
        amount: amount * 1_000_000n,
        debit: { owner: 'system', coinName, purpose: 'airdrop' },
        credit: { owner: await idOf(name), coinName, purpose: 'available' },
        isPending: false,
      })
      .then(settled);
  /** A fresh member with USDT and ASSETS_POINT, signed in. */
  const member = async (name: string, usdt = 10_000n, assets = 1_000n): Promise<TestClient> => {
    t.client.ip = `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    await registerMember(t, name);
    if (usdt > 0n) await fund(name, 'USDT', usdt);
    if (assets > 0n) await fund(name, 'ASSETS_POINT', assets);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, name, 'Passw0rd!x');
    return c;
  };
  const product = async (overrides: Record<string, unknown> = {}, terms: Record<string, unknown> = {}): Promise<ProductAdminEntry> => {
    const saved = await staff.call<ProductAdminEntry>('productSave', { ...baseProduct, ...overrides, terms: { ...baseTerms, ...terms } });
    expect(saved.code, saved.message).toBe(20000);
    return saved.data;
  };
  const assets = async (c: TestClient, coin = 'USDT') => (await c.call<Array<Record<string, string>>>('assetsList')).data.find((a) => a.coinName === coin)!;
  const usdt100 = [{ coinName: 'USDT', amount: '100' }];
  const buy = (c: TestClient, productId: string, quantity = 1, payments = usdt100.map((p) => ({ ...p, amount: String(100 * quantity) }))) =>
    c.call<{ holdingId: string }>('buyMatching', { productId, quantity, payments, transactionPassword: password, requestId: rid() });
  const holdings = async (c: TestClient, state?: string) => (await c.call<{ items: HoldingEntry[] }>('buyMatchingList', state ? { state } : {})).data.items;
  const systemBalance = async (purpose: string, coin = 'USDT') => {
    const rows = await t.services.dbHandle.db
      .selectFrom('ledger_accounts')
      .select(['credits_posted', 'debits_posted'])
      .where('owner', '=', 'system')
      .where('coin_name', '=', coin)
      .where('purpose', 'like', `${purpose}#%`)
      .execute();
    return rows.reduce((a, r) => a + BigInt(r.credits_posted) - BigInt(r.debits_posted), 0n);
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
  });
  afterEach(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    expect(await verifyPackages(t.services.dbHandle.db)).toEqual([]);
  });
  afterAll(async () => t.close());

  it('seeds a demo catalogue and a real demo holding; the books and fixed balances agree', async () => {
    const list = (await staff.call<ProductAdminEntry[]>('productAdminList')).data;
    expect(list.map((p) => p.kind)).toEqual(expect.arrayContaining(['normal', 'special', 'experience']));
    expect(list.every((p) => Object.keys(p.names).length === 5)).toBe(true);
    const demo = new TestClient(t.app, t.serverKey.publicJwk);
    demo.token = await login({ ...t, client: demo }, 'demo', 'Demo@12345');
    const mine = await holdings(demo);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ units: 10, principal: '1000.000000', state: 'fixed', source: 'purchase', productName: 'Steady Plan' });
    expect((await assets(demo)).assetsFixed).toBe('1000.000000');
  });

  it('checks a product save: consistent terms, known coins and members, the version read, and audits it', async () => {
    const refuse = async (body: Record<string, unknown>) => staff.call('productSave', { ...baseProduct, ...body });
    const unlockLate = await refuse({ terms: { ...baseTerms, unlockDays: 200 } });
    expect(unlockLate).toMatchObject({ error: 'package.productInvalid' });
    expect(unlockLate.message).toContain('unlock days');
    expect((await refuse({ payWith: [{ coinName: 'USDT', maxPercent: '60' }] })).error).toBe('package.productInvalid');
    expect((await refuse({ payWith: [{ coinName: 'BTC', maxPercent: '100' }] })).error).toBe('package.productInvalid');
    expect((await refuse({ terms: { ...baseTerms, feeCoinName: 'EUR' } })).error).toBe('package.productInvalid');
    expect((await refuse({ minGrade: 2 })).error).toBe('package.productInvalid');
    expect((await refuse({ kind: 'special', isInviteOnly: true, invitedUserNames: ['nobody-here'] })).message).toContain('nobody-here');
    const saved = await product({ kind: 'special', isInviteOnly: true, invitedUserNames: ['alice', 'BOB'] });
    expect(saved).toMatchObject({ version: 1, invitedUserNames: ['alice', 'bob'], sold: 0 });
    const changed = await staff.call<ProductAdminEntry>('productSave', {
      ...baseProduct,
      id: saved.id,
      version: 1,
      kind: 'special',
      isInviteOnly: true,
      invitedUserNames: ['carol'],
      sortOrder: 7,
    });
    expect(changed.data).toMatchObject({ version: 2, sortOrder: 7, invitedUserNames: ['carol'] });
    expect((await staff.call('productSave', { ...baseProduct, id: saved.id, version: 1 })).error).toBe('config.staleVersion');
    expect((await staff.call('productSave', { ...baseProduct, id: 'no-such-product', version: 1 })).error).toBe('package.notFound');
    const audit = await t.services.dbHandle.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'package.productSave')
      .where('target_id', '=', saved.id)
      .orderBy('seq')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.before_json)).toBeNull();
    expect(JSON.parse(audit[1]!.before_json)).toMatchObject({ version: 1, sortOrder: 100 });
    expect(JSON.parse(audit[1]!.after_json)).toMatchObject({ version: 2, sortOrder: 7 });
    const viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    expect((await viewer.call('productSave', baseProduct)).error).toBe('auth.forbidden');
  });

  it("lists products in the caller's language with the fallbacks, the member state and whether they may buy", async () => {
    const c = await member('lister1', 150n, 0n);
    const p = await product({ names: { 'en-US': 'English name', 'ja-JP': '日本語の名前' }, sortOrder: 1 });
    const q = await product({ names: { 'id-ID': 'Nama saja' }, sortOrder: 2 });
    const big = await product({ sortOrder: 3 }, { price: '1000' });
    const closed = await product({ isOnSale: false, sortOrder: 4 });
    const find = async (lang: string, id: string) => {
      c.lang = lang;
      return (await c.call<{ items: ProductEntry[] }>('matchingList')).data.items.find((i) => i.id === id);
    };
    expect((await find('ja-JP', p.id))!.name).toBe('日本語の名前');
    expect((await find('zh-CN', p.id))!.name).toBe('English name');
    expect((await find('zh-CN', q.id))!.name).toBe('Nama saja');
    c.lang = 'en-US';
    expect(await find('en-US', closed.id)).toBeUndefined();
    expect(await find('en-US', p.id)).toMatchObject({ memberState: 'notPurchased', canBuy: true, refusal: null, memberUnits: 0 });
    expect(await find('en-US', big.id)).toMatchObject({ canBuy: false, refusal: 'insufficientBalance' });
    expect((await buy(c, p.id)).code).toBe(20000);
    expect(await find('en-US', p.id)).toMatchObject({ memberState: 'fixed', memberUnits: 1, sold: 1 });
    const check = await c.call('checkBuyInsurance', { productId: p.id, quantity: 2 });
    expect(check.data).toMatchObject({
      isAllowed: false,
      reason: 'insufficientBalance',
      principal: '200.000000',
      premium: '4.000000',
      fee: '2.000000',
      memberRemaining: null,
      totalRemaining: null,
    });
    expect((await c.call('checkBuyInsurance', { productId: 'nope', quantity: 1 })).data).toMatchObject({ isAllowed: false, reason: 'notFound' });
    expect((await c.call('updateInsuranceAutoAddWarehouseStatus', { status: true })).code).toBe(20000);
    expect((await c.call<{ autoTopUp: boolean }>('matchingList')).data.autoTopUp).toBe(true);
  });

  it('buys: principal to fixed in the mix, premium to insurance, fee to fees with the jackpot share, and shows it everywhere', async () => {
    const c = await member('buyer1');
    const p = await product({}, { price: '100', premium: '3', fee: '10' });
    const insurance = await systemBalance('insurance');
    const fees = await systemBalance('fees');
    const jackpot = await systemBalance('jackpot');
    const bought = await buy(c, p.id, 2, [
      { coinName: 'USDT', amount: '120' },
      { coinName: 'ASSETS_POINT', amount: '80' },
    ]);
    expect(bought.code, bought.message).toBe(20000);
    // 120 principal + 6 premium + 20 fee in USDT; 80 principal in ASSETS_POINT.
    expect(await assets(c)).toMatchObject({ assetsAvailable: '9854.000000', assetsFixed: '120.000000' });
    expect(await assets(c, 'ASSETS_POINT')).toMatchObject({ assetsAvailable: '920.000000', assetsFixed: '80.000000' });
    expect((await systemBalance('insurance')) - insurance).toBe(6_000_000n);
    // jackpot.sharePercent is 20 by default: 4 of the 20 fee.
    expect((await systemBalance('fees')) - fees).toBe(16_000_000n);
    expect((await systemBalance('jackpot')) - jackpot).toBe(4_000_000n);
    const [h] = await holdings(c);
    expect(h).toMatchObject({
      id: bought.data.holdingId,
      units: 2,
      principal: '200.000000',
      rewardCap: '300.000000',
      released: '0.000000',
      state: 'fixed',
      effectiveness: 'pending',
      endReason: null,
      source: 'purchase',
      claimable: null,
    });
    expect(h!.principals).toEqual([
      { coinName: 'ASSETS_POINT', amount: '80.000000' },
      { coinName: 'USDT', amount: '120.000000' },
    ]);
    expect(h!.effectiveAt - h!.startedAt).toBe(24 * 3_600_000);
    expect(h!.unlockAt - h!.startedAt).toBe(30 * 86_400_000);
    expect(h!.expiresAt - h!.startedAt).toBe(180 * 86_400_000);
    expect(h!.nextReleaseAt).toBe(h!.effectiveAt + 24 * 3_600_000);
    const detail = await c.call<{ holding: HoldingEntry; events: HoldingEvent[] }>('insuranceDetailInfo', { holdingId: h!.id });
    expect(detail.data.events.map((e) => `${e.type}:${e.coinName}:${e.amount}`).sort()).toEqual([
      'buy:ASSETS_POINT:-80.000000',
      'buy:USDT:-120.000000',
      'fee:USDT:-20.000000',
      'premium:USDT:-6.000000',
    ]);
    const records = await c.call<{ items: Array<{ type: string; amount: string; holdingNumber: string }> }>('paymentRecordList', { type: 'fee' });
    expect(records.data.items).toEqual([expect.objectContaining({ type: 'fee', amount: '-20.000000', holdingNumber: h!.number, productName: 'Test plan' })]);
    const ledgerRecords = (await c.call<{ items: RecordEntry[] }>('assetsRecordList', {})).data.items;
    expect(
      ledgerRecords.filter((r) => r.type === 'buyMatching').every((r) => r.movement === 'move' && r.fromAccount === 'available' && r.toAccount === 'fixed'),
    ).toBe(true);
    expect(
      ledgerRecords
        .filter((r) => r.type === 'packageFee')
        .map((r) => `${r.movement}:${r.amount}`)
        .sort(),
    ).toEqual(['out:-16.000000', 'out:-4.000000', 'out:-6.000000']);
    // Staff see it by member name.
    const admin = await staff.call<{ items: Array<HoldingEntry & { userName: string }> }>('holdingAdminList', { userName: 'BUYER1' });
    expect(admin.data.items.map((i) => [i.userName, i.number])).toEqual([['buyer1', h!.number]]);
  });

  it('refuses buys with their keys and writes nothing', async () => {
    const c = await member('refused1', 300n, 0n);
    const limited = await product({ perMemberLimit: 2 });
    const total = await product({ totalLimit: 1 });
    const graded = await product({ kind: 'special', minGrade: 3 });
    const invited = await product({ kind: 'special', isInviteOnly: true, invitedUserNames: ['alice'] });
    const trial = await product({ kind: 'experience', perMemberLimit: 1 }, { price: '10', premium: '0', fee: '0' });
    const trial2 = await product({ kind: 'experience' }, { price: '10', premium: '0', fee: '0' });
    const closed = await product({ isOnSale: false });
    const open = await product();
    expect((await buy(c, limited.id, 3)).error).toBe('package.memberLimit');
    expect((await buy(c, total.id, 2)).error).toBe('package.totalLimit');
    expect((await buy(c, graded.id)).error).toBe('package.grade');
    expect((await buy(c, invited.id)).error).toBe('package.notInvited');
    expect((await buy(c, closed.id)).error).toBe('package.saleClosed');
    expect((await buy(c, 'no-such-product')).error).toBe('package.notFound');
    expect(await buy(c, open.id, 1, [{ coinName: 'ASSETS_POINT', amount: '100' }])).toMatchObject({
      error: 'package.paymentMix',
      message: 'ASSETS_POINT can pay at most 50% of this package',
    });
    expect((await buy(c, open.id, 1, [{ coinName: 'REWARD_POINT', amount: '100' }])).error).toBe('package.paymentMix');
    expect(await buy(c, open.id, 1, [{ coinName: 'USDT', amount: '90' }])).toMatchObject({
      error: 'package.paymentTotal',
      message: 'The payments must add up to 100.000000',
    });
    expect((await buy(c, open.id, 3)).error).toBe('package.insufficientBalance');
    expect(
      (await c.call('buyMatching', { productId: open.id, quantity: 1, payments: usdt100, transactionPassword: 'wrong-one', requestId: rid() })).error,
    ).toBe('user.txPasswordWrong');
    expect(await assets(c)).toMatchObject({ assetsAvailable: '300.000000', assetsFixed: '0.000000' });
    expect(await holdings(c)).toHaveLength(0);
    const tenUsdt = [{ coinName: 'USDT', amount: '10' }];
    expect((await buy(c, trial.id, 1, tenUsdt)).code).toBe(20000);
    expect((await buy(c, trial2.id, 1, tenUsdt)).error).toBe('package.experienceUsed');
    const listed = (await c.call<{ items: ProductEntry[] }>('matchingList')).data.items;
    expect(listed.find((p) => p.id === trial2.id)!.refusal).toBe('experienceUsed');
    expect(listed.find((p) => p.id === graded.id)!.refusal).toBe('grade');
  });

  it('returns the first result for a retried request id and refuses the id with another body', async () => {
    const c = await member('retrier1', 1_000n, 0n);
    const p = await product();
    const body = { productId: p.id, quantity: 1, payments: usdt100, transactionPassword: password, requestId: rid() };
    const first = await c.call<{ holdingId: string }>('buyMatching', body);
    const again = await c.call<{ holdingId: string }>('buyMatching', body);
    expect(first.code).toBe(20000);
    expect(again.data.holdingId).toBe(first.data.holdingId);
    const raced = await Promise.all([1, 2, 3].map(() => c.call<{ holdingId: string }>('buyMatching', { ...body, requestId: `${body.requestId}-race` })));
    expect(new Set(raced.map((r) => r.data.holdingId)).size).toBe(1);
    expect(await holdings(c)).toHaveLength(2);
    expect((await c.call('buyMatching', { ...body, quantity: 2, payments: [{ coinName: 'USDT', amount: '200' }] })).error).toBe('ledger.requestIdReused');
    expect((await assets(c)).assetsAvailable).toBe('794.000000');
  });

  it('never sells more than the total or the member limit under a parallel burst', async () => {
    const buyers = [await member('burst1', 2_000n, 0n), await member('burst2', 2_000n, 0n), await member('burst3', 2_000n, 0n)];
    const scarce = await product({ totalLimit: 5 });
    const results = await Promise.all(buyers.flatMap((c) => [1, 2, 3, 4].map(() => buy(c, scarce.id))));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(5);
    expect(results.filter((r) => r.code !== 20000).map((r) => r.error)).toEqual(Array(7).fill('package.totalLimit'));
    const capped = await product({ perMemberLimit: 3 });
    // Five at once: the transaction-password check lets a member have five checks under way (decision 007).
    const mine = await Promise.all([1, 2, 3, 4, 5].map(() => buy(buyers[0]!, capped.id)));
    expect(mine.filter((r) => r.code === 20000)).toHaveLength(3);
    expect(mine.filter((r) => r.code !== 20000).map((r) => r.error)).toEqual(Array(2).fill('package.memberLimit'));
    const sold = (await staff.call<ProductAdminEntry[]>('productAdminList')).data;
    expect(sold.find((p) => p.id === scarce.id)!.sold).toBe(5);
    expect(sold.find((p) => p.id === capped.id)!.sold).toBe(3);
  });

  it('upgrades a holding to a dearer product: difference, new fee and premium, same number, new terms', async () => {
    const c = await member('upgrader1', 1_000n, 0n);
    const low = await product();
    const high = await product({}, { price: '250', premium: '4', fee: '2', releasePercent: '0.7' });
    const h = (await buy(c, low.id, 2, [{ coinName: 'USDT', amount: '200' }])).data.holdingId;
    const before = (await holdings(c))[0]!;
    expect(
      (await c.call('upgradeMatching', { holdingId: h, toProductId: low.id, payments: usdt100, transactionPassword: password, requestId: rid() })).error,
    ).toBe('package.notUpgrade');
    expect(
      (
        await c.call('upgradeMatching', {
          holdingId: h,
          toProductId: high.id,
          payments: [{ coinName: 'USDT', amount: '200' }],
          transactionPassword: password,
          requestId: rid(),
        })
      ).error,
    ).toBe('package.paymentTotal');
    const up = await c.call<{ holdingId: string }>('upgradeMatching', {
      holdingId: h,
      toProductId: high.id,
      payments: [{ coinName: 'USDT', amount: '300' }],
      transactionPassword: password,
      requestId: rid(),
    });
    expect(up.code, up.message).toBe(20000);
    const after = (await holdings(c))[0]!;
    expect(after).toMatchObject({ id: h, number: before.number, productId: high.id, units: 2, principal: '500.000000', rewardCap: '750.000000' });
    expect(after.terms.releasePercent).toBe('0.7');
    // 1000 - (200 + 4 + 2) - (300 + 8 + 4)
    expect(await assets(c)).toMatchObject({ assetsAvailable: '482.000000', assetsFixed: '500.000000' });
    const events = (await c.call<{ events: HoldingEvent[] }>('insuranceDetailInfo', { holdingId: h })).data.events;
    expect(events.find((e) => e.type === 'upgrade')).toMatchObject({ amount: '-300.000000', detail: 'Test plan' });
  });

  it('adds units to a live holding at its own price and grows the cap', async () => {
    const c = await member('adder1', 1_000n, 0n);
    const p = await product();
    const h = (await buy(c, p.id)).data.holdingId;
    // A later price change leaves the holding's terms alone.
    const current = (await staff.call<ProductAdminEntry[]>('productAdminList')).data.find((x) => x.id === p.id)!;
    await staff.call('productSave', { ...baseProduct, id: p.id, version: current.version, terms: { ...baseTerms, price: '120' } });
    const added = await c.call('addWarehouse', {
      holdingId: h,
      quantity: 2,
      payments: [{ coinName: 'USDT', amount: '200' }],
      transactionPassword: password,
      requestId: rid(),
    });
    expect(added.code, added.message).toBe(20000);
    expect((await holdings(c))[0]).toMatchObject({ units: 3, principal: '300.000000', rewardCap: '450.000000' });
    expect(await assets(c)).toMatchObject({ assetsAvailable: '691.000000', assetsFixed: '300.000000' });
    expect(
      (await c.call('addWarehouse', { holdingId: 'not-mine', quantity: 1, payments: usdt100, transactionPassword: password, requestId: rid() })).error,
    ).toBe('package.holdingNotFound');
  });

  it('redeems exactly as the fee preview said, and refuses a second redeem', async () => {
    const c = await member('redeemer1', 1_000n, 500n);
    const p = await product({}, { redeemFeePercent: '3.3333' });
    const h = (
      await buy(c, p.id, 3, [
        { coinName: 'USDT', amount: '151.5' },
        { coinName: 'ASSETS_POINT', amount: '148.5' },
      ])
    ).data.holdingId;
    const preview = await c.call<{
      feePercent: string;
      principal: string;
      fee: string;
      receive: string;
      lines: Array<{ coinName: string; principal: string; fee: string; receive: string }>;
    }>('redeemFee', { holdingId: h });
    expect(preview.data).toMatchObject({ feePercent: '3.3333', principal: '300.000000' });
    // Per coin, rounded up: 151.5 x 3.3333 % = 5.04994..., 148.5 x 3.3333 % = 4.94995...
    expect(preview.data.lines).toEqual([
      { coinName: 'ASSETS_POINT', principal: '148.500000', fee: '4.949951', receive: '143.550049' },
      { coinName: 'USDT', principal: '151.500000', fee: '5.049950', receive: '146.450050' },
    ]);
    expect(await assets(c)).toMatchObject({ assetsAvailable: '839.500000', assetsFixed: '151.500000' });
    const redeemed = await c.call('redeem', { holdingId: h, transactionPassword: password, requestId: rid() });
    expect(redeemed.code, redeemed.message).toBe(20000);
    // What came back is exactly the preview's receive, per point type.
    expect(await assets(c)).toMatchObject({ assetsAvailable: '985.950050', assetsFixed: '0.000000' });
    expect(await assets(c, 'ASSETS_POINT')).toMatchObject({ assetsAvailable: '495.050049', assetsFixed: '0.000000' });
    const events = (await c.call<{ events: HoldingEvent[] }>('insuranceDetailInfo', { holdingId: h })).data.events;
    for (const line of preview.data.lines) {
      expect(events.find((e) => e.type === 'redeem' && e.coinName === line.coinName)!.amount).toBe(line.receive);
      expect(events.find((e) => e.type === 'redeemFee' && e.coinName === line.coinName)!.amount).toBe(`-${line.fee}`);
    }
    expect((await holdings(c))[0]).toMatchObject({ state: 'expired', endReason: 'redeemed' });
    expect((await c.call('redeem', { holdingId: h, transactionPassword: password, requestId: rid() })).error).toBe('package.wrongState');
    expect((await c.call('redeemFee', { holdingId: h })).error).toBe('package.wrongState');
    const records = (await c.call<{ items: RecordEntry[] }>('assetsRecordList', {})).data.items;
    expect(records.find((r) => r.type === 'redeem' && r.coinName === 'USDT')).toMatchObject({
      movement: 'move',
      fromAccount: 'fixed',
      toAccount: 'available',
      amount: '146.450050',
    });
    expect(records.find((r) => r.type === 'redeemFee' && r.coinName === 'USDT')).toMatchObject({ movement: 'out', amount: '-5.049950' });
  });

  it("refills a holding that ended by its term under the product's current terms", async () => {
    const c = await member('filler1', 1_000n, 0n);
    const p = await product();
    const h = (await buy(c, p.id, 2, [{ coinName: 'USDT', amount: '200' }])).data.holdingId;
    const fill = () =>
      c.call('fillingPositions', { holdingId: h, payments: [{ coinName: 'USDT', amount: '200' }], transactionPassword: password, requestId: rid() });
    expect((await fill()).error).toBe('package.wrongState');
    // The release job ends a holding at its term this way.
    await inTransaction(t.services.dbHandle.db, (tx) => endHolding(tx, t.services.ledger, h, 'term', Date.now()), { groupCommit: true });
    expect((await holdings(c))[0]).toMatchObject({ state: 'expired', endReason: 'term' });
    expect((await assets(c)).assetsFixed).toBe('0.000000');
    const current = (await staff.call<ProductAdminEntry[]>('productAdminList')).data.find((x) => x.id === p.id)!;
    await staff.call('productSave', { ...baseProduct, id: p.id, version: current.version, terms: { ...baseTerms, releasePercent: '0.9' } });
    const refilled = await fill();
    expect(refilled.code, refilled.message).toBe(20000);
    expect((await holdings(c))[0]).toMatchObject({ id: h, state: 'fixed', endReason: null, principal: '200.000000', units: 2 });
    expect((await holdings(c))[0]!.terms.releasePercent).toBe('0.9');
    // 1000 - 206 (buy) + 200 (back at term) - 206 (refill)
    expect(await assets(c)).toMatchObject({ assetsAvailable: '788.000000', assetsFixed: '200.000000' });
  });

  it('transfers a live holding to another member, who sees it as a new holding with the same terms', async () => {
    const s = await member('sender1', 1_000n, 0n);
    const r = await member('receiver1', 0n, 0n);
    const p = await product();
    const h = (await buy(s, p.id, 2, [{ coinName: 'USDT', amount: '200' }])).data.holdingId;
    const send = (to: string) => s.call('internalTransfer', { holdingId: h, toUserName: to, transactionPassword: password, requestId: rid() });
    expect((await send('sender1')).error).toBe('package.toSelf');
    expect((await send('ghost-member')).error).toBe('package.recipientNotFound');
    expect((await send('receiver1')).code).toBe(20000);
    const sent = (await holdings(s))[0]!;
    expect(sent).toMatchObject({ id: h, state: 'expired', endReason: 'transferred' });
    const got = (await holdings(r))[0]!;
    expect(got).toMatchObject({
      source: 'transfer',
      units: 2,
      principal: '200.000000',
      productId: p.id,
      startedAt: sent.startedAt,
      expiresAt: sent.expiresAt,
      rewardCap: sent.rewardCap,
    });
    expect(got.id).not.toBe(h);
    expect((await assets(s)).assetsFixed).toBe('0.000000');
    expect(await assets(r)).toMatchObject({ assetsFixed: '200.000000', assetsAvailable: '0.000000' });
    expect((await s.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'makeOver' })).data.items[0]).toMatchObject({
      movement: 'out',
      amount: '-200.000000',
      counterparty: 'receiver1',
    });
    expect((await r.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'makeOver' })).data.items[0]).toMatchObject({
      movement: 'in',
      amount: '200.000000',
      counterparty: 'sender1',
    });
    const events = (await r.call<{ events: HoldingEvent[] }>('insuranceDetailInfo', { holdingId: got.id })).data.events;
    expect(events).toEqual([expect.objectContaining({ type: 'transferIn', amount: '200.000000', detail: 'sender1' })]);
    expect((await send('receiver1')).error).toBe('package.wrongState');
  });

  it('sells activation codes and activates each once, for oneself or another member', async () => {
    const buyer = await member('codebuyer1', 1_000n, 0n);
    const holder = await member('codeholder1', 0n, 0n);
    const p = await product();
    const bought = await buyer.call<{ id: string; code: string; state: string; principal: string }>('activationCodeBuy', {
      productId: p.id,
      quantity: 2,
      payments: [{ coinName: 'USDT', amount: '200' }],
      transactionPassword: password,
      requestId: rid(),
    });
    expect(bought.code, bought.message).toBe(20000);
    expect(bought.data).toMatchObject({ state: 'notActivated', principal: '200.000000' });
    expect(bought.data.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    // Paid now; nothing fixed until someone activates it.
    expect(await assets(buyer)).toMatchObject({ assetsAvailable: '794.000000', assetsFixed: '0.000000' });
    expect((await holder.call('activationCodeActivate', { userName: 'codeholder1', code: 'ZZZZZZZZZZZZZZZZ', requestId: rid() })).error).toBe(
      'package.codeInvalid',
    );
    expect((await holder.call('activationCodeActivate', { userName: 'ghost-member', code: bought.data.code, requestId: rid() })).error).toBe(
      'package.codeInvalid',
    );
    const activated = await holder.call<{ holdingId: string }>('activationCodeActivate', {
      userName: 'codeholder1',
      code: bought.data.code.toLowerCase(),
      requestId: rid(),
    });
    expect(activated.code, activated.message).toBe(20000);
    expect((await holdings(holder))[0]).toMatchObject({ id: activated.data.holdingId, source: 'activation', units: 2, principal: '200.000000' });
    expect((await assets(holder)).assetsFixed).toBe('200.000000');
    expect((await buyer.call('activationCodeActivate', { userName: 'codebuyer1', code: bought.data.code, requestId: rid() })).error).toBe('package.codeUsed');
    const list = await buyer.call<{ items: Array<{ code: string; state: string; activationUserName: string | null; holdingId: string | null }> }>(
      'activationCodeList',
      {},
    );
    expect(list.data.items[0]).toMatchObject({
      code: bought.data.code,
      state: 'activated',
      activationUserName: 'codeholder1',
      holdingId: activated.data.holdingId,
    });
    expect((await buyer.call<{ items: unknown[] }>('activationCodeList', { state: 'notActivated' })).data.items).toHaveLength(0);
  });

  it('finds a fixed balance no live holding explains, in verifyPackages and in the recorded ledger check', async () => {
    await member('orphan1', 100n, 0n);
    const id = await idOf('orphan1');
    const db = t.services.dbHandle.db;
    const shift = (code: 'buyMatching' | 'redeem', from: string, to: string) =>
      t.services.ledger
        .transfer({
          requestId: null,
          code,
          coinName: 'USDT',
          amount: 5_000_000n,
          debit: { owner: id, coinName: 'USDT', purpose: from },
          credit: { owner: id, coinName: 'USDT', purpose: to },
          isPending: false,
        })
        .then(settled);
    await shift('buyMatching', 'available', 'fixed');
    const problems = await verifyPackages(db);
    expect(problems).toEqual([`member ${id} USDT: fixed balance 5000000 but live holdings lock 0`]);
    expect(await verifyAndRecord(db)).toMatchObject({ isBalanced: false, problems });
    await shift('redeem', 'fixed', 'available');
    expect(await verifyAndRecord(db)).toMatchObject({ isBalanced: true, problems: [] });
  });

  it('pages holdings, their events and the payment records', async () => {
    const c = await member('pager1', 2_000n, 0n);
    const p = await product();
    for (let i = 0; i < 3; i++) expect((await buy(c, p.id)).code).toBe(20000);
    const first = await c.call<{ items: HoldingEntry[]; nextCursor: string | null }>('buyMatchingList', { pageSize: 2 });
    expect(first.data.items).toHaveLength(2);
    const second = await c.call<{ items: HoldingEntry[]; nextCursor: string | null }>('buyMatchingList', { pageSize: 2, cursor: first.data.nextCursor });
    expect(second.data.items).toHaveLength(1);
    expect(second.data.nextCursor).toBeNull();
    expect(new Set([...first.data.items, ...second.data.items].map((h) => h.id)).size).toBe(3);
    expect((await c.call<{ items: HoldingEntry[] }>('buyMatchingList', { state: 'unlocked' })).data.items).toHaveLength(0);
    expect((await c.call<{ items: HoldingEntry[] }>('buyMatchingList', { state: 'fixed' })).data.items).toHaveLength(3);
    const pay1 = await c.call<{ items: Array<{ id: string }>; nextCursor: string | null }>('paymentRecordList', { pageSize: 4 });
    const pay2 = await c.call<{ items: Array<{ id: string }>; nextCursor: string | null }>('paymentRecordList', { pageSize: 10, cursor: pay1.data.nextCursor });
    expect(pay1.data.items.length + pay2.data.items.length).toBe(9);
    expect((await c.call('insuranceDetailInfo', { holdingId: 'someone-else' })).error).toBe('package.holdingNotFound');
  });
});
