// Staff writes the back-office keys (its kit sends a request id and tells staff a retry is safe)
// are kept once by the server: a review decision whose answer was lost is answered with what was
// decided when it is sent again (it was `review.notPending`), and a product save sent twice, or 8
// times at once, makes one product (a retry made a second).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductAdminEntry } from '@pp/contract';
import { dialects, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { baseTerms } from '../../../../test/package-fixtures.ts';

type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };

const product = {
  kind: 'normal',
  names: { 'en-US': 'Keyed plan' },
  descriptions: {},
  terms: baseTerms,
  payWith: [{ coinName: 'USDT', maxPercent: '100' }],
  perMemberLimit: 0,
  totalLimit: 0,
  isOnSale: false,
  minGrade: null,
  isInviteOnly: false,
  invitedUserNames: [] as string[],
  sortOrder: 90,
};

describe.each(dialects)('keyed staff writes on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let finance: TestClient;
  let finance2: TestClient;
  let bobId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    bobId = (await t.services.accounts.repository.byName('bob'))!.id;
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('answers a review decision sent again with what was decided, once', async () => {
    const made = await finance2.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: bobId,
      coinName: 'USDT',
      direction: 'credit',
      amount: '10',
      reason: 'keyed',
      requestId: crypto.randomUUID(),
    });
    expect(made.code, made.message).toBe(20000);
    const requestId = crypto.randomUUID();
    const body = { ids: [made.data.reviewId], decision: 'approve', requestId };
    const first = await finance.call<Decided>('reviewDecide', body);
    expect(first.data.results[0]).toMatchObject({ outcome: 'approved' });
    // The answer was lost; the kit sends the same request again with the same key.
    const again = await Promise.all(Array.from({ length: 4 }, () => finance.call<Decided>('reviewDecide', body)));
    for (const answer of again) expect(answer.data.results[0]).toMatchObject({ outcome: 'approved' });
    const decisions = await t.services.dbHandle.db.selectFrom('review_decisions').select('id').where('item_id', '=', made.data.reviewId).execute();
    expect(decisions).toHaveLength(1);
    // A new submission (another key) is a new decision, refused because the item is decided.
    const fresh = await finance.call<Decided>('reviewDecide', { ...body, requestId: crypto.randomUUID() });
    expect(fresh.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.notPending' });
  });

  // races: productSave
  it('makes one product from a save sent 8 times at once and again later', async () => {
    const requestId = crypto.randomUUID();
    const before = (await admin.call<ProductAdminEntry[]>('productAdminList')).data.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin.call<ProductAdminEntry>('productSave', { ...product, requestId })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.code, answer.message).toBe(20000);
      expect(answer.data.id).toBe(answers[0]!.data.id);
    }
    const retried = await admin.call<ProductAdminEntry>('productSave', { ...product, requestId });
    expect(retried.data.id).toBe(answers[0]!.data.id);
    expect((await admin.call<ProductAdminEntry[]>('productAdminList')).data.length).toBe(before + 1);
    // The same key with another product is a client's mistake, refused with nothing written.
    const reused = await admin.call('productSave', { ...product, sortOrder: 91, requestId });
    expect(reused.error).toBe('ledger.requestIdReused');
    expect((await admin.call<ProductAdminEntry[]>('productAdminList')).data.length).toBe(before + 1);
  });
});
