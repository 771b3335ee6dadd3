// Proves that a month's statement agrees with the ledger (decision 092): after movements across two
// months (airdrops, a payment out, a hold settled and one still pending, a move to the member's own
// fixed account, one movement exactly on the month boundary), for every point type the opening plus
// the month's lines is the closing, the figures add up, and both balances are the ledger's own
// posted balances at the month's boundaries, read independently from the journal. Also the search
// of the records by amount and by reference, and that another member's reference finds nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { communityMonthOffsetMs, parseAmount, type RecordEntry, type RecordStatement } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { settled, verifyLedger } from '../ledger/index.ts';
import { monthBounds } from './index.ts';

/** The month key "YYYY-MM" of `atMs` in the community's month zone, `back` months before. */
function monthOf(atMs: number, back: number): string {
  const d = new Date(atMs + communityMonthOffsetMs);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

describe.each(dialects)('month statement on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let memberId: string;
  let otherId: string;
  const first = monthOf(Date.now(), 2);
  const second = monthOf(Date.now(), 1);
  const hour = 3_600_000;
  let paymentId = '';
  let othersOwnId = '';

  /** A ledger movement written as if at `at` (the ledger stamps Date.now()). */
  const at = async <T>(when: number, work: () => Promise<T>): Promise<T> => {
    const spy = vi.spyOn(Date, 'now').mockReturnValue(when);
    try {
      return await work();
    } finally {
      spy.mockRestore();
    }
  };
  const move = (
    when: number,
    coinName: string,
    amount: bigint,
    debit: { owner: string; purpose: string },
    credit: { owner: string; purpose: string },
    isPending = false,
  ) =>
    at(when, () =>
      t.services.ledger
        .transfer({
          requestId: null,
          code: debit.owner === 'system' ? 'airdrop' : credit.owner === 'system' ? 'withdrawFee' : 'internalTransfer',
          coinName,
          amount,
          debit: { ...debit, coinName },
          credit: { ...credit, coinName },
          isPending,
        })
        .then(settled),
    );
  /** The member's posted balance of each point type at `when`, summed from the journal alone. */
  const ledgerBalanceAt = async (when: number): Promise<Map<string, bigint>> => {
    const rows = await t.services.dbHandle.db
      .selectFrom('ledger_transfers as lt')
      .innerJoin('ledger_accounts as d', 'd.id', 'lt.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 'lt.credit_account_id')
      .select(['lt.coin_name', 'lt.amount', 'd.owner as debit_owner', 'c.owner as credit_owner'])
      .where('lt.kind', 'in', ['posted', 'post_pending'])
      .where('lt.created_at', '<', when)
      .where((eb) => eb.or([eb('d.owner', '=', memberId), eb('c.owner', '=', memberId)]))
      .execute();
    const total = new Map<string, bigint>();
    for (const r of rows) {
      const signed = (r.credit_owner === memberId ? BigInt(r.amount) : 0n) - (r.debit_owner === memberId ? BigInt(r.amount) : 0n);
      total.set(r.coin_name, (total.get(r.coin_name) ?? 0n) + signed);
    }
    return total;
  };
  const statement = async (month: string) => {
    const answer = await m.call<RecordStatement>('recordStatement', { month });
    expect(answer.code).toBe(20000);
    return answer.data;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const member = await registerMember(t, 'statemented');
    await registerMember(t, 'statementpeer');
    memberId = (await t.services.accounts.repository.byName('statemented'))!.id;
    otherId = (await t.services.accounts.repository.byName('statementpeer'))!.id;
    const mine = { owner: memberId, purpose: 'available' };
    const fixed = { owner: memberId, purpose: 'fixed' };
    const other = { owner: otherId, purpose: 'available' };
    const system = { owner: 'system', purpose: 'airdrop' };
    const fees = { owner: 'system', purpose: 'fees' };
    const one = monthBounds(first);
    const two = monthBounds(second);
    await move(one.fromMs + hour, 'USDT', 100_000_000n, system, mine);
    await move(one.fromMs + 2 * hour, 'ASSETS_POINT', 50_000_000n, system, mine);
    const payment = await move(one.fromMs + 3 * hour, 'USDT', 12_500_000n, mine, other);
    paymentId = payment.id;
    // A move to the member's own fixed account changes no point type's balance.
    await move(one.fromMs + 4 * hour, 'USDT', 5_000_000n, mine, fixed);
    // Exactly on the boundary: the second month's.
    await move(two.fromMs, 'USDT', 1_000_000n, system, mine);
    await move(two.fromMs + hour, 'ASSETS_POINT', 20_000_000n, mine, other);
    // A hold made in the second month and settled in it; another still pending at its end.
    const hold = await move(two.fromMs + 2 * hour, 'USDT', 7_000_000n, mine, fees, true);
    await at(two.fromMs + 3 * hour, () => t.services.ledger.resolvePending(hold.id, 'post'));
    await move(two.toMs - hour, 'USDT', 3_000_000n, mine, fees, true);
    othersOwnId = (await move(two.fromMs + hour, 'USDT', 4_000_000n, system, other)).id;
    // After the second month: the closing must not be today's balance.
    await move(two.toMs + hour, 'USDT', 2_000_000n, system, mine);
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, member.userName, member.password);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('opens and closes each month at the ledger balances of its boundaries', async () => {
    for (const month of [first, second]) {
      const s = await statement(month);
      const opening = await ledgerBalanceAt(s.fromMs);
      const closing = await ledgerBalanceAt(s.toMs);
      for (const coin of s.coins) {
        expect(parseAmount(coin.opening), `${month} ${coin.coinName} opening`).toBe(opening.get(coin.coinName) ?? 0n);
        expect(parseAmount(coin.closing), `${month} ${coin.coinName} closing`).toBe(closing.get(coin.coinName) ?? 0n);
        expect(parseAmount(coin.opening)! + parseAmount(coin.credits)! - parseAmount(coin.debits)!).toBe(parseAmount(coin.closing));
        const lines = s.lines.filter((l) => l.coinName === coin.coinName);
        const moved = lines.reduce((sum, l) => sum + parseAmount(l.amount.replace('-', ''))! * (l.amount.startsWith('-') ? -1n : 1n), 0n);
        expect(parseAmount(coin.opening)! + moved).toBe(parseAmount(coin.closing));
        if (lines.length > 0) expect(lines[lines.length - 1]!.balance).toBe(coin.closing);
      }
    }
  });

  it('lists the months movements oldest first, without the members own moves', async () => {
    const one = await statement(first);
    expect(one.lines.map((l) => [l.coinName, l.amount])).toEqual([
      ['USDT', '100.000000'],
      ['ASSETS_POINT', '50.000000'],
      ['USDT', '-12.500000'],
    ]);
    expect(one.coins.find((c) => c.coinName === 'USDT')).toMatchObject({
      opening: '0.000000',
      credits: '100.000000',
      debits: '12.500000',
      closing: '87.500000',
    });
    const two = await statement(second);
    expect(two.coins.find((c) => c.coinName === 'USDT')).toMatchObject({ opening: '87.500000', credits: '1.000000', debits: '7.000000', closing: '81.500000' });
    expect(two.coins.find((c) => c.coinName === 'ASSETS_POINT')).toMatchObject({ opening: '50.000000', closing: '30.000000' });
    expect(two.isTruncated).toBe(false);
  });

  it('refuses a month not begun and a malformed month', async () => {
    expect((await m.call('recordStatement', { month: monthOf(Date.now(), -2) })).code).not.toBe(20000);
    expect((await m.call('recordStatement', { month: '2024-13' })).code).not.toBe(20000);
    expect((await m.call('recordStatement', { month: '1999-12' })).code).not.toBe(20000);
  });

  it('finds records by amount and by reference', async () => {
    const byAmount = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { amount: '12.5' });
    expect(byAmount.data.items.map((r) => r.id)).toEqual([paymentId]);
    const byReference = await m.call<{ items: RecordEntry[] }>('assetsRecordList', { reference: paymentId });
    expect(byReference.data.items.map((r) => r.amount)).toEqual(['-12.500000']);
    expect((await m.call<{ items: RecordEntry[] }>('assetsRecordList', { reference: 'no-such-reference' })).data.items).toEqual([]);
    expect((await m.call('assetsRecordList', { reference: "x' or 1=1" })).code).not.toBe(20000);
  });

  it('finds nothing by another members reference', async () => {
    expect((await m.call<{ items: RecordEntry[] }>('assetsRecordList', { reference: othersOwnId })).data.items).toEqual([]);
  });
});
