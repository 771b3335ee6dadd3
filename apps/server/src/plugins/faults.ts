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

/** Which part failed, or null when the error is not a fault of the ground under the server. */
export function faultPartOf(error: unknown): FaultPart | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof DependencyUnavailable || error instanceof BudgetExceeded) return error.part;
  const code = (error as { code?: unknown }).code;
  const name = error.name;
  if (typeof code === 'string') {
    if (name === 'SqliteError' && sqliteDiskCodes.test(code)) return 'disk';
    if (name === 'SqliteError' && sqliteBusyCodes.test(code)) return 'database';
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
