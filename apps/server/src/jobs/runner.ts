/**
 * One mechanism for every scheduled job (conventions 17, decision 012): croner decides when each
 * process wakes up; the database decides who runs. The canonical period of a job is the
 * `next_run_at` value in its state row; a process runs a period only by moving that value forward
 * in one conditional update that also takes the job's lease, so of any number of processes
 * exactly one claims each period, and a run never overlaps the previous one (a period whose
 * moment comes while the lease is held waits until it is free, then runs once). A row in
 * job_runs, unique per (job, period), records each run; a heartbeat keeps the lease alive while
 * the run works, and a process that dies mid-run loses the lease when it lapses.
 *
 * Across a crash (decision 038): the lease names its period (`lease_period`). A lapsed lease that
 * was never released is a run whose process died, or stalled past its lease: the next runner to
 * look takes that same period over, with one conditional update keyed by the old owner and the
 * attempt, so of several runners one wins, and finishes it on the same job_runs row. Every later
 * write of a runner is keyed by its own name as lease owner (and run owner), so a runner that was
 * only slow finds its lease gone at its next heartbeat (its run's signal is aborted) and changes
 * nothing of the new owner's. A period that stops its process `jobAttemptsMax` times is given up.
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

/**
 * A period is run at most this many times in all: the claim and then takeovers after its process
 * died. A period that kills every process that runs it is then recorded as failed and the job
 * follows its schedule again.
 */
export const jobAttemptsMax = 3;

type JobStateRow = { lease_owner: string | null; lease_until: number | bigint; lease_period: string | null; lease_attempt: number | bigint };

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
  /**
   * The runner's own work (claims, leases, run rows) failing: while the database is away every
   * tick of every job fails the same way, so one warn line says so when it starts, one info line
   * when the database answers again, and the ticks between are quiet (debug).
   */
  private outage: { since: number; failures: number } | null = null;

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
        lease_attempt: 0,
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
    const work = this.claimAndRun(name).then(
      () => this.answered(),
      (error: unknown) => this.failed(name, error),
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private failed(name: string, error: unknown): void {
    const reason = { message: error instanceof Error ? error.message.slice(0, 200) : String(error), code: (error as { code?: unknown } | null)?.code };
    if (this.outage) {
      this.outage.failures++;
      this.log.debug({ job: name, reason }, 'job runner: still failing');
      return;
    }
    this.outage = { since: this.now(), failures: 1 };
    this.log.warn({ job: name, reason }, 'job runner: its database work fails; jobs wait until the database answers (said once per outage)');
  }

  private answered(): void {
    if (!this.outage) return;
    const { since, failures } = this.outage;
    this.outage = null;
    this.log.info({ failures, seconds: Math.round((this.now() - since) / 1000) }, 'job runner: the database answers again; jobs run');
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
    // A lease that lapsed without a release: its process died mid-run. That period comes first.
    if (state.lease_owner !== null && state.lease_period !== null) return this.takeOver(job.definition, state, now);

    let period: string | null = null;
    const leaseUntil = BigInt(now + this.leaseMs);
    const requestedAt = num(state.run_requested_at);
    if (requestedAt > 0) {
      const manual = `manual:${requestedAt}`;
      const claimed = await this.db
        .updateTable('job_state')
        .set({ run_requested_at: 0n, lease_owner: this.owner, lease_until: leaseUntil, heartbeat_at: BigInt(now), lease_period: manual, lease_attempt: 1 })
        .where('name', '=', name)
        .where('run_requested_at', '=', BigInt(requestedAt))
        .where('lease_until', '<=', BigInt(now))
        .where('lease_period', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 1n) period = manual;
    }
    const due = num(state.next_run_at);
    if (period === null && due <= now) {
      const next = job.cron.nextRun(new Date(now));
      const scheduled = new Date(due).toISOString();
      const claimed = await this.db
        .updateTable('job_state')
        .set({
          next_run_at: BigInt(next ? next.getTime() : Number.MAX_SAFE_INTEGER),
          lease_owner: this.owner,
          lease_until: leaseUntil,
          heartbeat_at: BigInt(now),
          lease_period: scheduled,
          lease_attempt: 1,
        })
        .where('name', '=', name)
        .where('next_run_at', '=', BigInt(due))
        .where('lease_until', '<=', BigInt(now))
        .where('lease_period', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 1n) period = scheduled;
    }
    if (period === null) return false;
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
      await this.release(name, period, startedAt, 'skipped', null);
      return true;
    }
    await this.execute(job.definition, period, runId, startedAt);
    return true;
  }

  /**
   * Takes over the period of a lease that lapsed without a release, and finishes it: runs it on
   * the same job_runs row, or only records the end when the old owner got that far. One
   * conditional update keyed by the old owner and the attempt decides which runner takes it.
   */
  private async takeOver(definition: JobDefinition, state: JobStateRow, now: number): Promise<boolean> {
    const { name } = definition;
    const period = state.lease_period!;
    const previousOwner = state.lease_owner!;
    const attempt = num(state.lease_attempt);
    const taken = await this.db
      .updateTable('job_state')
      .set({ lease_owner: this.owner, lease_until: BigInt(now + this.leaseMs), heartbeat_at: BigInt(now), lease_attempt: attempt + 1 })
      .where('name', '=', name)
      .where('lease_owner', '=', previousOwner)
      .where('lease_period', '=', period)
      .where('lease_attempt', '=', attempt)
      .where('lease_until', '<=', BigInt(now))
      .executeTakeFirst();
    if (taken.numUpdatedRows !== 1n) return false;
    this.log.warn({ job: name, period, previousOwner, attempt: attempt + 1 }, 'job run taken over: the process running it stopped before the end');

    const run = await this.db.selectFrom('job_runs').select(['id', 'status', 'error']).where('name', '=', name).where('period', '=', period).executeTakeFirst();
    if (run && run.status !== 'running') {
      // The old owner finished the run and died before it gave the lease back.
      await this.release(name, period, this.now(), run.status, run.error);
      return true;
    }
    const startedAt = this.now();
    let runId: string;
    if (run) {
      // The same row, now ours: a late write of the old owner (keyed by its name) changes nothing.
      const adopted = await this.db
        .updateTable('job_runs')
        .set({ owner: this.owner })
        .where('id', '=', run.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (adopted.numUpdatedRows !== 1n) {
        const ended = await this.db.selectFrom('job_runs').select(['status', 'error']).where('id', '=', run.id).executeTakeFirstOrThrow();
        await this.release(name, period, startedAt, ended.status, ended.error);
        return true;
      }
      runId = run.id;
    } else {
      // The old owner died between its claim and its run row.
      runId = crypto.randomUUID();
      try {
        await this.db
          .insertInto('job_runs')
          .values({ id: runId, name, period, owner: this.owner, status: 'running', started_at: BigInt(startedAt), finished_at: null, error: null })
          .execute();
      } catch (error) {
        // A stalled old owner wrote its row meanwhile: the next look takes that one over.
        this.log.warn({ err: error, job: name, period }, 'job run row appeared during a takeover');
        await this.db.updateTable('job_state').set({ lease_until: 0n }).where('name', '=', name).where('lease_owner', '=', this.owner).execute();
        return true;
      }
    }
    if (attempt + 1 > jobAttemptsMax) {
      const errorText = `given up: the process running this period stopped ${attempt} times before the end`;
      this.log.error({ job: name, period }, errorText);
      await this.finishRun(runId, 'failed', errorText);
      await this.release(name, period, this.now(), 'failed', errorText);
      return true;
    }
    await this.execute(definition, period, runId, startedAt);
    return true;
  }

  /** Runs a period this runner holds the lease of, on its job_runs row, and gives the lease back. */
  private async execute(definition: JobDefinition, period: string, runId: string, startedAt: number): Promise<void> {
    const { name } = definition;
    await this.db
      .updateTable('job_state')
      .set({ last_period: period, last_started_at: BigInt(startedAt) })
      .where('name', '=', name)
      .where('lease_owner', '=', this.owner)
      .execute();
    // Aborted when this runner stops, and when a heartbeat finds the lease taken over.
    const leaseLost = new AbortController();
    const heartbeat = setInterval(
      () => {
        const beat = this.now();
        void this.db
          .updateTable('job_state')
          .set({ heartbeat_at: BigInt(beat), lease_until: BigInt(beat + this.leaseMs) })
          .where('name', '=', name)
          .where('lease_owner', '=', this.owner)
          .where('lease_period', '=', period)
          .executeTakeFirst()
          .then((result) => {
            if (result.numUpdatedRows === 1n || leaseLost.signal.aborted) return;
            this.log.warn({ job: name, period }, 'job lease taken over by another runner; asking this run to stop');
            leaseLost.abort();
          })
          .catch((error: unknown) => this.failed(name, error));
      },
      Math.max(250, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let status = 'succeeded';
    let errorText: string | null = null;
    try {
      await definition.run({ period, signal: AbortSignal.any([this.abort.signal, leaseLost.signal]) });
    } catch (error) {
      status = 'failed';
      errorText = (error instanceof Error ? error.message : String(error)).slice(0, errorTextMax);
      this.log.error({ err: error, job: name, period }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    await this.finishRun(runId, status, errorText);
    await this.release(name, period, this.now(), status, errorText);
  }

  /** Records a run's end, if the run is still this runner's (a takeover made it another's). */
  private async finishRun(runId: string, status: string, errorText: string | null): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ status, finished_at: BigInt(this.now()), error: errorText })
      .where('id', '=', runId)
      .where('owner', '=', this.owner)
      .execute();
  }

  private async release(name: string, period: string, at: number, status: string, errorText: string | null): Promise<void> {
    await this.db
      .updateTable('job_state')
      .set({
        lease_owner: null,
        lease_until: 0n,
        lease_period: null,
        lease_attempt: 0,
        last_finished_at: BigInt(at),
        last_status: status,
        last_error: errorText,
        last_period: period,
      })
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

  /**
   * For /readyz: a job is stuck when its lease lapsed without a release (its process died mid-run)
   * and no runner took the period over within two polls, i.e. no live process runs jobs or the
   * takeover itself keeps failing. A lease that just lapsed is about to be taken over, not stuck.
   */
  async unhealthyJobs(): Promise<string[]> {
    const rows = await this.db.selectFrom('job_state').select(['name', 'lease_owner', 'lease_until']).orderBy('name').execute();
    const lapsedBefore = this.now() - 2 * this.pollMs;
    return rows.filter((r) => r.lease_owner !== null && num(r.lease_until) <= lapsedBefore).map((r) => r.name);
  }
}
