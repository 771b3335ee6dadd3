/**
 * Demo data for a first start: the demo member and a few others in one referral tree.
 * Refused in production by config.ts. Idempotent: an existing demo member is left alone.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { languages, toChecksumAddress, tronAddressFromHex, type Language } from '@pp/contract';
import type { Services } from '../services.ts';
import { demoHelpCentre } from './help-centre.ts';
import { BankAccountService } from '../modules/payments/bank-accounts/service.ts';
import { AddressService } from '../modules/payments/addresses/service.ts';
import type { ChangeContext } from '../modules/payments/addresses/destination-changes.ts';
import { settled } from '../modules/wallet/ledger/index.ts';

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
  await services.transfers.create(await byName('alice'), {
    toUserName: 'demo',
    coinName: 'USDT',
    amount: '25',
    requestId: 'demo-seed-transfer-2',
    transactionPassword: 'Alice@123456',
  });
  // A referral reward, so the dashboard's total revenue has something to show.
  settled(
    await services.ledger.transfer({
      requestId: 'demo-seed-reward-1',
      code: 'directBonus',
      coinName: 'REWARD_POINT',
      amount: 88_800_000n,
      debit: { owner: 'system', coinName: 'REWARD_POINT', purpose: 'rewards' },
      credit: { owner: demoId, coinName: 'REWARD_POINT', purpose: 'available' },
      isPending: false,
      memo: '',
    }),
  );
  await seedDemoPackages(services, admin, demoId);
  await seedDemoDestinations(services, demoId);
  await seedDemoAnnouncement(services, admin);
  await seedDemoWhitePaper(services, admin);
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
    title: 'Selamat datang di Portal Poin',
    body: '<p>Selamat datang! Di sini Anda dapat menyetor, menukar, mentransfer, menarik dana, dan membeli paket.</p><p>Akun demo sudah memiliki rekening bank serta alamat penarikan BEP20 dan TRC20 yang telah melewati masa tunggu 24 jam, jadi Anda bisa langsung mencoba penarikan.</p>',
  },
};

async function seedDemoAnnouncement(services: Services, admin: { id: string; name: string; ip: string }): Promise<void> {
  await services.content.announcementSave(admin, { translations: demoAnnouncement, isPinned: false, publishAt: Date.now() - 60_000, expiresAt: null });
}

/**
 * The white paper (document kind whitePaper), published by admin in the five languages as version 1
 * of each, the way staff publish one from the back-office; staff publish a new version over it.
 */
export const demoWhitePaper: Record<Language, { title: string; body: string }> = {
  'zh-CN': {
    title: '积分门户白皮书',
    body: [
      '<p>积分门户是一个会员积分平台：会员持有多种积分，可以充值、兑换、转账、提现，并购买带保障的套餐。本白皮书说明各类积分的用途、套餐如何释放奖励、社区奖励如何计算，以及使用前需要了解的风险。</p>',
      '<h2>一、积分类型</h2>',
      '<ul><li><strong>USDT</strong>：通过链上（BEP20、TRC20）或银行充值获得，可用于购买套餐、支付手续费和提现。</li><li><strong>注册积分</strong>：平台内流通的积分，可在会员之间转账，并可按比例用于购买套餐。</li><li><strong>奖励积分</strong>：套餐释放和社区奖励的收益，可兑换为 USDT 或用于复投。</li></ul>',
      '<p>所有积分都记在复式账本上：每一笔变动都有来源和去向，平台每天核对账本是否平衡。</p>',
      '<h2>二、套餐与释放</h2>',
      '<ul><li>购买套餐时，本金被锁定为“固定”余额，保费和手续费另行支付。</li><li>生效后，每个周期按约定比例释放奖励积分，直到达到收益上限或合约到期。</li><li>解锁日之后可以赎回本金，赎回费按条款计算；到期时本金自动退回可用余额。</li><li>合约到期时如已释放的奖励低于保障比例，可以申请理赔，由工作人员审核后从保险池支付差额。</li></ul>',
      '<h2>三、社区奖励</h2>',
      '<p>会员可以用邀请码邀请新会员。直推奖励、团队业绩奖励和等级奖励按当期生效的奖金制度计算，每个周期只发放一次；奖金制度和排行榜在门户中公开。</p>',
      '<h2>四、充值与提现</h2>',
      '<ol><li>链上充值在达到规定的区块确认数后入账；银行充值在工作人员核对凭证后入账。</li><li>新添加的银行账户和提现地址需等待 24 小时才能使用，以保护您的资产。</li><li>提现需要交易密码，并经工作人员审核；手续费在提交前显示。</li></ol>',
      '<h2>五、风险提示</h2>',
      '<p>积分的价值和套餐的收益不构成任何保证。奖励比例、套餐条款和奖金制度可能调整，已购买的套餐按购买时的条款执行。请只投入您能够承受损失的金额，并妥善保管登录密码和交易密码。</p>',
    ].join(''),
  },
  'en-US': {
    title: 'Points Portal white paper',
    body: [
      '<p>Points Portal is a membership points platform: members hold several point balances, deposit, exchange, transfer and withdraw them, and buy packages that carry a guarantee. This white paper explains what each point type is for, how packages release rewards, how community rewards are worked out, and the risks to understand before you take part.</p>',
      '<h2>1. Point types</h2>',
      '<ul><li><strong>USDT</strong>: credited by an on-chain deposit (BEP20, TRC20) or a bank deposit; pays for packages and fees and can be withdrawn.</li><li><strong>Registration points</strong>: the points that circulate inside the platform; they can be transferred between members and pay part of a package.</li><li><strong>Reward points</strong>: what packages release and community rewards pay; they can be exchanged for USDT or reinvested.</li></ul>',
      '<p>Every balance is kept in a double-entry ledger: each movement has a source and a destination, and the platform checks every day that the books balance.</p>',
      '<h2>2. Packages and releases</h2>',
      '<ul><li>When you buy a package, its principal is locked as your fixed balance; the premium and the fee are paid on top.</li><li>Once the package is effective, reward points are released each period at the agreed rate until the reward cap is reached or the contract ends.</li><li>After the unlock date you may redeem the principal for the fee the terms state; at the end of the contract the principal returns to your available balance.</li><li>If a package ends by its term having released less than its guaranteed share, you may claim the difference; staff review the claim and it is paid from the insurance pool.</li></ul>',
      '<h2>3. Community rewards</h2>',
      '<p>Members invite new members with their invite code. Direct, team-performance and grade rewards follow the compensation plan in force and are paid once per period; the plan chart and the ranking are published in the portal.</p>',
      '<h2>4. Deposits and withdrawals</h2>',
      '<ol><li>An on-chain deposit is credited after the required block confirmations; a bank deposit after staff have checked the receipt.</li><li>A new bank account or withdrawal address can be used after a 24-hour wait, to protect your funds.</li><li>A withdrawal needs your transaction password and is reviewed by staff; the fee is shown before you send it.</li></ol>',
      '<h2>5. Risk notice</h2>',
      '<p>Neither the value of points nor the return of a package is guaranteed. Reward rates, package terms and the compensation plan may change; a package already bought keeps the terms it was sold under. Only commit what you can afford to lose, and keep your login and transaction passwords safe.</p>',
    ].join(''),
  },
  'ja-JP': {
    title: 'ポイントポータル ホワイトペーパー',
    body: [
      '<p>ポイントポータルは会員向けのポイントプラットフォームです。会員は複数のポイント残高を持ち、入金・交換・振替・出金ができ、保障付きのパッケージを購入できます。本書では、各ポイントの用途、パッケージの報酬の支払い方、コミュニティ報酬の計算方法、参加前に知っておくべきリスクを説明します。</p>',
      '<h2>1. ポイントの種類</h2>',
      '<ul><li><strong>USDT</strong>：オンチェーン入金（BEP20、TRC20）または銀行入金で入金されます。パッケージや手数料の支払いに使え、出金できます。</li><li><strong>登録ポイント</strong>：プラットフォーム内で流通するポイントです。会員間で振替でき、パッケージ代金の一部に使えます。</li><li><strong>報酬ポイント</strong>：パッケージの支払いとコミュニティ報酬で受け取るポイントです。USDT に交換するか、再投資できます。</li></ul>',
      '<p>すべての残高は複式簿記の台帳で管理され、各取引には出どころと行き先があります。プラットフォームは毎日、台帳の貸借が一致しているかを確認しています。</p>',
      '<h2>2. パッケージと報酬の支払い</h2>',
      '<ul><li>パッケージを購入すると、元本は固定残高としてロックされ、保険料と手数料は別途支払います。</li><li>有効になった後は、報酬上限に達するか契約が終了するまで、期間ごとに約定の割合で報酬ポイントが支払われます。</li><li>ロック解除日以降は、条件に定める手数料で元本を償還できます。契約終了時には元本が利用可能残高に戻ります。</li><li>契約満了時に支払われた報酬が保障割合に満たない場合は、差額を請求できます。スタッフが審査し、保険プールから支払われます。</li></ul>',
      '<h2>3. コミュニティ報酬</h2>',
      '<p>会員は招待コードで新しい会員を招待できます。直接紹介報酬、チーム実績報酬、グレード報酬は有効な報酬プランに従って計算され、各期間に一度だけ支払われます。報酬プランとランキングはポータルで公開されています。</p>',
      '<h2>4. 入金と出金</h2>',
      '<ol><li>オンチェーン入金は所定のブロック承認数の後に、銀行入金はスタッフが振込明細を確認した後に反映されます。</li><li>新しく追加した銀行口座と出金アドレスは、資産を守るため 24 時間後から利用できます。</li><li>出金には取引パスワードが必要で、スタッフの審査を経ます。手数料は送信前に表示されます。</li></ol>',
      '<h2>5. リスクに関するご注意</h2>',
      '<p>ポイントの価値やパッケージの収益は保証されません。報酬率、パッケージの条件、報酬プランは変更されることがあります。購入済みのパッケージには購入時の条件が適用されます。失っても差し支えない金額の範囲でご利用いただき、ログインパスワードと取引パスワードは大切に管理してください。</p>',
    ].join(''),
  },
  'ko-KP': {
    title: '포인트 포털 백서',
    body: [
      '<p>포인트 포털은 회원용 포인트 플랫폼입니다. 회원은 여러 종류의 포인트 잔액을 보유하고 입금, 교환, 이체, 출금을 할 수 있으며 보장이 있는 패키지를 구매할 수 있습니다. 이 백서는 각 포인트의 용도, 패키지 보상의 지급 방식, 공동체 보상의 계산 방법, 참여 전에 알아야 할 위험을 설명합니다.</p>',
      '<h2>1. 포인트 종류</h2>',
      '<ul><li><strong>USDT</strong>: 체인 입금(BEP20, TRC20) 또는 은행 입금으로 들어오며, 패키지와 수수료 지불에 쓰이고 출금할 수 있습니다.</li><li><strong>등록 포인트</strong>: 플랫폼 안에서 유통되는 포인트로, 회원 사이에 이체할 수 있고 패키지 대금의 일부로 쓸 수 있습니다.</li><li><strong>보상 포인트</strong>: 패키지 지급과 공동체 보상으로 받는 포인트로, USDT로 교환하거나 재투자할 수 있습니다.</li></ul>',
      '<p>모든 잔액은 복식부기 장부에 기록됩니다. 모든 이동에는 출처와 목적지가 있으며, 플랫폼은 매일 장부의 균형을 확인합니다.</p>',
      '<h2>2. 패키지와 보상 지급</h2>',
      '<ul><li>패키지를 구매하면 원금은 고정 잔액으로 잠기고, 보험료와 수수료는 따로 냅니다.</li><li>효력이 생긴 뒤에는 보상 한도에 이르거나 계약이 끝날 때까지 기간마다 약정된 비율로 보상 포인트가 지급됩니다.</li><li>잠금 해제일 이후에는 약관에 정한 수수료로 원금을 상환할 수 있으며, 계약이 끝나면 원금은 사용 가능 잔액으로 돌아옵니다.</li><li>계약 만기 때 지급된 보상이 보장 비율보다 적으면 차액을 청구할 수 있습니다. 직원이 심사한 뒤 보험 기금에서 지급합니다.</li></ul>',
      '<h2>3. 공동체 보상</h2>',
      '<p>회원은 초대 코드로 새 회원을 초대할 수 있습니다. 직접 추천 보상, 팀 실적 보상, 등급 보상은 시행 중인 보상제도에 따라 계산되며 기간마다 한 번만 지급됩니다. 보상제도와 순위는 포털에 공개됩니다.</p>',
      '<h2>4. 입금과 출금</h2>',
      '<ol><li>체인 입금은 정해진 블록 확인 수를 채운 뒤, 은행 입금은 직원이 영수증을 확인한 뒤 반영됩니다.</li><li>새로 추가한 은행 계좌와 출금 주소는 자산 보호를 위해 24시간이 지난 뒤에 사용할 수 있습니다.</li><li>출금에는 거래 비밀번호가 필요하며 직원의 심사를 거칩니다. 수수료는 보내기 전에 표시됩니다.</li></ol>',
      '<h2>5. 위험 안내</h2>',
      '<p>포인트의 가치와 패키지의 수익은 보장되지 않습니다. 보상 비율, 패키지 약관, 보상제도는 바뀔 수 있으며, 이미 구매한 패키지는 구매 당시의 약관을 따릅니다. 잃어도 감당할 수 있는 금액만 사용하시고, 로그인 비밀번호와 거래 비밀번호를 안전하게 보관하십시오.</p>',
    ].join(''),
  },
  'id-ID': {
    title: 'Buku putih Portal Poin',
    body: [
      '<p>Portal Poin adalah platform poin keanggotaan: anggota memiliki beberapa saldo poin, dapat menyetor, menukar, mentransfer, dan menarik poin, serta membeli paket yang disertai jaminan. Buku putih ini menjelaskan kegunaan setiap jenis poin, cara paket membayarkan imbalan, cara menghitung imbalan komunitas, dan risiko yang perlu dipahami sebelum Anda ikut serta.</p>',
      '<h2>1. Jenis poin</h2>',
      '<ul><li><strong>USDT</strong>: masuk melalui setoran on-chain (BEP20, TRC20) atau setoran bank; dipakai untuk membayar paket dan biaya, dan dapat ditarik.</li><li><strong>Poin registrasi</strong>: poin yang beredar di dalam platform; dapat ditransfer antaranggota dan membayar sebagian harga paket.</li><li><strong>Poin hadiah</strong>: hasil pembayaran paket dan imbalan komunitas; dapat ditukar ke USDT atau diinvestasikan kembali.</li></ul>',
      '<p>Setiap saldo dicatat dalam buku besar berpasangan: setiap perpindahan memiliki asal dan tujuan, dan platform memeriksa setiap hari bahwa pembukuan seimbang.</p>',
      '<h2>2. Paket dan pembayaran imbalan</h2>',
      '<ul><li>Saat Anda membeli paket, pokoknya dikunci sebagai saldo tetap; premi dan biaya dibayar terpisah.</li><li>Setelah paket berlaku, poin imbalan dibayarkan setiap periode sesuai tarif yang disepakati hingga batas imbalan tercapai atau kontrak berakhir.</li><li>Setelah tanggal buka kunci, Anda dapat menebus pokok dengan biaya sesuai ketentuan; pada akhir kontrak pokok kembali ke saldo tersedia.</li><li>Jika paket berakhir sesuai jangka waktunya dengan imbalan di bawah bagian yang dijamin, Anda dapat mengajukan klaim atas selisihnya; staf meninjau klaim dan membayarnya dari dana asuransi.</li></ul>',
      '<h2>3. Imbalan komunitas</h2>',
      '<p>Anggota mengundang anggota baru dengan kode undangan. Imbalan langsung, imbalan kinerja tim, dan imbalan tingkat mengikuti skema bonus yang berlaku dan dibayarkan sekali per periode; skema bonus dan peringkat diumumkan di portal.</p>',
      '<h2>4. Setoran dan penarikan</h2>',
      '<ol><li>Setoran on-chain masuk setelah jumlah konfirmasi blok yang ditentukan; setoran bank setelah staf memeriksa bukti transfer.</li><li>Rekening bank dan alamat penarikan yang baru ditambahkan dapat dipakai setelah masa tunggu 24 jam, untuk melindungi dana Anda.</li><li>Penarikan memerlukan kata sandi transaksi dan ditinjau oleh staf; biayanya ditampilkan sebelum Anda mengirim.</li></ol>',
      '<h2>5. Pemberitahuan risiko</h2>',
      '<p>Nilai poin dan hasil paket tidak dijamin. Tarif imbalan, ketentuan paket, dan skema bonus dapat berubah; paket yang sudah dibeli tetap mengikuti ketentuan saat dibeli. Gunakan hanya dana yang sanggup Anda tanggung kerugiannya, dan jaga kerahasiaan kata sandi masuk dan kata sandi transaksi Anda.</p>',
    ].join(''),
  },
};

async function seedDemoWhitePaper(services: Services, admin: { id: string; name: string; ip: string }): Promise<void> {
  for (const lang of languages) {
    await services.content.documentPublish(admin, { kind: 'whitePaper', lang, baseVersion: 0, ...demoWhitePaper[lang] });
    await services.content.documentPublish(admin, { kind: 'helpCentre', lang, baseVersion: 0, ...demoHelpCentre(lang) });
  }
}

const demoTerms = {
  premium: '2',
  fee: '1',
  feeCoinName: 'USDT',
  effectiveDelayHours: 24,
  releasePeriodHours: 24,
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '80',
  drawCycleDays: 7,
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
    payWith: [
      { coinName: 'USDT', maxPercent: '100' },
      { coinName: 'ASSETS_POINT', maxPercent: '50' },
    ],
    perMemberLimit: 100,
    totalLimit: 100_000,
    minGrade: null,
    isInviteOnly: false,
    sortOrder: 1,
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
    payWith: [
      { coinName: 'USDT', maxPercent: '100' },
      { coinName: 'ASSETS_POINT', maxPercent: '30' },
      { coinName: 'REWARD_POINT', maxPercent: '20' },
    ],
    perMemberLimit: 20,
    totalLimit: 0,
    minGrade: null,
    isInviteOnly: false,
    sortOrder: 2,
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
    terms: {
      ...demoTerms,
      price: '1000',
      premium: '10',
      fee: '10',
      contractDays: 180,
      unlockDays: 30,
      releasePercent: '0.8',
      maxProfitPercent: '160',
      maxReward: '1500',
    },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 10,
    totalLimit: 1000,
    minGrade: 2,
    isInviteOnly: false,
    sortOrder: 3,
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
    terms: {
      ...demoTerms,
      price: '10',
      premium: '0',
      fee: '0',
      contractDays: 30,
      unlockDays: 0,
      effectiveDelayHours: 0,
      releasePercent: '1',
      maxProfitPercent: '30',
      redeemFeePercent: '0',
      redeemFeeUnlockedPercent: '0',
      claimGuaranteePercent: '0',
      drawCycleDays: 0,
    },
    payWith: [
      { coinName: 'USDT', maxPercent: '100' },
      { coinName: 'REWARD_POINT', maxPercent: '100' },
    ],
    perMemberLimit: 1,
    totalLimit: 0,
    minGrade: null,
    isInviteOnly: false,
    sortOrder: 4,
  },
];

/** The catalogue, saved by staff like any change, and the demo member's holding of 10 units of the first (1,000 USDT fixed). */
async function seedDemoPackages(services: Services, admin: { id: string; name: string; ip: string }, demoId: string): Promise<void> {
  const ids: string[] = [];
  for (const p of demoProducts)
    ids.push((await services.catalogue.save(admin, { ...p, isOnSale: true, invitedUserNames: [], requestId: `demo-product-${ids.length}` })).id);
  await services.packages.buy(demoId, {
    productId: ids[0]!,
    quantity: 10,
    payments: [{ coinName: 'USDT', amount: '1000' }],
    transactionPassword: 'Demo@123456',
    requestId: 'demo-seed-package-1',
  });
}

function dbHandleOf(services: Services) {
  return services.dbHandle.db;
}
