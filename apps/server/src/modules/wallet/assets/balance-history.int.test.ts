// Proves the member's balance history (decision 041): each day's closing balance per point type is
// exactly the sum of the member's posted ledger movements up to that day's end (holds and voids do
// not count, a move between the member's own accounts nets to zero, a movement at midnight belongs
// to the day it starts), a member sees only their own accounts, and bad input is refused, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityMonthTimeZone, type BalanceHistory } from '@pp/contract';
import { formatMinor } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { verifyLedger } from '../ledger/index.ts';
import { dayStarts } from './balance-history.ts';
import { settled } from '../ledger/index.ts';

const hour = 3_600_000;
const unit = 1_000_000n;

describe.each(dialects)('balance history on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let aId: string;
  let bId: string;
  let starts: number[];

  const member = (owner: string, coinName: string, purpose = 'available') => ({ owner, coinName, purpose });
  const system = (coinName: string, purpose: string) => ({ owner: 'system', coinName, purpose });
  const at = async (id: string, time: number) => {
    await t.services.dbHandle.db.updateTable('ledger_transfers').set({ created_at: time }).where('id', '=', id).execute();
  };
  const airdrop = async (owner: string, coinName: string, points: bigint, time: number) => {
    const r = await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName,
        amount: points * unit,
        debit: system(coinName, 'airdrop'),
        credit: member(owner, coinName),
        isPending: false,
      })
      .then(settled);
    await at(r.id, time);
  };

  /** The same series worked forward from the journal: posted movements before each day's end. */
  async function fromJournal(memberId: string, days: number[]): Promise<Record<string, string[]>> {
    const db = t.services.dbHandle.db;
    const accounts = await db.selectFrom('ledger_accounts').select(['id', 'coin_name']).where('owner', '=', memberId).execute();
    const coinOf = new Map(accounts.map((x) => [x.id, x.coin_name]));
    const rows = await db.selectFrom('ledger_transfers').select(['debit_account_id', 'credit_account_id', 'amount', 'kind', 'created_at']).execute();
    const coins = (await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute()).map((c) => c.coin_name);
    const out: Record<string, string[]> = {};
    for (const coin of coins) {
      out[coin] = days.map((_, i) => {
        const end = i + 1 < days.length ? days[i + 1]! : Number.POSITIVE_INFINITY;
        let sum = 0n;
        for (const r of rows) {
          if (r.kind !== 'posted' && r.kind !== 'post_pending') continue;
          if (Number(r.created_at) >= end) continue;
          if (coinOf.get(r.credit_account_id) === coin) sum += BigInt(r.amount);
          if (coinOf.get(r.debit_account_id) === coin) sum -= BigInt(r.amount);
        }
        return formatMinor(sum);
      });
    }
    return out;
  }
  const byCoin = (h: BalanceHistory) => Object.fromEntries(h.coins.map((c) => [c.coinName, c.balances]));

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const ma = await registerMember(t, 'charter');
    const mb = await registerMember(t, 'neighbour');
    aId = (await t.services.accounts.repository.byName('charter'))!.id;
    bId = (await t.services.accounts.repository.byName('neighbour'))!.id;
    a = new TestClient(t.app, t.serverKey.publicJwk);
    a.token = await login({ ...t, client: a }, ma.userName, ma.password);
    b = new TestClient(t.app, t.serverKey.publicJwk);
    b.token = await login({ ...t, client: b }, mb.userName, mb.password);

    starts = dayStarts(communityMonthTimeZone, 30, Date.now());
    const ledger = t.services.ledger;
    await airdrop(aId, 'REWARD_POINT', 10n, starts[0]! - 5 * 24 * hour);
    await airdrop(aId, 'USDT', 500n, starts[0]! + hour);
    await airdrop(aId, 'USDT', 1n, starts[5]!);
    await airdrop(aId, 'USDT', 200n, starts[10]! + 5 * hour);
    const move = await ledger
      .transfer({
        requestId: null,
        code: 'buyMatching',
        coinName: 'USDT',
        amount: 100n * unit,
        debit: member(aId, 'USDT'),
        credit: member(aId, 'USDT', 'fixed'),
        isPending: false,
      })
      .then(settled);
    await at(move.id, starts[12]! + 2 * hour);
    const held = await ledger
      .transfer({
        requestId: null,
        code: 'withdraw',
        coinName: 'USDT',
        amount: 50n * unit,
        debit: member(aId, 'USDT'),
        credit: system('USDT', 'withdrawals'),
        isPending: true,
      })
      .then(settled);
    await at(held.id, starts[15]!);
    const posted = await ledger.resolvePending(held.id, 'post').then(settled);
    await at(posted.id, starts[20]! + hour);
    const voidable = await ledger
      .transfer({
        requestId: null,
        code: 'withdraw',
        coinName: 'USDT',
        amount: 30n * unit,
        debit: member(aId, 'USDT'),
        credit: system('USDT', 'withdrawals'),
        isPending: true,
      })
      .then(settled);
    await at(voidable.id, starts[22]!);
    const voided = await ledger.resolvePending(voidable.id, 'void').then(settled);
    await at(voided.id, starts[23]!);
    await airdrop(aId, 'ASSETS_POINT', 70n, starts[29]!);
    // The neighbour's money must never show in the first member's history.
    await airdrop(bId, 'USDT', 999n, starts[3]!);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it("gives each day's closing balance as the journal's posted movements up to that day's end", async () => {
    const r = await a.call<BalanceHistory>('balanceHistory', { days: 30 });
    expect(r.code, r.message).toBe(20000);
    expect(r.data.timeZone).toBe(communityMonthTimeZone);
    expect(r.data.days).toEqual(starts);
    const series = byCoin(r.data);
    expect(series).toEqual(await fromJournal(aId, starts));
    const usdt = series['USDT']!;
    expect([usdt[0], usdt[4], usdt[5], usdt[10], usdt[19], usdt[20], usdt[29]]).toEqual([
      '500.000000',
      '500.000000',
      '501.000000',
      '701.000000',
      '701.000000',
      '651.000000',
      '651.000000',
    ]);
    // The held 30 and its void change nothing; the move to fixed nets to zero.
    expect(usdt[22]).toBe('651.000000');
    expect(series['ASSETS_POINT']![28]).toBe('0.000000');
    expect(series['ASSETS_POINT']![29]).toBe('70.000000');
    expect(new Set(series['REWARD_POINT'])).toEqual(new Set(['10.000000']));
    // Today's balance is the current total of assetsList.
    const assets = await a.call<Array<{ coinName: string; assetsTotal: string }>>('assetsList');
    for (const coin of assets.data) expect(series[coin.coinName]!.at(-1)).toBe(coin.assetsTotal);
  });

  it("gives 90 days whose last 30 are the 30 days' figures", async () => {
    const r = await a.call<BalanceHistory>('balanceHistory', { days: 90 });
    expect(r.code, r.message).toBe(20000);
    expect(r.data.days).toHaveLength(90);
    expect(r.data.days.slice(60)).toEqual(starts);
    const series = byCoin(r.data);
    expect(series).toEqual(await fromJournal(aId, r.data.days));
    expect(series['USDT']!.slice(0, 60).every((v) => v === '0.000000')).toBe(true);
  });

  it('shows a member only their own accounts', async () => {
    const r = await b.call<BalanceHistory>('balanceHistory', { days: 30 });
    expect(r.code, r.message).toBe(20000);
    const series = byCoin(r.data);
    expect(series['USDT']![2]).toBe('0.000000');
    expect(series['USDT']![3]).toBe('999.000000');
    expect(series['ASSETS_POINT']!.every((v) => v === '0.000000')).toBe(true);
    expect(series).toEqual(await fromJournal(bId, starts));
  });

  it('refuses bad input with a validation answer, never a 500, and needs a session', async () => {
    for (const body of [{}, { days: 31 }, { days: '30' }, { days: -30 }, { days: 1e308 }, { days: null }, { days: 30.5 }, { days: [30] }]) {
      const r = await a.call('balanceHistory', body);
      // A refused body is the contract's validation answer (request.invalid, HTTP 200 as every 9001 refusal), naming the field.
      expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: 9001, error: 'request.invalid', field: 'days' });
    }
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    const r = await anonymous.call('balanceHistory', { days: 30 });
    expect(r.status).toBe(401);
  });
});

describe('dayStarts', () => {
  it('gives consecutive local midnights across a daylight-saving change', () => {
    // Europe/Berlin moved clocks forward on 29 March 2026: that day has 23 hours.
    const days = dayStarts('Europe/Berlin', 3, Date.UTC(2026, 2, 30, 12));
    expect(days).toEqual([Date.UTC(2026, 2, 27, 23), Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22)]);
    expect(dayStarts('Asia/Shanghai', 2, Date.UTC(2026, 10, 28, 15, 59))).toEqual([Date.UTC(2026, 10, 26, 16), Date.UTC(2026, 10, 27, 16)]);
    expect(dayStarts('Asia/Shanghai', 1, Date.UTC(2026, 10, 28, 16))).toEqual([Date.UTC(2026, 10, 28, 16)]);
  });
});
