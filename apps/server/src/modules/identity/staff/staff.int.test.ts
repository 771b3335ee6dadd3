// Proves the back-office API: two-step staff sign-in with TOTP, every staff endpoint checked for
// every role and refused to member sessions, one audit row per staff write, four-eyes approvals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, roleCan, staffRoles, type EndpointName, type StaffRole } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';

const passwords: Record<StaffRole, [string, string]> = {
  admin: ['admin', 'Admin@12345'],
  finance: ['finance', 'Finance@12345'],
  support: ['support', 'Support@12345'],
  viewer: ['viewer', 'Viewer@12345'],
};

const staffEndpointNames = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].auth === 'staff');

describe.each(dialects)('back-office on %s', (dialect) => {
  let t: TestApp;
  const clients = {} as Record<StaffRole, TestClient>;
  let finance2: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    for (const role of staffRoles) clients[role] = await staffClient(t, ...passwords[role]);
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
  });
  afterAll(async () => t.close());

  const auditCount = async () =>
    Number(
      (
        await t.services.dbHandle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const memberId = async (name: string) => (await t.services.accounts.repository.byName(name))!.id;

  it('signs in with password and TOTP; a wrong or reused code is refused', async () => {
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    const step1 = await c.call<{ challengeId: string; stage: string }>('staffLogin', { userName: 'admin', password: 'Admin@12345', loginType: 'STAFF' });
    expect(step1.data.stage).toBe('totp');
    expect((await c.call('staffTotpVerify', { challengeId: step1.data.challengeId, code: '000000' })).error).toBe('staff.codeInvalid');
    expect((await c.call('staffLogin', { userName: 'admin', password: 'wrong-password', loginType: 'STAFF' })).error).toBe('auth.invalidCredentials');
    // The admin client above already used the newest code: using it again is refused.
    const { generate, createGuardrails } = await import('otplib');
    const row = await t.services.dbHandle.db.selectFrom('staff').select('totp_last_step').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const used = await generate({ secret: 'JBSWY3DPEHPK3PXP', epoch: Number(row.totp_last_step) * 30, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    const again = await c.call<{ challengeId: string }>('staffLogin', { userName: 'admin', password: 'Admin@12345', loginType: 'STAFF' });
    expect((await c.call('staffTotpVerify', { challengeId: again.data.challengeId, code: used })).error).toBe('staff.codeInvalid');
  });

  it('enrols a new staff member with a QR code on first sign-in', async () => {
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    const created = await clients.admin.call('staffCreate', { userName: 'newhire', password: 'NewHire@12345', role: 'viewer', reason: 'joined the team' });
    expect(created.code, created.message).toBe(20000);
    const step1 = await c.call<{ stage: string; qrCode: string; otpauthUri: string }>('staffLogin', {
      userName: 'newhire',
      password: 'NewHire@12345',
      loginType: 'STAFF',
    });
    expect(step1.data.stage).toBe('totp-setup');
    expect(step1.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(step1.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const signedIn = await staffClient(t, 'newhire', 'NewHire@12345');
    expect((await signedIn.call<{ role: string }>('staffMe')).data.role).toBe('viewer');
  });

  it('checks the role on every staff endpoint, for every role', async () => {
    expect(staffEndpointNames.length).toBeGreaterThanOrEqual(18);
    for (const name of staffEndpointNames) {
      if (name === 'staffLogout') continue;
      const permission = endpoints[name].permission!;
      for (const role of staffRoles) {
        const r = await clients[role].call(name, {});
        if (roleCan(role, permission)) {
          expect(r.status, `${role} ${name}: ${r.error}`).not.toBe(403);
          expect(r.error, `${role} ${name}`).not.toBe('auth.forbidden');
        } else {
          expect(r.status, `${role} ${name}`).toBe(403);
          expect(r.error, `${role} ${name}`).toBe('auth.forbidden');
        }
      }
    }
  });

  it('refuses every staff endpoint to a member session and to no session, and member endpoints to staff', async () => {
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'demo', 'Demo@12345');
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    for (const name of staffEndpointNames) {
      for (const c of [member, anonymous]) {
        const r = await c.call(name, {});
        expect(r.status, name).toBe(401);
        expect(r.code, name).toBe(87321);
      }
    }
    expect((await clients.admin.call('userInfo')).status).toBe(401);
    expect((await clients.admin.call('assetsList')).code).toBe(87321);
  });

  it('finance may change money settings only; a change reaches the member portal', async () => {
    const denied = await clients.finance.call('configUpdate', { key: 'features.equityBuyStatus', value: true, reason: 'launch' });
    expect(denied.error).toBe('auth.forbidden');
    const bad = await clients.finance.call('configUpdate', { key: 'deposit.minimumAmount', value: '-5', reason: 'oops' });
    expect(bad).toMatchObject({ error: 'request.invalid', field: 'value', message: 'Please enter a valid amount' });
    expect((await clients.finance.call('configUpdate', { key: 'deposit.minimumAmount', value: '60', reason: 'new policy' })).code).toBe(20000);
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'alice', 'Alice@12345');
    expect((await member.call<{ equityBuyStatus: boolean }>('packageConfig')).data.equityBuyStatus).toBe(false);
    expect((await clients.admin.call('configUpdate', { key: 'features.equityBuyStatus', value: true, reason: 'launch shares' })).code).toBe(20000);
    expect((await member.call<{ equityBuyStatus: boolean }>('packageConfig')).data.equityBuyStatus).toBe(true);
    const history = await clients.viewer.call<Array<{ actorName: string; before: unknown; after: unknown; reason: string }>>('configHistory', {
      key: 'features.equityBuyStatus',
    });
    expect(history.data[0]).toMatchObject({ actorName: 'admin', before: false, after: true, reason: 'launch shares' });
  });

  it('leaves exactly one audit row for every staff write, and the log refuses changes', async () => {
    const alice = await memberId('alice');
    const writes: Array<[TestClient, EndpointName, object]> = [
      [clients.admin, 'staffCreate', { userName: 'audited', password: 'Audited@12345', role: 'support', reason: 'new' }],
      [clients.support, 'memberAction', { memberId: alice, action: 'lockMoney', reason: 'suspicious activity' }],
      [clients.support, 'memberAction', { memberId: alice, action: 'unlockMoney', reason: 'cleared' }],
      [clients.support, 'memberAction', { memberId: alice, action: 'resetTxLock', reason: 'member called' }],
      [clients.support, 'memberAction', { memberId: alice, action: 'revokeSessions', reason: 'lost phone' }],
      [clients.admin, 'memberGrade', { memberId: alice, level: 2, reason: 'store opened' }],
      [clients.finance, 'configUpdate', { key: 'transfer.feePercent', value: '1.5', reason: 'fee change' }],
      [
        clients.finance,
        'adjustmentCreate',
        { memberId: alice, coinName: 'USDT', direction: 'credit', amount: '10', reason: 'goodwill', requestId: 'audit-test-1' },
      ],
    ];
    for (const [client, name, body] of writes) {
      const before = await auditCount();
      const r = await client.call(name, body);
      expect(r.code, `${name}: ${r.message}`).toBe(20000);
      expect(await auditCount(), name).toBe(before + 1);
    }
    const created = await clients.admin.call<Array<{ id: string; userName: string }>>('staffList');
    const audited = created.data.find((s) => s.userName === 'audited')!;
    const before = await auditCount();
    expect((await clients.admin.call('staffUpdate', { staffId: audited.id, role: 'viewer', reason: 'moved' })).code).toBe(20000);
    expect(await auditCount()).toBe(before + 1);
    const log = await clients.viewer.call<{ items: Array<{ action: string; reason: string; actorName: string; before: unknown; after: unknown }> }>(
      'auditList',
      { action: 'member.grade' },
    );
    expect(log.data.items[0]).toMatchObject({ actorName: 'admin', reason: 'store opened', before: { level: 0 }, after: { level: 2 } });
    const searched = await clients.viewer.call<{ items: unknown[] }>('auditList', { text: 'suspicious' });
    expect(searched.data.items).toHaveLength(1);
    // _ and % are searched for as themselves (LIKE with an explicit ESCAPE).
    const underscore = await clients.viewer.call<{ items: Array<{ reason: string }> }>('auditList', { text: 'ASSETS_POINT', pageSize: 100 });
    expect(underscore.data.items.map((i) => i.reason)).toContain('Event reward (demo)');
    expect((await clients.viewer.call<{ items: unknown[] }>('auditList', { text: 'ASSETS%POINT' })).data.items).toHaveLength(0);
    await expect(t.services.dbHandle.db.updateTable('audit_log').set({ reason: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.services.dbHandle.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('needs a second, different finance approver above the threshold; reject voids a hold', async () => {
    const bob = await memberId('bob');
    // Made by admin, so neither finance approver is its maker (decision 007: a maker never decides).
    const big = await clients.admin.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: bob,
      coinName: 'USDT',
      direction: 'credit',
      amount: '5000',
      reason: 'big',
      requestId: 'four-eyes-1',
    });
    expect(big.code, big.message).toBe(20000);
    const id = big.data.reviewId;
    const first = await clients.finance.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', { ids: [id], decision: 'approve' });
    expect(first.data.results[0]!.outcome).toBe('awaitingSecond');
    const same = await clients.finance.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', { ids: [id], decision: 'approve' });
    expect(same.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.sameApprover' });
    const adminSecond = await clients.admin.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', { ids: [id], decision: 'approve' });
    expect(adminSecond.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.ownItem' });
    expect((await clients.admin.call('staffCreate', { userName: 'admin2', password: 'Admin2@12345', role: 'admin', reason: 'second admin' })).code).toBe(20000);
    const admin2 = await staffClient(t, 'admin2', 'Admin2@12345');
    const otherAdminSecond = await admin2.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', { ids: [id], decision: 'approve' });
    // admin2 was made by the item's maker minutes ago: not a second person for him (decision 061).
    expect(otherAdminSecond.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.approverMadeByMaker' });
    expect((await clients.support.call('reviewDecide', { ids: [id], decision: 'approve' })).status).toBe(403);
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'bob', 'Bob@123456');
    const balance = async () => (await member.call<Array<{ coinName: string; assetsAvailable: string }>>('assetsList')).data[0]!.assetsAvailable;
    const beforeApproval = await balance();
    const second = await finance2.call<{ results: Array<{ outcome: string }> }>('reviewDecide', { ids: [id], decision: 'approve' });
    expect(second.data.results[0]!.outcome).toBe('approved');
    expect(Number(await balance()) - Number(beforeApproval)).toBe(5000);
    // Deciding again, even in a bulk with others, changes nothing.
    const again = await finance2.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', {
      ids: [id, id],
      decision: 'reject',
      reason: 'late',
    });
    expect(again.data.results).toEqual([{ id, outcome: 'refused', error: 'review.notPending' }]);
    const debit = await clients.admin.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: bob,
      coinName: 'USDT',
      direction: 'debit',
      amount: '100',
      reason: 'correction',
      requestId: 'void-test-1',
    });
    const held = (await member.call<Array<{ assetsFrozen: string }>>('assetsList')).data[0]!.assetsFrozen;
    expect(held).toBe('100.000000');
    expect(
      (await clients.finance.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', { ids: [debit.data.reviewId], decision: 'reject' }))
        .data.results[0],
    ).toMatchObject({ error: 'review.reasonRequired' });
    const rejected = await clients.finance.call<{ results: Array<{ outcome: string }> }>('reviewDecide', {
      ids: [debit.data.reviewId],
      decision: 'reject',
      reasonCode: 'duplicate',
      reason: 'already corrected',
    });
    expect(rejected.data.results[0]!.outcome).toBe('rejected');
    expect((await member.call<Array<{ assetsFrozen: string }>>('assetsList')).data[0]!.assetsFrozen).toBe('0.000000');
    const detail = await clients.viewer.call<{ status: string; rejectReasonCode: string; rejectReason: string; decisions: unknown[] }>('reviewDetail', {
      id: debit.data.reviewId,
    });
    expect(detail.data).toMatchObject({ status: 'rejected', rejectReasonCode: 'duplicate', rejectReason: 'already corrected' });
    const dashboard = await clients.viewer.call<{ queues: Array<{ queue: string; waiting: number }>; ledger: { isBalanced: boolean } }>('dashboard');
    expect(dashboard.data.queues.find((q) => q.queue === 'manualAdjustment')!.waiting).toBeGreaterThan(0);
    expect(dashboard.data.ledger?.isBalanced).toBe(true);
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('an over-balance debit adjustment is refused and changes nothing; the same request id returns the first result', async () => {
    const carol = await memberId('carol');
    const over = await clients.finance.call('adjustmentCreate', {
      memberId: carol,
      coinName: 'USDT',
      direction: 'debit',
      amount: '1',
      reason: 'x',
      requestId: 'over-test-1',
    });
    expect(over.error).toBe('ledger.insufficientBalance');
    const a = await clients.finance.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: carol,
      coinName: 'USDT',
      direction: 'credit',
      amount: '7',
      reason: 'retry',
      requestId: 'retry-test-1',
    });
    const b = await clients.finance.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: carol,
      coinName: 'USDT',
      direction: 'credit',
      amount: '7',
      reason: 'retry',
      requestId: 'retry-test-1',
    });
    expect(b.data.reviewId).toBe(a.data.reviewId);
    const c = await clients.finance.call('adjustmentCreate', {
      memberId: carol,
      coinName: 'USDT',
      direction: 'credit',
      amount: '8',
      reason: 'retry',
      requestId: 'retry-test-1',
    });
    expect(c.error).toBe('ledger.requestIdReused');
    expect((await verifyLedger(t.services.dbHandle.db)).isBalanced).toBe(true);
  });

  it("shows staff a member's ledger: balances and records", async () => {
    const demo = await memberId('demo');
    const ledger = await clients.viewer.call<{ balances: Array<{ coinName: string; assetsFixed: string }>; records: { items: Array<{ type: string }> } }>(
      'memberLedger',
      { memberId: demo, pageSize: 50 },
    );
    expect(ledger.data.balances.find((b) => b.coinName === 'USDT')!.assetsFixed).toBe('1000.000000');
    expect(new Set(ledger.data.records.items.map((r) => r.type))).toEqual(
      new Set(['airdrop', 'underweight', 'convert', 'internalTransfer', 'bonusFee', 'buyMatching', 'packageFee', 'directBonus']),
    );
  });

  it('members: search, detail with referrer and invites, lock login ends sessions', async () => {
    const found = await clients.viewer.call<{ items: Array<{ userName: string; id: string }> }>('memberSearch', { query: 'ali' });
    expect(found.data.items.map((m) => m.userName)).toContain('alice');
    const byReferral = await clients.viewer.call<{ items: Array<{ userName: string }> }>('memberSearch', { query: '10000001' });
    expect(byReferral.data.items.map((m) => m.userName)).toEqual(['demo']);
    const alice = found.data.items.find((m) => m.userName === 'alice')!;
    const detail = await clients.viewer.call<{ referrer: { userName: string }; directInvites: Array<{ userName: string }> }>('memberDetail', {
      memberId: alice.id,
    });
    expect(detail.data.referrer.userName).toBe('demo');
    expect(detail.data.directInvites.map((m) => m.userName)).toEqual(['carol']);
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'carol', 'Carol@12345');
    const carol = (await clients.viewer.call<{ items: Array<{ id: string }> }>('memberSearch', { query: 'carol' })).data.items[0]!;
    expect((await clients.support.call('memberAction', { memberId: carol.id, action: 'lockLogin', reason: 'fraud check' })).code).toBe(20000);
    expect((await member.call('userInfo')).code).toBe(87321);
    expect((await new TestClient(t.app, t.serverKey.publicJwk).call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER' })).error).toBe(
      'auth.loginDisabled',
    );
    expect((await clients.support.call('memberAction', { memberId: carol.id, action: 'unlockLogin', reason: 'cleared' })).code).toBe(20000);
  });
});
