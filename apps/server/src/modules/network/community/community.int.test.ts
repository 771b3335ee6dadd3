// Proves the community (decision 021) end to end: figures along a chain after real purchases, the small zone, month
// boundaries in the month zone, a deep chain updated to the top, automatic grades with a cascade, the staff override
// (pinned, audited) and flags, downline-only access, and hostile input answered without a 500.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  monthKeyOf,
  noFlagRules,
  type FlagRules,
  type GradeRule,
  type OrganizationInfo,
  type OrganizationResponse,
  type ProductAdminEntry,
} from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { recordNewMember } from './figures.ts';
import { fixedGradeRules } from './grades.ts';
import { CommunityService } from './service.ts';
import { settled } from '../../wallet/ledger/index.ts';

const txPassword = 'Trans0ction!x';
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
const productBody = {
  kind: 'normal',
  names: { 'en-US': 'Community test', 'zh-CN': '社区测试' },
  descriptions: { 'en-US': 'A plan' },
  terms,
  payWith: [{ coinName: 'USDT', maxPercent: '100' }],
  perMemberLimit: 0,
  totalLimit: 0,
  isOnSale: true,
  minGrade: null,
  isInviteOnly: false,
  invitedUserNames: [] as string[],
  sortOrder: 100,
};

describe.each(dialects)('community on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let productId: string;
  let seq = 0;
  const tag = crypto.randomBytes(2).toString('hex');
  const rid = () => `cm-${dialect}-${String(++seq).padStart(12, '0')}`;
  const db = () => t.services.dbHandle.db;
  const userOf = async (name: string) => (await t.services.accounts.repository.byName(name))!;

  /** A member registered under `referrer` (a username, or the demo root), funded with USDT and signed in. */
  const member = async (name: string, referrer?: string): Promise<TestClient> => {
    t.client.ip = `10.7.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    await registerMember(t, name, referrer ? (await userOf(referrer)).referral_id : '10000001');
    const id = (await userOf(name)).id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 100_000n * 1_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: id, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, name, 'Passw0rd!x');
    return c;
  };
  const buy = async (c: TestClient, quantity: number) => {
    const r = await c.call<{ holdingId: string }>('buyMatching', {
      productId,
      quantity,
      payments: [{ coinName: 'USDT', amount: String(100 * quantity) }],
      transactionPassword: txPassword,
      requestId: rid(),
    });
    expect(r.code, r.message).toBe(20000);
  };
  const info = async (c: TestClient) => {
    const r = await c.call<OrganizationInfo>('userOrganizationInfo');
    expect(r.code, r.message).toBe(20000);
    return r.data;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
    const saved = await staff.call<ProductAdminEntry>('productSave', productBody);
    expect(saved.code, saved.message).toBe(20000);
    productId = saved.data.id;
  });
  afterEach(async () => {
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
  afterAll(async () => t.close());

  it('keeps personal, community, total, small zone, user count and months along a chain as purchases happen', async () => {
    // a ─┬─ b ── c
    //    └─ d
    const a = await member(`a${tag}`);
    const b = await member(`b${tag}`, `a${tag}`);
    const c = await member(`c${tag}`, `b${tag}`);
    const d = await member(`d${tag}`, `a${tag}`);
    await buy(a, 1);
    await buy(b, 2);
    await buy(c, 5);
    await buy(d, 3);

    const fa = await info(a);
    expect(fa).toMatchObject({
      personal: '100.000000',
      community: '1000.000000',
      total: '1100.000000',
      largestLeg: '700.000000',
      smallZone: '300.000000',
      userCount: 3,
      directCount: 2,
      isPurchased: true,
    });
    expect(fa.thisMonth).toEqual({ month: monthKeyOf(Date.now()), personal: '100.000000', community: '1000.000000', total: '1100.000000' });
    expect(fa.lastMonth.total).toBe('0.000000');
    expect(fa.referralLink).toContain(`/#/register?inviteId=${(await userOf(`a${tag}`)).referral_id}`);
    expect(await info(b)).toMatchObject({ personal: '200.000000', community: '500.000000', largestLeg: '500.000000', smallZone: '0.000000', userCount: 1 });
    expect(await info(c)).toMatchObject({ personal: '500.000000', community: '0.000000', userCount: 0, directCount: 0 });

    // The tree one level at a time: a's direct invites, then b's.
    const level1 = (await a.call<OrganizationResponse>('organization', {})).data;
    expect(level1.items.map((m) => [m.userName, m.teamSize, m.total, m.depth, m.isPurchased])).toEqual([
      [`d${tag}`, 0, '300.000000', 1, true],
      [`b${tag}`, 1, '700.000000', 1, true],
    ]);
    const level2 = (await a.call<OrganizationResponse>('organization', { memberId: level1.items[1]!.id })).data;
    expect(level2.items.map((m) => [m.userName, m.personal, m.depth])).toEqual([[`c${tag}`, '500.000000', 2]]);

    // Paging by one, and a search in the downline (a's search finds c; c's search does not find a).
    const page1 = (await a.call<OrganizationResponse>('organization', { pageSize: 1 })).data;
    expect(page1.items).toHaveLength(1);
    const page2 = (await a.call<OrganizationResponse>('organization', { pageSize: 1, cursor: page1.nextCursor })).data;
    expect(page2.items[0]!.userName).toBe(`b${tag}`);
    expect(page2.nextCursor).toBeNull();
    const found = (await a.call<OrganizationResponse>('organization', { search: `C${tag}` })).data;
    expect(found.items.map((m) => [m.userName, m.depth])).toEqual([[`c${tag}`, 2]]);
    expect((await c.call<OrganizationResponse>('organization', { search: `a${tag}` })).data.items).toEqual([]);

    // A member sees only their own downline: an ancestor's, a sibling's and an unknown subtree are refused alike.
    for (const other of [(await userOf(`a${tag}`)).id, (await userOf(`d${tag}`)).id, crypto.randomUUID()]) {
      const refused = await b.call('organization', { memberId: other });
      expect([refused.status, refused.code, refused.error]).toEqual([200, 9001, 'community.notInDownline']);
    }
    // The default grade rules: an own holding of 100 or more is retail (grade 1).
    expect([Number((await userOf(`a${tag}`)).level), Number((await userOf(`c${tag}`)).level)]).toEqual([1, 1]);
  });

  it('files purchases by calendar month in the month zone (UTC+8) and reads this month and last month', async () => {
    const ids = await chain(3);
    const svc = new CommunityService(db(), fixedGradeRules([]));
    const lastOct = Date.parse('2026-10-31T15:59:59.999Z'); // 23:59:59.999 on 31 October in Shanghai
    const firstNov = Date.parse('2026-10-31T16:00:00.000Z'); // 00:00 on 1 November in Shanghai
    await inTransaction(db(), async (tx) => {
      await svc.onPurchase(tx, ids[2]!, 7_000_000n, lastOct);
      await svc.onPurchase(tx, ids[2]!, 11_000_000n, firstNov);
    });
    const top = await svc.info(ids[0]!, 'https://x.example', Date.parse('2026-11-15T00:00:00Z'));
    expect(top.thisMonth).toEqual({ month: 202611, personal: '0.000000', community: '11.000000', total: '11.000000' });
    expect(top.lastMonth).toEqual({ month: 202610, personal: '0.000000', community: '7.000000', total: '7.000000' });
    const bottom = await svc.info(ids[2]!, 'https://x.example', Date.parse('2026-11-15T00:00:00Z'));
    expect(bottom.thisMonth.personal).toBe('11.000000');
    expect(bottom.lastMonth.personal).toBe('7.000000');
    // In December, November is last month and this month is empty.
    const dec = await svc.info(ids[0]!, 'https://x.example', Date.parse('2026-11-30T16:00:00Z'));
    expect([dec.thisMonth.month, dec.thisMonth.total, dec.lastMonth.month, dec.lastMonth.total]).toEqual([202612, '0.000000', 202611, '11.000000']);
  });

  it('updates every ancestor of a 400-deep chain and keeps the largest leg per member', async () => {
    const ids = await chain(400);
    const svc = new CommunityService(db(), fixedGradeRules([]));
    await inTransaction(db(), (tx) => svc.onPurchase(tx, ids[399]!, 5_000_000n, Date.now()));
    const rows = await db().selectFrom('member_figures').select(['member_id', 'community', 'largest_leg', 'team_size']).where('member_id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.member_id, r]));
    for (let i = 0; i < 399; i++) {
      const r = byId.get(ids[i]!)!;
      expect([BigInt(r.community), BigInt(r.largest_leg), Number(r.team_size)]).toEqual([5_000_000n, 5_000_000n, 399 - i]);
    }
    // A second, smaller leg under the top: community grows, the largest leg stays, the small zone is the new leg.
    const [side] = await chainUnder(ids[0]!, 1);
    await inTransaction(db(), (tx) => svc.onPurchase(tx, side!, 2_000_000n, Date.now()));
    const top = await svc.info(ids[0]!, 'https://x.example');
    expect([top.community, top.largestLeg, top.smallZone, top.userCount]).toEqual(['7.000000', '5.000000', '2.000000', 400]);
  });

  it('raises grades by the rules in force, cascading to a parent that then has enough directs of a grade', async () => {
    const rules: GradeRule[] = [
      { grade: 1, minOwnHolding: '0', minPerformance: '50', minSmallZone: '0', minDirectOfGrade: null },
      { grade: 2, minOwnHolding: '0', minPerformance: '50', minSmallZone: '0', minDirectOfGrade: { grade: 1, count: 2 } },
    ];
    const asked: number[] = [];
    const svc = new CommunityService(db(), async (at) => {
      asked.push(at);
      return rules;
    });
    // p ─┬─ x ── x1
    //    └─ y ── y1
    const [p, x, x1] = await chain(3);
    const [y, y1] = await chainUnder(p!, 2);
    const level = async (id: string) => Number((await db().selectFrom('users').select('level').where('id', '=', id).executeTakeFirstOrThrow()).level);
    await inTransaction(db(), (tx) => svc.onPurchase(tx, x1!, 100_000_000n, 1_000));
    expect([await level(p!), await level(x!), await level(x1!)]).toEqual([1, 1, 0]);
    await inTransaction(db(), (tx) => svc.onPurchase(tx, y1!, 100_000_000n, 2_000));
    expect([await level(p!), await level(y!)]).toEqual([2, 1]);
    expect(asked).toEqual([1_000, 2_000]);
  });

  it('grants flags by the flag rules in force (decision 026): by performance and grade, never a pinned flag, not before the version is effective', async () => {
    const gradeRules: GradeRule[] = [{ grade: 1, minOwnHolding: '0', minPerformance: '50', minSmallZone: '0', minDirectOfGrade: null }];
    const flagRules: FlagRules = {
      protected: { minGrade: 1, minOwnHolding: null, minPerformance: null, minDirectInvites: null },
      buyPurchaseCodeStatus: { minGrade: null, minOwnHolding: null, minPerformance: '150', minDirectInvites: 1 },
    };
    const granted: string[] = [];
    // The flag rules take effect at t = 5,000 (a later plan version); before it there are none.
    const svc = new CommunityService(
      db(),
      fixedGradeRules(gradeRules),
      async (at) => (at >= 5_000 ? flagRules : noFlagRules),
      async (_tx, g) => {
        granted.push(`${g.memberId}:${g.flag}`);
      },
    );
    const [p, pinned, c] = await chain(3);
    await db().updateTable('users').set({ buy_purchase_code_status: 0, buy_purchase_code_pinned: 1 }).where('id', '=', pinned!).execute();
    const flags = async (id: string) => {
      const u = await db().selectFrom('users').select(['is_protected', 'buy_purchase_code_status']).where('id', '=', id).executeTakeFirstOrThrow();
      return [Number(u.is_protected), Number(u.buy_purchase_code_status)];
    };
    await inTransaction(db(), (tx) => svc.onPurchase(tx, c!, 100_000_000n, 1_000));
    expect([await flags(p!), await flags(pinned!)]).toEqual([
      [0, 0],
      [0, 0],
    ]); // grade 1 reached, but no rules yet
    await inTransaction(db(), (tx) => svc.onPurchase(tx, c!, 100_000_000n, 6_000));
    // p: grade 1 and 200 of performance with one direct: both flags; the pinned member only protected.
    expect([await flags(p!), await flags(pinned!), await flags(c!)]).toEqual([
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(granted.sort()).toEqual([`${p}:buyPurchaseCodeStatus`, `${p}:protected`, `${pinned}:protected`].sort());
  });

  it('lets staff override a grade (pinned, audited), set the protected and purchase-code flags, and refuses roles without the permission', async () => {
    const m = await member(`s${tag}`);
    const id = (await userOf(`s${tag}`)).id;
    const set = await staff.call('memberGrade', { memberId: id, level: 3, reason: 'Promoted at the regional meeting' });
    expect(set.code, set.message).toBe(20000);
    await buy(m, 1); // the default rules would make a 100 holding retail; the pinned grade stays
    expect(Number((await userOf(`s${tag}`)).level)).toBe(3);
    const view = await staff.call<{ isGradePinned: boolean; level: number }>('memberCommunity', { memberId: id });
    expect([view.data.isGradePinned, view.data.level]).toEqual([true, 3]);

    for (const action of ['protect', 'allowPurchaseCode', 'unpinGrade']) {
      const r = await staff.call('memberAction', { memberId: id, action, reason: `test ${action}` });
      expect(r.code, r.message).toBe(20000);
    }
    const user = (await m.call<{ isProtected: boolean; buyPurchaseCodeStatus: boolean }>('userInfo')).data;
    expect([user.isProtected, user.buyPurchaseCodeStatus]).toEqual([true, true]);
    // A staff setting pins the flag (decision 026).
    const pins = (await staff.call<{ isProtectedPinned: boolean; isPurchaseCodePinned: boolean }>('memberCommunity', { memberId: id })).data;
    expect([pins.isProtectedPinned, pins.isPurchaseCodePinned]).toEqual([true, true]);
    const audit = await db().selectFrom('audit_log').select(['action', 'reason']).where('target_id', '=', id).orderBy('seq').execute();
    expect(audit.map((a) => a.action)).toEqual(['member.grade', 'member.protect', 'member.allowPurchaseCode', 'member.unpinGrade']);
    expect(audit[0]!.reason).toBe('Promoted at the regional meeting');

    const viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    const refused = await viewer.call('memberAction', { memberId: id, action: 'protect', reason: 'no' });
    expect(refused.status).toBe(403);
    const refusedGrade = await viewer.call('memberGrade', { memberId: id, level: 5, reason: 'no' });
    expect(refusedGrade.status).toBe(403);
  });

  it('hands a staff-pinned flag back to the plan rules: the rule in force now grants it again, audited; a flag not pinned is a 409', async () => {
    const m = await member(`u${tag}`);
    const id = (await userOf(`u${tag}`)).id;
    await buy(m, 1); // an own holding of 100
    const off = await staff.call('memberAction', { memberId: id, action: 'unprotect', reason: 'Staff decision' });
    expect(off.code, off.message).toBe(20000);
    // Not pinned: a clear refusal, nothing written.
    const notPinned = await staff.call('memberAction', { memberId: id, action: 'unpinPurchaseCode', reason: 'no pin' });
    expect([notPinned.status, notPinned.code, notPinned.error]).toEqual([409, 9001, 'member.flagNotPinned']);
    // A version in force now whose rule grants protection from an own holding of 100.
    const versions = await staff.call<{ items: Array<{ isInForce: boolean; document: object }> }>('planVersionList');
    const inForce = versions.data.items.find((v) => v.isInForce)!;
    const rule = { minGrade: null, minOwnHolding: '100', minPerformance: null, minDirectInvites: null };
    const created = await staff.call('planVersionCreate', {
      document: { ...inForce.document, flagRules: { protected: rule, buyPurchaseCodeStatus: null } },
      effectiveAt: Date.now(),
      note: 'flag rule test',
    });
    expect(created.code, created.message).toBe(20000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await buy(m, 1); // the rule holds, but staff pinned the flag off
    const flag = async () => Number((await userOf(`u${tag}`)).is_protected);
    expect(await flag()).toBe(0);

    const unpin = await staff.call('memberAction', { memberId: id, action: 'unpinProtected', reason: 'Let the plan decide' });
    expect(unpin.code, unpin.message).toBe(20000);
    expect(await flag()).toBe(1);
    const view = (await staff.call<{ isProtected: boolean; isProtectedPinned: boolean; isPurchaseCodePinned: boolean }>('memberCommunity', { memberId: id }))
      .data;
    expect([view.isProtected, view.isProtectedPinned, view.isPurchaseCodePinned]).toEqual([true, false, false]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason', 'before_json', 'after_json'])
      .where('target_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['member.unprotect', 'member.unpinProtected']);
    const row = audit[1]!;
    expect(row.reason).toBe('Let the plan decide');
    expect(JSON.parse(String(row.before_json))).toMatchObject({ isProtected: false, isProtectedPinned: true });
    expect(JSON.parse(String(row.after_json))).toMatchObject({ isProtected: true, isProtectedPinned: false, grantedByRule: true });
    // Unpinned already: a second unpin is refused too.
    const again = await staff.call('memberAction', { memberId: id, action: 'unpinProtected', reason: 'again' });
    expect([again.status, again.error]).toEqual([409, 'member.flagNotPinned']);
    // Hand the plan back as it was for the tests after this one.
    const back = await staff.call('planVersionCreate', { document: inForce.document, effectiveAt: Date.now(), note: 'flag rule test over' });
    expect(back.code, back.message).toBe(20000);
  });

  it('a staff grade change lets the flag rules see the new grade at once: an unpinned flag whose rule now holds is granted, in the audit', async () => {
    await member(`g${tag}`);
    const id = (await userOf(`g${tag}`)).id;
    const versions = await staff.call<{ items: Array<{ isInForce: boolean; document: object }> }>('planVersionList');
    const inForce = versions.data.items.find((v) => v.isInForce)!;
    const rule = { minGrade: 3, minOwnHolding: null, minPerformance: null, minDirectInvites: null };
    const created = await staff.call('planVersionCreate', {
      document: { ...inForce.document, flagRules: { protected: null, buyPurchaseCodeStatus: rule } },
      effectiveAt: Date.now(),
      note: 'grade rule test',
    });
    expect(created.code, created.message).toBe(20000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const flags = async () => {
      const u = await userOf(`g${tag}`);
      return [Number(u.is_protected), Number(u.buy_purchase_code_status)];
    };
    const below = await staff.call('memberGrade', { memberId: id, level: 2, reason: 'Store' });
    expect(below.code, below.message).toBe(20000);
    expect(await flags()).toEqual([0, 0]);
    const reached = await staff.call('memberGrade', { memberId: id, level: 3, reason: 'Supplier' });
    expect(reached.code, reached.message).toBe(20000);
    expect(await flags()).toEqual([0, 1]);
    const audit = await db().selectFrom('audit_log').select(['action', 'after_json']).where('target_id', '=', id).orderBy('seq').execute();
    expect(audit.map((a) => a.action)).toEqual(['member.grade', 'member.grade']);
    expect(JSON.parse(String(audit[0]!.after_json))).not.toHaveProperty('flagsGrantedByRule');
    expect(JSON.parse(String(audit[1]!.after_json))).toMatchObject({ level: 3, flagsGrantedByRule: ['buyPurchaseCodeStatus'] });
    const back = await staff.call('planVersionCreate', { document: inForce.document, effectiveAt: Date.now(), note: 'grade rule test over' });
    expect(back.code, back.message).toBe(20000);
  });

  it('answers hostile paging, search and ids with a refusal, never a 500', async () => {
    const c = await member(`h${tag}`);
    const bodies: object[] = [
      { pageSize: 0 },
      { pageSize: 51 },
      { pageSize: 1e12 },
      { pageSize: 'x' },
      { pageSize: 1.5 },
      { search: 'x'.repeat(65) },
      { search: 7 },
      { memberId: 'x'.repeat(65) },
      { memberId: ['a'] },
      { cursor: 'x'.repeat(101) },
      { cursor: "1'; drop table users; --" },
    ];
    for (const body of bodies) {
      const r = await c.call('organization', body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body)).toBe(9001);
    }
    // Odd but valid: LIKE wildcards are literal.
    for (const body of [{ search: '%' }, { search: '_' }, { search: '\\' }]) {
      const r = await c.call<OrganizationResponse>('organization', body);
      expect(r.code, JSON.stringify(body)).toBe(20000);
      expect(r.data.items).toEqual([]);
    }
    // A cursor the server did not make for this list (the old "time:id" form, a guess, the other list's) is refused, never a first page (decision 052).
    for (const body of [{ cursor: '99999999999999999999:zz' }, { cursor: 'abc' }, { search: 'a', cursor: 'zzz' }]) {
      expect(await c.call('organization', body), JSON.stringify(body)).toMatchObject({
        status: 200,
        code: 9001,
        error: 'request.invalid',
        field: 'cursor',
        validation: 'validation.cursorInvalid',
      });
    }
    // The name search pages by name with its own cursor, which the invites list refuses.
    await member(`s1.${tag}`, `h${tag}`);
    await member(`S2-${tag}`, `h${tag}`);
    const first = (await c.call<OrganizationResponse>('organization', { search: 's', pageSize: 1 })).data;
    expect(first.items.map((m) => m.userName)).toEqual([`s1.${tag}`]);
    const second = (await c.call<OrganizationResponse>('organization', { search: 's', pageSize: 1, cursor: first.nextCursor })).data;
    expect(second.items.map((m) => m.userName)).toEqual([`S2-${tag}`]);
    expect(second.nextCursor).toBeNull();
    expect(await c.call('organization', { cursor: first.nextCursor })).toMatchObject({ code: 9001, error: 'request.invalid', field: 'cursor' });
  });

  /** A chain of members written directly (with their figures rows), top first. */
  async function chain(length: number): Promise<string[]> {
    return chainUnder(null, length);
  }
  async function chainUnder(top: string | null, length: number): Promise<string[]> {
    const ids: string[] = [];
    let parent = top ? await db().selectFrom('users').select(['id', 'tree_path']).where('id', '=', top).executeTakeFirstOrThrow() : null;
    for (let i = 0; i < length; i++) {
      const id = crypto.randomUUID();
      const name = `k${id.slice(0, 8)}`;
      const path = parent ? `${parent.tree_path}${parent.id}/` : '/';
      await inTransaction(db(), async (tx) => {
        await tx
          .insertInto('users')
          .values({
            id,
            user_name: name,
            user_name_key: name,
            password_hash: 'x',
            tx_password_hash: 'x',
            country_code: 'ID',
            email: `${name}@example.com`,
            referral_id: `R${id}`,
            user_number: `U${id}`,
            referrer_id: parent?.id ?? null,
            tree_path: path,
            level: 0,
            buy_purchase_code_status: 0,
            is_protected: 0,
            auto_top_up: 0,
            agree_status: 1,
            is_login_locked: 0,
            is_money_locked: 0,
            created_at: BigInt(Date.now()),
          })
          .execute();
        await recordNewMember(tx, id, parent?.id ?? null, Date.now());
      });
      ids.push(id);
      parent = { id, tree_path: path };
    }
    return ids;
  }
});
