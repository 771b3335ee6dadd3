/** The services every module gets, made once per app. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import type { RouteDeps } from './plugins/api-route.ts';
import { claimSend } from './db/once.ts';
import { CaptchaService } from './modules/identity/captcha/service.ts';
import { LoginThrottle } from './plugins/login-throttle.ts';
import { EventBus } from './lib/events.ts';
import { MailService } from './modules/platform/mail/service.ts';
import { SessionService } from './modules/identity/sessions/service.ts';
import { EmailCodeService } from './modules/identity/accounts/email-codes.ts';
import { AccountService } from './modules/identity/accounts/service.ts';
import { AssetService } from './modules/wallet/assets/service.ts';
import { AuditService } from './modules/platform/audit/service.ts';
import { ConfigService } from './modules/platform/config/service.ts';
import { StaffService } from './modules/identity/staff/service.ts';
import { LedgerRepository } from './modules/wallet/ledger/repository.ts';
import { ReviewService } from './modules/platform/reviews/service.ts';
import { AdjustmentService } from './modules/wallet/adjustments/service.ts';
import { AdminMemberService } from './modules/back-office/admin-members/service.ts';
import { DashboardService } from './modules/back-office/dashboard/service.ts';
import { ExchangeService } from './modules/wallet/exchanges/service.ts';
import { TransferService } from './modules/wallet/transfers/service.ts';
import { RecordService } from './modules/wallet/records/service.ts';
import { JobRunner } from './jobs/runner.ts';
import { SecurityService } from './modules/identity/security/service.ts';
import { ChainService } from './modules/payments/chain/service.ts';
import { HeldChainDeposits } from './modules/payments/chain/held-deposits.ts';
import { FileUploadStore, S3UploadStore, UploadService } from './modules/platform/uploads/index.ts';
import { BankDepositService } from './modules/payments/deposits/service.ts';
import { BankAccountService } from './modules/payments/bank-accounts/service.ts';
import { AddressService } from './modules/payments/addresses/service.ts';
import { WithdrawalService } from './modules/payments/withdrawals/service.ts';
import { PayoutService } from './modules/payments/withdrawals/payouts.ts';
// Withdrawals, on-chain payouts (decision 019).
import { ChainPayoutService, makeChainPayoutService } from './modules/payments/withdrawals/chain-payouts.ts';
// Packages: reward release, insurance claims, jackpot draws (decision 020).
import { PackageReleaseService } from './modules/products/packages/release.ts';
import { ClaimService } from './modules/products/packages/claims.ts';
import { JackpotService } from './modules/products/packages/jackpot.ts';
// Community: figures, grades (decision 021).
import { CommunityService } from './modules/network/community/service.ts';
// Packages (decision 020).
import { PackageService } from './modules/products/packages/service.ts';
import { CatalogueService } from './modules/products/packages/catalogue.ts';
// Registers the packages' fixed-balance check with the ledger's verification (decision 044).
import './modules/products/packages/verify.ts';
// The member's revenue totals checked against the journal (decision 063).
import './modules/wallet/records/verify.ts';
import './modules/back-office/dashboard/verify.ts';
// Compensation plan (decision 022).
import { PlanService } from './modules/network/plan/service.ts';
import { PlanVersionService, planInForce } from './modules/network/plan/versions.ts';
import { PlanPayoutService } from './modules/network/plan/payout.ts';
// Content and notifications (decision 023).
import { ContentService } from './modules/engagement/content/service.ts';
import { NotificationService } from './modules/engagement/notifications/service.ts';
// Live support chat and the game (decision 024).
import { SupportService } from './modules/engagement/support/service.ts';
import { makePubSub } from './modules/engagement/support/pubsub.ts';
import { GameTokenService } from './modules/engagement/support/game-token.ts';
// The proof of liabilities (decision 088); loading its entry registers its check of the books.
import { ProofService, ProofSigner } from './modules/wallet/proof/index.ts';
// Scarce goods (decision 025).
import { SaleService } from './modules/products/scarce/sales.ts';
import { EquityService } from './modules/products/scarce/equity.ts';
// Finance: the books and the bank reconciliation (decisions 090, 091).
import { BooksService } from './modules/finance/books/index.ts';
import { ReconciliationService } from './modules/finance/reconciliation/index.ts';

export interface Services {
  config: Config;
  dbHandle: DbHandle;
  routeDeps: RouteDeps;
  sessions: SessionService;
  captcha: CaptchaService;
  mail: MailService;
  emailCodes: EmailCodeService;
  accounts: AccountService;
  assets: AssetService;
  audit: AuditService;
  settings: ConfigService;
  staff: StaffService;
  ledger: LedgerRepository;
  reviews: ReviewService;
  adjustments: AdjustmentService;
  adminMembers: AdminMemberService;
  dashboard: DashboardService;
  exchanges: ExchangeService;
  transfers: TransferService;
  records: RecordService;
  jobs: JobRunner;
  security: SecurityService;
  chain: ChainService;
  uploads: UploadService;
  bankDeposits: BankDepositService;
  bankAccounts: BankAccountService;
  addresses: AddressService;
  withdrawals: WithdrawalService;
  payouts: PayoutService;
  // Withdrawals, on-chain payouts (decision 019): the hot wallet and staff's pasted hashes.
  chainPayouts: ChainPayoutService;
  // Packages (decision 020): the release job, claims, jackpot draws.
  packageRelease: PackageReleaseService;
  packageClaims: ClaimService;
  jackpot: JackpotService;
  // Packages (decision 020): member actions and the catalogue.
  packages: PackageService;
  catalogue: CatalogueService;
  // Community (decision 021).
  community: CommunityService;
  // Compensation plan (decision 022).
  plan: PlanService;
  planVersions: PlanVersionService;
  planPayout: PlanPayoutService;
  // Content and notifications (decision 023).
  content: ContentService;
  notifications: NotificationService;
  // Live support chat and the game (decision 024).
  support: SupportService;
  gameTokens: GameTokenService;
  proof: ProofService;
  proofSigner: ProofSigner;
  // Scarce goods (decision 025): rushes, flash sales, shares.
  sales: SaleService;
  equity: EquityService;
  // Finance (decisions 090, 091).
  books: BooksService;
  reconciliation: ReconciliationService;
}

export function makeServices(config: Config, dbHandle: DbHandle, log: FastifyBaseLogger): Services {
  const db = dbHandle.db;
  const sessions = new SessionService(db, config);
  const audit = new AuditService(db, dbHandle.dialect);
  const settings = new ConfigService(db, audit);
  const captcha = new CaptchaService(db, config.isCaptchaOn);
  const throttle = new LoginThrottle(db, captcha);
  const staff = new StaffService(db, sessions, audit, throttle);
  // What one module tells others in its transaction (decision 054); the subscriptions are below.
  const events = new EventBus();
  // A right password leads to the security centre's second step when the member turned it on;
  // `security` is built just below and called only when a member signs in.
  const accounts: AccountService = new AccountService(db, sessions, settings, throttle, events, (userId, request) => security.afterPassword(userId, request));
  const ledger = new LedgerRepository(dbHandle);
  // Each queue's decisions come from the module that owns the queue, in one typed map: a queue
  // without its handler does not compile, and no module registers itself (decision 077). The
  // owners are made below with the queues they submit to, so their entries are read when staff
  // decide, once every service exists.
  const reviews = new ReviewService(db, audit, settings, {
    get manualAdjustment() {
      return services.adjustments.reviewHandler;
    },
    get exchange() {
      return services.exchanges.reviewHandler;
    },
    get bankDeposit() {
      return services.bankDeposits.reviewHandler;
    },
    get withdrawal() {
      return services.withdrawals.reviewHandler;
    },
    get packageClaim() {
      return services.packageClaims.reviewHandler;
    },
    chainDeposit: HeldChainDeposits.reviewHandler,
    settingChange: settings.reviewHandler,
    get reconciliationDay() {
      return services.reconciliation.reviewHandler;
    },
  });
  // Control settings change through a review item (decision 061).
  settings.useReviewQueue(reviews);
  const mail = new MailService(db, config, log);
  const security: SecurityService = new SecurityService(db, sessions, mail, (userId, request) => accounts.startSession(userId, request));
  // Uploads go to the filesystem store under UPLOAD_DIR (DATA_DIR/uploads by default); decision 016.
  const uploads = new UploadService(db, config.uploadS3 ? new S3UploadStore(config.uploadS3) : new FileUploadStore(config.uploadDir));
  const bankAccounts = new BankAccountService(db, dbHandle.dialect, accounts, settings, security);
  const addresses = new AddressService(db, dbHandle.dialect, accounts, settings, security);
  // Community (decision 021): grade rules from the compensation plan's version in force (decision 022).
  // Flag rules (decision 026) from the same version; each grant audited with the system as actor.
  const community = new CommunityService(
    db,
    async (at, tx) => (await planInForce(tx, at)).document.grades,
    async (at, tx) => (await planInForce(tx, at)).document.flagRules,
    async (tx, g, at) =>
      audit.record(
        tx,
        { id: 'system', name: 'system', ip: '' },
        {
          action: `member.flagRule.${g.flag}`,
          targetType: 'member',
          targetId: g.memberId,
          before: { [g.flag]: false },
          after: { [g.flag]: true, cause: 'planFlagRule', at },
          reason: 'planFlagRule',
        },
      ),
  );
  // A registration and each purchase move the community figures, in their own transaction.
  events.on('memberCreated', (tx, e) => community.onMemberCreated(tx, e.memberId, e.referrerId, e.at));
  events.on('packagePurchased', (tx, e) => community.onPurchase(tx, e.memberId, e.amount, e.at));
  // Packages (decision 020); the rushes of decision 025 sell their codes.
  const packages = new PackageService(db, ledger, accounts, settings, events);
  const services: Services = {
    config,
    dbHandle,
    routeDeps: {
      sessions,
      sends: { claim: (scope, nonce) => claimSend(db, scope, nonce) },
      staffLookup: (id) => staff.lookup(id),
      budgetMs: config.requestBudgetMs,
    },
    sessions,
    captcha,
    mail,
    emailCodes: new EmailCodeService(db, mail),
    accounts,
    assets: new AssetService(db, ledger),
    audit,
    settings,
    staff,
    ledger,
    reviews,
    adjustments: new AdjustmentService(db, ledger, reviews, audit, accounts.repository),
    books: new BooksService(db),
    reconciliation: new ReconciliationService(db, audit, reviews),
    adminMembers: new AdminMemberService(db, sessions, audit, accounts, community),
    dashboard: new DashboardService(db, reviews),
    exchanges: new ExchangeService(db, ledger, reviews, accounts, settings),
    transfers: new TransferService(db, ledger, accounts, settings),
    records: new RecordService(db),
    jobs: new JobRunner(db, log, { pollMs: config.jobsPollMs }),
    security,
    chain: new ChainService(db, ledger, settings, config.chains, { reviews }),
    uploads,
    bankDeposits: new BankDepositService(db, ledger, reviews, uploads, settings, dbHandle.dialect),
    bankAccounts,
    addresses,
    withdrawals: new WithdrawalService(db, dbHandle.dialect, ledger, reviews, accounts, settings, addresses, bankAccounts, config.chains),
    payouts: new PayoutService(db, ledger, audit, settings, config.chains),
    // Withdrawals, on-chain payouts (decision 019).
    chainPayouts: makeChainPayoutService({ db, ledger, settings, audit }, config.chains, config.hotWalletKey),
    // Packages (decision 020).
    packageRelease: new PackageReleaseService(dbHandle, ledger),
    packageClaims: new ClaimService(db, ledger, reviews),
    jackpot: new JackpotService(dbHandle, ledger, settings),
    packages,
    catalogue: new CatalogueService(db, audit),
    community,
    // Compensation plan (decision 022).
    plan: new PlanService(db),
    planVersions: new PlanVersionService(db, audit),
    planPayout: new PlanPayoutService(dbHandle, ledger, audit),
    // Content and notifications (decision 023).
    content: new ContentService(db, audit, uploads),
    notifications: new NotificationService(db),
    // Live support chat and the game (decision 024).
    support: new SupportService(db, uploads, audit, makePubSub({ redisUrl: config.redisUrl, postgresUrl: dbHandle.postgresUrl }, log)),
    gameTokens: new GameTokenService(config),
    proof: new ProofService(db),
    proofSigner: ProofSigner.fromSettings(config),
    // Scarce goods (decision 025).
    sales: new SaleService(db, ledger, accounts, packages, audit),
    equity: new EquityService(db, ledger, accounts, audit, {
      get: () => settings.get('features.equityBuyStatus'),
      set: (tx, value, actor, reason) => settings.writeIn(tx, 'features.equityBuyStatus', value, actor, reason),
    }),
  };
  return services;
}
