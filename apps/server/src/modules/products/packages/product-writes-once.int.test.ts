// Every keyed member write of the packages and scarce-goods modules is done once per request id
// (db/once.ts): 8 parallel identical requests through the API (a double click, a retry while the
// first is still in flight) make one effect and get 8 equal answers, none a 5xx; the same id with
// another body is refused ledger.requestIdReused and changes nothing. The books balance after.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@pp/contract';
import { dialects, login, type CallResult, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { baseTerms, insertProduct } from '../../../../test/package-fixtures.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { verifyPackages } from './verify.ts';
import { endHolding } from './holdings.ts';
import { settled } from '../../wallet/ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const password = 'Trans0ction!x';
const usdt = (amount: string) => [{ coinName: 'USDT', amount }];

/** One keyed write: its body, another body for the same id, and a count that one effect raises by one. */
interface Case {
  body: Record<string, unknown>;
  otherBody: Record<string, unknown>;
  effects: () => Promise<number>;
}

describe.each(dialects)('product writes keyed once on %s', (dialect) => {
  let t: TestApp;
  let staff: TestClient;
  let buyer: TestClient;
  let buyerId: string;
  let buyerName: string;
  let recipientName: string;
  let recipientId: string;
  let productId: string;
  let dearerId: string;
  const sales: Record<'codeA' | 'codeB' | 'flashA' | 'flashB', string> = { codeA: '', codeB: '', flashA: '', flashB: '' };

  const db = () => t.services.dbHandle.db;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  const holdingsOf = (memberId: string) => () =>
    count(
      db()
        .selectFrom('package_holdings')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('member_id', '=', memberId),
    );
  const eventsOf = (holdingId: string, type: string) => () =>
    count(
      db()
        .selectFrom('package_holding_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('holding_id', '=', holdingId)
        .where('type', '=', type),
    );

  /** Every status answered, so the test can show none was a 5xx. */
  const statuses: number[] = [];
  /**
   * Sends until answered, as a client does: at most security.txPasswordFailuresMax transaction
   * passwords are checked at once and the others are told to wait a moment (rate.limited).
   */
  const send = async <T>(name: EndpointName, body: Record<string, unknown>, c = buyer): Promise<CallResult<T>> => {
    for (;;) {
      const r = await c.call<T>(name, body);
      statuses.push(r.status);
      if (r.error !== 'rate.limited') return r;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const ok = async <T>(name: EndpointName, body: Record<string, unknown>, c = buyer): Promise<T> => {
    const r = await send<T>(name, body, c);
    expect(r.code, `${name}: ${r.message}`).toBe(20000);
    return r.data;
  };
  const member = async (name: string, amount: bigint) => {
    t.client.ip = `10.7.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    await registerMember(t, name);
    const id = (await t.services.accounts.repository.byName(name))!.id;
    if (amount > 0n)
      await t.services.ledger
        .transfer({
          requestId: null,
          code: 'airdrop',
          coinName: 'USDT',
          amount: amount * 1_000_000n,
          debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
          credit: { owner: id, coinName: 'USDT', purpose: 'available' },
          isPending: false,
        })
        .then(settled);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, name, 'Passw0rd!x');
    return { c, id };
  };
  const holding = async () =>
    (await ok<{ holdingId: string }>('buyMatching', { productId, quantity: 1, payments: usdt('100'), transactionPassword: password })).holdingId;
  const endedByTerm = async () => {
    const h = await holding();
    await inTransaction(t.services.dbHandle.db, (tx) => endHolding(tx, t.services.ledger, h, 'term', Date.now()), { groupCommit: true });
    return h;
  };
  const rushCode = async () => {
    const { permit } = await ok<{ permit: string }>('armPurchase', { saleId: sales.codeA, transactionPassword: password });
    const { codeId } = await ok<{ codeId: string }>('buyPurchaseCode', { saleId: sales.codeA, permit });
    return (await db().selectFrom('package_activation_codes').select('code').where('id', '=', codeId).executeTakeFirstOrThrow()).code;
  };
  const openSale = async (kind: 'code' | 'flash') => {
    const now = Date.now();
    const r = await ok<{ id: string }>(
      'saleOpen',
      {
        kind,
        productId,
        units: 1,
        price: '100',
        coinName: 'USDT',
        total: 20,
        perMemberLimit: 10,
        minGrade: null,
        isFlaggedOnly: false,
        startsAt: now - 1000,
        endsAt: now + 3_600_000,
        reason: 'keyed once',
      },
      staff,
    );
    return r.id;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    staff = await staffClient(t, 'admin', 'Admin@12345');
    productId = await insertProduct(db());
    dearerId = await insertProduct(db(), { ...baseTerms, price: '200' });
    buyerName = `once${dialect}`;
    ({ c: buyer, id: buyerId } = await member(buyerName, 100_000n));
    recipientName = `oncer${dialect}`;
    ({ id: recipientId } = await member(recipientName, 0n));
    sales.codeA = await openSale('code');
    sales.codeB = await openSale('code');
    sales.flashA = await openSale('flash');
    sales.flashB = await openSale('flash');
    await ok(
      'equityConfigSave',
      { price: '10', coinName: 'USDT', totalIssued: 1000, maxPerMember: 10, bonusPerShare: '0', bonusPeriodHours: 24, reason: 'keyed once' },
      staff,
    );
    await ok('configUpdate', { key: 'features.equityBuyStatus', value: true, reason: 'keyed once' }, staff);
  });
  afterAll(async () => {
    expect((await verifyLedger(db())).problems).toEqual([]);
    expect(await verifyPackages(db())).toEqual([]);
    await t.close();
  });

  // races: buyMatching, upgradeMatching, addWarehouse, fillingPositions, redeem, internalTransfer, activationCodeBuy,
  // races: activationCodeActivate, claimCreate, buyPurchaseCode, flashSaleBuy, activatePurchaseCode, givePurchaseCode, buyEquity
  const cases: Record<string, () => Promise<Case>> = {
    buyMatching: async () => ({
      body: { productId, quantity: 1, payments: usdt('100'), transactionPassword: password },
      otherBody: { productId, quantity: 2, payments: usdt('200'), transactionPassword: password },
      effects: holdingsOf(buyerId),
    }),
    upgradeMatching: async () => {
      const h = await holding();
      return {
        body: { holdingId: h, toProductId: dearerId, payments: usdt('100'), transactionPassword: password },
        otherBody: { holdingId: h, toProductId: dearerId, payments: usdt('99'), transactionPassword: password },
        effects: eventsOf(h, 'upgrade'),
      };
    },
    addWarehouse: async () => {
      const h = await holding();
      return {
        body: { holdingId: h, quantity: 1, payments: usdt('100'), transactionPassword: password },
        otherBody: { holdingId: h, quantity: 2, payments: usdt('200'), transactionPassword: password },
        effects: eventsOf(h, 'add'),
      };
    },
    fillingPositions: async () => {
      const h = await endedByTerm();
      return {
        body: { holdingId: h, payments: usdt('100'), transactionPassword: password },
        otherBody: { holdingId: h, payments: usdt('50'), transactionPassword: password },
        effects: eventsOf(h, 'fill'),
      };
    },
    redeem: async () => {
      const h = await holding();
      return {
        body: { holdingId: h, transactionPassword: password },
        otherBody: { holdingId: await holding(), transactionPassword: password },
        effects: eventsOf(h, 'expire'),
      };
    },
    internalTransfer: async () => {
      const h = await holding();
      return {
        body: { holdingId: h, toUserName: recipientName, transactionPassword: password },
        otherBody: { holdingId: h, toUserName: 'alice', transactionPassword: password },
        effects: holdingsOf(recipientId),
      };
    },
    activationCodeBuy: async () => ({
      body: { productId, quantity: 1, payments: usdt('100'), transactionPassword: password },
      otherBody: { productId, quantity: 2, payments: usdt('200'), transactionPassword: password },
      effects: () =>
        count(
          db()
            .selectFrom('package_activation_codes')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('buyer_id', '=', buyerId),
        ),
    }),
    activationCodeActivate: async () => {
      const { code } = await ok<{ code: string }>('activationCodeBuy', { productId, quantity: 1, payments: usdt('100'), transactionPassword: password });
      return { body: { userName: buyerName, code }, otherBody: { userName: 'alice', code }, effects: holdingsOf(buyerId) };
    },
    claimCreate: async () => {
      const h = await endedByTerm();
      return {
        body: { holdingId: h },
        otherBody: { holdingId: await endedByTerm() },
        effects: () =>
          count(
            db()
              .selectFrom('package_claims')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('holding_id', '=', h),
          ),
      };
    },
    ...Object.fromEntries(
      (
        [
          ['buyPurchaseCode', 'codeA', 'codeB'],
          ['flashSaleBuy', 'flashA', 'flashB'],
        ] as const
      ).map(([name, sale, other]) => [
        name,
        async (): Promise<Case> => {
          const { permit } = await ok<{ permit: string }>('armPurchase', { saleId: sales[sale], transactionPassword: password });
          return {
            body: { saleId: sales[sale], permit },
            otherBody: { saleId: sales[other], permit },
            effects: () =>
              count(
                db()
                  .selectFrom('scarce_purchases')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('member_id', '=', buyerId)
                  .where('sale_id', '=', sales[sale]),
              ),
          };
        },
      ]),
    ),
    activatePurchaseCode: async () => ({ body: { code: await rushCode() }, otherBody: { code: await rushCode() }, effects: holdingsOf(buyerId) }),
    givePurchaseCode: async () => {
      const code = await rushCode();
      return { body: { code, toUserName: recipientName }, otherBody: { code, toUserName: 'alice' }, effects: holdingsOf(recipientId) };
    },
    buyEquity: async () => ({
      body: { shares: 1, transactionPassword: password },
      otherBody: { shares: 2, transactionPassword: password },
      effects: () =>
        count(
          db()
            .selectFrom('equity_records')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('member_id', '=', buyerId)
            .where('kind', '=', 'buy'),
        ),
    }),
  };

  it.each(Object.keys(cases))('%s: 8 parallel sends make one effect and 8 equal answers; another body under the id is refused', async (name) => {
    const endpoint = name as EndpointName;
    const { body, otherBody, effects } = await cases[name]!();
    const requestId = `once-${crypto.randomUUID()}`;
    const before = await effects();
    statuses.length = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(endpoint, { ...body, requestId })));
    for (const answer of answers) {
      expect(answer.status, answer.message).toBe(200);
      expect(answer.code, answer.message).toBe(20000);
      expect(answer.data).toEqual(answers[0]!.data);
    }
    expect(await effects()).toBe(before + 1);

    const reused = await send(endpoint, { ...otherBody, requestId });
    expect(reused.error).toBe('ledger.requestIdReused');
    // A retry after all that is still answered the first answer, with no second effect.
    const retry = await send(endpoint, { ...body, requestId });
    expect(retry.data).toEqual(answers[0]!.data);
    expect(await effects()).toBe(before + 1);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
