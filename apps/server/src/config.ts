/**
 * Every setting of the server, read once from the environment. README.md has the same table.
 * Production refuses the settings that only make sense on a developer's machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadChainSettings, type ChainSettings } from './config/chain-settings.ts';
import { loadS3Settings, type S3Settings } from './config/s3-settings.ts';
import { loadHotWalletKey, type HotWalletKey } from './config/hot-wallet-key.ts';
import { defaultDbTimeouts, type DbTimeouts } from './db/timeouts.ts';
import { ConfigError } from './config-error.ts';

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; empty means the SQLite file under dataDir. */
  databaseUrl: string;
  isCaptchaOn: boolean;
  isDemo: boolean;
  /** X25519 private JWK as JSON; when empty the key is kept in dataDir/envelope-key.json. */
  envelopeKey: string;
  smtpUrl: string;
  mailFrom: string;
  /** Public origin used in invitation links; empty means the request's own origin. */
  publicOrigin: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  webDistDir: string;
  adminDistDir: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (fastify trustProxy); empty trusts none. */
  trustProxy: string;
  /** redis://... keeps state several processes share (replay nonces) in Redis; empty uses the database. */
  redisUrl: string;
  /** Bearer token for GET /metrics; empty leaves /metrics off. */
  metricsToken: string;
  /** Scheduled jobs run in this process (src/jobs); off by default only for tests. */
  isJobsOn: boolean;
  /** How often this process wakes to look for a due job (JOBS_POLL_SECONDS, 1 to 3600, default 5). */
  jobsPollMs: number;
  /** When housekeeping runs (HOUSEKEEPING_SCHEDULE, a cron expression, seconds optional; default every 10 minutes). */
  housekeepingSchedule: string;
  /** USDT deposit chains (CHAIN_BEP20_*, CHAIN_TRC20_*; config/chain-settings.ts): a chain without an RPC URL is off. */
  chains: ChainSettings[];
  /** The BEP20 payout hot wallet's key (PAYOUT_BEP20_PRIVATE_KEY or PAYOUT_BEP20_KEY_FILE; decision 019); null when none. */
  hotWalletKey: HotWalletKey | null;
  /** Where uploaded files are kept (decision 016); outside the web root, DATA_DIR/uploads by default. */
  uploadDir: string;
  /** An S3-compatible bucket for uploads instead of uploadDir (UPLOAD_S3_*; config/s3-settings.ts); null when not set. */
  uploadS3: S3Settings | null;
  /** The game identity token (decision 024): Ed25519 private JWK as JSON; empty keeps one in dataDir/game-token-key.json. */
  gameTokenKey: string;
  gameTokenIssuer: string;
  gameTokenAudience: string;
  /** The proof-of-liabilities signing key (decision 088): Ed25519 private JWK as JSON; empty keeps one in dataDir/proof-signing-key.json. */
  proofSigningKey: string;
  /** Origins a third-party live-chat widget needs in the CSP (LIVE_CHAT_ORIGINS, space separated; decision 024). */
  liveChatOrigins: string[];
  /** Bounded waits on the database (decision 036; db/index.ts DbTimeouts). */
  dbTimeouts: DbTimeouts;
  /** Each Redis command fails after this long (REDIS_COMMAND_TIMEOUT_MS, 100 to 60,000; default 1,000). */
  redisCommandTimeoutMs: number;
  /** An API call not answered within this is answered 503 server.unavailable (REQUEST_BUDGET_MS, 1,000 to 120,000; default 10,000). */
  requestBudgetMs: number;
  /**
   * Bounds on every HTTP connection (decision 084; docs/operations.md): the whole request, body
   * included, must arrive within requestTimeoutMs (REQUEST_TIMEOUT_MS, 1,000 to 600,000; default
   * 60,000) and its headers within headersTimeoutMs (HEADERS_TIMEOUT_MS, 1,000 to the request
   * timeout; default 10,000), or the connection is answered 408 and closed; an idle keep-alive
   * connection closes after keepAliveTimeoutMs (KEEP_ALIVE_TIMEOUT_MS, 1,000 to 600,000; default
   * 5,000, or 72,000 with TRUST_PROXY, longer than a proxy's own idle timeout).
   */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open connections one peer address may hold (CONNECTIONS_PER_ADDRESS, 0 = no cap, to 100,000; default 128, or 0 with TRUST_PROXY, whose proxy is one address). */
  connectionsPerAddress: number;
}

function ranged(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  const n = int(value, fallback, name);
  if (n < min || n > max) throw new ConfigError(name, `must be ${min} to ${max}`);
  return n;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(name, 'must be a non-negative integer');
  return n;
}

function jobsPollSeconds(value: string | undefined): number {
  const seconds = int(value, 5, 'JOBS_POLL_SECONDS');
  if (seconds < 1 || seconds > 3600) throw new ConfigError('JOBS_POLL_SECONDS', 'must be 1 to 3600');
  return seconds;
}

/** The HTTP connection bounds (decision 084): safe without a proxy, and roomy behind one. */
function connectionBounds(env: NodeJS.ProcessEnv): Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs' | 'connectionsPerAddress'> {
  const isBehindProxy = Boolean(env.TRUST_PROXY);
  const requestTimeoutMs = ranged(env.REQUEST_TIMEOUT_MS, 60_000, 'REQUEST_TIMEOUT_MS', 1_000, 600_000);
  return {
    requestTimeoutMs,
    headersTimeoutMs: ranged(env.HEADERS_TIMEOUT_MS, Math.min(10_000, requestTimeoutMs), 'HEADERS_TIMEOUT_MS', 1_000, requestTimeoutMs),
    keepAliveTimeoutMs: ranged(env.KEEP_ALIVE_TIMEOUT_MS, isBehindProxy ? 72_000 : 5_000, 'KEEP_ALIVE_TIMEOUT_MS', 1_000, 600_000),
    connectionsPerAddress: ranged(env.CONNECTIONS_PER_ADDRESS, isBehindProxy ? 0 : 128, 'CONNECTIONS_PER_ADDRESS', 0, 100_000),
  };
}

/** The repository root above this file: src/ when run from source, dist/ when compiled. */
function repoRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'apps', 'server'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const root = repoRoot(import.meta.dirname);
  const isCaptchaOn = (env.CAPTCHA ?? 'on') !== 'off';
  const isDemo = env.DEMO_DATA !== undefined ? env.DEMO_DATA !== 'off' : !isProduction;
  // Refused like every other setting (config-error.ts): main.ts prints one line and exits 1.
  if (isProduction && !isCaptchaOn) throw new ConfigError('CAPTCHA', 'off when NODE_ENV=production (the image code guards sign-in)');
  if (isProduction && isDemo) throw new ConfigError('DEMO_DATA', 'on when NODE_ENV=production (demo members have known passwords)');
  return {
    nodeEnv,
    isProduction,
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL ?? '',
    isCaptchaOn,
    isDemo,
    envelopeKey: env.ENVELOPE_PRIVATE_KEY ?? '',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Points Portal <no-reply@localhost>',
    publicOrigin: env.PUBLIC_ORIGIN ?? '',
    sessionIdleMs: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES') * 60_000,
    sessionAbsoluteMs: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS') * 3_600_000,
    webDistDir: env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
    adminDistDir: env.ADMIN_DIST_DIR ?? path.join(root, 'apps/admin/dist'),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: env.TRUST_PROXY ?? '',
    redisUrl: env.REDIS_URL ?? '',
    metricsToken: env.METRICS_TOKEN ?? '',
    isJobsOn: (env.JOBS ?? (nodeEnv === 'test' ? 'off' : 'on')) !== 'off',
    jobsPollMs: jobsPollSeconds(env.JOBS_POLL_SECONDS) * 1000,
    housekeepingSchedule: env.HOUSEKEEPING_SCHEDULE || '*/10 * * * *',
    chains: loadChainSettings(env),
    hotWalletKey: loadHotWalletKey(env),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR ?? path.join(root, 'data'), 'uploads')),
    uploadS3: loadS3Settings(env),
    gameTokenKey: env.GAME_TOKEN_PRIVATE_KEY ?? '',
    gameTokenIssuer: env.GAME_TOKEN_ISSUER || 'points-portal',
    gameTokenAudience: env.GAME_TOKEN_AUDIENCE || 'points-portal-game',
    proofSigningKey: env.PROOF_SIGNING_KEY ?? '',
    dbTimeouts: {
      connectMs: ranged(env.DB_CONNECT_TIMEOUT_MS, defaultDbTimeouts.connectMs, 'DB_CONNECT_TIMEOUT_MS', 100, 120_000),
      statementMs: ranged(env.DB_STATEMENT_TIMEOUT_MS, defaultDbTimeouts.statementMs, 'DB_STATEMENT_TIMEOUT_MS', 100, 3_600_000),
      idleInTransactionMs: ranged(
        env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        defaultDbTimeouts.idleInTransactionMs,
        'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
        1_000,
        3_600_000,
      ),
      sqliteBusyMs: ranged(env.SQLITE_BUSY_TIMEOUT_MS, defaultDbTimeouts.sqliteBusyMs, 'SQLITE_BUSY_TIMEOUT_MS', 0, 120_000),
    },
    redisCommandTimeoutMs: ranged(env.REDIS_COMMAND_TIMEOUT_MS, 1_000, 'REDIS_COMMAND_TIMEOUT_MS', 100, 60_000),
    requestBudgetMs: ranged(env.REQUEST_BUDGET_MS, 10_000, 'REQUEST_BUDGET_MS', 1_000, 120_000),
    ...connectionBounds(env),
    liveChatOrigins: (env.LIVE_CHAT_ORIGINS ?? '').split(/\s+/).filter((o) => /^https:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(o)),
  };
}
