// Four eyes that no setting and no new account can walk around (decision 061): the approval rule is
// frozen on the item when it is made; the first approver never gives the second approval; the
// settings that govern controls change only when a second staff member approves; no setting makes
// money (a transfer bonus above its fee); an account an admin just made cannot approve that
// admin's items; a viewer reads a receipt's metadata but not the file.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChecksumAddress, type ConfigEntry, type ReviewItem, type WithdrawalAddressEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { approveSettingChange } from '../../../../test/settings.ts';
import { settled } from '../../wallet/ledger/index.ts';

type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };
type Updated = ConfigEntry & { pendingChange?: { reviewId: string; value: unknown } | null };

describe.each(dialects)('four eyes on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let finance: TestClient;
  let finance2: TestClient;
  let viewer: TestClient;
  let support: TestClient;
  let demoId: string;
  let seq = 0;
  const rid = () => `fe-${dialect}-${String(++seq).padStart(12, '0')}`;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    support = await staffClient(t, 'support', 'Support@12345');
    demoId = (await t.services.accounts.repository.byName('demo'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const decide = (staff: TestClient, id: string, decision: 'approve' | 'reject' = 'approve', reason = '') =>
    staff.call<Decided>('reviewDecide', { ids: [id], decision, reason }).then((r) => r.data.results[0]!);
  const statusOf = async (id: string) =>
    (await t.services.dbHandle.db.selectFrom('review_items').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const adjust = async (by: TestClient, amount: string) => {
    const made = await by.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: demoId,
      coinName: 'USDT',
      direction: 'credit',
      amount,
      reason: 'goodwill',
      requestId: rid(),
    });
    expect(made.code, made.message).toBe(20000);
    return made.data.reviewId;
  };
  const setting = async (key: string) => (await admin.call<ConfigEntry[]>('configList')).data.find((e) => e.key === key)!;
  /** A staff change of a control setting, then (when `approver` is given) its approval by another. */
  const change = async (by: TestClient, key: string, value: unknown, approver?: TestClient) => {
    const asked = await by.call<Updated>('configUpdate', { key, value, reason: 'test' });
    console.log(
      `[${dialect}] ${key} := ${JSON.stringify(value)} by one person: code ${asked.code} ${asked.error ?? ''} pending ${JSON.stringify(asked.data?.pendingChange ?? null)}`,
    );
    if (approver && asked.data?.pendingChange) await approveSettingChange(approver, asked.data.pendingChange.reviewId);
    return asked;
  };
  /** Back to the default, directly: each test starts from the registry's values. */
  const reset = (key: string) => t.services.dbHandle.db.deleteFrom('config_values').where('key', '=', key).execute();

  it('the threshold raised by the first approver does not let him give the second approval of an adjustment', async () => {
    const id = await adjust(finance2, '5000');
    expect((await decide(finance, id)).outcome).toBe('awaitingSecond');
    await change(finance, 'reviews.fourEyesAmount', '100000000', admin);
    const again = await decide(finance, id);
    console.log(`[${dialect}] adjustment 5,000 approved again by the first approver after the raise: ${JSON.stringify(again)}`);
    expect(again).toMatchObject({ outcome: 'refused', error: 'review.sameApprover' });
    expect(await statusOf(id)).toBe('awaitingSecond');
    expect((await decide(finance2, id)).error).toBe('review.ownItem');
    expect((await decide(admin, id)).error).toBe('review.secondNeedsFinance');
    // Rejecting completes the item too: the first approver may not do that either.
    expect((await decide(finance, id, 'reject', 'changed my mind')).error).toBe('review.sameApprover');
    await reset('reviews.fourEyesAmount');
  });

  it('the threshold raised by the first approver does not let him give the second approval of a withdrawal', async () => {
    const m = await registerMember(t, `fe${dialect}wd`);
    const client = new TestClient(t.app, t.serverKey.publicJwk);
    client.token = await login({ ...t, client }, m.userName, m.password);
    const memberId = (await t.services.accounts.repository.byName(m.userName))!.id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'deposit',
        coinName: 'USDT',
        amount: 5_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposit' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const address = (
      await client.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
        chain: 'BEP20',
        address: toChecksumAddress(crypto.randomBytes(20).toString('hex')),
        transactionPassword: m.transactionPassword,
      })
    ).data.id;
    await t.services.dbHandle.db
      .updateTable('member_withdrawal_addresses')
      .set({ usable_from: Date.now() - 1000 })
      .where('id', '=', address)
      .execute();
    const made = await client.call<{ id: string }>('bscWithdrawal', {
      withdrawalType: 'USDT_BEP20',
      amount: '3030',
      addressId: address,
      transactionPassword: m.transactionPassword,
      requestId: rid(),
    });
    expect(made.code, made.message).toBe(20000);
    const reviewId = (await t.services.dbHandle.db.selectFrom('withdrawals').select('review_id').where('id', '=', made.data.id).executeTakeFirstOrThrow())
      .review_id!;
    expect((await decide(finance, reviewId)).outcome).toBe('awaitingSecond');
    await change(finance, 'reviews.fourEyesAmount', '100000000', admin);
    const again = await decide(finance, reviewId);
    console.log(`[${dialect}] withdrawal 3,030 approved again by the first approver after the raise: ${JSON.stringify(again)}`);
    expect(again).toMatchObject({ outcome: 'refused', error: 'review.sameApprover' });
    expect(await statusOf(reviewId)).toBe('awaitingSecond');
    expect((await decide(finance2, reviewId)).outcome).toBe('approved');
    await reset('reviews.fourEyesAmount');
  });

  it('exchange.autoApproveBelow raised by one person has no effect until a second approves', async () => {
    const m = await registerMember(t, `fe${dialect}ex`);
    const client = new TestClient(t.app, t.serverKey.publicJwk);
    client.token = await login({ ...t, client }, m.userName, m.password);
    const memberId = (await t.services.accounts.repository.byName(m.userName))!.id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'deposit',
        coinName: 'USDT',
        amount: 1_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposit' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const exchange = () =>
      client.call<{ status: string }>('exchangeCreate', {
        exchangeType: 'USDT_TO_ASSETS',
        amount: '20',
        transactionPassword: m.transactionPassword,
        requestId: rid(),
      });
    const asked = await change(finance, 'exchange.autoApproveBelow', '1000000');
    const first = await exchange();
    console.log(`[${dialect}] exchange of 20 after one person set autoApproveBelow: ${first.data?.status}`);
    expect(first.data.status).toBe('pendingReview');
    expect(asked.data.pendingChange).toBeTruthy();
    await approveSettingChange(finance2, asked.data.pendingChange!.reviewId);
    expect((await exchange()).data.status).toBe('approved');
    await reset('exchange.autoApproveBelow');
  });

  it('refuses a transfer bonus above the transfer fee, on the request and on the apply', async () => {
    const bonus = await change(finance, 'transfer.bonusPercent', '2');
    expect(bonus).toMatchObject({ error: 'request.invalid', field: 'value', validation: 'validation.bonusAboveFee' });
    // Each alone is within the rule; approved in the wrong order the second apply is refused.
    const bonusOk = await change(finance, 'transfer.bonusPercent', '1');
    const feeDown = await change(finance, 'transfer.feePercent', '0.5');
    expect(bonusOk.code).toBe(20000);
    expect(feeDown.code).toBe(20000);
    expect((await decide(finance2, bonusOk.data.pendingChange!.reviewId)).outcome).toBe('approved');
    const late = await decide(finance2, feeDown.data.pendingChange!.reviewId);
    expect(late).toMatchObject({ outcome: 'refused', error: 'validation.bonusAboveFee' });
    expect((await setting('transfer.feePercent')).value).toBe('1');
    expect((await setting('transfer.bonusPercent')).value).toBe('1');
    await decide(finance2, feeDown.data.pendingChange!.reviewId, 'reject', 'order');
    await reset('transfer.bonusPercent');
  });

  it('the first approver is not offered the second approval and cannot give it', async () => {
    const id = await adjust(admin, '4000');
    expect((await decide(finance, id)).outcome).toBe('awaitingSecond');
    const again = await decide(finance, id);
    expect(again).toMatchObject({ outcome: 'refused', error: 'review.sameApprover' });
    expect(await statusOf(id)).toBe('awaitingSecond');
    const asSeenBy = async (c: TestClient) => (await c.call<ReviewItem>('reviewDetail', { id })).data as ReviewItem & { canApprove?: boolean };
    const [first, second] = [await asSeenBy(finance), await asSeenBy(finance2)];
    console.log(`[${dialect}] canApprove for the first approver ${first.canApprove}, for another finance member ${second.canApprove}`);
    expect(first.canApprove).toBe(false);
    expect(second.canApprove).toBe(true);
    const listed = (
      await finance.call<{ items: Array<ReviewItem & { canApprove?: boolean }> }>('reviewList', { queue: 'manualAdjustment', status: 'awaitingSecond' })
    ).data.items;
    expect(listed.find((i) => i.id === id)?.canApprove).toBe(false);
    expect((await decide(finance2, id)).outcome).toBe('approved');
  });

  it('applies a control setting only after a second staff member with the config permission approves', async () => {
    const asked = await change(finance, 'transfer.feePercent', '2');
    expect(asked.code).toBe(20000);
    expect(asked.data.value).toBe('1');
    expect(asked.data.pendingChange).toMatchObject({ value: '2' });
    const live = await setting('transfer.feePercent');
    console.log(`[${dialect}] transfer.feePercent right after one person changed it: ${JSON.stringify(live.value)}`);
    expect(live.value).toBe('1');
    expect(live).toMatchObject({ pendingChange: { value: '2' } });
    const reviewId = asked.data.pendingChange!.reviewId;
    expect((await decide(finance, reviewId)).error).toBe('review.ownItem');
    expect((await support.call('reviewDecide', { ids: [reviewId], decision: 'approve' })).status).toBe(403);
    // One change of a setting waits at a time.
    expect((await finance2.call('configUpdate', { key: 'transfer.feePercent', value: '3', reason: 'x' })).error).toBe('config.changePending');
    const item = (await viewer.call<ReviewItem>('reviewDetail', { id: reviewId })).data;
    expect(item).toMatchObject({ queue: 'settingChange', summary: { key: 'transfer.feePercent', before: '"1"', after: '"2"' } });
    expect((await decide(finance2, reviewId)).outcome).toBe('approved');
    expect((await setting('transfer.feePercent')).value).toBe('2');
    const history = (await admin.call<Array<{ actorName: string; after: unknown }>>('configHistory', { key: 'transfer.feePercent' })).data;
    expect(history[0]).toMatchObject({ actorName: 'finance2', after: '2' });
    const requested = await t.services.dbHandle.db
      .selectFrom('audit_log')
      .select(['actor_name'])
      .where('action', '=', 'config.changeRequest')
      .where('target_id', '=', 'transfer.feePercent')
      .execute();
    expect(requested.map((r) => r.actor_name)).toContain('finance');
    // A setting that governs no control still changes at once.
    expect((await finance.call<Updated>('configUpdate', { key: 'deposit.minimumAmount', value: '55', reason: 'x' })).data.value).toBe('55');
    await reset('transfer.feePercent');
  });

  it('an account an admin just made cannot approve what that admin asked for', async () => {
    const made = await admin.call<{ id: string }>('staffCreate', { userName: `fin${dialect}x`, password: 'Password!234', role: 'finance', reason: 'new hire' });
    expect(made.code, made.message).toBe(20000);
    const puppet = await staffClient(t, `fin${dialect}x`, 'Password!234');
    const id = await adjust(admin, '500');
    const result = await decide(puppet, id);
    console.log(`[${dialect}] admin's 500 adjustment approved by the finance account he made: ${JSON.stringify(result)}`);
    expect(result).toMatchObject({ outcome: 'refused', error: 'review.approverMadeByMaker' });
    expect(await statusOf(id)).toBe('pending');
    // Someone else's item it may approve; and another finance member may approve the admin's.
    expect((await decide(puppet, await adjust(finance2, '10'))).outcome).toBe('approved');
    expect((await decide(finance, id)).outcome).toBe('approved');
    // Nor the admin's setting change.
    const asked = await change(admin, 'transfer.feePercent', '1.5');
    expect((await decide(puppet, asked.data.pendingChange!.reviewId)).error).toBe('review.approverMadeByMaker');
    await decide(finance, asked.data.pendingChange!.reviewId, 'reject', 'no');
  });

  it('a viewer reads a receipt metadata but not the file', async () => {
    const m = await registerMember(t, `fe${dialect}up`);
    const client = new TestClient(t.app, t.serverKey.publicJwk);
    client.token = await login({ ...t, client }, m.userName, m.password);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await client.call<{ id: string }>('uploadCreate', { fileName: 'receipt.png', content: png.toString('base64') });
    expect(up.code, up.message).toBe(20000);
    const asViewer = await viewer.call('staffUploadFile', { id: up.data.id });
    console.log(`[${dialect}] viewer downloads a receipt: status ${asViewer.status} ${asViewer.error ?? 'file served'}`);
    expect(asViewer).toMatchObject({ status: 403, error: 'auth.forbidden' });
    expect((await finance.call('staffUploadFile', { id: up.data.id })).code).toBe(20000);
    expect((await support.call('staffUploadFile', { id: up.data.id })).code).toBe(20000);
  });
});
