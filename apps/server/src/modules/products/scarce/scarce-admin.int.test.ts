// The back-office side of scarce goods (decision 025) through the API on each database: the sales list paged and
// filtered by kind with product names in the staff member's language, a sale ended early (audited with the reason;
// a purchase after it is too late; ending it twice is refused), the share configuration read for the form and saved
// with its open state (audited), a staff role without packages.manage refused, and bad input answered without a 5xx.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductAdminEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type CallResult, type TestApp } from '../../../../test/helper.ts';
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

type AdminSale = { id: string; kind: string; productName: string; sold: number; total: number; startsAt: number; endsAt: number };
type SalePage = { serverTime: number; items: AdminSale[]; nextCursor: string | null };
type EquityConfig = {
  isOpen: boolean;
  isConfigured: boolean;
  price: string;
  coinName: string;
  totalIssued: number;
  sold: number;
  maxPerMember: number;
  bonusPerShare: string;
  bonusPeriodHours: number;
};

/** A refusal is an envelope answer with a catalogued key, never a server error. */
function expectRefused(r: CallResult<unknown>, key: string) {
  expect(r.status).toBeLessThan(500);
  expect(r.code).not.toBe(20000);
  expect(r.error, r.message).toBe(key);
}

describe.each(dialects)('scarce goods back-office on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let viewer: TestClient;
  let productId: string;
  let seq = 0;
  const rid = () => `rushadm-${dialect}-${String(++seq).padStart(12, '0')}`;
  const db = () => t.services.dbHandle.db;
  const auditOf = (targetId: string) =>
    db().selectFrom('audit_log').select(['action', 'reason', 'actor_name']).where('target_id', '=', targetId).orderBy('seq').execute();
  const open = async (over: Record<string, unknown> = {}) => {
    const now = Date.now();
    const r = await staff.call<AdminSale>('saleOpen', {
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
    return r.data;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    const saved = await staff.call<ProductAdminEntry>('productSave', {
      kind: 'normal',
      names: { 'en-US': 'Rush plan', 'zh-CN': '抢购计划', 'ja-JP': 'ラッシュプラン' },
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
    staff.lang = 'en-US';
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
  afterAll(async () => t.close());

  it('pages the sales newest first, filters by kind and names products in the staff language', async () => {
    const opened: AdminSale[] = [];
    for (const kind of ['code', 'flash', 'code', 'flash', 'code']) opened.push(await open({ kind }));
    const seen: AdminSale[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const r = await staff.call<SalePage>('saleAdminList', { pageSize: 2, ...(cursor ? { cursor } : {}) });
      expect(r.code, r.message).toBe(20000);
      expect(r.data.items.length).toBeLessThanOrEqual(2);
      expect(Math.abs(r.data.serverTime - Date.now())).toBeLessThan(5_000);
      seen.push(...r.data.items);
      if (!r.data.nextCursor) break;
      cursor = r.data.nextCursor;
    }
    // Every sale once, newest first.
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    expect(seen.slice(0, 5).map((s) => s.id)).toEqual(opened.map((s) => s.id).reverse());
    const flash = await staff.call<SalePage>('saleAdminList', { kind: 'flash', pageSize: 50 });
    expect(flash.data.items.every((s) => s.kind === 'flash')).toBe(true);
    expect(flash.data.items.map((s) => s.id)).toEqual(expect.arrayContaining([opened[1]!.id, opened[3]!.id]));
    expect(flash.data.items.map((s) => s.id)).not.toContain(opened[0]!.id);

    expect(seen[0]!.productName).toBe('Rush plan');
    staff.lang = 'zh-CN';
    const zh = await staff.call<SalePage>('saleAdminList', { pageSize: 1 });
    expect(zh.data.items[0]!.productName).toBe('抢购计划');
    staff.lang = 'ja-JP';
    expect((await staff.call<SalePage>('saleAdminList', { pageSize: 1 })).data.items[0]!.productName).toBe('ラッシュプラン');
    // No Korean name: the en-US one.
    staff.lang = 'ko-KP';
    expect((await staff.call<SalePage>('saleAdminList', { pageSize: 1 })).data.items[0]!.productName).toBe('Rush plan');
    // The opening answer is named in the staff language too.
    staff.lang = 'zh-CN';
    expect((await open()).productName).toBe('抢购计划');
  });

  it('ends a sale early: audited with the reason, a purchase after it is too late, ending it twice is refused', async () => {
    const name = `close${dialect}`;
    t.client.ip = `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    await registerMember(t, name);
    const memberId = (await t.services.accounts.repository.byName(name))!.id;
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
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, name, 'Passw0rd!x');

    const sale = await open({ kind: 'flash', price: '50' });
    const armed = await member.call<{ permit: string }>('armPurchase', { saleId: sale.id, transactionPassword: password });
    expect(armed.code, armed.message).toBe(20000);

    // Without a reason: a field error, nothing changed.
    const noReason = await staff.call('saleClose', { saleId: sale.id, reason: '  ' });
    expectRefused(noReason, 'request.invalid');
    expect(noReason.field).toBe('reason');
    const closed = await staff.call<AdminSale>('saleClose', { saleId: sale.id, reason: 'wrong price' });
    expect(closed.code, closed.message).toBe(20000);
    expect(closed.data.endsAt).toBeLessThanOrEqual(Date.now());
    expect(closed.data.endsAt).toBeGreaterThan(Date.now() - 10_000);

    const late = await member.call('flashSaleBuy', { saleId: sale.id, permit: armed.data.permit, requestId: rid() });
    expectRefused(late, 'scarce.tooLate');
    expect(Number((await db().selectFrom('scarce_sales').select('sold').where('id', '=', sale.id).executeTakeFirstOrThrow()).sold)).toBe(0);
    const again = await staff.call('saleClose', { saleId: sale.id, reason: 'twice' });
    expectRefused(again, 'scarce.alreadyEnded');
    expect(again.message).toBe('This sale has already ended');

    expect(await auditOf(sale.id)).toEqual([
      { action: 'scarce.flashSaleOpen', reason: 'test rush', actor_name: 'admin' },
      { action: 'scarce.saleClose', reason: 'wrong price', actor_name: 'admin' },
    ]);
    // The member list shows it as over.
    const list = await member.call<{ items: Array<{ id: string; refusal: string | null }> }>('saleList', { kind: 'flash' });
    expect(list.data.items.find((s) => s.id === sale.id)?.refusal).toBe('tooLate');
  });

  it('ends a sale that has not started: its window becomes empty', async () => {
    const sale = await open({ startsAt: Date.now() + 3_600_000, endsAt: Date.now() + 7_200_000 });
    const closed = await staff.call<AdminSale>('saleClose', { saleId: sale.id, reason: 'cancelled' });
    expect(closed.code, closed.message).toBe(20000);
    expect(closed.data.startsAt).toBe(closed.data.endsAt);
    expect(closed.data.endsAt).toBeLessThanOrEqual(Date.now());
    expectRefused(await staff.call('saleClose', { saleId: sale.id, reason: 'again' }), 'scarce.alreadyEnded');
  });

  it('reads and saves the share configuration with its open state; both audited', async () => {
    const empty = await viewer.call<EquityConfig>('equityConfigGet');
    expect(empty.code, empty.message).toBe(20000);
    expect(empty.data).toMatchObject({ isConfigured: false, isOpen: false, sold: 0 });
    const saved = await staff.call<EquityConfig>('equityConfigSave', {
      price: '12.5',
      coinName: 'ASSETS_POINT',
      totalIssued: 5000,
      maxPerMember: 40,
      bonusPerShare: '0.25',
      bonusPeriodHours: 12,
      isOpen: true,
      reason: 'launch shares',
    });
    expect(saved.code, saved.message).toBe(20000);
    const read = await viewer.call<EquityConfig>('equityConfigGet');
    expect(read.data).toEqual({
      isConfigured: true,
      isOpen: true,
      price: '12.500000',
      coinName: 'ASSETS_POINT',
      totalIssued: 5000,
      sold: 0,
      maxPerMember: 40,
      bonusPerShare: '0.250000',
      bonusPeriodHours: 12,
    });
    expect(saved.data).toEqual(read.data);
    expect(
      (
        await db()
          .selectFrom('audit_log')
          .select(['action', 'reason'])
          .where('action', 'in', ['equity.configSave', 'config.update'])
          .where('reason', '=', 'launch shares')
          .orderBy('at')
          .execute()
      )
        .map((r) => r.action)
        .sort(),
    ).toEqual(['config.update', 'equity.configSave']);
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'demo', 'Demo@12345');
    expect((await member.call<{ equityBuyStatus: boolean }>('packageConfig')).data.equityBuyStatus).toBe(true);
    // Saved again without the open state: it stays; closed: members no longer see shares.
    await staff.call('equityConfigSave', {
      price: '12.5',
      coinName: 'ASSETS_POINT',
      totalIssued: 5000,
      maxPerMember: 40,
      bonusPerShare: '0.25',
      bonusPeriodHours: 12,
      reason: 'same',
    });
    expect((await viewer.call<EquityConfig>('equityConfigGet')).data.isOpen).toBe(true);
    await staff.call('equityConfigSave', {
      price: '12.5',
      coinName: 'ASSETS_POINT',
      totalIssued: 5000,
      maxPerMember: 40,
      bonusPerShare: '0.25',
      bonusPeriodHours: 12,
      isOpen: false,
      reason: 'pause',
    });
    expect((await member.call<{ equityBuyStatus: boolean }>('packageConfig')).data.equityBuyStatus).toBe(false);
    // A maximum above the total is a field error.
    const over = await staff.call('equityConfigSave', {
      price: '1',
      coinName: 'USDT',
      totalIssued: 10,
      maxPerMember: 11,
      bonusPerShare: '0.1',
      bonusPeriodHours: 24,
      reason: 'x',
    });
    expectRefused(over, 'equity.maxOverIssued');
    expect(over.field).toBe('maxPerMember');
  });

  it('refuses changes to a staff role without packages.manage and writes nothing', async () => {
    const sale = await open();
    const before = (await auditOf(sale.id)).length;
    expect((await viewer.call<SalePage>('saleAdminList', {})).code).toBe(20000);
    for (const [name, body] of [
      ['saleClose', { saleId: sale.id, reason: 'not mine' }],
      [
        'saleOpen',
        {
          kind: 'code',
          productId,
          units: 1,
          price: '1',
          coinName: 'USDT',
          total: 1,
          perMemberLimit: 1,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: Date.now(),
          endsAt: Date.now() + 60_000,
          reason: 'x',
        },
      ],
      ['equityConfigSave', { price: '1', coinName: 'USDT', totalIssued: 10, maxPerMember: 1, bonusPerShare: '0.1', bonusPeriodHours: 24, reason: 'x' }],
    ] as const) {
      const r = await viewer.call(name, body);
      expect(r.status, name).toBe(403);
      expect(r.error, name).toBe('auth.forbidden');
    }
    expect((await auditOf(sale.id)).length).toBe(before);
    expect(Number((await db().selectFrom('scarce_sales').select('ends_at').where('id', '=', sale.id).executeTakeFirstOrThrow()).ends_at)).toBe(sale.endsAt);
  });

  it('lets finance edit the share terms but not open or close shares (that setting needs config.write, as on the settings page)', async () => {
    const finance = await staffClient(t, 'finance', 'Finance@12345');
    const terms = { price: '3', coinName: 'USDT', totalIssued: 900, maxPerMember: 9, bonusPerShare: '0.01', bonusPeriodHours: 24 } as const;
    const wasOpen = (await viewer.call<EquityConfig>('equityConfigGet')).data.isOpen;
    const auditBefore = await db().selectFrom('audit_log').select('id').where('action', 'in', ['equity.configSave', 'config.update']).execute();
    const flip = await finance.call('equityConfigSave', { ...terms, isOpen: !wasOpen, reason: 'finance flips' });
    expect(flip.status).toBe(403);
    expect(flip.error).toBe('auth.forbidden');
    // Nothing written: neither the terms nor the open state nor an audit row.
    const after = (await viewer.call<EquityConfig>('equityConfigGet')).data;
    expect(after.isOpen).toBe(wasOpen);
    expect(after.totalIssued).not.toBe(900);
    expect(await db().selectFrom('audit_log').select('id').where('action', 'in', ['equity.configSave', 'config.update']).execute()).toHaveLength(
      auditBefore.length,
    );
    // The same terms with the open state as it is, or left out, are saved.
    const same = await finance.call<EquityConfig>('equityConfigSave', { ...terms, isOpen: wasOpen, reason: 'finance terms' });
    expect(same.code, same.message).toBe(20000);
    expect(same.data).toMatchObject({ totalIssued: 900, isOpen: wasOpen });
    expect((await finance.call('equityConfigSave', { ...terms, maxPerMember: 8, reason: 'finance terms again' })).code).toBe(20000);
    // An admin may still change it.
    expect((await staff.call<EquityConfig>('equityConfigSave', { ...terms, isOpen: !wasOpen, reason: 'admin flips' })).data.isOpen).toBe(!wasOpen);
  });

  it('answers bad input with a 4xx or a refusal, never a 5xx', async () => {
    const cases: Array<[Parameters<TestClient['call']>[0], object, string, string?]> = [
      ['saleAdminList', { pageSize: 0 }, 'request.invalid', 'pageSize'],
      ['saleAdminList', { pageSize: 51 }, 'request.invalid', 'pageSize'],
      ['saleAdminList', { kind: 'auction' }, 'request.invalid', 'kind'],
      ['saleAdminList', { cursor: '../../etc' }, 'request.invalid', 'cursor'],
      ['saleClose', { saleId: 'no-such-sale', reason: 'x' }, 'scarce.notFound', 'saleId'],
      ['saleClose', { saleId: "' OR 1=1 --", reason: 'x' }, 'request.invalid', 'saleId'],
      ['saleClose', { saleId: 'x'.repeat(65), reason: 'x' }, 'request.invalid', 'saleId'],
      ['saleClose', { saleId: 'abc', reason: 'x'.repeat(501) }, 'request.invalid', 'reason'],
      [
        'saleOpen',
        {
          kind: 'code',
          productId,
          units: 1,
          price: '0',
          coinName: 'USDT',
          total: 1,
          perMemberLimit: 1,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: Date.now(),
          endsAt: Date.now() + 1,
        },
        'request.invalid',
        'price',
      ],
      [
        'saleOpen',
        {
          kind: 'code',
          productId,
          units: 1,
          price: '1',
          coinName: 'USDT',
          total: 1,
          perMemberLimit: 1,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: Date.now(),
          endsAt: Date.now() - 1,
        },
        'scarce.endBeforeStart',
        'endsAt',
      ],
      [
        'saleOpen',
        {
          kind: 'code',
          productId,
          units: 1,
          price: '1',
          coinName: 'USDT',
          total: 1,
          perMemberLimit: 1,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: 0,
          endsAt: 31 * 86_400_000,
        },
        'scarce.windowTooLong',
        'endsAt',
      ],
      [
        'saleOpen',
        {
          kind: 'code',
          productId,
          units: 1,
          price: '1',
          coinName: 'USDT',
          total: 2,
          perMemberLimit: 3,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: 0,
          endsAt: 1000,
        },
        'scarce.limitOverTotal',
        'perMemberLimit',
      ],
      [
        'saleOpen',
        {
          kind: 'code',
          productId: 'nope',
          units: 1,
          price: '1',
          coinName: 'USDT',
          total: 1,
          perMemberLimit: 1,
          minGrade: null,
          isFlaggedOnly: false,
          startsAt: 0,
          endsAt: 1000,
        },
        'package.notFound',
        'productId',
      ],
      [
        'equityConfigSave',
        { price: '1', coinName: 'USDT', totalIssued: 0, maxPerMember: 1, bonusPerShare: '0.1', bonusPeriodHours: 24 },
        'request.invalid',
        'totalIssued',
      ],
      [
        'equityConfigSave',
        { price: '1', coinName: 'USDT', totalIssued: 10, maxPerMember: 1, bonusPerShare: '0.1', bonusPeriodHours: 24, isOpen: 'yes' },
        'request.invalid',
        'isOpen',
      ],
    ];
    for (const [name, body, key, field] of cases) {
      const r = await staff.call(name, body);
      expectRefused(r, key);
      if (field) expect(r.field, `${name} ${JSON.stringify(body)}`).toBe(field);
      expect(r.message).not.toMatch(/^errors\.|^validation\./);
    }
  });
});
