// Migration 052 on a database whose package and scarce-goods writes were keyed the old way (the
// package_requests table): every key moves into the request log under its endpoint's name with the
// answer the endpoint gave, the table is dropped, and a retry through the API of a buy sent before
// the upgrade gets its first holding and buys nothing.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { HoldingEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient } from '../../../test/helper.ts';
import { freshHandle, migrateBefore } from '../../../test/fresh-db.ts';
import { insertProduct } from '../../../test/package-fixtures.ts';
import { migrateToLatest } from '../index.ts';
import { productKeysToRequestLog } from './052-product-keys-to-request-log.ts';

/** package_requests as migration 015 made it. */
async function createOldTable(db: Kysely<unknown>) {
  await db.schema
    .createTable('package_requests')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('result_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_requests_pk', ['member_id', 'request_id'])
    .execute();
}

async function oldKey(db: Kysely<unknown>, memberId: string, requestId: string, action: string, resultId: string, at: number) {
  await sql`insert into package_requests (member_id, request_id, action, request_hash, result_id, created_at)
    values (${memberId}, ${requestId}, ${action}, 'old-hash', ${resultId}, ${at})`.execute(db);
}

async function tableExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((t) => t.name === name);
}

describe.each(dialects)('product keys carried into the request log on %s', (dialect) => {
  it('moves every old key under its endpoint with the answer it gave, and drops package_requests', async () => {
    const { handle, close } = await freshHandle(dialect);
    try {
      await migrateBefore(handle, '052-product-keys-to-request-log');
      const db = handle.db as unknown as Kysely<unknown>;
      let at = 1_700_000_000_000;
      for (const [action, requestId] of [
        ['buy', 'r-buy'],
        ['upgrade', 'r-upgrade'],
        ['add', 'r-add'],
        ['fill', 'r-fill'],
        ['redeem', 'r-redeem'],
        ['transfer', 'r-transfer'],
      ] as const)
        await oldKey(db, 'm1', requestId, action, `h-${action}`, ++at);
      await oldKey(db, 'm1', 'r-code-buy', 'codeBuy', 'code-1', ++at);
      await oldKey(db, 'm1', 'r-claim', 'claim', 'claim-1', ++at);
      await oldKey(db, 'm1', 'r-equity', 'equityBuy', 'rec-1', ++at);
      // The same request id of another member is another key.
      await oldKey(db, 'm2', 'r-buy', 'buy', 'h-other', ++at);
      // Activations: a package code (any member may activate it), a rush code activated by its
      // buyer for himself, and one he gave to m2.
      const code = (id: string, saleId: string | null, activatedFor: string, holdingId: string) =>
        sql`insert into package_activation_codes (id, code, buyer_id, product_id, units, terms, principals, principal, state,
            activation_member_id, holding_id, created_at, activated_at, sale_id)
          values (${id}, ${`CODE${id}`}, 'm1', 'p1', 1, '{}', '[]', 100, 'activated', ${activatedFor}, ${holdingId}, 1, 2, ${saleId})`.execute(db);
      await code('c-plain', null, 'm2', 'h-act-plain');
      await code('c-own', 'sale-code', 'm1', 'h-act-own');
      await code('c-given', 'sale-code', 'm2', 'h-act-given');
      await oldKey(db, 'm1', 'r-act-plain', 'codeActivate', 'h-act-plain', ++at);
      await oldKey(db, 'm1', 'r-act-own', 'codeActivate', 'h-act-own', ++at);
      await oldKey(db, 'm1', 'r-act-given', 'codeActivate', 'h-act-given', ++at);
      // Sale purchases: a rush (a code) and a flash sale (a holding).
      for (const [saleId, kind] of [
        ['sale-code', 'code'],
        ['sale-flash', 'flash'],
      ] as const)
        await sql`insert into scarce_sales (id, kind, product_id, units, price, coin_name, total, sold, per_member_limit, min_grade, is_flagged_only,
            starts_at, ends_at, created_by, created_at)
          values (${saleId}, ${kind}, 'p1', 1, 100, 'USDT', 10, 1, 1, null, 0, 1, 2, 'staff-1', 1)`.execute(db);
      await sql`insert into scarce_purchases (id, sale_id, member_id, kind, amount, coin_name, code_id, holding_id, transfer_id, created_at)
        values ('pu-code', 'sale-code', 'm1', 'code', 100, 'USDT', 'c-own', null, 't1', 1),
               ('pu-flash', 'sale-flash', 'm1', 'flash', 100, 'USDT', null, 'h-flash', 't2', 1)`.execute(db);
      await oldKey(db, 'm1', 'r-rush', 'sale:sale-code', 'pu-code', ++at);
      await oldKey(db, 'm1', 'r-flash', 'sale:sale-flash', 'pu-flash', ++at);

      await migrateToLatest(handle);

      const logged = await handle.db.selectFrom('request_log').selectAll().execute();
      const byKey = new Map(logged.map((r) => [`${r.scope} ${r.actor} ${r.request_id}`, r]));
      const expected: Record<string, unknown> = {
        'buyMatching m1 r-buy': { holdingId: 'h-buy' },
        'buyMatching m2 r-buy': { holdingId: 'h-other' },
        'upgradeMatching m1 r-upgrade': { holdingId: 'h-upgrade' },
        'addWarehouse m1 r-add': { holdingId: 'h-add' },
        'fillingPositions m1 r-fill': { holdingId: 'h-fill' },
        'redeem m1 r-redeem': { holdingId: 'h-redeem' },
        'internalTransfer m1 r-transfer': { holdingId: 'h-transfer' },
        'activationCodeBuy m1 r-code-buy': { id: 'code-1' },
        'claimCreate m1 r-claim': { id: 'claim-1' },
        'buyEquity m1 r-equity': { recordId: 'rec-1' },
        'activationCodeActivate m1 r-act-plain': { holdingId: 'h-act-plain' },
        'activationCodeActivate m1 r-act-own': { holdingId: 'h-act-own' },
        'activatePurchaseCode m1 r-act-own': { holdingId: 'h-act-own' },
        'activationCodeActivate m1 r-act-given': { holdingId: 'h-act-given' },
        'givePurchaseCode m1 r-act-given': { holdingId: 'h-act-given' },
        'buyPurchaseCode m1 r-rush': { purchaseId: 'pu-code', codeId: 'c-own', holdingId: null },
        'flashSaleBuy m1 r-flash': { purchaseId: 'pu-flash', codeId: null, holdingId: 'h-flash' },
      };
      expect(Object.fromEntries([...byKey].map(([k, r]) => [k, JSON.parse(r.result_json!) as unknown]))).toEqual(expected);
      expect(logged.every((r) => r.input_hash === 'legacy')).toBe(true);
      expect(Number(byKey.get('buyMatching m1 r-buy')!.created_at)).toBe(1_700_000_000_001);
      expect(await tableExists(db, 'package_requests')).toBe(false);
    } finally {
      await close();
    }
  });

  it('answers a retry of a buy sent before the upgrade with its first holding, and buys nothing', async () => {
    const t = await makeTestApp(dialect);
    try {
      const db = t.services.dbHandle.db;
      await registerMember(t, 'legacybuyer');
      const memberId = (await t.services.accounts.repository.byName('legacybuyer'))!.id;
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
        .then((outcome) => {
          // The data layer's tests stay below the modules: the refusal is read here, not through the ledger's helper.
          if (!outcome.ok) throw new Error(`ledger refused: ${outcome.result}`);
          return outcome.record;
        });
      const c = new TestClient(t.app, t.serverKey.publicJwk);
      c.token = await login({ ...t, client: c }, 'legacybuyer', 'Passw0rd!x');
      // 100 USDT a unit, premium and fee in USDT, all of it payable in USDT.
      const productId = await insertProduct(db);
      const body = { productId, quantity: 1, payments: [{ coinName: 'USDT', amount: '100' }], transactionPassword: 'Trans0ction!x' };
      const first = await c.call<{ holdingId: string }>('buyMatching', { ...body, requestId: 'legacy-buy-request-0001' });
      expect(first.code, first.message).toBe(20000);

      // The same buy as it stood before the upgrade: its key in package_requests, not in the log.
      await db.deleteFrom('request_log').where('request_id', '=', 'legacy-buy-request-0001').execute();
      await createOldTable(db as unknown as Kysely<unknown>);
      await oldKey(db as unknown as Kysely<unknown>, memberId, 'legacy-buy-request-0001', 'buy', first.data.holdingId, Date.now());
      await productKeysToRequestLog().up(db as unknown as Kysely<unknown>);

      const balance = async () => (await t.services.ledger.memberBalances(memberId)).get('USDT')!.available;
      const before = await balance();
      // A retry sends the same body; with a re-typed password it is still the same request.
      for (const retry of [body, { ...body, transactionPassword: 'Trans0ction!x' }]) {
        const again = await c.call<{ holdingId: string }>('buyMatching', { ...retry, requestId: 'legacy-buy-request-0001' });
        expect(again.status).toBe(200);
        expect(again.code, again.message).toBe(20000);
        expect(again.data).toEqual(first.data);
      }
      const holdings = (await c.call<{ items: HoldingEntry[] }>('buyMatchingList', {})).data.items;
      expect(holdings.map((h) => h.id)).toEqual([first.data.holdingId]);
      expect(await balance()).toBe(before);
      // A new request id still buys: the carried key answers only its own request.
      const next = await c.call<{ holdingId: string }>('buyMatching', { ...body, requestId: 'legacy-buy-request-0002' });
      expect(next.code, next.message).toBe(20000);
      expect(next.data.holdingId).not.toBe(first.data.holdingId);
    } finally {
      await t.close();
    }
  });
});
