/**
 * Demo data for a first start: the demo member and a few others in one referral tree.
 * Refused in production by config.ts. Idempotent: an existing demo member is left alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';

export const demoMembers = [
  { userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456', email: 'demo@example.com', countryCode: 'CN', referrer: null },
  { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456', email: 'alice@example.com', countryCode: 'ID', referrer: 'demo' },
  { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567', email: 'bob@example.com', countryCode: 'JP', referrer: 'demo' },
  { userName: 'carol', password: 'Carol@12345', transactionPassword: 'Carol@123456', email: 'carol@example.com', countryCode: 'KR', referrer: 'alice' },
] as const;

/** Demo staff, one per role; admin's authenticator is enrolled with the documented secret. */
export const demoStaff = [
  { userName: 'admin', password: 'Admin@12345', role: 'admin', totpSecret: 'JBSWY3DPEHPK3PXP' },
  { userName: 'finance', password: 'Finance@12345', role: 'finance', totpSecret: null },
  { userName: 'finance2', password: 'Finance2@12345', role: 'finance', totpSecret: null },
  { userName: 'support', password: 'Support@12345', role: 'support', totpSecret: null },
  { userName: 'viewer', password: 'Viewer@12345', role: 'viewer', totpSecret: null },
] as const;

export async function seedDemo(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { accounts, dbHandle } = services;
  if (await accounts.repository.byName('demo')) return;
  const staffIds: Record<string, string> = {};
  for (const s of demoStaff) staffIds[s.userName] = await services.staff.create(s.userName, s.password, s.role, s.totpSecret);
  for (const m of demoMembers) {
    const referrer = m.referrer ? ((await accounts.repository.byName(m.referrer)) ?? null) : null;
    const id = await accounts.createMember(
      {
        userName: m.userName,
        password: m.password,
        confirmPassword: m.password,
        transactionPassword: m.transactionPassword,
        confirmTransactionPassword: m.transactionPassword,
        countryCode: m.countryCode,
        email: m.email,
        emailCode: '000000',
        inviteId: referrer?.referral_id ?? '',
        agree: true,
      },
      referrer,
    );
    if (m.userName === 'demo') {
      // A stable invite ID for the demo root, so the README can name it.
      await dbHandle.db.updateTable('users').set({ referral_id: '10000001', buy_purchase_code_status: 1 }).where('id', '=', id).execute();
    }
  }
  await seedDemoMoney(services, staffIds);
  log.info('demo data created: member demo / Demo@12345 (transaction password Demo@123456), invite ID 10000001');
}

/**
 * Demo balances come through the ledger like any other: staff adjustments in the review queue,
 * approved (the large ones by two staff members), plus a few left waiting so the queue has work.
 */
async function seedDemoMoney(services: Services, staffIds: Record<string, string>): Promise<void> {
  const byName = async (name: string) => (await services.accounts.repository.byName(name))!.id;
  const admin = { id: staffIds.admin!, name: 'admin', ip: 'demo-seed' };
  const finance = { id: staffIds.finance!, name: 'finance', ip: 'demo-seed', role: 'finance' as const };
  // The adjustments are asked for by finance2, so admin and finance may decide them: a creator never decides their own item (decision 007).
  const requester = { id: staffIds.finance2!, name: 'finance2', ip: 'demo-seed' };
  let n = 0;
  const adjust = async (member: string, coinName: 'USDT' | 'ASSETS_POINT' | 'REWARD_POINT', direction: 'credit' | 'debit', amount: string, reason: string) =>
    services.adjustments.create(requester, { memberId: await byName(member), coinName, direction, amount, reason, requestId: `demo-seed-${++n}` });
  const approve = async (reviewId: string, twice: boolean) => {
    await services.reviews.decide([reviewId], 'approve', undefined, 'demo opening balance', { ...admin, role: 'admin' });
    if (twice) await services.reviews.decide([reviewId], 'approve', undefined, 'demo opening balance, second approval', finance);
  };
  await approve((await adjust('demo', 'USDT', 'credit', '12850.75', 'Opening balance (demo)')).reviewId, true);
  await approve((await adjust('demo', 'ASSETS_POINT', 'credit', '500', 'Registration points (demo)')).reviewId, false);
  await approve((await adjust('demo', 'REWARD_POINT', 'credit', '320.5', 'Reward points (demo)')).reviewId, false);
  await approve((await adjust('alice', 'USDT', 'credit', '800', 'Opening balance (demo)')).reviewId, false);
  await approve((await adjust('bob', 'USDT', 'credit', '150', 'Opening balance (demo)')).reviewId, false);
  // Waiting in the queue: a debit held from demo (shows as frozen), a small credit, a large one.
  await adjust('demo', 'USDT', 'debit', '50', 'Correction of a duplicated bonus (demo)');
  await adjust('alice', 'ASSETS_POINT', 'credit', '200', 'Event reward (demo)');
  const large = await adjust('bob', 'USDT', 'credit', '2500', 'Compensation for a failed deposit (demo)');
  await services.reviews.decide([large.reviewId], 'approve', undefined, 'checked the chain transaction', { ...admin, role: 'admin' });

  // The member side: exchanges in every state, transfers both ways, and a fixed amount.
  const demoId = await byName('demo');
  const tx = { transactionPassword: 'Demo@123456' };
  const done = (await services.exchanges.create(demoId, { exchangeType: 'USDT_TO_ASSETS', amount: '300', requestId: 'demo-seed-exchange-1', ...tx })).id;
  const doneReview = (await dbHandleOf(services).selectFrom('exchanges').select('review_id').where('id', '=', done).executeTakeFirstOrThrow()).review_id;
  await services.reviews.decide([doneReview], 'approve', undefined, 'demo', finance);
  const cancelled = (await services.exchanges.create(demoId, { exchangeType: 'USDT_TO_ASSETS', amount: '40', requestId: 'demo-seed-exchange-2', ...tx })).id;
  await services.exchanges.cancel(demoId, cancelled);
  await services.exchanges.create(demoId, { exchangeType: 'REWARD_TO_USDT', amount: '120', requestId: 'demo-seed-exchange-3', ...tx });
  await services.transfers.create(demoId, { toUserName: 'alice', coinName: 'ASSETS_POINT', amount: '50', requestId: 'demo-seed-transfer-1', ...tx });
  await services.transfers.create(await byName('alice'), { toUserName: 'demo', coinName: 'USDT', amount: '25', requestId: 'demo-seed-transfer-2', transactionPassword: 'Alice@123456' });
  // A referral reward, so the dashboard's total revenue has something to show.
  await services.ledger.transfer({
    requestId: 'demo-seed-reward-1',
    code: 'directBonus',
    coinName: 'REWARD_POINT',
    amount: 88_800_000n,
    debit: { owner: 'system', coinName: 'REWARD_POINT', purpose: 'rewards' },
    credit: { owner: demoId, coinName: 'REWARD_POINT', purpose: 'available' },
    isPending: false,
    memo: '',
  });
  // Principal locked in a package holding (the package feature will make these); shown as fixed.
  await services.ledger.transfer({
    requestId: 'demo-seed-fixed-1',
    code: 'buyMatching',
    coinName: 'USDT',
    amount: 1_000_000_000n,
    debit: { owner: demoId, coinName: 'USDT', purpose: 'available' },
    credit: { owner: demoId, coinName: 'USDT', purpose: 'fixed' },
    isPending: false,
    memo: '',
  });
}

function dbHandleOf(services: Services) {
  return services.dbHandle.db;
}
