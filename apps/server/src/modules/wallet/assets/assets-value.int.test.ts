// Proves the home's one total: each balance is valued in USDT at the configured exchange rate
// (direct to USDT, or the inverse of USDT to it, rounded down), the sum is exact, a point type
// held with no rate is named and left out, and a member sees only their own money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetsValue } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

const unit = 1_000_000n;

describe.each(dialects)('assets value on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let aId: string;
  let bId: string;

  const airdrop = (owner: string, coinName: string, minor: bigint) =>
    t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName,
        amount: minor,
        debit: { owner: 'system', coinName, purpose: 'airdrop' },
        credit: { owner, coinName, purpose: 'available' },
        isPending: false,
      })
      .then(settled);

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const ma = await registerMember(t, 'valued');
    await registerMember(t, 'other');
    aId = (await t.services.accounts.repository.byName('valued'))!.id;
    bId = (await t.services.accounts.repository.byName('other'))!.id;
    a = new TestClient(t.app, t.serverKey.publicJwk);
    a.token = await login({ ...t, client: a }, ma.userName, ma.password);
    await airdrop(aId, 'USDT', 120n * unit + 500_000n);
    await airdrop(aId, 'ASSETS_POINT', 10n * unit);
    await airdrop(aId, 'REWARD_POINT', 7n * unit + 1n);
    await airdrop(bId, 'USDT', 999n * unit);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('sums every balance at the configured rates, exactly', async () => {
    await setSetting(
      t,
      'exchange.types',
      [
        // 3 assets points per USDT: 10 points are 3.333333 USDT, rounded down.
        { exchangeType: 'USDT_TO_ASSETS', sourceCoin: 'USDT', targetCoin: 'ASSETS_POINT', rate: '3', feePercent: '2', minimum: '10', multipleOf: '1' },
        { exchangeType: 'REWARD_TO_USDT', sourceCoin: 'REWARD_POINT', targetCoin: 'USDT', rate: '0.5', feePercent: '5', minimum: '10', multipleOf: '0' },
      ],
      'valuation test',
    );
    const r = await a.call<AssetsValue>('assetsValue', {});
    expect(r.code, r.message).toBe(20000);
    const byCoin = Object.fromEntries(r.data.coins.map((c) => [c.coinName, c]));
    expect(byCoin['USDT']).toMatchObject({ rate: '1', value: '120.500000' });
    expect(byCoin['ASSETS_POINT']).toMatchObject({ rate: '0.333333', value: '3.333333' });
    // 7.000001 x 0.5 = 3.5000005, rounded down to the minor unit.
    expect(byCoin['REWARD_POINT']).toMatchObject({ rate: '0.5', value: '3.500000' });
    expect(r.data.total).toBe('127.333333');
    expect(r.data.unvaluedCoins).toEqual([]);
  });

  it('names a held point type with no rate and leaves it out of the total', async () => {
    await setSetting(
      t,
      'exchange.types',
      [{ exchangeType: 'USDT_TO_ASSETS', sourceCoin: 'USDT', targetCoin: 'ASSETS_POINT', rate: '1', feePercent: '2', minimum: '10', multipleOf: '1' }],
      'valuation test',
    );
    const r = await a.call<AssetsValue>('assetsValue', {});
    expect(r.code, r.message).toBe(20000);
    expect(r.data.unvaluedCoins).toEqual(['REWARD_POINT']);
    expect(r.data.coins.find((c) => c.coinName === 'REWARD_POINT')).toMatchObject({ rate: null, value: null });
    expect(r.data.total).toBe('130.500000');
  });

  it('asks for a session', async () => {
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    const r = await anonymous.call('assetsValue', {});
    expect(r.code).not.toBe(20000);
  });
});
