/**
 * One mechanism for every scheduled job (conventions 17, decision 012): croner decides when each
 * process wakes up; the database decides who runs. The canonical period of a job is the
 * `next_run_at` value in its state row; a process runs a period only by moving that value forward
 * in one conditional update that also takes the job's lease, so of any number of processes
 * exactly one claims each period, and a run never overlaps the previous one (a period whose
 * moment comes while the lease is held waits until it is free, then runs once). A row in
 * job_runs, unique per (job, period), records each run; a heartbeat keeps the lease alive while
 * the run works, and a process that dies mid-run loses the lease when it lapses.
 * The embedded SQLite default runs the same way inside its one process.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobStatusEntry } from '@pp/contract';
import type { Db } from '../db/index.ts';
import { num } from '../db/index.ts';

export interface JobDefinition {
  /** kebab-case, stable: it is the key of the job's rows. */
  name: string;
  /** A cron pattern (croner syntax; 6 fields means seconds first). */
  schedule: string;
  /** Does the work. Must be safe to run again after a crash (each job is idempotent per item). */
  run(context: { period: string; signal: AbortSignal }): Promise<void>;
}

export type JobStatus = JobStatusEntry;

export interface JobRunnerOptions {
  /** A run holds its lease this long past its last heartbeat. */
  leaseMs?: number;
  /** How often every process looks for "run now" requests and periods nobody claimed. */
  pollMs?: number;
  now?: () => number;
  /** Names this process in leases and runs. */
  owner?: string;
}

/** The longest error text kept for a run; the rest is in the server log. */
const errorTextMax = 2_000;

export class JobRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  private readonly jobs = new Map<string, { definition: JobDefinition; cron: Cron }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private poller: NodeJS.Timeout | undefined;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  /** Registers a job and makes its state row on first sight. Timers start with start(). */
  async register(definition: JobDefinition): Promise<void> {
    if (this.jobs.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
    const cron = new Cron(definition.schedule, { paused: true, unref: true, protect: true }, () => this.tick(definition.name));
    this.jobs.set(definition.name, { definition, cron });
    const next = cron.nextRun(new Date(this.now()));
    if (!next) throw new Error(`job ${definition.name}: the schedule ${definition.schedule} never runs`);
    await this.db
      .insertInto('job_state')
      .values({
        name: definition.name,
        schedule: definition.schedule,
        next_run_at: BigInt(next.getTime()),
        run_requested_at: 0n,
        lease_until: 0n,
        heartbeat_at: 0n,
        last_started_at: 0n,
        last_finished_at: 0n,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    // A changed schedule in a new release takes effect from its next moment on.
    await this.db
      .updateTable('job_state')
      .set({ schedule: definition.schedule, next_run_at: BigInt(next.getTime()) })
      .where('name', '=', definition.name)
      .where('schedule', '<>', definition.schedule)
      .execute();
  }

  start(): void {
    for (const { cron } of this.jobs.values()) cron.resume();
    this.poller = setInterval(() => {
      for (const name of this.jobs.keys()) this.tick(name);
    }, this.pollMs);
    this.poller.unref();
  }

  /** Stops the timers, asks running jobs to stop, and waits for them to finish. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.poller);
    for (const { cron } of this.jobs.values()) cron.stop();
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  /** A wake-up: claims a due period or a "run now" request, if this process can, and runs it. */
  tick(name: string): void {
    if (this.isStopped || !this.jobs.has(name)) return;
    const work = this.claimAndRun(name).catch((error: unknown) => this.log.error({ err: error, job: name }, 'job runner failed'));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Runs one claim attempt now and waits for the run, if any; for tests and "run now" callers. */
  async runDue(name: string): Promise<boolean> {
    return this.claimAndRun(name);
  }

  private async claimAndRun(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const now = this.now();
    const state = await this.db.selectFrom('job_state').selectAll().where('name', '=', name).executeTakeFirst();
    if (!state || num(state.lease_until) > now) return false;

    let period: string | null = null;
    const leaseUntil = BigInt(now + this.leaseMs);
    const requestedAt = num(state.run_requested_at);
    if (requestedAt > 0) {
      const claimed = await this.db
        .updateTable('job_state')
        .set({ run_requested_at: 0n, lease_owner: this.owner, lease_until: leaseUntil, heartbeat_at: BigInt(now) })
        .where('name', '=', name)
        .where('run_requested_at', '=', BigInt(requestedAt))
        .where('lease_until', '<=', BigInt(now))
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 1n) period = `manual:${requestedAt}`;
    }
    const due = num(state.next_run_at);
    if (period === null && due <= now) {
      const next = job.cron.nextRun(new Date(now));
      const claimed = await this.db
        .updateTable('job_state')
        .set({ next_run_at: BigInt(next ? next.getTime() : Number.MAX_SAFE_INTEGER), lease_owner: this.owner, lease_until: leaseUntil, heartbeat_at: BigInt(now) })
        .where('name', '=', name)
        .where('next_run_at', '=', BigInt(due))
        .where('lease_until', '<=', BigInt(now))
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 1n) period = new Date(due).toISOString();
    }
    if (period === null) return false;
    await this.execute(job.definition, period);
    return true;
  }

  private async execute(definition: JobDefinition, period: string): Promise<void> {
    const { name } = definition;
    const runId = crypto.randomUUID();
    const startedAt = this.now();
    try {
      await this.db
        .insertInto('job_runs')
        .values({ id: runId, name, period, owner: this.owner, status: 'running', started_at: BigInt(startedAt), finished_at: null, error: null })
        .execute();
    } catch (error) {
      // The unique (job, period) row exists: this period ran already. Give the lease back.
      this.log.warn({ err: error, job: name, period }, 'job period already recorded; not running it again');
      await this.release(name, startedAt, 'skipped', null, period);
      return;
    }
    await this.db.updateTable('job_state').set({ last_period: period, last_started_at: BigInt(startedAt) }).where('name', '=', name).execute();
    const heartbeat = setInterval(() => {
      const beat = this.now();
      void this.db
        .updateTable('job_state')
        .set({ heartbeat_at: BigInt(beat), lease_until: BigInt(beat + this.leaseMs) })
        .where('name', '=', name)
        .where('lease_owner', '=', this.owner)
        .execute()
        .catch((error: unknown) => this.log.warn({ err: error, job: name }, 'job heartbeat failed'));
    }, Math.max(250, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    let status = 'succeeded';
    let errorText: string | null = null;
    try {
      await definition.run({ period, signal: this.abort.signal });
    } catch (error) {
      status = 'failed';
      errorText = (error instanceof Error ? error.message : String(error)).slice(0, errorTextMax);
      this.log.error({ err: error, job: name, period }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    const finishedAt = this.now();
    await this.db.updateTable('job_runs').set({ status, finished_at: BigInt(finishedAt), error: errorText }).where('id', '=', runId).execute();
    await this.release(name, finishedAt, status, errorText, period);
  }

  private async release(name: string, at: number, status: string, errorText: string | null, period: string): Promise<void> {
    await this.db
      .updateTable('job_state')
      .set({ lease_owner: null, lease_until: 0n, last_finished_at: BigInt(at), last_status: status, last_error: errorText, last_period: period })
      .where('name', '=', name)
      .where('lease_owner', '=', this.owner)
      .execute();
  }

  async status(): Promise<JobStatus[]> {
    const rows = await this.db.selectFrom('job_state').selectAll().orderBy('name').execute();
    const now = this.now();
    return rows.map((r) => ({
      name: r.name,
      schedule: r.schedule,
      nextRunAt: num(r.next_run_at),
      isRunning: r.lease_owner !== null && num(r.lease_until) > now,
      leaseOwner: r.lease_owner,
      heartbeatAt: num(r.heartbeat_at),
      lastPeriod: r.last_period,
      lastStartedAt: num(r.last_started_at),
      lastFinishedAt: num(r.last_finished_at),
      lastStatus: r.last_status as JobStatus['lastStatus'],
      lastError: r.last_error,
      runRequestedAt: num(r.run_requested_at),
    }));
  }

  /** For /readyz: a job whose lease lapsed without a release is stuck (its process died mid-run). */
  async unhealthyJobs(): Promise<string[]> {
    const status = await this.status();
    return status.filter((s) => s.leaseOwner !== null && !s.isRunning).map((s) => s.name);
  }
}
