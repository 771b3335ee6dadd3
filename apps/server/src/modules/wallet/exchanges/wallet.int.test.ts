// Proves the member wallet through the API: exchange (hold, cancel, staff approve and reject),
// transfer (fee, bonus, recipient rules, both histories), records filters and paging, the
// transaction-password lock, money lock and idempotent retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeEntry, RecordEntry, TransferEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

describe.each(dialects)('wallet on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let finance: TestClient;
  let member: { userName: string; password: string; transactionPassword: string };
  let seq = 0;
  const rid = () => `wallet-${dialect}-${String(++seq).padStart(10, '0')}`;
  const usdt = async (c: TestClient) => (await c.call<Array<Record<string, string>>>('assetsList')).data.find((a) => a.coinName === 'USDT')!;
  const coin = async (c: TestClient, name: string) => (await c.call<Array<Record<string, string>>>('assetsList')).data.find((a) => a.coinName === name)!;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = await registerMember(t, 'walleter');
    const id = (await t.services.accounts.repository.byName('walleter'))!.id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: id, coinName: 'USDT', purpose: 'available' },
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

  it('lists exchange types from configuration and enforces minimum and multiple with the spec messages', async () => {
    const types = await m.call<Array<{ exchangeType: string; minimum: string }>>('exchangeTypeList');
    expect(types.data.map((x) => x.exchangeType)).toContain('USDT_TO_ASSETS');
    const base = { exchangeType: 'USDT_TO_ASSETS', transactionPassword: member.transactionPassword };
    expect(await m.call('exchangeCreate', { ...base, amount: '5', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Minimum amount 10' });
    expect(await m.call('exchangeCreate', { ...base, amount: '10.5', requestId: rid() })).toMatchObject({
      field: 'amount',
      message: 'Please enter a multiple of 1',
    });
    expect(await m.call('exchangeCreate', { ...base, amount: '0', requestId: rid() })).toMatchObject({
      field: 'amount',
      message: 'Please enter an amount greater than 0',
    });
    expect(await m.call('exchangeCreate', { ...base, amount: '1.2.3', requestId: rid() })).toMatchObject({
      field: 'amount',
      message: 'Please enter a valid amount',
    });
    expect(await m.call('exchangeCreate', { ...base, amount: '5000', requestId: rid() })).toMatchObject({ field: 'amount', message: 'Insufficient balance' });
    expect(await m.call('exchangeCreate', { ...base, exchangeType: 'NOPE', amount: '10', requestId: rid() })).toMatchObject({
      field: 'exchangeType',
      message: 'Please choose an exchange type',
    });
    expect((await usdt(m)).assetsAvailable).toBe('1000.000000');
  });

  it('holds an exchange as frozen, cancels it, and refuses a second cancel', async () => {
    const created = await m.call<{ id: string }>('exchangeCreate', {
      exchangeType: 'USDT_TO_ASSETS',
      amount: '100',
      transactionPassword: member.transactionPassword,
      requestId: rid(),
    });
    expect(created.code, created.message).toBe(20000);
    expect(await usdt(m)).toMatchObject({ assetsAvailable: '900.000000', assetsFrozen: '100.000000' });
    const list = await m.call<{ items: ExchangeEntry[] }>('exchangeList', {});
    expect(list.data.items[0]).toMatchObject({
      status: 'pendingReview',
      amount: '100.000000',
      fee: '2.000000',
      received: '98.000000',
      minimum: '10',
      sourceCoin: 'USDT',
      targetCoin: 'ASSETS_POINT',
    });
    expect((await m.call('exchangeCancel', { exchangeId: created.data.id, requestId: rid() })).code).toBe(20000);
    expect(await usdt(m)).toMatchObject({ assetsAvailable: '1000.000000', assetsFrozen: '0.000000' });
    expect((await m.call<{ items: ExchangeEntry[] }>('exchangeList', {})).data.items[0]!.status).toBe('cancelled');
    // Cancelled means the review item is gone from the queue too.
    const queue = await finance.call<{ items: Array<{ subjectId?: string; status: string }> }>('reviewList', {
      queue: 'exchange',
      status: 'pending',
      memberName: 'walleter',
    });
    expect(queue.data.items).toHaveLength(0);
  });

  it('staff approve an exchange: target points net of the fee; reject restores the source', async () => {
    const a = await m.call<{ id: string }>('exchangeCreate', {
      exchangeType: 'USDT_TO_ASSETS',
      amount: '50',
      transactionPassword: member.transactionPassword,
      requestId: rid(),
    });
    const b = await m.call<{ id: string }>('exchangeCreate', {
      exchangeType: 'USDT_TO_ASSETS',
      amount: '20',
      transactionPassword: member.transactionPassword,
      requestId: rid(),
    });
    const queue = await finance.call<{ items: Array<{ id: string; amount: string }> }>('reviewList', {
      queue: 'exchange',
      status: 'pending',
      memberName: 'walleter',
    });
    expect(queue.data.items).toHaveLength(2);
    const byAmount = (amount: string) => queue.data.items.find((i) => i.amount === amount)!.id;
    expect(
      (await finance.call<{ results: Array<{ outcome: string }> }>('reviewDecide', { ids: [byAmount('50.000000')], decision: 'approve' })).data.results[0]!
        .outcome,
    ).toBe('approved');
    expect(
      (
        await finance.call<{ results: Array<{ outcome: string }> }>('reviewDecide', {
          ids: [byAmount('20.000000')],
          decision: 'reject',
          reasonCode: 'other',
          reason: 'not today',
        })
      ).data.results[0]!.outcome,
    ).toBe('rejected');
    expect(await usdt(m)).toMatchObject({ assetsAvailable: '950.000000', assetsFrozen: '0.000000' });
    expect((await coin(m, 'ASSETS_POINT')).assetsAvailable).toBe('49.000000');
    const list = (await m.call<{ items: ExchangeEntry[] }>('exchangeList', {})).data.items;
    expect(list.find((e) => e.id === a.data.id)!.status).toBe('approved');
    expect(list.find((e) => e.id === b.data.id)).toMatchObject({ status: 'rejected', rejectReasonCode: 'other', rejectReason: 'not today' });
    expect((await m.call('exchangeCancel', { exchangeId: a.data.id, requestId: rid() })).error).toBe('exchange.notPending');
  });

  it('transfers to another member with fee and bonus; both see it; self and unknown refused', async () => {
    await registerMember(t, 'receiver');
    const r = new TestClient(t.app, t.serverKey.publicJwk);
    r.token = await login({ ...t, client: r }, 'receiver', 'Passw0rd!x');
    // A bonus above the fee is refused (decision 061): the bonus equals the 1% fee here.
    await setSetting(t, 'transfer.bonusPercent', '1', 'test');
    const base = { transferType: 'internalTransfer', coinName: 'USDT', transactionPassword: member.transactionPassword };
    expect((await m.call('transferCreate', { ...base, toUserName: 'walleter', amount: '5', requestId: rid() })).error).toBe('transfer.toSelf');
    expect((await m.call('transferCreate', { ...base, toUserName: 'ghost', amount: '5', requestId: rid() })).error).toBe('transfer.recipientNotFound');
    expect((await m.call('transferCreate', { ...base, coinName: 'REWARD_POINT', toUserName: 'receiver', amount: '5', requestId: rid() })).field).toBe(
      'coinName',
    );
    const sent = await m.call<{ id: string }>('transferCreate', { ...base, toUserName: 'receiver', amount: '100', requestId: rid() });
    expect(sent.code, sent.message).toBe(20000);
    // 1% fuel fee paid by the sender; 1% bonus paid to the recipient by the platform.
    expect((await usdt(m)).assetsAvailable).toBe('849.000000');
    expect((await usdt(r)).assetsAvailable).toBe('101.000000');
    const out = await m.call<{ items: TransferEntry[] }>('transferList', { direction: 'out' });
    expect(out.data.items[0]).toMatchObject({
      direction: 'out',
      fromUserName: 'walleter',
      toUserName: 'receiver',
      amount: '100.000000',
      fee: '1.000000',
      bonus: '1.000000',
    });
    const incoming = await r.call<{ items: TransferEntry[] }>('transferList', {});
    expect(incoming.data.items[0]).toMatchObject({ direction: 'in', fromUserName: 'walleter' });
    expect((await r.call<{ items: TransferEntry[] }>('transferList', { direction: 'out' })).data.items).toHaveLength(0);
  });

  it('returns the first result for a retried request id and refuses it with another body', async () => {
    const requestId = rid();
    const body = {
      transferType: 'internalTransfer',
      coinName: 'USDT',
      toUserName: 'receiver',
      amount: '3',
      transactionPassword: member.transactionPassword,
      requestId,
    };
    const first = await m.call<{ id: string }>('transferCreate', body);
    const second = await m.call<{ id: string }>('transferCreate', body);
    expect(second.data.id).toBe(first.data.id);
    expect((await usdt(m)).assetsAvailable).toBe('845.970000');
    expect((await m.call('transferCreate', { ...body, amount: '4' })).error).toBe('ledger.requestIdReused');
  });

  it('filters and pages the records', async () => {
    const all = await m.call<{ items: RecordEntry[]; nextCursor: string | null }>('assetsRecordList', { pageSize: 3 });
    expect(all.data.items).toHaveLength(3);
    expect(all.data.nextCursor).not.toBeNull();
    const next = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { pageSize: 3, cursor: all.data.nextCursor });
    expect(next.data.items.map((i) => i.id)).not.toContain(all.data.items[0]!.id);
    const transfers = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'internalTransfer' });
    expect(transfers.data.items.every((i) => i.type === 'internalTransfer' && i.amount.startsWith('-'))).toBe(true);
    const fees = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { type: 'bonusFee' });
    expect(fees.data.items.map((i) => i.amount)).toEqual(['-0.030000', '-1.000000']);
    const failed = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { status: 'failed' });
    expect(failed.data.items.map((i) => i.type)).toEqual(['convert', 'convert']);
    const assets = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { coinName: 'ASSETS_POINT' });
    expect(assets.data.items).toHaveLength(1);
    expect(assets.data.items[0]).toMatchObject({ type: 'convert', amount: '49.000000', status: 'success' });
    const future = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { fromMs: Date.now() + 60_000 });
    expect(future.data.items).toHaveLength(0);
    expect((await m.call('assetsRecordList', { pageSize: 500 })).error).toBe('request.invalid');
    const types = await m.call<Array<{ type: string }>>('recordTypeList');
    // The spec's 21, the five of packages (decision 020), the plan's buyMatchingBonus (decision 022)
    // and the four of scarce goods (decision 025).
    expect(types.data.map((x) => x.type)).toEqual(
      expect.arrayContaining(['deposit', 'packageRelease', 'buyMatchingBonus', 'purchaseCodeBuy', 'flashSaleBuy', 'equityBuy', 'equityBonus']),
    );
    expect(types.data).toHaveLength(31);
  });

  it('locks money actions after 5 wrong transaction passwords, and when staff lock the account', async () => {
    const other = await registerMember(t, 'locky');
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, other.userName, other.password);
    const body = { transferType: 'internalTransfer', coinName: 'USDT', toUserName: 'receiver', amount: '1', transactionPassword: 'Wrong0ne!' };
    for (let left = 4; left >= 1; left--) {
      expect((await c.call('transferCreate', { ...body, requestId: rid() })).params).toEqual({ triesLeft: left });
    }
    expect((await c.call('transferCreate', { ...body, requestId: rid() })).error).toBe('user.txLocked');
    expect(
      (await c.call('exchangeCreate', { exchangeType: 'USDT_TO_ASSETS', amount: '10', transactionPassword: other.transactionPassword, requestId: rid() }))
        .error,
    ).toBe('user.txLocked');
    const support = await staffClient(t, 'support', 'Support@12345');
    const id = (await t.services.accounts.repository.byName('walleter'))!.id;
    await support.call('memberAction', { memberId: id, action: 'lockMoney', reason: 'test' });
    expect((await m.call('transferCreate', { ...body, transactionPassword: member.transactionPassword, requestId: rid() })).error).toBe('user.moneyLocked');
    await support.call('memberAction', { memberId: id, action: 'unlockMoney', reason: 'test' });
  });

  it('pages both directions of transfers as one list, newest first, each transfer once', async () => {
    // The unfiltered list merges one page of each side's index, so a page boundary can fall between
    // the two sides: walk it two at a time to prove no transfer is lost or shown twice.
    const back = await registerMember(t, 'pager');
    const p = new TestClient(t.app, t.serverKey.publicJwk);
    p.token = await login({ ...t, client: p }, 'pager', back.password);
    const toPager = { transferType: 'internalTransfer', coinName: 'USDT', transactionPassword: member.transactionPassword, toUserName: 'pager' };
    for (let i = 0; i < 4; i++) expect((await m.call('transferCreate', { ...toPager, amount: '20', requestId: rid() })).code).toBe(20000);
    const toWalleter = { transferType: 'internalTransfer', coinName: 'USDT', transactionPassword: back.transactionPassword, toUserName: 'walleter' };
    for (let i = 0; i < 3; i++) expect((await p.call('transferCreate', { ...toWalleter, amount: '1', requestId: rid() })).code).toBe(20000);
    const walked: TransferEntry[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await p.call<{ items: TransferEntry[]; nextCursor: string | null }>('transferList', { pageSize: 2, cursor: cursor ?? undefined });
      expect(page.code, page.message).toBe(20000);
      expect(page.data.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.data.items);
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(walked).toHaveLength(7);
    expect(new Set(walked.map((e) => e.id)).size).toBe(7);
    expect(walked.filter((e) => e.direction === 'in')).toHaveLength(4);
    expect(walked.filter((e) => e.direction === 'out')).toHaveLength(3);
    const times = walked.map((e) => e.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const all = await p.call<{ items: TransferEntry[] }>('transferList', { pageSize: 20 });
    expect(all.data.items.map((e) => e.id)).toEqual(walked.map((e) => e.id));
  });
});
