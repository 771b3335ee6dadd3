/**
 * Demo data for a first start: the demo member and a few others in one referral tree.
 * Refused in production by config.ts. Idempotent: an existing demo member is left alone.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { toChecksumAddress, tronAddressFromHex, type Language } from '@pp/contract';
import type { Services } from '../services.ts';
import { BankAccountService } from '../modules/bank-accounts/service.ts';
import { AddressService } from '../modules/addresses/service.ts';
import type { ChangeContext } from '../modules/addresses/destination-changes.ts';

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
  await seedDemoPackages(services, admin, demoId);
  await seedDemoDestinations(services, demoId);
  await seedDemoAnnouncement(services, admin);
}

/** The demo member's payout destinations, as `listBankAccounts` / `listWithdrawalAddresses` show them (a CN member's bank in Chinese: data shown in every language, never English words there). */
export const demoDestinations = {
  bankAccount: { bankName: '中国工商银行', accountName: '演示会员', accountNumber: '6222020200112233445' },
  bep20: toChecksumAddress('8ba1f109551bd432803012645ac136ddd64dba72'),
  trc20: tronAddressFromHex('8ba1f109551bd432803012645ac136ddd64dba73'),
};

/**
 * A bank account and a BEP20 and a TRC20 address for demo, added through the destination services
 * like a member's own (history row, security e-mail to the outbox) on a clock set back past the
 * cooling-off (withdrawal.addressCoolingOffHours, decision 015): a fresh start can try a withdrawal
 * at once. Demo data only; production never runs this.
 */
async function seedDemoDestinations(services: Services, demoId: string): Promise<void> {
  const hours = await services.settings.get('withdrawal.addressCoolingOffHours');
  const addedAt = () => Date.now() - (hours + 1) * 3_600_000;
  const { dbHandle, accounts, settings, security } = services;
  const bankAccounts = new BankAccountService(dbHandle.db, dbHandle.dialect, accounts, settings, security, addedAt);
  const addresses = new AddressService(dbHandle.db, dbHandle.dialect, accounts, settings, security, addedAt);
  const request = { ip: 'demo-seed', headers: {} } as unknown as FastifyRequest;
  const context: ChangeContext = { ip: 'demo-seed', userAgent: 'demo seed', request, lang: 'en-US' };
  const transactionPassword = 'Demo@123456';
  await bankAccounts.add(demoId, { ...demoDestinations.bankAccount, transactionPassword }, context);
  await addresses.add(demoId, { chain: 'BEP20', address: demoDestinations.bep20, transactionPassword }, context);
  await addresses.add(demoId, { chain: 'TRC20', address: demoDestinations.trc20, transactionPassword }, context);
}

/** The welcome announcement, published by admin in the five languages like any staff notice. */
export const demoAnnouncement: Record<Language, { title: string; body: string }> = {
  'zh-CN': {
    title: '欢迎来到积分门户',
    body: '<p>欢迎！您可以在这里充值、兑换、转账、提现和购买套餐。</p><p>演示账户已添加一个银行账户和 BEP20、TRC20 提现地址，均已过 24 小时等待期，可以直接试用提现。</p>',
  },
  'en-US': {
    title: 'Welcome to Points Portal',
    body: '<p>Welcome! Here you can deposit, exchange, transfer, withdraw and buy packages.</p><p>The demo account already has a bank account and a BEP20 and a TRC20 withdrawal address past their 24-hour wait, so you can try a withdrawal right away.</p>',
  },
  'ja-JP': {
    title: 'ポイントポータルへようこそ',
    body: '<p>ようこそ！ここでは入金、両替、振替、出金、パッケージの購入ができます。</p><p>デモアカウントには、24時間の待機期間を過ぎた銀行口座と BEP20・TRC20 の出金アドレスが登録済みなので、すぐに出金をお試しいただけます。</p>',
  },
  'ko-KP': {
    title: '포인트 포털에 오신 것을 환영합니다',
    body: '<p>환영합니다! 이곳에서 입금, 환전, 이체, 출금과 패키지 구매를 할 수 있습니다.</p><p>데모 계정에는 24시간 대기 기간이 지난 은행 계좌와 BEP20, TRC20 출금 주소가 이미 등록되어 있어 바로 출금을 해 볼 수 있습니다.</p>',
  },
  'id-ID': {
    title: 'Selamat datang di Points Portal',
    body: '<p>Selamat datang! Di sini Anda dapat menyetor, menukar, mentransfer, menarik dana, dan membeli paket.</p><p>Akun demo sudah memiliki rekening bank serta alamat penarikan BEP20 dan TRC20 yang telah melewati masa tunggu 24 jam, jadi Anda bisa langsung mencoba penarikan.</p>',
  },
};

async function seedDemoAnnouncement(services: Services, admin: { id: string; name: string; ip: string }): Promise<void> {
  await services.content.announcementSave(admin, { translations: demoAnnouncement, isPinned: false, publishAt: Date.now() - 60_000, expiresAt: null });
}

const demoTerms = {
  premium: '2', fee: '1', feeCoinName: 'USDT', effectiveDelayHours: 24, releasePeriodHours: 24, maxReward: '0',
  redeemFeePercent: '5', redeemFeeUnlockedPercent: '1', claimGuaranteePercent: '80', drawCycleDays: 7,
};

/** The demo catalogue: two normal packages, one special by grade, one experience package. */
export const demoProducts = [
  {
    kind: 'normal' as const,
    names: { 'zh-CN': '稳健计划', 'en-US': 'Steady Plan', 'ja-JP': '安定プラン', 'ko-KP': '안정 계획', 'id-ID': 'Paket Stabil' },
    descriptions: {
      'zh-CN': '每份100 USDT，每日释放0.5%奖励，合约180天，30天后解锁。',
      'en-US': '100 USDT a unit, 0.5% reward released daily, 180-day contract, unlocked after 30 days.',
      'ja-JP': '1口100 USDT、毎日0.5%の報酬、契約180日、30日後にロック解除。',
      'ko-KP': '1구좌 100 USDT, 매일 0.5% 보상, 계약 180일, 30일 후 잠금 해제.',
      'id-ID': '100 USDT per unit, imbalan 0,5% per hari, kontrak 180 hari, terbuka setelah 30 hari.',
    },
    terms: { ...demoTerms, price: '100', contractDays: 180, unlockDays: 30, releasePercent: '0.5', maxProfitPercent: '150' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }, { coinName: 'ASSETS_POINT', maxPercent: '50' }],
    perMemberLimit: 100, totalLimit: 100_000, minGrade: null, isInviteOnly: false, sortOrder: 1,
  },
  {
    kind: 'normal' as const,
    names: { 'zh-CN': '成长计划', 'en-US': 'Growth Plan', 'ja-JP': '成長プラン', 'ko-KP': '성장 계획', 'id-ID': 'Paket Pertumbuhan' },
    descriptions: {
      'zh-CN': '每份500 USDT，每日释放0.6%奖励，合约360天，60天后解锁，最高收益200%。',
      'en-US': '500 USDT a unit, 0.6% reward released daily, 360-day contract, unlocked after 60 days, at most 200% profit.',
      'ja-JP': '1口500 USDT、毎日0.6%の報酬、契約360日、60日後にロック解除、最大収益200%。',
      'ko-KP': '1구좌 500 USDT, 매일 0.6% 보상, 계약 360일, 60일 후 잠금 해제, 최대 수익 200%.',
      'id-ID': '500 USDT per unit, imbalan 0,6% per hari, kontrak 360 hari, terbuka setelah 60 hari, keuntungan paling banyak 200%.',
    },
    terms: { ...demoTerms, price: '500', premium: '5', fee: '5', contractDays: 360, unlockDays: 60, releasePercent: '0.6', maxProfitPercent: '200' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }, { coinName: 'ASSETS_POINT', maxPercent: '30' }, { coinName: 'REWARD_POINT', maxPercent: '20' }],
    perMemberLimit: 20, totalLimit: 0, minGrade: null, isInviteOnly: false, sortOrder: 2,
  },
  {
    kind: 'special' as const,
    names: { 'zh-CN': '黄金专享', 'en-US': 'Gold Exclusive', 'ja-JP': 'ゴールド限定', 'ko-KP': '골드 전용', 'id-ID': 'Eksklusif Emas' },
    descriptions: {
      'zh-CN': '门店及以上等级专享：每份1000 USDT，每日释放0.8%，每份奖励最多1500。',
      'en-US': 'For Store grade and above: 1,000 USDT a unit, 0.8% released daily, at most 1,500 reward a unit.',
      'ja-JP': '店舗グレード以上限定：1口1,000 USDT、毎日0.8%、1口あたり報酬は最大1,500。',
      'ko-KP': '매장 등급 이상 전용: 1구좌 1,000 USDT, 매일 0.8%, 1구좌당 보상 최대 1,500.',
      'id-ID': 'Untuk tingkat Toko ke atas: 1.000 USDT per unit, 0,8% per hari, imbalan paling banyak 1.500 per unit.',
    },
    terms: { ...demoTerms, price: '1000', premium: '10', fee: '10', contractDays: 180, unlockDays: 30, releasePercent: '0.8', maxProfitPercent: '160', maxReward: '1500' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 10, totalLimit: 1000, minGrade: 2, isInviteOnly: false, sortOrder: 3,
  },
  {
    kind: 'experience' as const,
    names: { 'zh-CN': '体验套餐', 'en-US': 'Trial Package', 'ja-JP': 'お試しパッケージ', 'ko-KP': '체험 패키지', 'id-ID': 'Paket Percobaan' },
    descriptions: {
      'zh-CN': '每位会员限一次：10 USDT，30天，每日释放1%，随时可赎回。',
      'en-US': 'Once per member: 10 USDT, 30 days, 1% released daily, redeemable at any time.',
      'ja-JP': '会員1人1回限り：10 USDT、30日間、毎日1%、いつでも償還可能。',
      'ko-KP': '회원당 1회: 10 USDT, 30일, 매일 1%, 언제든 상환 가능.',
      'id-ID': 'Sekali per anggota: 10 USDT, 30 hari, 1% per hari, bisa ditebus kapan saja.',
    },
    terms: { ...demoTerms, price: '10', premium: '0', fee: '0', contractDays: 30, unlockDays: 0, effectiveDelayHours: 0, releasePercent: '1', maxProfitPercent: '30', redeemFeePercent: '0', redeemFeeUnlockedPercent: '0', claimGuaranteePercent: '0', drawCycleDays: 0 },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }, { coinName: 'REWARD_POINT', maxPercent: '100' }],
    perMemberLimit: 1, totalLimit: 0, minGrade: null, isInviteOnly: false, sortOrder: 4,
  },
];

/** The catalogue, saved by staff like any change, and the demo member's holding of 10 units of the first (1,000 USDT fixed). */
async function seedDemoPackages(services: Services, admin: { id: string; name: string; ip: string }, demoId: string): Promise<void> {
  const ids: string[] = [];
  for (const p of demoProducts) ids.push((await services.catalogue.save(admin, { ...p, isOnSale: true, invitedUserNames: [] })).id);
  await services.packages.buy(demoId, { productId: ids[0]!, quantity: 10, payments: [{ coinName: 'USDT', amount: '1000' }], transactionPassword: 'Demo@123456', requestId: 'demo-seed-package-1' });
}

function dbHandleOf(services: Services) {
  return services.dbHandle.db;
}
