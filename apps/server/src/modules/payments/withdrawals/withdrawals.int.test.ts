// Proves withdrawals through the API on both databases: the enabled types, the amount rules and
// the other messages a member meets, the transaction password before anything is written, the
// destination (the member's own, past its cooling-off, on the type's chain) copied into the
// order, idempotent retries, a concurrent burst that cannot overdraw, the waiting limit, review
// (approve, reject, four-eyes), staff payouts by bank and rejection with their state rules, the
// records of the holds, and the books: verifyLedger clean after every test, and member balances
// equal to deposits minus paid withdrawals.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  toChecksumAddress,
  tronAddressFromHex,
  type PayoutEntry,
  type RecordEntry,
  type WithdrawalAddressEntry,
  type WithdrawalOrder,
  type WithdrawalTypeEntry,
  type BankAccountEntry,
} from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { orderOf } from './service.ts';
import { settled } from '../../wallet/ledger/index.ts';

type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };
type Orders = { items: WithdrawalOrder[]; nextCursor: string | null };
type Info = { coinName: string; available: string; frozen: string; pendingTotal: string; pendingCount: number; pendingMax: number };
const randomHex = () => crypto.randomBytes(20).toString('hex');

describe.each(dialects)('withdrawals on %s', (dialect) => {
  let t: TestApp;
  let finance: TestClient;
  let finance2: TestClient;
  let support: TestClient;
  let seq = 0;
  const rid = () => `wd-${dialect}-${String(++seq).padStart(12, '0')}`;

  interface Member {
    id: string;
    client: TestClient;
    txPassword: string;
    bep20: string;
    trc20: string;
    bank: string;
  }

  /** A member with a BEP20 and a TRC20 address and a bank account, all past cooling-off, and `deposit` USDT credited. */
  const member = async (userName: string, deposit: bigint): Promise<Member> => {
    const m = await registerMember(t, userName);
    const client = new TestClient(t.app, t.serverKey.publicJwk);
    client.token = await login({ ...t, client }, m.userName, m.password);
    const id = (await t.services.accounts.repository.byName(userName))!.id;
    if (deposit > 0n) await credit(id, deposit);
    const bep20 = (
      await client.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
        chain: 'BEP20',
        address: toChecksumAddress(randomHex()),
        transactionPassword: m.transactionPassword,
      })
    ).data.id;
    const trc20 = (
      await client.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
        chain: 'TRC20',
        address: tronAddressFromHex(randomHex()),
        transactionPassword: m.transactionPassword,
      })
    ).data.id;
    const bank = (
      await client.call<BankAccountEntry>('addBankAccount', {
        bankName: 'Bank Central Asia',
        accountName: 'Budi Santoso',
        accountNumber: `62${crypto.randomInt(10 ** 9, 10 ** 10)}`,
        transactionPassword: m.transactionPassword,
      })
    ).data.id;
    for (const destination of [bep20, trc20]) await makeUsable('member_withdrawal_addresses', destination);
    await makeUsable('member_bank_accounts', bank);
    return { id, client, txPassword: m.transactionPassword, bep20, trc20, bank };
  };
  /** A credited deposit, the way the chain watcher credits one (posted at once). */
  const credit = (memberId: string, amount: bigint) =>
    t.services.ledger
      .transfer({
        requestId: null,
        code: 'deposit',
        coinName: 'USDT',
        amount,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'chainDeposit' },
        credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
  /** Time travel for the cooling-off: the destination became usable a second ago. */
  const makeUsable = (table: 'member_withdrawal_addresses' | 'member_bank_accounts', id: string) =>
    t.services.dbHandle.db
      .updateTable(table)
      .set({ usable_from: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
  const info = async (m: Member) => (await m.client.call<Info>('withdrawalInfo')).data;
  const chain = (m: Member, amount: string, extra: Record<string, string> = {}) =>
    m.client.call<{ id: string; number: string; status: string }>('bscWithdrawal', {
      withdrawalType: 'USDT_BEP20',
      amount,
      addressId: m.bep20,
      transactionPassword: m.txPassword,
      requestId: rid(),
      ...extra,
    });
  const bank = (m: Member, amount: string, extra: Record<string, string> = {}) =>
    m.client.call<{ id: string; number: string; status: string }>('withdrawal', {
      withdrawalType: 'BANK_CNY',
      amount,
      bankAccountId: m.bank,
      transactionPassword: m.txPassword,
      requestId: rid(),
      ...extra,
    });
  const order = async (m: Member, id: string) => (await m.client.call<Orders>('withdrawalOrderList', { pageSize: 50 })).data.items.find((o) => o.id === id)!;
  const reviewOf = async (orderId: string) =>
    (await t.services.dbHandle.db.selectFrom('withdrawals').select('review_id').where('id', '=', orderId).executeTakeFirstOrThrow()).review_id;
  const decide = async (staff: TestClient, orderId: string, decision: 'approve' | 'reject', reason = '') =>
    (
      await staff.call<Decided>('reviewDecide', {
        ids: [await reviewOf(orderId)],
        decision,
        ...(decision === 'reject' ? { reasonCode: 'suspectedFraud', reason } : {}),
      })
    ).data.results[0]!;
  const records = async (m: Member, filter: object = {}) =>
    (await m.client.call<{ items: RecordEntry[] }>('assetsRecordList', { pageSize: 50, ...filter })).data.items;
  const transfersOf = async (orderId: string) => {
    const row = await t.services.dbHandle.db
      .selectFrom('withdrawals')
      .select(['hold_transfer_id', 'fee_transfer_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const ids = [row.hold_transfer_id, ...(row.fee_transfer_id ? [row.fee_transfer_id] : [])];
    return t.services.dbHandle.db
      .selectFrom('ledger_transfers')
      .select(['id', 'code', 'amount', 'state', 'request_id'])
      .where('id', 'in', ids)
      .orderBy('code')
      .execute();
  };
  /** Rejects whatever the member still has waiting, so the waiting limit does not reach into the next test. */
  const clear = async (m: Member) => {
    const waiting = await t.services.dbHandle.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('member_id', '=', m.id)
      .where('status', 'in', ['pendingReview', 'pendingDisbursement'])
      .execute();
    for (const w of waiting) {
      if (w.status === 'pendingReview') expect((await decide(finance, w.id, 'reject', 'cleanup')).outcome).toBe('rejected');
      else expect((await finance.call('payoutReject', { id: w.id, reasonCode: 'other', reason: 'cleanup' })).code).toBe(20000);
    }
  };

  let a: Member;
  let b: Member;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    support = await staffClient(t, 'support', 'Support@12345');
    a = await member('drawer', 5_000_000_000n);
    b = await member('stranger', 1_000_000_000n);
  });
  afterEach(async () => {
    // Every test moves money or tries to: the books must balance after each.
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the enabled types from the setting; a disabled one is gone and refused', async () => {
    const types = (await a.client.call<{ types: WithdrawalTypeEntry[] }>('withdrawalConfigList')).data.types;
    expect(types.map((x) => x.withdrawalType)).toEqual(['USDT_BEP20', 'USDT_TRC20', 'BANK_CNY']);
    expect(types[2]).toEqual({
      withdrawalType: 'BANK_CNY',
      channel: 'bank',
      chain: null,
      coinName: 'USDT',
      feeFixed: '0',
      feePercent: '1',
      minimum: '50',
      maximum: '20000',
      multipleOf: '10',
      currency: 'CNY',
      rate: '7.1',
    });
    const all = await t.services.settings.get('withdrawal.types');
    await setSetting(
      t,
      'withdrawal.types',
      all.map((x) => (x.withdrawalType === 'USDT_TRC20' ? { ...x, enabled: false } : x)),
      'test',
    );
    try {
      expect((await a.client.call<{ types: WithdrawalTypeEntry[] }>('withdrawalConfigList')).data.types.map((x) => x.withdrawalType)).toEqual([
        'USDT_BEP20',
        'BANK_CNY',
      ]);
      expect(await chain(a, '20', { withdrawalType: 'USDT_TRC20', addressId: a.trc20 })).toMatchObject({
        error: 'withdrawal.typeUnknown',
        field: 'withdrawalType',
        message: 'This withdrawal type is not available; choose another',
      });
    } finally {
      await setSetting(t, 'withdrawal.types', all, 'test');
    }
  });

  it('answers the amount rules and the other refusals with the messages a member reads, and changes nothing', async () => {
    expect(await chain(a, '9.99')).toMatchObject({ field: 'amount', message: 'Minimum amount 10' });
    expect(await chain(a, '50000.000001')).toMatchObject({ field: 'amount', message: 'Maximum amount 50000' });
    expect(await bank(a, '55')).toMatchObject({ field: 'amount', message: 'Please enter a multiple of 10' });
    expect(await chain(a, '')).toMatchObject({ field: 'amount', message: 'Please enter an amount' });
    expect(await chain(a, '0')).toMatchObject({ field: 'amount', message: 'Please enter an amount greater than 0' });
    expect(await chain(a, '20', { withdrawalType: 'BANK_CNY' })).toMatchObject({ field: 'withdrawalType', message: 'Please choose a withdrawal type' });
    expect(await bank(a, '100', { withdrawalType: 'USDT_BEP20' })).toMatchObject({ field: 'withdrawalType', message: 'Please choose a withdrawal type' });
    expect(await chain(a, '20', { withdrawalType: 'NOPE' })).toMatchObject({ error: 'withdrawal.typeUnknown' });
    expect(await chain(a, '20', { addressId: '' })).toMatchObject({ field: 'addressId', message: 'Please choose an address' });
    expect(await bank(a, '100', { bankAccountId: '' })).toMatchObject({ field: 'bankAccountId', message: 'Please choose a bank account' });
    // The balance covers the amount but not amount + fee (the BEP20 fee is 1).
    expect(await chain(a, '5000')).toMatchObject({ field: 'amount', message: 'Insufficient balance' });
    a.client.lang = 'zh-CN';
    expect(await chain(a, '5000')).toMatchObject({ field: 'amount', message: '余额不足' });
    a.client.lang = 'en-US';
    expect(await info(a)).toEqual({ coinName: 'USDT', available: '5000.000000', frozen: '0.000000', pendingTotal: '0.000000', pendingCount: 0, pendingMax: 3 });
    expect(await t.services.dbHandle.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
  });

  it('checks the transaction password before writing anything', async () => {
    const before = await t.services.dbHandle.db.selectFrom('ledger_transfers').select('id').execute();
    expect(await chain(a, '20', { transactionPassword: 'Wrong-pass1' })).toMatchObject({ error: 'user.txPasswordWrong', params: { triesLeft: 4 } });
    expect(await bank(a, '100', { transactionPassword: 'Wrong-pass1' })).toMatchObject({ error: 'user.txPasswordWrong', params: { triesLeft: 3 } });
    expect(await t.services.dbHandle.db.selectFrom('ledger_transfers').select('id').execute()).toHaveLength(before.length);
    expect(await t.services.dbHandle.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
    expect(await t.services.dbHandle.db.selectFrom('review_items').select('id').where('queue', '=', 'withdrawal').execute()).toHaveLength(0);
    await t.services.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'tx:%').execute();
  });

  it('refuses an address in its cooling-off, then takes it and copies it into the order', async () => {
    const fresh = (
      await a.client.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
        chain: 'BEP20',
        address: toChecksumAddress(randomHex()),
        transactionPassword: a.txPassword,
      })
    ).data;
    expect(await chain(a, '20', { addressId: fresh.id })).toMatchObject({ error: 'address.coolingOff', params: { usableFrom: fresh.usableFrom } });
    const freshBank = (
      await a.client.call<BankAccountEntry>('addBankAccount', {
        bankName: 'Bank Mandiri',
        accountName: 'Siti',
        accountNumber: '1234567890',
        transactionPassword: a.txPassword,
      })
    ).data;
    expect(await bank(a, '100', { bankAccountId: freshBank.id })).toMatchObject({ error: 'bankAccount.coolingOff' });
    expect(await info(a)).toMatchObject({ available: '5000.000000', frozen: '0.000000' });

    await makeUsable('member_withdrawal_addresses', fresh.id);
    const made = await chain(a, '20', { addressId: fresh.id });
    expect(made.code, made.message).toBe(20000);
    expect(made.data).toMatchObject({ status: 'pendingReview' });
    expect(made.data.number).toMatch(/^WD\d{17}$/);
    // Amount 20 and the fee 1 held: frozen, not gone.
    expect(await info(a)).toEqual({
      coinName: 'USDT',
      available: '4979.000000',
      frozen: '21.000000',
      pendingTotal: '21.000000',
      pendingCount: 1,
      pendingMax: 3,
    });
    const o = await order(a, made.data.id);
    expect(o).toMatchObject({
      number: made.data.number,
      withdrawalType: 'USDT_BEP20',
      channel: 'chain',
      chain: 'BEP20',
      coinName: 'USDT',
      amount: '20.000000',
      fee: '1.000000',
      destination: fresh.address,
      bankName: null,
      status: 'pendingReview',
      txHash: null,
      explorerUrl: null,
      rejectReasonCode: null,
      decidedAt: null,
      paidAt: null,
    });
    expect((await transfersOf(made.data.id)).map((x) => [x.code, BigInt(x.amount), x.state])).toEqual([
      ['withdraw', 20_000_000n, 'pending'],
      ['withdrawFee', 1_000_000n, 'pending'],
    ]);
    // The order keeps the address even when the member deletes it afterwards.
    expect((await a.client.call('delWithdrawalAddress', { id: fresh.id })).code).toBe(20000);
    expect((await order(a, made.data.id)).destination).toBe(fresh.address);
    // The review item: amount + fee, the destination, no staff maker.
    const item = await t.services.reviews.row(await reviewOf(made.data.id));
    expect(item).toMatchObject({ queue: 'withdrawal', status: 'pending', member_id: a.id, created_by_staff_id: null, subject_id: made.data.id });
    expect(BigInt(item!.amount)).toBe(21_000_000n);
    expect(JSON.parse(item!.summary_json)).toEqual({
      withdrawalType: 'USDT_BEP20',
      channel: 'chain',
      chain: 'BEP20',
      amount: '20.000000',
      fee: '1.000000',
      destination: fresh.address,
      bankName: null,
      accountName: null,
      currency: null,
      localAmount: null,
    });
    await clear(a);
  });

  it("refuses another member's address or bank account, and an address of another chain", async () => {
    expect(await chain(a, '20', { addressId: b.bep20 })).toMatchObject({ error: 'address.notFound' });
    expect(await bank(a, '100', { bankAccountId: b.bank })).toMatchObject({ error: 'bankAccount.notFound' });
    expect(await chain(a, '20', { addressId: a.trc20 })).toMatchObject({ field: 'addressId', message: 'The address must be BEP20 or TRC20 as selected' });
    expect(await chain(a, '20', { withdrawalType: 'USDT_TRC20', addressId: a.bep20 })).toMatchObject({
      field: 'addressId',
      validation: 'validation.addressWrongChain',
    });
    expect(await info(a)).toMatchObject({ frozen: '0.000000', pendingCount: 0 });
  });

  it('returns the first order for a retried request id and refuses the id with another body', async () => {
    const requestId = rid();
    const body = { withdrawalType: 'USDT_TRC20', amount: '30', addressId: a.trc20, transactionPassword: a.txPassword, requestId };
    const first = await a.client.call<{ id: string; number: string }>('bscWithdrawal', body);
    expect(first.code, first.message).toBe(20000);
    const again = await a.client.call<{ id: string; number: string }>('bscWithdrawal', body);
    expect(again.data).toEqual(first.data);
    // Racing retries of the same request make one order too.
    const raced = await Promise.all([1, 2, 3].map(() => a.client.call<{ id: string }>('bscWithdrawal', body)));
    expect(raced.map((r) => r.data?.id)).toEqual([first.data.id, first.data.id, first.data.id]);
    expect(await info(a)).toMatchObject({ available: '4968.000000', frozen: '32.000000', pendingCount: 1 });
    expect(await a.client.call('bscWithdrawal', { ...body, amount: '31' })).toMatchObject({ error: 'ledger.requestIdReused' });
    // Same amount, another destination: still another request.
    const otherTrc = (
      await a.client.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
        chain: 'TRC20',
        address: tronAddressFromHex(randomHex()),
        transactionPassword: a.txPassword,
      })
    ).data.id;
    await makeUsable('member_withdrawal_addresses', otherTrc);
    expect(await a.client.call('bscWithdrawal', { ...body, addressId: otherTrc })).toMatchObject({ error: 'ledger.requestIdReused' });
    // Keyed by the request log under the endpoint's name; the holds carry no journal key.
    expect((await transfersOf(first.data.id)).map((x) => x.request_id)).toEqual([null, null]);
    const logged = await t.services.dbHandle.db.selectFrom('request_log').selectAll().where('request_id', '=', requestId).execute();
    expect(logged.map((r) => [r.scope, r.actor, JSON.parse(r.result_json!)])).toEqual([['bscWithdrawal', a.id, { ...first.data, status: 'pendingReview' }]]);
    await clear(a);
  });

  // races: withdrawal, bscWithdrawal
  it.each(['withdrawal', 'bscWithdrawal'] as const)(
    '%s: 8 parallel identical sends make one order with one pair of holds, each answered alike and none a 500',
    async (endpoint) => {
      const db = t.services.dbHandle.db;
      const c = await member(endpoint === 'withdrawal' ? 'racerbank' : 'racerchain', 1_000_000_000n);
      // All eight reach the password check together (it lets txPasswordFailuresMax run at once).
      await setSetting(t, 'security.txPasswordFailuresMax', 20, 'test');
      try {
        const requestId = rid();
        const body =
          endpoint === 'withdrawal'
            ? { withdrawalType: 'BANK_CNY', amount: '100', bankAccountId: c.bank, transactionPassword: c.txPassword, requestId }
            : { withdrawalType: 'USDT_BEP20', amount: '100', addressId: c.bep20, transactionPassword: c.txPassword, requestId };
        const answers = await Promise.all(Array.from({ length: 8 }, () => c.client.call<{ id: string; number: string; status: string }>(endpoint, body)));
        for (const answer of answers) {
          expect(answer.status, answer.message).toBe(200);
          expect(answer.code, answer.message).toBe(20000);
          expect(answer.data).toEqual(answers[0]!.data);
        }
        const orders = await db.selectFrom('withdrawals').select('id').where('member_id', '=', c.id).execute();
        expect(orders.map((o) => o.id)).toEqual([answers[0]!.data.id]);
        // One hold of the amount and one of the fee (1 on BEP20, 1% of 100 by bank).
        expect((await transfersOf(answers[0]!.data.id)).map((x) => [x.code, BigInt(x.amount), x.state])).toEqual([
          ['withdraw', 100_000_000n, 'pending'],
          ['withdrawFee', 1_000_000n, 'pending'],
        ]);
        expect(await info(c)).toMatchObject({ available: '899.000000', frozen: '101.000000', pendingCount: 1 });
        expect(await db.selectFrom('review_items').select('id').where('subject_id', '=', answers[0]!.data.id).execute()).toHaveLength(1);
        // A retry with the amount written "100.00" is the same request.
        expect((await c.client.call(endpoint, { ...body, amount: '100.00' })).data).toEqual(answers[0]!.data);
        // The same key with another amount is refused and holds nothing more.
        expect(await c.client.call(endpoint, { ...body, amount: '110' })).toMatchObject({ status: 200, error: 'ledger.requestIdReused' });
        expect(await db.selectFrom('withdrawals').select('id').where('member_id', '=', c.id).execute()).toHaveLength(1);
        expect(await info(c)).toMatchObject({ frozen: '101.000000', pendingCount: 1 });
      } finally {
        await setSetting(t, 'security.txPasswordFailuresMax', 5, 'test');
      }
      await clear(c);
    },
  );

  it('never overdraws under a concurrent burst', async () => {
    const c = await member('burster', 100_000_000n);
    await setSetting(t, 'withdrawal.pendingMax', 20, 'test');
    // The password check lets at most txPasswordFailuresMax checks run at once (a burst beyond
    // waits a moment); raised here so all ten reach the ledger together.
    await setSetting(t, 'security.txPasswordFailuresMax', 20, 'test');
    try {
      // Ten requests of 20 + 1 fee against 100: four fit, the rest are refused.
      const results = await Promise.all(Array.from({ length: 10 }, () => chain(c, '20')));
      const ok = results.filter((r) => r.code === 20000);
      expect(ok).toHaveLength(4);
      for (const r of results.filter((x) => x.code !== 20000)) expect(r).toMatchObject({ field: 'amount', validation: 'validation.insufficientBalance' });
      expect(await info(c)).toEqual({
        coinName: 'USDT',
        available: '16.000000',
        frozen: '84.000000',
        pendingTotal: '84.000000',
        pendingCount: 4,
        pendingMax: 20,
      });
      expect(await t.services.dbHandle.db.selectFrom('withdrawals').select('id').where('member_id', '=', c.id).execute()).toHaveLength(4);
    } finally {
      await setSetting(t, 'withdrawal.pendingMax', 3, 'test');
      await setSetting(t, 'security.txPasswordFailuresMax', 5, 'test');
    }
    await clear(c);
    expect(await info(c)).toMatchObject({ available: '100.000000', frozen: '0.000000' });
  });

  it('allows withdrawal.pendingMax waiting orders, counting approved ones too', async () => {
    const first = await chain(a, '10');
    await chain(a, '10');
    expect((await decide(finance, first.data.id, 'approve')).outcome).toBe('approved');
    expect((await bank(a, '50')).code).toBe(20000);
    expect(await chain(a, '10')).toMatchObject({
      error: 'withdrawal.tooManyPending',
      params: { max: 3 },
      message: 'You already have 3 withdrawals waiting; wait until one is done',
    });
    // The page reads both figures to say the limit is reached before the form is filled.
    expect(await info(a)).toMatchObject({ pendingCount: 3, pendingMax: 3, pendingTotal: '72.500000' });
    await clear(a);
    expect((await chain(a, '10')).code).toBe(20000);
    await clear(a);
  });

  it('approval moves the order to pending disbursement with the holds kept; the lists filter and page', async () => {
    const made = await chain(a, '40');
    const other = await bank(a, '100');
    expect((await decide(finance, made.data.id, 'approve')).outcome).toBe('approved');
    const o = await order(a, made.data.id);
    expect(o.status).toBe('pendingDisbursement');
    expect(o.decidedAt).toBeGreaterThan(0);
    expect((await transfersOf(made.data.id)).map((x) => x.state)).toEqual(['pending', 'pending']);
    // 40 + 1 and 100 + 1% fee.
    expect(await info(a)).toMatchObject({ frozen: '142.000000', pendingCount: 2 });
    // The records follow the order: the approved one's holds are pending disbursement, the other's pending review.
    const number = (await order(a, made.data.id)).number;
    const otherNumber = (await order(a, other.data.id)).number;
    expect((await records(a)).filter((r) => r.memo === number).map((r) => [r.type, r.status])).toEqual([
      ['withdrawFee', 'pendingDisbursement'],
      ['withdraw', 'pendingDisbursement'],
    ]);
    expect((await records(a, { status: 'pendingDisbursement' })).map((r) => r.memo)).toEqual([number, number]);
    expect((await records(a, { status: 'pendingReview' })).map((r) => r.memo)).toEqual([otherNumber, otherNumber]);
    const byStatus = await a.client.call<Orders>('withdrawalOrderList', { status: 'pendingDisbursement' });
    expect(byStatus.data.items.map((x) => x.id)).toEqual([made.data.id]);
    expect((await a.client.call<Orders>('bscWithdrawalOrderList', {})).data.items.every((x) => x.channel === 'chain')).toBe(true);
    const banks = (await a.client.call<Orders>('withdrawalBankOrderList', {})).data.items;
    expect(banks.map((x) => x.id)).toContain(other.data.id);
    expect(banks.every((x) => x.channel === 'bank')).toBe(true);
    // Newest first, page by page, nothing twice.
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page: Orders = (await a.client.call<Orders>('withdrawalOrderList', { pageSize: 2, ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await a.client.call<Orders>('withdrawalOrderList', { pageSize: 50 })).data.items;
    expect(seen).toEqual(all.map((x) => x.id));
    expect(all.map((x) => x.createdAt)).toEqual(all.map((x) => x.createdAt).sort((x, y) => y - x));
    expect(all.map((x) => x.id)).toContain(other.data.id);
    // Another member sees none of these.
    expect((await b.client.call<Orders>('withdrawalOrderList', {})).data.items).toHaveLength(0);
    // An approved order cannot be decided again in the queue.
    expect((await decide(finance2, made.data.id, 'reject', 'late')).outcome).toBe('refused');
    await clear(a);
  });

  it('rejection in review voids both holds and shows the reason in the list and the records', async () => {
    const made = await chain(a, '25');
    expect(await info(a)).toMatchObject({ frozen: '26.000000' });
    expect((await decide(finance, made.data.id, 'reject', 'call us first')).outcome).toBe('rejected');
    expect(await info(a)).toEqual({ coinName: 'USDT', available: '5000.000000', frozen: '0.000000', pendingTotal: '0.000000', pendingCount: 0, pendingMax: 3 });
    expect(await order(a, made.data.id)).toMatchObject({ status: 'rejected', rejectReasonCode: 'suspectedFraud', rejectReason: 'call us first' });
    expect((await transfersOf(made.data.id)).map((x) => x.state)).toEqual(['voided', 'voided']);
    const number = (await order(a, made.data.id)).number;
    const held = (await records(a)).filter((r) => r.memo === number);
    expect(held.map((r) => [r.type, r.amount, r.status, r.returned, r.rejectReasonCode, r.rejectReason])).toEqual([
      ['withdrawFee', '-1.000000', 'withdrawalRejected', '1.000000', 'suspectedFraud', 'call us first'],
      ['withdraw', '-25.000000', 'withdrawalRejected', '25.000000', 'suspectedFraud', 'call us first'],
    ]);
    expect((await records(a, { status: 'withdrawalRejected' })).map((r) => r.memo)).toContain(number);
    // A rejected withdrawal is not one of the "rejected" holds of other features (those have their own status).
    expect((await records(a, { status: 'rejected' })).map((r) => r.memo)).not.toContain(number);
    expect((await records(a, { status: 'failed' })).map((r) => r.memo)).toContain(number);
  });

  it('refuses a deposit reason on a withdrawal and changes nothing; a withdrawal reason reaches the member', async () => {
    const made = await chain(a, '30');
    const reviewId = await reviewOf(made.data.id);
    const reject = (reasonCode: string, reason: string) =>
      finance.call<Decided>('reviewDecide', { ids: [reviewId], decision: 'reject', reasonCode, reason }).then((r) => r.data.results[0]!);
    // "The receipt cannot be read" belongs to deposits: refused with its own key, the order still waiting.
    expect(await reject('receiptUnreadable', 'x')).toMatchObject({ outcome: 'refused', error: 'review.reasonCodeNotForQueue' });
    expect(await order(a, made.data.id)).toMatchObject({ status: 'pendingReview', rejectReasonCode: null, rejectReason: null });
    expect((await transfersOf(made.data.id)).map((x) => x.state)).toEqual(['pending', 'pending']);
    expect(await info(a)).toMatchObject({ frozen: '31.000000', pendingCount: 1 });
    const trail = async () =>
      (await t.services.dbHandle.db.selectFrom('audit_log').select(['reason', 'after_json']).where('target_id', '=', reviewId).execute()).map((r) => ({
        reason: r.reason,
        after: JSON.parse(r.after_json) as unknown,
      }));
    expect(await trail()).toEqual([]);
    // A withdrawal's own reason: the member's order and records carry the code, the trail the code and words.
    expect(await reject('destinationInvalid', 'the address belongs to an exchange that refuses BEP20')).toMatchObject({ outcome: 'rejected' });
    expect(await order(a, made.data.id)).toMatchObject({
      status: 'rejected',
      rejectReasonCode: 'destinationInvalid',
      rejectReason: 'the address belongs to an exchange that refuses BEP20',
    });
    const number = (await order(a, made.data.id)).number;
    expect((await records(a)).filter((r) => r.memo === number).map((r) => r.rejectReasonCode)).toEqual(['destinationInvalid', 'destinationInvalid']);
    const words = 'the address belongs to an exchange that refuses BEP20';
    expect(await trail()).toEqual([{ reason: words, after: { status: 'rejected', rejectReason: { code: 'destinationInvalid', note: words } } }]);
    // The payout rejection of an approved order keeps to the same list.
    const approved = await chain(a, '20');
    expect((await decide(finance, approved.data.id, 'approve')).outcome).toBe('approved');
    expect(await finance.call('payoutReject', { id: approved.data.id, reasonCode: 'amountMismatch', reason: 'x' })).toMatchObject({
      error: 'review.reasonCodeNotForQueue',
    });
    expect(await order(a, approved.data.id)).toMatchObject({ status: 'pendingDisbursement' });
    expect(await finance.call('payoutReject', { id: approved.data.id, reasonCode: 'nameMismatch', reason: '' })).toMatchObject({ code: 20000 });
    expect(await order(a, approved.data.id)).toMatchObject({ status: 'rejected', rejectReasonCode: 'nameMismatch' });
    await clear(a);
  });

  it('above reviews.fourEyesAmount an approval needs a second, different finance member', async () => {
    // 1000 + 1 fee is over the 1000 threshold.
    const made = await chain(a, '1000');
    expect((await decide(finance, made.data.id, 'approve')).outcome).toBe('awaitingSecond');
    expect((await order(a, made.data.id)).status).toBe('pendingReview');
    expect(await decide(finance, made.data.id, 'approve')).toMatchObject({ outcome: 'refused', error: 'review.sameApprover' });
    expect((await decide(finance2, made.data.id, 'approve')).outcome).toBe('approved');
    expect((await order(a, made.data.id)).status).toBe('pendingDisbursement');
    await clear(a);
  });

  it('staff pay a bank order with a reference: success, holds posted, audited; only payouts.send may', async () => {
    const made = await bank(a, '100');
    expect(made.code, made.message).toBe(20000);
    const chainOrder = await chain(a, '15');
    for (const id of [made.data.id, chainOrder.data.id]) expect((await decide(finance, id, 'approve')).outcome).toBe('approved');
    expect(await order(a, made.data.id)).toMatchObject({
      channel: 'bank',
      amount: '100.000000',
      fee: '1.000000',
      currency: 'CNY',
      localAmount: '710.00',
      bankName: 'Bank Central Asia',
      accountName: 'Budi Santoso',
    });

    const list = (await finance.call<{ items: PayoutEntry[] }>('payoutList', { status: 'pendingDisbursement' })).data.items;
    expect(list.find((x) => x.id === made.data.id)).toMatchObject({
      memberId: a.id,
      memberName: 'drawer',
      payoutMethod: null,
      lastError: null,
      hotWalletEligible: false,
    });
    expect(list.find((x) => x.id === chainOrder.data.id)).toMatchObject({ chain: 'BEP20', hotWalletEligible: true });
    expect((await finance.call<{ items: PayoutEntry[] }>('payoutList', { channel: 'bank' })).data.items.every((x) => x.channel === 'bank')).toBe(true);
    expect((await support.call<{ items: PayoutEntry[] }>('payoutList', {})).code).toBe(20000);

    expect(await support.call('payoutBank', { id: made.data.id, bankReference: 'BCA-778812' })).toMatchObject({ error: 'auth.forbidden' });
    expect(await finance.call('payoutBank', { id: chainOrder.data.id, bankReference: 'BCA-778812' })).toMatchObject({ error: 'payout.notEligible' });
    expect(await finance.call('payoutBank', { id: made.data.id, bankReference: ' ' })).toMatchObject({
      field: 'bankReference',
      validation: 'validation.enterBankReference',
    });
    expect(await finance.call('payoutBank', { id: 'no-such-order', bankReference: 'X' })).toMatchObject({ error: 'withdrawal.notFound' });
    const paid = await finance.call('payoutBank', { id: made.data.id, bankReference: 'BCA-778812' });
    expect(paid).toMatchObject({ code: 20000, data: { status: 'success', txHash: null } });
    expect(await finance.call('payoutBank', { id: made.data.id, bankReference: 'BCA-778812' })).toMatchObject({ error: 'withdrawal.wrongState' });

    const o = await order(a, made.data.id);
    expect(o).toMatchObject({ status: 'success', bankReference: 'BCA-778812' });
    expect(o.paidAt).toBeGreaterThan(0);
    expect((await transfersOf(made.data.id)).map((x) => x.state)).toEqual(['posted', 'posted']);
    // 100 + 1 left for good; the chain order's 15 + 1 is still held.
    expect(await info(a)).toMatchObject({ available: '4883.000000', frozen: '16.000000', pendingCount: 1 });
    const row = await t.services.dbHandle.db
      .selectFrom('withdrawals')
      .select(['payout_method', 'paid_by_staff_id', 'rate', 'currency', 'local_amount'])
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow();
    // The rate of the moment is kept with the order, so a later change of the setting cannot alter it.
    expect(row).toMatchObject({ payout_method: 'bank', rate: '7.1', currency: 'CNY', local_amount: '710.00' });
    expect(row.paid_by_staff_id).not.toBeNull();
    const audit = await t.services.dbHandle.db.selectFrom('audit_log').selectAll().where('target_id', '=', made.data.id).execute();
    expect(audit.map((x) => [x.action, x.actor_name, x.reason])).toEqual([['payout.bank', 'finance', 'BCA-778812']]);
    expect((await records(a)).filter((r) => r.memo === o.number).map((r) => [r.type, r.status])).toEqual([
      ['withdrawFee', 'success'],
      ['withdraw', 'success'],
    ]);
    expect((await records(a, { status: 'pendingDisbursement' })).map((r) => r.type)).toEqual(['withdrawFee', 'withdraw']);
    const success = (await finance.call<{ items: PayoutEntry[] }>('payoutList', { status: 'success' })).data.items;
    expect(success.find((x) => x.id === made.data.id)).toMatchObject({ payoutMethod: 'bank', bankReference: 'BCA-778812' });
    await clear(a);
  });

  it('staff reject an approved order before payment; paying it afterwards is refused', async () => {
    const made = await chain(a, '60');
    expect((await finance.call('payoutReject', { id: made.data.id, reasonCode: 'other', reason: 'early' })).error).toBe('withdrawal.wrongState');
    expect((await decide(finance, made.data.id, 'approve')).outcome).toBe('approved');
    expect(await support.call('payoutReject', { id: made.data.id, reasonCode: 'other', reason: 'x' })).toMatchObject({ error: 'auth.forbidden' });
    expect(await finance.call('payoutReject', { id: made.data.id, reasonCode: 'suspectedFraud', reason: 'address flagged' })).toMatchObject({
      code: 20000,
      data: { status: 'rejected', txHash: null },
    });
    expect(await order(a, made.data.id)).toMatchObject({ status: 'rejected', rejectReasonCode: 'suspectedFraud', rejectReason: 'address flagged' });
    expect((await transfersOf(made.data.id)).map((x) => x.state)).toEqual(['voided', 'voided']);
    expect(await finance.call('payoutReject', { id: made.data.id, reasonCode: 'other', reason: 'again' })).toMatchObject({ error: 'withdrawal.wrongState' });
    const bankOrder = await bank(a, '60');
    expect((await decide(finance, bankOrder.data.id, 'reject', 'no')).outcome).toBe('rejected');
    expect(await finance.call('payoutBank', { id: bankOrder.data.id, bankReference: 'REF-1' })).toMatchObject({ error: 'withdrawal.wrongState' });
    expect((await transfersOf(bankOrder.data.id)).map((x) => x.state)).toEqual(['voided', 'voided']);
    expect(await info(a)).toMatchObject({ available: '4899.000000', frozen: '0.000000' });
    const audit = await t.services.dbHandle.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'after_json'])
      .where('target_id', '=', made.data.id)
      .execute();
    expect(audit.map((r) => ({ ...r, after_json: JSON.parse(r.after_json) as unknown }))).toEqual([
      {
        action: 'payout.reject',
        reason: 'address flagged',
        after_json: { status: 'rejected', rejectReason: { code: 'suspectedFraud', note: 'address flagged' } },
      },
    ]);
  });

  it('a bank order pays the local amount rounded down at the rate of the moment', async () => {
    const all = await t.services.settings.get('withdrawal.types');
    await setSetting(
      t,
      'withdrawal.types',
      all.map((x) => (x.withdrawalType === 'BANK_CNY' ? { ...x, rate: '7.123457' } : x)),
      'test',
    );
    let made;
    try {
      made = await bank(a, '100');
    } finally {
      await setSetting(t, 'withdrawal.types', all, 'test');
    }
    // 100 x 7.123457 = 712.3457: the member is promised 712.34, never the rounded-up 712.35.
    expect(await order(a, made.data.id)).toMatchObject({ currency: 'CNY', localAmount: '712.34' });
    const item = await t.services.reviews.row(await reviewOf(made.data.id));
    expect(JSON.parse(item!.summary_json)).toMatchObject({
      channel: 'bank',
      chain: null,
      bankName: 'Bank Central Asia',
      accountName: 'Budi Santoso',
      currency: 'CNY',
      localAmount: '712.34',
      fee: '1.000000',
    });
    await clear(a);
  });

  it('marks as hot-wallet eligible only approved BEP20 orders within withdrawal.hotWalletPayoutMax', async () => {
    const atMax = await chain(a, '2000');
    const overMax = await chain(a, '2000.5');
    const tron = await chain(a, '20', { withdrawalType: 'USDT_TRC20', addressId: a.trc20 });
    const listed = (await finance.call<{ items: PayoutEntry[] }>('payoutList', {})).data.items.map((x) => x.id);
    // Waiting for review is not a payout yet.
    expect(listed).not.toContain(atMax.data.id);
    for (const r of [atMax, overMax]) {
      expect((await decide(finance, r.data.id, 'approve')).outcome).toBe('awaitingSecond');
      expect((await decide(finance2, r.data.id, 'approve')).outcome).toBe('approved');
    }
    expect((await decide(finance, tron.data.id, 'approve')).outcome).toBe('approved');
    const entries = (await finance.call<{ items: PayoutEntry[] }>('payoutList', { channel: 'chain', status: 'pendingDisbursement' })).data.items;
    const eligible = new Map(entries.map((x) => [x.id, x.hotWalletEligible]));
    expect(eligible).toEqual(
      new Map([
        [atMax.data.id, true],
        [overMax.data.id, false],
        [tron.data.id, false],
      ]),
    );
    await clear(a);
  });

  it('an order being paid (processing) stays held, counts as waiting and cannot be rejected', async () => {
    const made = await chain(a, '18');
    expect((await decide(finance, made.data.id, 'approve')).outcome).toBe('approved');
    // What the hot-wallet job does once it has stored the signed transaction (chain-payouts.ts).
    await t.services.dbHandle.db
      .updateTable('withdrawals')
      .set({ status: 'processing', payout_method: 'hotWallet', tx_hash: `0x${'cd'.repeat(32)}`, processing_at: Date.now() })
      .where('id', '=', made.data.id)
      .execute();
    const o = await order(a, made.data.id);
    expect(o).toMatchObject({ status: 'processing', txHash: `0x${'cd'.repeat(32)}` });
    expect(await info(a)).toMatchObject({ frozen: '19.000000', pendingCount: 1 });
    expect((await records(a, { status: 'processing' })).map((r) => [r.type, r.memo])).toEqual([
      ['withdrawFee', o.number],
      ['withdraw', o.number],
    ]);
    expect(await finance.call('payoutReject', { id: made.data.id, reasonCode: 'other', reason: 'x' })).toMatchObject({ error: 'withdrawal.wrongState' });
    const listed = (await finance.call<{ items: PayoutEntry[] }>('payoutList', { status: 'processing' })).data.items;
    expect(listed.map((x) => [x.id, x.payoutMethod, x.hotWalletEligible])).toEqual([[made.data.id, 'hotWallet', false]]);
    await t.services.dbHandle.db
      .updateTable('withdrawals')
      .set({ status: 'pendingDisbursement', payout_method: null, tx_hash: null })
      .where('id', '=', made.data.id)
      .execute();
    await clear(a);
  });

  it('links a paid chain transaction to the explorer of the configured chain, and none without one', async () => {
    const made = await chain(a, '12');
    const row = await t.services.dbHandle.db.selectFrom('withdrawals').selectAll().where('id', '=', made.data.id).executeTakeFirstOrThrow();
    const hash = `0x${'ab'.repeat(32)}`;
    const settings = { chain: 'BEP20' as const, explorerUrl: 'https://testnet.bscscan.com' };
    expect(orderOf({ ...row, tx_hash: hash }, [settings as never]).explorerUrl).toBe(`https://testnet.bscscan.com/tx/${hash}`);
    expect(orderOf({ ...row, tx_hash: hash }, []).explorerUrl).toBeNull();
    expect(orderOf(row, [settings as never]).explorerUrl).toBeNull();
    await clear(a);
  });

  it('keeps member balances equal to deposits credited minus paid withdrawals (amount + fee)', async () => {
    const members = [await member('eq-one', 0n), await member('eq-two', 0n)];
    let deposited = 0n;
    for (const [m, amounts] of [
      [members[0]!, [300_000_000n, 200_000_000n]],
      [members[1]!, [1_500_000_000n]],
    ] as const) {
      for (const amount of amounts) {
        await credit(m.id, amount);
        deposited += amount;
      }
    }
    const [one, two] = members as [Member, Member];
    // One order in every end or waiting state, on both channels.
    const paidBank = await bank(one, '200'); // fee 2
    const rejectedInReview = await chain(one, '50'); // fee 1
    const waiting = await chain(one, '30', { withdrawalType: 'USDT_TRC20', addressId: one.trc20 }); // fee 2
    const paidBig = await bank(two, '1100'); // fee 11, four-eyes
    const rejectedApproved = await chain(two, '70'); // fee 1
    const approvedWaiting = await chain(two, '20'); // fee 1
    for (const r of [paidBank, rejectedInReview, waiting, paidBig, rejectedApproved, approvedWaiting]) expect(r.code, r.message).toBe(20000);
    expect((await decide(finance, paidBank.data.id, 'approve')).outcome).toBe('approved');
    expect((await decide(finance, rejectedInReview.data.id, 'reject', 'no')).outcome).toBe('rejected');
    expect((await decide(finance, paidBig.data.id, 'approve')).outcome).toBe('awaitingSecond');
    expect((await decide(finance2, paidBig.data.id, 'approve')).outcome).toBe('approved');
    for (const id of [rejectedApproved.data.id, approvedWaiting.data.id]) expect((await decide(finance, id, 'approve')).outcome).toBe('approved');
    expect((await finance.call('payoutBank', { id: paidBank.data.id, bankReference: 'EQ-1' })).code).toBe(20000);
    expect((await finance.call('payoutBank', { id: paidBig.data.id, bankReference: 'EQ-2' })).code).toBe(20000);
    expect((await finance.call('payoutReject', { id: rejectedApproved.data.id, reasonCode: 'other', reason: 'no' })).code).toBe(20000);

    const paid = await t.services.dbHandle.db
      .selectFrom('withdrawals')
      .select(['amount', 'fee'])
      .where(
        'member_id',
        'in',
        members.map((m) => m.id),
      )
      .where('status', '=', 'success')
      .execute();
    const paidTotal = paid.reduce((s, r) => s + BigInt(r.amount) + BigInt(r.fee), 0n);
    expect(paidTotal).toBe(200_000_000n + 2_000_000n + 1_100_000_000n + 11_000_000n);
    let balances = 0n;
    for (const m of members) {
      const usdt = (await t.services.ledger.memberBalances(m.id)).get('USDT')!;
      balances += usdt.available + usdt.frozen;
    }
    expect(balances).toBe(deposited - paidTotal);
    // And what is still held is exactly what still waits: 30 + 2 and 20 + 1.
    expect((await info(one)).frozen).toBe('32.000000');
    expect((await info(two)).frozen).toBe('21.000000');
    expect((await verifyLedger(t.services.dbHandle.db)).isBalanced).toBe(true);
  });
});
