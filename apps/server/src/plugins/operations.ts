/**
 * What an operator and a load balancer need from each process: `GET /healthz` (the process is
 * alive), `GET /readyz` (the database answers and every migration is applied; a load balancer
 * stops sending traffic when it is not; anonymous, so each check says only ok or failed, and what
 * failed goes to the log and to the readiness_check_ok gauge), and Prometheus metrics at `GET /metrics` when
 * METRICS_TOKEN is set (a Bearer token; without it the path does not exist). Each app has its own
 * registry, so tests that build many apps never share counters.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import client from 'prom-client';
import type { DbHandle } from '../db/index.ts';
import { num } from '../db/index.ts';
import { migrations } from '../db/migrations/index.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { BudgetWatch, FaultMonitor } from './faults.ts';
import type { ReplayStore } from './replay-guard.ts';

/**
 * What the metrics ask of the reviews module: each queue's waiting count. The plugins sit below
 * the modules, so the shape is named here and app.ts passes the reviews module's service.
 */
export interface ReviewQueueCounts {
  waitingCounts(): Promise<Array<{ queue: string; waiting: number }>>;
}

export interface OperationsOptions {
  dbHandle: DbHandle;
  reviews: ReviewQueueCounts;
  jobs: JobRunner;
  metricsToken: string;
  /** The faults requests met lately (plugins/faults.ts); readiness reports each for a few seconds. */
  faults?: FaultMonitor;
  /** The nonce store every API call writes to: when it cannot answer, no call can be served. */
  replayStore?: ReplayStore;
  /** SQLite only: the folder of the database file, whose free space readiness checks. */
  dataDir?: string;
  /** The share of recent API calls over the request budget (plugins/faults.ts): too high is not ready. */
  budget?: BudgetWatch;
}

/** SQLite: below this much free space where the database lives, the process reports not ready. */
export const diskFreeBytesMin = 32 * 1024 * 1024;

/** Readiness checks answer within this; a hung database is "not ready", not a hung probe. */
const readyCheckMsMax = 2_000;

/**
 * The database probe's own deadline (decision 085): a database that needs longer than this for
 * `select 1` and the migration list is not fit to take traffic, and a load balancer's probe
 * (often 1 s) must get an answer rather than time out itself.
 */
export const readyProbeMs = 500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What a check found, in words, for the operator: `ok`, or what failed (the driver's text, the
 * missing migrations, the free bytes). /readyz answers anonymously, so it says only `ok` or
 * `failed` per check (publicChecks); the words go to the log and the check's state to /metrics.
 */
export type CheckDetails = Record<string, string>;

/** A check's public answer: the driver's text names hosts and ports, which no stranger needs. */
export function publicChecks(details: CheckDetails): Record<string, 'ok' | 'failed'> {
  return Object.fromEntries(Object.entries(details).map(([name, detail]) => [name, detail === 'ok' ? 'ok' : 'failed']));
}

/**
 * Ready when the database answers, every migration is applied, the replay store answers (Redis
 * when configured), the disk under SQLite has room, and no request met a fault of one of them in
 * the last few seconds (decision 036). A stuck job (its lease lapsed and no runner took the period
 * over within two polls, decision 038) is reported but does not take the process out of
 * rotation: no load balancer action would fix it.
 */
export async function readiness(
  dbHandle: DbHandle,
  jobs?: JobRunner,
  extra: { faults?: FaultMonitor; replayStore?: ReplayStore; dataDir?: string; budget?: BudgetWatch; probeMs?: number } = {},
): Promise<{ isReady: boolean; checks: CheckDetails }> {
  const { faults, replayStore, dataDir } = extra;
  const checks: Record<string, string> = {};
  try {
    // One deadline for the whole database probe, started before its first query.
    const probeDeadline = Date.now() + (extra.probeMs ?? readyProbeMs);
    const probeLeft = () => Math.max(1, probeDeadline - Date.now());
    await withTimeout(sql`select 1`.execute(dbHandle.db), probeLeft());
    checks.database = 'ok';
    const applied = await withTimeout(dbHandle.db.selectFrom('kysely_migration').select('name').execute(), probeLeft());
    const appliedNames = new Set(applied.map((r) => r.name));
    const missing = Object.keys(migrations(dbHandle.dialect)).filter((name) => !appliedNames.has(name));
    checks.migrations = missing.length === 0 ? 'ok' : `missing: ${missing.join(', ')}`;
    // The database answered this probe: faults requests met before it no longer count.
    faults?.clear('database');
  } catch (error) {
    checks.database = `failed: ${(error as Error).message}`;
  }
  if (replayStore) {
    const part = replayStore.part;
    try {
      const state = await withTimeout(replayStore.health(), readyCheckMsMax);
      // A store on the disk is judged with the disk below; Redis or PostgreSQL answering the
      // probe means the faults requests met before it no longer count.
      checks[part === 'redis' ? 'redis' : 'replay'] = state;
      if (state === 'ok' && part !== 'disk') faults?.clear(part);
    } catch (error) {
      checks[part === 'redis' ? 'redis' : 'replay'] = `failed: ${(error as Error).message}`;
    }
  }
  if (dbHandle.dialect === 'sqlite' && dataDir) {
    const recent = faults?.recent('disk');
    let free = Number.POSITIVE_INFINITY;
    try {
      const stats = fs.statfsSync(dataDir);
      free = stats.bavail * stats.bsize;
    } catch {
      // A folder we cannot stat is judged by the faults alone.
    }
    checks.disk = recent ? `failed lately: ${recent}` : free < diskFreeBytesMin ? `low: ${free} bytes free` : 'ok';
  }
  if (extra.budget) {
    const { calls, over, isTooSlow } = extra.budget.state();
    checks.budget = isTooSlow ? `over: ${over} of ${calls} calls in ${extra.budget.windowMs / 1000} s past ${extra.budget.budgetMs} ms` : 'ok';
  }
  const isReady = Object.values(checks).every((v) => v === 'ok');
  // Redis near its maxmemory is reported before writes fail, without leaving rotation: every
  // process shares the one Redis, so taking them out would not help (decision 087).
  const memory = replayStore?.memoryState?.();
  if (memory !== undefined) checks.redisMemory = memory;
  if (jobs && isReady) {
    const stuck = await jobs.unhealthyJobs();
    checks.jobs = stuck.length === 0 ? 'ok' : `stuck: ${stuck.join(', ')}`;
  }
  return { isReady, checks };
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const operationsPlugin = fp(async (app: FastifyInstance, options: OperationsOptions) => {
  const { dbHandle, reviews, jobs, metricsToken, faults, replayStore, dataDir, budget } = options;

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // A load balancer asks every few seconds: the words are logged when they change, not each time.
  let lastLogged = '';
  const check = async (log: FastifyInstance['log']) => {
    const result = await readiness(dbHandle, jobs, { faults, replayStore, dataDir, budget });
    const said = JSON.stringify(result.checks);
    if (said !== lastLogged) {
      const isAllOk = Object.values(result.checks).every((v) => v === 'ok');
      if (isAllOk) log.info({ checks: result.checks }, 'readiness: every check ok');
      else log.warn({ checks: result.checks }, 'readiness: a check failed');
      lastLogged = said;
    }
    return result;
  };

  // Every sealed call's time to answer, for the budget share readiness reports.
  if (budget) {
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config.envelope === 'sealed') budget.record(reply.elapsedTime);
    });
  }

  app.get('/readyz', async (request, reply) => {
    const { isReady, checks } = await check(request.log);
    return reply
      .code(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: isReady ? 'ready' : 'not ready', checks: publicChecks(checks) });
  });

  if (!metricsToken) return;

  const registry = new client.Registry();
  // The gauges read from the database: while it is down they are left out of the answer (and the
  // failure is logged once per scrape), so /metrics still answers with readiness_check_ok at 0,
  // which is when an operator needs it most.
  const orNothing = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      app.log.warn({ reason: (error as Error).message }, 'metrics: a gauge could not be read');
      return null;
    }
  };
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'api_errors_total',
    help: 'API answers with an error key, by key',
    labelNames: ['error'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'ledger_last_verification_balanced',
    help: '1 when the newest ledger verification balanced, 0 when it did not, -1 when none ran',
    registers: [registry],
    async collect() {
      const row = await orNothing(() =>
        dbHandle.db.selectFrom('ledger_verifications').select('is_balanced').orderBy('checked_at', 'desc').limit(1).executeTakeFirst(),
      );
      this.reset();
      if (row !== null) this.set(row ? num(row.is_balanced) : -1);
    },
  });
  new client.Gauge({
    name: 'review_queue_waiting',
    help: 'Items waiting for a staff decision, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, waiting } of (await orNothing(() => reviews.waitingCounts())) ?? []) this.set({ queue }, waiting);
    },
  });
  new client.Gauge({
    name: 'job_last_run_succeeded',
    help: "1 when the job's last run succeeded, 0 when it failed, -1 before its first run",
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await orNothing(() => jobs.status())) ?? [])
        this.set({ job: job.name }, job.lastStatus === null ? -1 : job.lastStatus === 'succeeded' ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'job_last_finished_timestamp_seconds',
    help: 'When the job last finished a run',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await orNothing(() => jobs.status())) ?? []) this.set({ job: job.name }, job.lastFinishedAt / 1000);
    },
  });

  new client.Gauge({
    name: 'readiness_check_ok',
    help: '1 when the readiness check passes, 0 when it fails (the reason is in the log), by check',
    labelNames: ['check'] as const,
    registers: [registry],
    async collect() {
      const { checks } = await check(app.log);
      // A check absent this time (jobs, reported only when ready) must not keep its old value.
      this.reset();
      for (const [name, detail] of Object.entries(checks)) this.set({ check: name }, detail === 'ok' ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route pattern, never the raw URL: unknown paths must not make unbounded label values.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    durations.observe({ route }, reply.elapsedTime / 1000);
    if (request.errorKey) errors.inc({ error: request.errorKey });
  });

  app.get('/metrics', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, metricsToken)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics need the token');
    }
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
