/**
 * Faults of what the server stands on (decision 036): the database, Redis and the disk. A request
 * that meets one is answered 503 `server.unavailable` (never 500, never a hang), the process goes
 * on, and readiness reports the fault until the part answers again.
 */
export type FaultPart = 'database' | 'redis' | 'disk';

/** A dependency our own code found unusable (not connected, or refusing by design for a while). */
export class DependencyUnavailable extends Error {
  constructor(
    readonly part: FaultPart,
    message: string,
  ) {
    super(message);
    this.name = 'DependencyUnavailable';
  }
}

/** The replay store cannot decide (Redis down, or back empty and inside its refusal window). */
export class ReplayStoreUnavailable extends DependencyUnavailable {
  constructor(message: string) {
    super('redis', message);
    this.name = 'ReplayStoreUnavailable';
  }
}

/** A request that ran past its time budget (REQUEST_BUDGET_MS); its outcome may still land. */
export class BudgetExceeded extends Error {
  readonly part = 'database' as const;
  constructor(ms: number) {
    super(`no answer within the request budget of ${ms} ms`);
    this.name = 'BudgetExceeded';
  }
}

const pgConnectionCodes = /^(08|57P0|53|58)/;
/** query_canceled (statement_timeout), idle_in_transaction_session_timeout, lock_not_available. */
const pgTimeoutCodes = new Set(['57014', '25P03', '55P03']);
const nodeNetworkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const sqliteDiskCodes = /^SQLITE_(FULL|IOERR|CANTOPEN|READONLY|CORRUPT|NOTADB|NOMEM|PROTOCOL)/;
const sqliteBusyCodes = /^SQLITE_(BUSY|LOCKED)/;
const pgClientMessages = /Connection terminated|Query read timeout|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;
const redisMessages = /MaxRetriesPerRequest|Command timed out|Connection is closed|Stream isn't writeable|enableOfflineQueue/i;

/**
 * SQLite ends a transaction itself when a statement or the COMMIT meets an I/O error, a full disk
 * or no memory; the ROLLBACK that follows then fails with this, and would hide the fault (500).
 */
const sqliteLostTransaction = /cannot rollback - no transaction is active|cannot commit - no transaction is active/i;

/**
 * The client went away before its request was read (an upload cut off, a tab closed): Node's
 * request stream fails with ECONNRESET "aborted". Nothing the server stands on failed, so it is
 * no fault: logged as a client abort, never recorded for readiness.
 */
export function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === 'ECONNRESET' && error.message === 'aborted') || code === 'FST_ERR_CTP_BODY_ABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Which part failed, or null when the error is not a fault of the ground under the server. */
export function faultPartOf(error: unknown): FaultPart | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof DependencyUnavailable || error instanceof BudgetExceeded) return error.part;
  if (isClientAbort(error)) return null;
  // A wrapper (a ROLLBACK's failure, a driver's own error) may carry the fault as its cause.
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause !== error) {
    const part = faultPartOf(cause);
    if (part) return part;
  }
  const code = (error as { code?: unknown }).code;
  const name = error.name;
  if (typeof code === 'string') {
    if (name === 'SqliteError' && sqliteDiskCodes.test(code)) return 'disk';
    if (name === 'SqliteError' && sqliteBusyCodes.test(code)) return 'database';
    if (name === 'SqliteError' && sqliteLostTransaction.test(error.message)) return 'disk';
    if (name === 'DatabaseError' || /^[0-9A-Z]{5}$/.test(code)) {
      if (pgConnectionCodes.test(code) || pgTimeoutCodes.has(code)) return 'database';
      // disk_full, io_error and friends arrive as class 53 / 58, taken above.
    }
    if (nodeNetworkCodes.has(code)) return /redis/i.test(error.stack ?? '') ? 'redis' : 'database';
  }
  if (name === 'MaxRetriesPerRequestError' || redisMessages.test(error.message)) return 'redis';
  if (pgClientMessages.test(error.message)) return 'database';
  return null;
}

/**
 * What this process has seen fail lately, for readiness: a part that failed within holdMs is
 * reported until a probe finds it answering again. Per process on purpose: readiness tells a
 * load balancer about this process's own view of its dependencies.
 */
export class FaultMonitor {
  private readonly lastFault = new Map<FaultPart, { at: number; message: string }>();

  constructor(
    readonly holdMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  record(part: FaultPart, error: unknown): void {
    this.lastFault.set(part, { at: this.now(), message: error instanceof Error ? error.message.slice(0, 200) : String(error) });
  }

  /** The part's last fault when it is recent enough to keep the process out of rotation. */
  recent(part: FaultPart): string | null {
    const fault = this.lastFault.get(part);
    if (!fault || this.now() - fault.at > this.holdMs) return null;
    return fault.message;
  }

  /** A probe found the part answering: its earlier faults no longer count. */
  clear(part: FaultPart): void {
    this.lastFault.delete(part);
  }
}

/** Rejects with BudgetExceeded when the work has not settled within ms; the work's own later failure is swallowed. */
export function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  if (!(ms > 0)) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded(ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The share of recent API calls that ran past the request budget, for readiness (decision 085):
 * a process whose calls mostly miss their budget (a slow disk, a starved event loop, a database
 * that answers but late) is not ready even while every probe answers. Counted in one-second
 * buckets over the last windowMs, in this process only.
 */
export class BudgetWatch {
  /** Below this many calls in the window the share says nothing. */
  static readonly callsMin = 20;
  /** At or above this share of calls over budget, readiness reports the process not ready. */
  static readonly overShareMax = 0.5;
  private readonly buckets: Array<{ second: number; calls: number; over: number }> = [];

  constructor(
    readonly budgetMs: number,
    readonly windowMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  record(elapsedMs: number): void {
    const second = Math.floor(this.now() / 1000);
    let bucket = this.buckets.at(-1);
    if (!bucket || bucket.second !== second) {
      bucket = { second, calls: 0, over: 0 };
      this.buckets.push(bucket);
      this.drop(second);
    }
    bucket.calls++;
    if (elapsedMs >= this.budgetMs) bucket.over++;
  }

  private drop(second: number): void {
    const oldest = second - Math.ceil(this.windowMs / 1000);
    while (this.buckets.length > 0 && this.buckets[0]!.second <= oldest) this.buckets.shift();
  }

  /** The calls and those over budget in the window, and whether that share is too high. */
  state(): { calls: number; over: number; isTooSlow: boolean } {
    this.drop(Math.floor(this.now() / 1000));
    let calls = 0;
    let over = 0;
    for (const bucket of this.buckets) {
      calls += bucket.calls;
      over += bucket.over;
    }
    return { calls, over, isTooSlow: calls >= BudgetWatch.callsMin && over / calls >= BudgetWatch.overShareMax };
  }
}
