/**
 * Builds the Fastify app: cross-cutting plugins first (errors, envelope), then the feature
 * modules, then the static apps. Tests build it once and call it with app.inject.
 */
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { migrateToLatest, openDb, type DbHandle } from './db/index.ts';
import { AppError } from './errors.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { envelopePlugin, resolveServerKey } from './plugins/envelope.ts';
import { inlineScriptHashes, registerStatic } from './plugins/static.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { operationsPlugin } from './plugins/operations.ts';
import { PostgresReplayStore, RedisReplayStore, SqliteReplayStore, databaseMarkBook, type ReplayStore } from './plugins/replay-guard.ts';
import { FaultMonitor, faultPartOf } from './plugins/faults.ts';
import { makeServices, type Services } from './services.ts';
import { accountRoutes } from './modules/identity/accounts/routes.ts';
import { assetRoutes } from './modules/wallet/assets/routes.ts';
import { captchaRoutes } from './modules/identity/captcha/routes.ts';
import { countryRoutes } from './modules/platform/countries/routes.ts';
import { staffRoutes } from './modules/identity/staff/routes.ts';
import { auditRoutes } from './modules/back-office/audit/routes.ts';
import { configRoutes } from './modules/platform/config/routes.ts';
import { reviewRoutes } from './modules/back-office/reviews/routes.ts';
import { adminMemberRoutes } from './modules/back-office/admin-members/routes.ts';
import { dashboardRoutes } from './modules/back-office/dashboard/routes.ts';
import { adjustmentRoutes } from './modules/wallet/adjustments/routes.ts';
import { exchangeRoutes } from './modules/wallet/exchanges/routes.ts';
import { transferRoutes } from './modules/wallet/transfers/routes.ts';
import { recordRoutes } from './modules/wallet/records/routes.ts';
import { jobRoutes } from './modules/back-office/jobs/routes.ts';
import { chainJobs, serverJobs } from './jobs/index.ts';
import { securityRoutes } from './modules/identity/security/routes.ts';
import { chainRoutes } from './modules/payments/chain/routes.ts';
import { uploadRoutes } from './modules/platform/uploads/routes.ts';
import { uploadCleanupJob } from './modules/platform/uploads/service.ts';
import { depositRoutes } from './modules/payments/deposits/routes.ts';
import { bankAccountRoutes } from './modules/payments/bank-accounts/routes.ts';
import { addressRoutes } from './modules/payments/addresses/routes.ts';
import { withdrawalRoutes } from './modules/payments/withdrawals/routes.ts';
import { verifyAndRecord } from './modules/wallet/ledger/verify.ts';
import { seedDemo } from './demo/seed.ts';
// Withdrawals, on-chain payouts (decision 019).
import { chainPayoutRoutes } from './modules/payments/withdrawals/chain-routes.ts';
// Packages: claims and jackpot (decision 020).
import { packageJobRoutes } from './modules/products/packages/jobs-routes.ts';
import type { ServerKey } from '@pp/envelope/node';
// Packages (decision 020).
import { packageRoutes } from './modules/products/packages/routes.ts';
import { communityRoutes } from './modules/network/community/routes.ts';
import { planRoutes } from './modules/network/plan/routes.ts';
// Content and notifications (decision 023).
import { contentRoutes } from './modules/engagement/content/routes.ts';
import { notificationRoutes } from './modules/engagement/notifications/routes.ts';
import { setNotificationErrorReporter } from './modules/engagement/notifications/notify.ts';
// Live support chat and the game (decision 024).
import { supportRoutes } from './modules/engagement/support/routes.ts';
import { supportSocketPlugin } from './modules/engagement/support/socket.ts';
// Scarce goods (decision 025).
import { scarceRoutes } from './modules/products/scarce/routes.ts';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  serverKey: ServerKey;
}

/** Redis when configured, else the database the server runs on (plugins/replay-guard.ts). */
function makeReplayStore(config: Config, dbHandle: DbHandle, log: FastifyBaseLogger, now?: () => number): ReplayStore {
  if (config.redisUrl) {
    return new RedisReplayStore(config.redisUrl, 'pp:nonce:', databaseMarkBook(dbHandle.db), { commandTimeoutMs: config.redisCommandTimeoutMs, now, log });
  }
  if (dbHandle.dialect === 'postgres') return new PostgresReplayStore(dbHandle.db, now);
  return new SqliteReplayStore(path.join(config.dataDir, 'replay-nonces.db'), now);
}

export async function buildApp(
  config: Config,
  /** `logStream`: where the log lines go instead of stdout (a test reads them). */
  options: { dbHandle?: DbHandle; now?: () => number; logStream?: { write(line: string): void } } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'], ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy || false,
    bodyLimit: 1024 * 1024,
    // Request ids in logs; the client's own ids for idempotency travel in the payload.
    genReqId: () => crypto.randomUUID(),
    // Errors Fastify meets before routing (a malformed URL escape such as /a%ZZ, a bad header
    // value) get the same answer shape as everything else, never Fastify's own JSON.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, new AppError(error.code === 'FST_ERR_BAD_URL' ? 'route.notFound' : 'request.invalid'));
    },
  });
  // What requests met lately, for readiness (decision 036); connection losses are logged here.
  const faults = new FaultMonitor();
  const dbHandle =
    options.dbHandle ??
    openDb({
      ...config,
      timeouts: config.dbTimeouts,
      onConnectionError: (error) => {
        faults.record(faultPartOf(error) ?? 'database', error);
        app.log.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, 'database connection lost; it is replaced on next use');
      },
    });
  await migrateToLatest(dbHandle);
  const services = makeServices(config, dbHandle, app.log);
  const serverKey = resolveServerKey(config);

  const replayStore = makeReplayStore(config, dbHandle, app.log, options.now);
  app.addHook('onClose', async () => replayStore.close());

  await registerSecurityHeaders(app, config.liveChatOrigins, inlineScriptHashes([config.webDistDir, config.adminDistDir]));
  await app.register(errorsPlugin, { faults });
  await app.register(operationsPlugin, {
    dbHandle,
    reviews: services.reviews,
    jobs: services.jobs,
    metricsToken: config.metricsToken,
    faults,
    replayStore,
    dataDir: dbHandle.dialect === 'sqlite' ? config.dataDir : undefined,
  });
  await app.register(envelopePlugin, { serverKey, replayStore, now: options.now, budgetMs: config.requestBudgetMs });
  // Each module gets only the services it uses (issue 32): none imports the composition root.
  const s = services;
  const { routeDeps } = services;
  countryRoutes(app, { routeDeps });
  captchaRoutes(app, { routeDeps, captcha: s.captcha });
  accountRoutes(app, {
    config,
    dbHandle,
    routeDeps,
    sessions: s.sessions,
    captcha: s.captcha,
    emailCodes: s.emailCodes,
    accounts: s.accounts,
    security: s.security,
  });
  assetRoutes(app, { dbHandle, routeDeps, assets: s.assets, settings: s.settings });
  staffRoutes(app, { routeDeps, sessions: s.sessions, staff: s.staff });
  auditRoutes(app, { routeDeps, audit: s.audit });
  configRoutes(app, { routeDeps, settings: s.settings });
  reviewRoutes(app, { routeDeps, reviews: s.reviews });
  adminMemberRoutes(app, { routeDeps, accounts: s.accounts, assets: s.assets, adminMembers: s.adminMembers, records: s.records });
  dashboardRoutes(app, { dbHandle, routeDeps, settings: s.settings, dashboard: s.dashboard });
  adjustmentRoutes(app, { routeDeps, adjustments: s.adjustments });
  exchangeRoutes(app, { routeDeps, exchanges: s.exchanges });
  transferRoutes(app, { routeDeps, transfers: s.transfers });
  recordRoutes(app, { dbHandle, routeDeps, records: s.records });
  jobRoutes(app, { dbHandle, routeDeps, jobs: s.jobs, audit: s.audit });
  securityRoutes(app, { routeDeps, security: s.security });
  chainRoutes(app, { routeDeps, chain: s.chain });
  uploadRoutes(app, { routeDeps, uploads: s.uploads });
  depositRoutes(app, { routeDeps, bankDeposits: s.bankDeposits });
  bankAccountRoutes(app, { routeDeps, bankAccounts: s.bankAccounts });
  addressRoutes(app, { routeDeps, addresses: s.addresses });
  withdrawalRoutes(app, { routeDeps, withdrawals: s.withdrawals, payouts: s.payouts });
  // Withdrawals, on-chain payouts (decision 019).
  chainPayoutRoutes(app, { routeDeps, chainPayouts: s.chainPayouts });
  // Packages: claims and jackpot (decision 020).
  packageJobRoutes(app, { routeDeps, packageClaims: s.packageClaims, jackpot: s.jackpot });
  // Packages (decision 020).
  packageRoutes(app, { routeDeps, packages: s.packages, catalogue: s.catalogue });
  communityRoutes(app, { config, dbHandle, routeDeps, community: s.community });
  // Compensation plan (decision 022).
  planRoutes(app, { routeDeps, plan: s.plan, planVersions: s.planVersions, planPayout: s.planPayout });
  // Content and notifications (decision 023).
  contentRoutes(app, { routeDeps, content: s.content });
  notificationRoutes(app, { routeDeps, notifications: s.notifications });
  setNotificationErrorReporter((error, notice) => app.log.error({ err: error, type: notice.type }, 'notification dropped'));
  // Live support chat and the game (decision 024).
  supportRoutes(app, { dbHandle, routeDeps, settings: s.settings, support: s.support, gameTokens: s.gameTokens });
  await app.register(supportSocketPlugin, { services: { config, routeDeps, sessions: s.sessions, support: s.support } });
  app.addHook('onClose', async () => services.support.pubsub.close());
  // Scarce goods (decision 025).
  scarceRoutes(app, { routeDeps, sales: s.sales, equity: s.equity });
  await registerStatic(app, config);

  if (config.isDemo) {
    await seedDemo(services, app.log);
    // Demo mode checks the books on every start and says so in the log (docs/ledger.md).
    const check = await verifyAndRecord(dbHandle.db);
    if (check.isBalanced) app.log.info(`ledger verified: ${check.accounts} accounts, ${check.transfers} transfers, balanced`);
    else app.log.error({ problems: check.problems }, 'ledger verification FAILED');
  }
  for (const job of serverJobs(dbHandle, config.housekeepingSchedule)) await services.jobs.register(job);
  // The configured deposit keys must be the ones the stored addresses came from (decision 017).
  await services.chain.checkStoredKeys();
  for (const job of chainJobs(services.chain)) await services.jobs.register(job);
  await services.jobs.register(uploadCleanupJob(services.uploads));
  // Withdrawals: the hot-wallet payout job, when a payout chain is configured (decision 019).
  if (services.chainPayouts.isConfigured) await services.jobs.register(services.chainPayouts.job());
  // Packages: the reward release and the jackpot draws (decision 020).
  await services.jobs.register(services.packageRelease.job());
  await services.jobs.register(services.jackpot.job());
  // Compensation plan: the period payouts (decision 022).
  await services.jobs.register(services.planPayout.job());
  // Shares: the bonus of each period (decision 025).
  await services.jobs.register(services.equity.job());
  if (config.isJobsOn) services.jobs.start();
  app.addHook('onClose', async () => {
    // Jobs finish before the database closes (hooks run in the order they were added).
    await services.jobs.stop();
    if (!options.dbHandle) await dbHandle.close();
  });
  return { app, services, serverKey };
}
