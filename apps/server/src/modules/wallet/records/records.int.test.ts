// Proves that records tell a member what happened to their money (a cancelled hold returned, a
// rejection with its reason code, a move to fixed shown as a move) and that an exchange below the
// configured auto-approval amount is settled at once, with the books balanced afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeEntry, RecordEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { changeSetting } from '../../../../test/settings.ts';
import { verifyAndRecord, verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

describe.each(dialects)('records and auto-approval on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let finance: TestClient;
  let memberId: string;
  let member: { userName: string; password: string; transactionPassword: string };
  let seq = 0;
  const rid = () => `records-${dialect}-${String(++seq).padStart(10, '0')}`;
  const balance = async (name: string) => (await m.call<Array<Record<string, string>>>('assetsList')).data.find((a) => a.coinName === name)!;
  const exchange = (amount: string) =>
    m.call<{ id: string }>('exchangeCreate', { exchangeType: 'USDT_TO_ASSETS', amount, transactionPassword: member.transactionPassword, requestId: rid() });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = await registerMember(t, 'recorder');
    memberId = (await t.services.accounts.repository.byName('recorder'))!.id;
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
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, member.userName, member.password);
    finance = await staffClient(t, 'finance', 'Finance@12345');
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('shows a cancelled exchange as cancelled with the amount returned', async () => {
    const created = await exchange('40');
    expect((await m.call('exchangeCancel', { exchangeId: created.data.id, requestId: rid() })).code).toBe(20000);
    const records = (await m.call<{ items: RecordEntry[] }>('assetsRecordList', { status: 'cancelled' })).data.items;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      type: 'convert',
      status: 'cancelled',
      movement: 'out',
      amount: '-40.000000',
      returned: '40.000000',
      rejectReasonCode: null,
    });
    expect(records[0]!.exchange).toMatchObject({ sourceCoin: 'USDT', targetCoin: 'ASSETS_POINT' });
    // Older clients asking for "failed" still find it.
    expect((await m.call<{ items: RecordEntry[] }>('assetsRecordList', { status: 'failed' })).data.items.map((r) => r.id)).toEqual([records[0]!.id]);
  });

  it('shows a rejected exchange with the reason code and the reviewer note', async () => {
    await exchange('20');
    const queue = await finance.call<{ items: Array<{ id: string }> }>('reviewList', { queue: 'exchange', status: 'pending', memberName: 'recorder' });
    const decided = await finance.call<{ results: Array<{ outcome: string }> }>('reviewDecide', {
      ids: [queue.data.items[0]!.id],
      decision: 'reject',
      reasonCode: 'suspectedFraud',
      reason: 'call us',
    });
    expect(decided.data.results[0]!.outcome).toBe('rejected');
    const records = (await m.call<{ items: RecordEntry[] }>('assetsRecordList', { status: 'rejected' })).data.items;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'rejected', returned: '20.000000', rejectReasonCode: 'suspectedFraud', rejectReason: 'call us' });
    expect((await balance('USDT')).assetsAvailable).toBe('1000.000000');
  });

  it("shows a move to fixed as a move between the member's own balances", async () => {
    // A package without premium or fee (decision 020): only its principal moves, available to fixed.
    const terms = {
      price: '100',
      premium: '0',
      fee: '0',
      feeCoinName: 'USDT',
      contractDays: 30,
      unlockDays: 0,
      effectiveDelayHours: 0,
      releasePercent: '1',
      releasePeriodHours: 24,
      maxProfitPercent: '30',
      maxReward: '0',
      redeemFeePercent: '0',
      redeemFeeUnlockedPercent: '0',
      claimGuaranteePercent: '0',
      drawCycleDays: 0,
    };
    const plain = await t.services.catalogue.save(
      { id: 'test', name: 'test', ip: '127.0.0.1' },
      {
        kind: 'normal',
        names: { 'en-US': 'Plain' },
        descriptions: {},
        terms,
        payWith: [{ coinName: 'USDT', maxPercent: '100' }],
        perMemberLimit: 0,
        totalLimit: 0,
        isOnSale: true,
        minGrade: null,
        isInviteOnly: false,
        invitedUserNames: [],
        sortOrder: 0,
        requestId: 'records-test-product',
      },
    );
    const bought = await m.call('buyMatching', {
      productId: plain.id,
      quantity: 1,
      payments: [{ coinName: 'USDT', amount: '100' }],
      transactionPassword: member.transactionPassword,
      requestId: rid(),
    });
    expect(bought.code, bought.message).toBe(20000);
    const records = (await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'buyMatching' })).data.items;
    expect(records[0]).toMatchObject({
      movement: 'move',
      fromAccount: 'available',
      toAccount: 'fixed',
      amount: '-100.000000',
      status: 'success',
      returned: null,
    });
    expect(await balance('USDT')).toMatchObject({ assetsAvailable: '900.000000', assetsFixed: '100.000000', assetsTotal: '1000.000000' });
  });

  it('approves an exchange below the configured amount at once, and still sends one at the amount to review', async () => {
    // A control setting: live once a second staff member approves it (decision 061).
    const finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    const set = await changeSetting(finance, finance2, 'exchange.autoApproveBelow', '50', 'small exchanges need no one');
    expect(set.code, set.message).toBe(20000);
    const body = { exchangeType: 'USDT_TO_ASSETS', amount: '30', transactionPassword: member.transactionPassword, requestId: rid() };
    const small = await m.call<{ id: string; status: string }>('exchangeCreate', body);
    expect(small.code, small.message).toBe(20000);
    expect(small.data.status).toBe('approved');
    // A retry of the same request returns the same exchange and does not pay twice.
    expect((await m.call<{ id: string; status: string }>('exchangeCreate', body)).data).toEqual(small.data);
    expect(await balance('USDT')).toMatchObject({ assetsAvailable: '870.000000', assetsFrozen: '0.000000' });
    expect((await balance('ASSETS_POINT')).assetsAvailable).toBe('29.400000');
    const list = (await m.call<{ items: ExchangeEntry[] }>('exchangeList', {})).data.items;
    expect(list.find((e) => e.id === small.data.id)).toMatchObject({ status: 'approved', received: '29.400000', fee: '0.600000' });
    // The review item is recorded as approved, never waiting.
    const waiting = await finance.call<{ items: unknown[] }>('reviewList', { queue: 'exchange', status: 'pending', memberName: 'recorder' });
    expect(waiting.data.items).toHaveLength(0);
    const approved = await finance.call<{ items: Array<{ amount: string; summary: Record<string, unknown> }> }>('reviewList', {
      queue: 'exchange',
      status: 'approved',
      memberName: 'recorder',
    });
    expect(approved.data.items.find((i) => i.amount === '30.000000')?.summary).toMatchObject({ autoApproved: true });
    const atLimit = await exchange('50');
    expect(atLimit.data).toMatchObject({ status: 'pendingReview' });
    expect((await m.call<{ items: ExchangeEntry[] }>('exchangeList', {})).data.items.find((e) => e.id === atLimit.data.id)!.status).toBe('pendingReview');
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('lists a time range newest first by time, a page at a time, with cursors of its own', async () => {
    const yearAgo = Date.now() - 400 * 86_400_000;
    // Five credits of a day a year back whose times are not in their journal order.
    const offsetsMs = [3_000, 1_000, 5_000, 2_000, 4_000];
    for (const offset of offsetsMs) {
      const posted = await t.services.ledger
        .transfer({
          requestId: null,
          code: 'airdrop',
          coinName: 'USDT',
          amount: BigInt(offset),
          debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
          credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
          isPending: false,
        })
        .then(settled);
      await t.services.dbHandle.db
        .updateTable('ledger_transfers')
        .set({ created_at: yearAgo + offset })
        .where('id', '=', posted.id)
        .execute();
    }
    const range = { fromMs: yearAgo, toMs: yearAgo + 86_400_000 };
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      type Page = { items: RecordEntry[]; nextCursor: string | null };
      const page: Page = (await m.call<Page>('assetsRecordList', { ...range, pageSize: 2, ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.items.map((r) => r.createdAt - yearAgo));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual([5_000, 4_000, 3_000, 2_000, 1_000]);
    // A cursor of the journal order is not one of the range's, and the other way round.
    const bySeq = (await m.call<{ nextCursor: string | null }>('assetsRecordList', { pageSize: 1 })).data;
    expect(await m.call('assetsRecordList', { ...range, pageSize: 2, cursor: bySeq.nextCursor })).toMatchObject({ error: 'request.invalid' });
    const byTime = (await m.call<{ nextCursor: string | null }>('assetsRecordList', { ...range, pageSize: 2 })).data;
    expect(await m.call('assetsRecordList', { pageSize: 2, cursor: byTime.nextCursor })).toMatchObject({ error: 'request.invalid' });

    // One type is read in time order too (migration 042), with or without a range: the five
    // airdrops of a year back come after every newer airdrop and in their time order.
    const byType: number[] = [];
    cursor = null;
    do {
      type Page = { items: RecordEntry[]; nextCursor: string | null };
      const page: Page = (await m.call<Page>('assetsRecordList', { type: 'airdrop', pageSize: 2, ...(cursor ? { cursor } : {}) })).data;
      expect(page.items.every((r) => r.type === 'airdrop')).toBe(true);
      byType.push(...page.items.map((r) => r.createdAt));
      cursor = page.nextCursor;
    } while (cursor !== null && byType.length < 1_000);
    expect(byType).toEqual([...byType].sort((a, b) => b - a));
    expect(byType.slice(-5).map((at) => at - yearAgo)).toEqual([5_000, 4_000, 3_000, 2_000, 1_000]);
    const typeAndRange = (await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'airdrop', ...range, pageSize: 10 })).data.items;
    expect(typeAndRange.map((r) => r.createdAt - yearAgo)).toEqual([5_000, 4_000, 3_000, 2_000, 1_000]);
    // A type's cursor is of the time order: the journal order's is refused there.
    expect(await m.call('assetsRecordList', { type: 'airdrop', pageSize: 2, cursor: bySeq.nextCursor })).toMatchObject({ error: 'request.invalid' });
  });

  it('gives the back-office the ledger check as counts it can translate', async () => {
    const result = await verifyAndRecord(t.services.dbHandle.db);
    const dashboard = await finance.call<{ ledger: { isBalanced: boolean; accounts: number; transfers: number; problems: number } }>('dashboard');
    expect(dashboard.data.ledger).toMatchObject({ isBalanced: true, accounts: result.accounts, transfers: result.transfers, problems: 0 });
    expect(result.transfers).toBeGreaterThan(5);
  });
});
