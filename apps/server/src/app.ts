/**
 * Builds the Fastify app: cross-cutting plugins first (errors, envelope), then the feature
 * modules, each its entry's plugin registered with the services it uses, then the
 * static apps. Tests build it once and call it with app.inject.
 */
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { migrateToLatest, openDb, type DbHandle } from './db/index.ts';
import { AppError } from './errors.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { drainPlugin } from './plugins/drain.ts';
import { envelopePlugin, resolveServerKey } from './plugins/envelope.ts';
import { inlineScriptHashes, registerStatic } from './plugins/static.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { operationsPlugin } from './plugins/operations.ts';
import { PostgresReplayStore, RedisReplayStore, SqliteReplayStore, databaseMarkBook, type ReplayStore } from './plugins/replay-guard.ts';
import { BudgetWatch, FaultMonitor, faultPartOf } from './plugins/faults.ts';
import { makeServices, type Services } from './services.ts';
import type { ServerKey } from '@pp/envelope/node';
import { serverJobs } from './jobs/index.ts';
import { verifyAndRecord } from './modules/wallet/ledger/index.ts';
import { seedDemo } from './demo/seed.ts';
// The modules: each entry is a Fastify plugin that registers its routes and jobs.
import { countriesModule } from './modules/platform/countries/index.ts';
import { captchaModule } from './modules/identity/captcha/index.ts';
import { accountsModule } from './modules/identity/accounts/index.ts';
import { assetsModule } from './modules/wallet/assets/index.ts';
import { staffModule } from './modules/identity/staff/index.ts';
import { auditModule } from './modules/platform/audit/index.ts';
import { configModule } from './modules/platform/config/index.ts';
import { apiReferenceModule } from './modules/platform/api-reference/index.ts';
import { reviewsModule } from './modules/platform/reviews/index.ts';
import { adminMembersModule } from './modules/back-office/admin-members/index.ts';
import { dashboardModule } from './modules/back-office/dashboard/index.ts';
import { adjustmentsModule } from './modules/wallet/adjustments/index.ts';
import { exchangesModule } from './modules/wallet/exchanges/index.ts';
import { transfersModule } from './modules/wallet/transfers/index.ts';
import { recordsModule } from './modules/wallet/records/index.ts';
import { proofModule } from './modules/wallet/proof/index.ts';
import { jobsModule } from './modules/back-office/jobs/index.ts';
import { securityModule } from './modules/identity/security/index.ts';
import { chainModule } from './modules/payments/chain/index.ts';
import { uploadsModule } from './modules/platform/uploads/index.ts';
import { depositsModule } from './modules/payments/deposits/index.ts';
import { bankAccountsModule } from './modules/payments/bank-accounts/index.ts';
import { addressesModule } from './modules/payments/addresses/index.ts';
import { withdrawalsModule } from './modules/payments/withdrawals/index.ts';
import { packagesModule } from './modules/products/packages/index.ts';
import { communityModule } from './modules/network/community/index.ts';
import { planModule } from './modules/network/plan/index.ts';
import { contentModule } from './modules/engagement/content/index.ts';
import { notificationsModule } from './modules/engagement/notifications/index.ts';
import { supportModule } from './modules/engagement/support/index.ts';
import { scarceModule } from './modules/products/scarce/index.ts';
import { booksModule } from './modules/finance/books/index.ts';
import { reconciliationModule } from './modules/finance/reconciliation/index.ts';

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
    // Every connection bounded (decision 084): a body trickled in a byte at a time, headers that
    // never end, an idle keep-alive connection. Node checks the first two once per
    // connectionsCheckingInterval, a second here rather than its 30 s.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    // The drain's refusal is the app's own (plugins/drain.ts), not Fastify's bare 503.
    return503OnClosing: false,
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
  if (replayStore instanceof RedisReplayStore) {
    // One line at start on what the nonce store stands on: eviction policy, memory limit,
    // persistence (decision 087). It never holds the start up; /readyz keeps checking the policy.
    app.addHook('onReady', async () => {
      void replayStore.inspect().then(
        ({ isReady, line, details }) => (isReady ? app.log.info({ redis: details }, line) : app.log.error({ redis: details }, line)),
        (error: Error) => app.log.warn({ err: { message: error.message } }, 'replay store: Redis could not be inspected at start; /readyz checks it'),
      );
    });
  }

  await registerSecurityHeaders(app, config.liveChatOrigins, inlineScriptHashes([config.webDistDir, config.adminDistDir]));
  await app.register(errorsPlugin, { faults });
  await app.register(drainPlugin);
  await app.register(operationsPlugin, {
    dbHandle,
    reviews: services.reviews,
    jobs: services.jobs,
    metricsToken: config.metricsToken,
    faults,
    replayStore,
    dataDir: dbHandle.dialect === 'sqlite' ? config.dataDir : undefined,
    budget: new BudgetWatch(config.requestBudgetMs),
  });
  await app.register(envelopePlugin, { serverKey, replayStore, now: options.now, budgetMs: config.requestBudgetMs });
  // The jobs that belong to no module (ledger checks, housekeeping), registered before the modules'
  // own as before; each module registers its jobs as it is registered, none runs before jobs.start().
  for (const job of serverJobs(dbHandle, config.housekeepingSchedule)) await services.jobs.register(job);
  // Each module is a plugin given only the services it uses: none imports the composition root.
  const s = services;
  const { routeDeps, jobs } = services;
  await app.register(countriesModule, { routeDeps });
  await app.register(captchaModule, { routeDeps, captcha: s.captcha });
  await app.register(accountsModule, {
    config,
    dbHandle,
    routeDeps,
    sessions: s.sessions,
    captcha: s.captcha,
    emailCodes: s.emailCodes,
    accounts: s.accounts,
    security: s.security,
  });
  await app.register(assetsModule, { dbHandle, routeDeps, assets: s.assets, settings: s.settings });
  await app.register(staffModule, { routeDeps, sessions: s.sessions, staff: s.staff });
  await app.register(auditModule, { routeDeps, audit: s.audit });
  await app.register(configModule, { routeDeps, settings: s.settings });
  await app.register(apiReferenceModule, { routeDeps, settings: s.settings });
  await app.register(reviewsModule, { routeDeps, reviews: s.reviews });
  await app.register(adminMembersModule, { routeDeps, accounts: s.accounts, assets: s.assets, adminMembers: s.adminMembers, records: s.records });
  await app.register(dashboardModule, { dbHandle, routeDeps, settings: s.settings, dashboard: s.dashboard });
  await app.register(adjustmentsModule, { routeDeps, adjustments: s.adjustments });
  await app.register(exchangesModule, { routeDeps, exchanges: s.exchanges });
  await app.register(transfersModule, { routeDeps, transfers: s.transfers });
  await app.register(recordsModule, { dbHandle, routeDeps, records: s.records });
  // The proof of liabilities (decision 088).
  await app.register(proofModule, { dbHandle, routeDeps, settings: s.settings, proof: s.proof, proofSigner: s.proofSigner, jobs });
  await app.register(jobsModule, { dbHandle, routeDeps, jobs, audit: s.audit });
  await app.register(securityModule, { routeDeps, security: s.security });
  // The chain refuses to start on deposit keys other than the stored addresses' (decision 017).
  await app.register(chainModule, { routeDeps, chain: s.chain, jobs });
  await app.register(uploadsModule, { routeDeps, uploads: s.uploads, jobs });
  await app.register(depositsModule, { routeDeps, bankDeposits: s.bankDeposits });
  await app.register(bankAccountsModule, { routeDeps, bankAccounts: s.bankAccounts });
  await app.register(addressesModule, { routeDeps, addresses: s.addresses });
  // Withdrawals, with the on-chain payouts (decision 019).
  await app.register(withdrawalsModule, { routeDeps, withdrawals: s.withdrawals, payouts: s.payouts, chainPayouts: s.chainPayouts, jobs });
  // Packages, claims and jackpot (decision 020).
  await app.register(packagesModule, {
    routeDeps,
    packages: s.packages,
    catalogue: s.catalogue,
    packageClaims: s.packageClaims,
    jackpot: s.jackpot,
    packageRelease: s.packageRelease,
    jobs,
  });
  await app.register(communityModule, { config, dbHandle, routeDeps, community: s.community });
  // Compensation plan (decision 022).
  await app.register(planModule, { routeDeps, plan: s.plan, planVersions: s.planVersions, planPayout: s.planPayout, jobs });
  // Content and notifications (decision 023).
  await app.register(contentModule, { routeDeps, content: s.content });
  await app.register(notificationsModule, { routeDeps, notifications: s.notifications });
  // Live support chat and the game (decision 024).
  await app.register(supportModule, { config, dbHandle, routeDeps, sessions: s.sessions, settings: s.settings, support: s.support, gameTokens: s.gameTokens });
  // Scarce goods (decision 025).
  await app.register(scarceModule, { routeDeps, sales: s.sales, equity: s.equity, jobs });
  await app.register(booksModule, { routeDeps, books: s.books });
  await app.register(reconciliationModule, { routeDeps, reconciliation: s.reconciliation });
  await registerStatic(app, config);

  if (config.isDemo) {
    await seedDemo(services, app.log);
    // Demo mode checks the books on every start and says so in the log (docs/ledger.md).
    const check = await verifyAndRecord(dbHandle.db);
    if (check.isBalanced) app.log.info(`ledger verified: ${check.accounts} accounts, ${check.transfers} transfers, balanced`);
    else app.log.error({ problems: check.problems }, 'ledger verification FAILED');
  }
  if (config.isJobsOn) services.jobs.start();
  app.addHook('onClose', async () => {
    // Jobs finish before the database closes (hooks run in the order they were added).
    await services.jobs.stop();
    if (!options.dbHandle) await dbHandle.close();
  });
  return { app, services, serverKey };
}
