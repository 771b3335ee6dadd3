// An exchange and its cancel are keyed once (db/once.ts): parallel sends of one request (a double
// click, a retry while the first is still in flight) make one exchange, hold or pay once, cancel
// once, and are all answered alike, none with a 500; the same request id with another body is
// refused. Before the request log a cancel kept no key at all: of two parallel cancels on
// PostgreSQL the second was told the exchange was no longer pending.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type CallResult, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

describe.each(dialects)('exchanges keyed once on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let member: { userName: string; password: string; transactionPassword: string };
  let memberId: string;
  const statuses: number[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = await registerMember(t, 'onceexchanger');
    memberId = (await t.services.accounts.repository.byName('onceexchanger'))!.id;
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
    // Exchanges below 50 are paid at once, the others wait for review (decision 011).
    await setSetting(t, 'exchange.autoApproveBelow', '50');
    c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, member.userName, member.password);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  /**
   * Sends until answered, as a client does: at most security.txPasswordFailuresMax transaction
   * passwords are checked at once and the others are told to wait a moment (rate.limited).
   */
  const send = async <T>(name: EndpointName, body: object): Promise<CallResult<T>> => {
    for (;;) {
      const r = await c.call<T>(name, body);
      statuses.push(r.status);
      if (r.error !== 'rate.limited') return r;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const create = (requestId: string, amount: string) =>
    send<{ id: string; status: string }>('exchangeCreate', {
      exchangeType: 'USDT_TO_ASSETS',
      amount,
      transactionPassword: member.transactionPassword,
      requestId,
    });
  const balance = async (coin: string) => (await t.services.ledger.memberBalances(memberId)).get(coin) ?? { available: 0n, frozen: 0n, fixed: 0n };
  const exchangeIds = async () =>
    (await t.services.dbHandle.db.selectFrom('exchanges').select('id').where('member_id', '=', memberId).execute()).map((r) => r.id);
  // races: exchangeCreate, exchangeCancel
  const eightAlike = async <T>(send8: () => Promise<CallResult<T>>) => {
    const answers = await Promise.all(Array.from({ length: 8 }, send8));
    for (const answer of answers) {
      expect(answer.status, answer.message).toBe(200);
      expect(answer.code, answer.message).toBe(20000);
      expect(answer.data).toEqual(answers[0]!.data);
    }
    return answers[0]!.data;
  };

  it('makes one held exchange from 8 parallel identical requests, each answered alike', async () => {
    for (let round = 0; round < 2; round++) {
      const before = { usdt: await balance('USDT'), ids: await exchangeIds() };
      const requestId = `race-held-${round}-${crypto.randomUUID()}`;
      const answer = await eightAlike(() => create(requestId, '100'));
      expect(answer.status).toBe('pendingReview');
      const ids = await exchangeIds();
      expect(ids).toHaveLength(before.ids.length + 1);
      expect(ids).toContain(answer.id);
      const review = await t.services.dbHandle.db.selectFrom('review_items').select('id').where('subject_id', '=', answer.id).execute();
      expect(review).toHaveLength(1);
      const usdt = await balance('USDT');
      expect(before.usdt.available - usdt.available).toBe(100_000_000n);
      expect(usdt.frozen - before.usdt.frozen).toBe(100_000_000n);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('pays an exchange approved at once one time from 8 parallel identical requests', async () => {
    const before = { usdt: await balance('USDT'), assets: await balance('ASSETS_POINT'), ids: await exchangeIds() };
    const requestId = `race-paid-${crypto.randomUUID()}`;
    const answer = await eightAlike(() => create(requestId, '30'));
    expect(answer.status).toBe('approved');
    expect(await exchangeIds()).toHaveLength(before.ids.length + 1);
    expect(before.usdt.available - (await balance('USDT')).available).toBe(30_000_000n);
    // 30 at rate 1, less the 2% fee, received once.
    expect((await balance('ASSETS_POINT')).available - before.assets.available).toBe(29_400_000n);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('refuses the same request id with another amount or type, and holds nothing more', async () => {
    const requestId = `reuse-${crypto.randomUUID()}`;
    const first = await create(requestId, '60');
    expect(first.code, first.message).toBe(20000);
    const before = { usdt: await balance('USDT'), ids: await exchangeIds() };
    expect((await create(requestId, '61')).error).toBe('ledger.requestIdReused');
    const otherType = await send('exchangeCreate', {
      exchangeType: 'REWARD_TO_USDT',
      amount: '60',
      transactionPassword: member.transactionPassword,
      requestId,
    });
    expect(otherType.error).toBe('ledger.requestIdReused');
    const retried = await create(requestId, '60.000000');
    expect(retried.code, retried.message).toBe(20000);
    expect(retried.data).toEqual(first.data);
    expect(await balance('USDT')).toEqual(before.usdt);
    expect(await exchangeIds()).toEqual(before.ids);
  });

  it('cancels once from 8 parallel identical cancels, each answered alike, and refuses the id for another exchange', async () => {
    const created = await create(`to-cancel-${crypto.randomUUID()}`, '70');
    expect(created.data.status).toBe('pendingReview');
    const other = await create(`to-keep-${crypto.randomUUID()}`, '80');
    const before = await balance('USDT');
    const requestId = `cancel-${crypto.randomUUID()}`;
    const answer = await eightAlike(() => send('exchangeCancel', { exchangeId: created.data.id, requestId }));
    expect(answer).toEqual({ ok: true });
    const row = await t.services.dbHandle.db
      .selectFrom('exchanges')
      .select(['status', 'review_id'])
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    const review = await t.services.dbHandle.db.selectFrom('review_items').select('status').where('id', '=', row.review_id).executeTakeFirstOrThrow();
    expect(review.status).toBe('cancelled');
    // The hold is given back once.
    const after = await balance('USDT');
    expect(after.available - before.available).toBe(70_000_000n);
    expect(before.frozen - after.frozen).toBe(70_000_000n);
    const reused = await send('exchangeCancel', { exchangeId: other.data.id, requestId });
    expect(reused.error).toBe('ledger.requestIdReused');
    const kept = await t.services.dbHandle.db.selectFrom('exchanges').select('status').where('id', '=', other.data.id).executeTakeFirstOrThrow();
    expect(kept.status).toBe('pendingReview');
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
