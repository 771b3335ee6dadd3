// Proves reviewDecide is done once per requestId: 8 identical approvals sent at once decide the
// item once, credit the member once and get 8 equal answers, none a 5xx (without the key the late
// ones were refused review.notPending); a retry gets the first answer; the same id with the other
// decision is refused for the item and changes nothing. The books balance after.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { raceEight } from '../../../../test/race.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';

type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };

describe.each(dialects)('keyed reviewDecide on %s', (dialect) => {
  let t: TestApp;
  let finance: TestClient;
  let finance2: TestClient;
  let bobId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    bobId = (await t.services.accounts.repository.byName('bob'))!.id;
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('decides and pays an item once for racing approvals and a retry; refuses a reuse', async () => {
    const db = t.services.dbHandle.db;
    const available = async () => (await t.services.ledger.memberBalances(bobId)).get('USDT')?.available ?? 0n;
    // One staff member asks for a credit, another approves it (four eyes).
    const made = await finance2.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: bobId,
      coinName: 'USDT',
      direction: 'credit',
      amount: '10',
      reason: 'keyed race',
      requestId: crypto.randomUUID(),
    });
    expect(made.code, made.message).toBe(20000);
    const itemId = made.data.reviewId;
    const decisions = async () => (await db.selectFrom('review_decisions').select('id').where('item_id', '=', itemId).execute()).length;
    const before = await available();
    const requestId = crypto.randomUUID();
    const body = { ids: [itemId], decision: 'approve', requestId };
    const first = await raceEight('reviewDecide', () => finance.call<Decided>('reviewDecide', body));
    expect(first.code, first.message).toBe(20000);
    expect(first.data.results).toEqual([{ id: itemId, outcome: 'approved' }]);
    expect(await decisions()).toBe(1);
    expect((await available()) - before).toBe(10_000_000n);
    expect((await db.selectFrom('review_items').select('status').where('id', '=', itemId).executeTakeFirstOrThrow()).status).toBe('approved');

    const retry = await finance.call<Decided>('reviewDecide', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await decisions()).toBe(1);

    // The same id with the other decision is not a retry: the item is refused it and stays approved.
    const reused = await finance.call<Decided>('reviewDecide', { ...body, decision: 'reject', reason: 'changed my mind' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.data.results).toEqual([{ id: itemId, outcome: 'refused', error: 'ledger.requestIdReused' }]);
    expect(await decisions()).toBe(1);
    expect((await available()) - before).toBe(10_000_000n);
  });
});
