/**
 * Insurance claims (decision 020) through the API: a holding that ended by its term below its
 * guarantee claims the difference; staff approve it in the packageClaim review queue (paid from
 * the insurance pool) or reject it with a reason (kept; the holding may claim again).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageTerms } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { baseTerms, createHoldings, dayMs, fixedBalanceProblems, fundSystem, insertProduct } from '../../../../test/package-fixtures.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';

/** 5 days, 1 % a day from day 1: 4 periods = 4 % released, guarantee 40 %: claim 36 % of the principal. */
const terms: PackageTerms = {
  ...baseTerms,
  price: '10',
  contractDays: 5,
  unlockDays: 2,
  effectiveDelayHours: 24,
  releasePercent: '1',
  releasePeriodHours: 24,
  maxProfitPercent: '20',
  claimGuaranteePercent: '40',
  drawCycleDays: 0,
};
const rid = () => crypto.randomBytes(12).toString('hex');

type ClaimList = {
  items: Array<{
    id: string;
    holdingId: string;
    holdingNumber: string;
    amount: string;
    coinName: string;
    state: string;
    rejectReasonCode: string | null;
    rejectReason: string | null;
    productName: string;
  }>;
  nextCursor: string | null;
};
type Decided = { results: Array<{ id: string; outcome: string; error?: string }> };

describe.each(dialects)('package claims (%s)', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let memberId: string;
  let ended: string[];
  let live = '';
  let finance: TestClient;
  let finance2: TestClient;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const m = await registerMember(t, 'claimer');
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login(t, m.userName, m.password);
    memberId = (await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name_key', '=', 'claimer').executeTakeFirstOrThrow()).id;
    const product = await insertProduct(t.services.dbHandle.db, terms);
    const now = Date.now();
    ended = await createHoldings(t.services.dbHandle, t.services.ledger, [
      { memberId, productId: product, terms, units: 3, startedAt: now - 6 * dayMs },
      { memberId, productId: product, terms, units: 1, startedAt: now - 7 * dayMs },
    ]);
    live = (await createHoldings(t.services.dbHandle, t.services.ledger, [{ memberId, productId: product, terms, units: 1, startedAt: now - dayMs }]))[0]!;
    await t.services.packageRelease.run({ now });
    await fundSystem(t.services.ledger, 'insurance', 'USDT', 1_000_000_000n);
    finance = await staffClient(t, 'finance', 'Finance@12345');
    finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
  });
  afterAll(async () => t.close());

  async function approve(reviewId: string) {
    let outcome = (await finance.call<Decided>('reviewDecide', { ids: [reviewId], decision: 'approve' })).data.results[0]!.outcome;
    // Above the four-eyes amount a second finance member approves.
    if (outcome === 'awaitingSecond')
      outcome = (await finance2.call<Decided>('reviewDecide', { ids: [reviewId], decision: 'approve' })).data.results[0]!.outcome;
    return outcome;
  }

  async function reviewIdOf(claimId: string) {
    return (await t.services.dbHandle.db.selectFrom('package_claims').select('review_id').where('id', '=', claimId).executeTakeFirstOrThrow()).review_id;
  }

  async function usdtAvailable() {
    return (await t.services.ledger.memberBalances(memberId)).get('USDT')?.available ?? 0n;
  }

  it("refuses a live holding, an unknown one and another member's", async () => {
    expect((await member.call('claimCreate', { holdingId: live, requestId: rid() })).error).toBe('package.notClaimable');
    expect((await member.call('claimCreate', { holdingId: 'nope', requestId: rid() })).error).toBe('package.holdingNotFound');
    const other = await registerMember(t, 'otherclaimer');
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login(t, other.userName, other.password);
    expect((await c.call('claimCreate', { holdingId: ended[0]!, requestId: rid() })).error).toBe('package.holdingNotFound');
  });

  it('files a claim for the difference, once per holding, and a retry answers the first claim', async () => {
    const holding = await t.services.dbHandle.db.selectFrom('package_holdings').selectAll().where('id', '=', ended[0]!).executeTakeFirstOrThrow();
    expect(holding.state).toBe('expired');
    expect(holding.end_reason).toBe('term');
    // 3 units x 10 = 30 principal; 4 periods x 1 % = 1.2 released; 40 % = 12; claim 10.8.
    expect(BigInt(holding.released)).toBe(1_200_000n);
    const requestId = rid();
    const first = await member.call<{ id: string }>('claimCreate', { holdingId: ended[0]!, requestId });
    expect(first.code).toBe(20000);
    const again = await member.call<{ id: string }>('claimCreate', { holdingId: ended[0]!, requestId });
    expect(again.data.id).toBe(first.data.id);
    expect((await member.call('claimCreate', { holdingId: ended[0]!, requestId: rid() })).error).toBe('package.claimPending');
    const list = await member.call<ClaimList>('claimList', { pageSize: 10 });
    const entry = list.data.items.find((c) => c.id === first.data.id)!;
    expect(entry).toMatchObject({ holdingId: ended[0], amount: '10.800000', coinName: 'USDT', state: 'pendingReview', holdingNumber: holding.number });
    const queue = await finance.call<{ items: Array<{ id: string; amount: string; status: string }> }>('reviewList', {
      queue: 'packageClaim',
      status: 'pending',
    });
    expect(queue.data.items.map((i) => i.amount)).toContain('10.800000');
  });

  it('approval pays the claim from the insurance pool and ends the holding as claimed', async () => {
    const claim = (await member.call<ClaimList>('claimList', { pageSize: 10 })).data.items.find((c) => c.holdingId === ended[0])!;
    const before = await usdtAvailable();
    expect(await approve(await reviewIdOf(claim.id))).toBe('approved');
    expect((await usdtAvailable()) - before).toBe(10_800_000n);
    const after = (await member.call<ClaimList>('claimList', { pageSize: 10 })).data.items.find((c) => c.id === claim.id)!;
    expect(after.state).toBe('approved');
    const holding = await t.services.dbHandle.db.selectFrom('package_holdings').select('end_reason').where('id', '=', ended[0]!).executeTakeFirstOrThrow();
    expect(holding.end_reason).toBe('claimed');
    // Paid once: a second decision is refused and a new claim is not possible.
    expect((await finance.call<Decided>('reviewDecide', { ids: [await reviewIdOf(claim.id)], decision: 'approve' })).data.results[0]!.error).toBe(
      'review.notPending',
    );
    expect((await member.call('claimCreate', { holdingId: ended[0]!, requestId: rid() })).code).not.toBe(20000);
    const payouts = await t.services.dbHandle.db.selectFrom('ledger_transfers').select('amount').where('code', '=', 'claimPayout').execute();
    expect(payouts.map((p) => BigInt(p.amount))).toEqual([10_800_000n]);
  });

  it('rejection keeps the reason, pays nothing, and the holding may claim again', async () => {
    const before = await usdtAvailable();
    const made = await member.call<{ id: string }>('claimCreate', { holdingId: ended[1]!, requestId: rid() });
    expect(made.code).toBe(20000);
    const decided = await finance.call<Decided>('reviewDecide', {
      ids: [await reviewIdOf(made.data.id)],
      decision: 'reject',
      reasonCode: 'other',
      reason: 'not covered',
    });
    expect(decided.data.results[0]!.outcome).toBe('rejected');
    const entry = (await member.call<ClaimList>('claimList', { pageSize: 10 })).data.items.find((c) => c.id === made.data.id)!;
    expect(entry).toMatchObject({ state: 'rejected', rejectReasonCode: 'other', rejectReason: 'not covered', amount: '3.600000' });
    expect(await usdtAvailable()).toBe(before);
    const again = await member.call<{ id: string }>('claimCreate', { holdingId: ended[1]!, requestId: rid() });
    expect(again.code).toBe(20000);
    expect(again.data.id).not.toBe(made.data.id);
  });

  it('leaves the ledger balanced and the fixed balances equal to the live principal', async () => {
    const ledger = await verifyLedger(t.services.dbHandle.db);
    expect(ledger.problems).toEqual([]);
    expect(await fixedBalanceProblems(t.services.dbHandle.db)).toEqual([]);
  });
});
