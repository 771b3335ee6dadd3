/**
 * The one way to open a transaction (decision 044): `inTransaction(db, work)` runs `work` in one
 * transaction and runs it again on a deadlock or a serialization failure (PostgreSQL 40P01,
 * 40001), which left nothing written. So `work` may run more than once: it touches only the
 * database through `tx`; mail, publishing, counters and anything else outside the transaction
 * happen after it returns. Nothing outside db/ calls `db.transaction()`.
 *
 * `options.isolation` asks PostgreSQL for a stricter isolation level than its READ COMMITTED
 * default (the ledger check's REPEATABLE READ snapshot, decision 045), and `options.readOnly` for
 * a READ ONLY transaction. SQLite has one isolation (serializable: one writer, and a reader sees
 * the snapshot its first read took), so both are ignored there.
 *
 * `options.groupCommit` is the money writes' form of the same (docs/decisions/006): on SQLite the
 * units that queue while a commit runs share the next commit, each in its own savepoint. The
 * ledger's own writes use it, and every caller that moves money in its transaction asks for it.
 * There is no other entry point: `transaction-entry.test.ts` fails on a second one.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db, Tx } from './index.ts';

/** PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole. */
const retryableCodes = new Set(['40P01', '40001']);

/** How many times a unit of work runs at most, the first try included. */
export const attemptsMax = 5;

/** Whether a failed statement or transaction may simply run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && retryableCodes.has(code);
}

export interface TransactionOptions {
  /** PostgreSQL's isolation level; READ COMMITTED (its default) when absent. Ignored on SQLite. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** PostgreSQL READ ONLY. Ignored on SQLite. */
  readOnly?: boolean;
  /**
   * On SQLite, share one commit with the units queued meanwhile (GroupCommit below): a money
   * write's fsync paid once for a burst. Ignored on PostgreSQL, and with `isolation` or `readOnly`.
   */
  groupCommit?: boolean;
}

/** Each database's group commit queue, made on its first grouped unit. */
const groupCommits = new WeakMap<Db, GroupCommit>();

/** Runs `work` in one transaction, again (up to attemptsMax tries) on a deadlock or serialization failure. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (options.groupCommit && !options.isolation && !options.readOnly && !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    let units = groupCommits.get(db);
    if (!units) groupCommits.set(db, (units = new GroupCommit(db)));
    return units.run(work);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // Kysely's SQLite driver begins a plain transaction whatever these say.
      let builder = db.transaction();
      if (options.isolation) builder = builder.setIsolationLevel(options.isolation);
      if (options.readOnly) builder = builder.setAccessMode('read only');
      let failed: { error: unknown } | undefined;
      try {
        return await builder.execute(async (tx) => {
          try {
            return await work(tx);
          } catch (error) {
            failed = { error };
            throw error;
          }
        });
      } catch (error) {
        // SQLite ends the whole transaction itself on some failures (SQLITE_FULL in a statement
        // without a statement journal); the rollback that follows then fails and would hide why.
        if (failed && error !== failed.error && /no transaction is active/i.test(String((error as Error).message))) throw failed.error;
        throw error;
      }
    } catch (error) {
      if (attempt < attemptsMax && isRetryable(error)) continue;
      throw error;
    }
  }
}

/** Most units one SQLite group commit takes; a batch is what queued while the last one ran. */
const groupCommitMax = 64;

/**
 * inTransaction's group commit on SQLite (synchronous=FULL: one fsync a commit, and
 * better-sqlite3 waits for it on the event loop): the units queued while the last commit ran go
 * into one transaction, each in its own savepoint, in the order they came. A unit that throws is
 * rolled back to its savepoint and rejected; the others commit together, and each is answered
 * only after that commit. If the batch's transaction fails as a whole (its commit, or an error
 * that ended it), nothing of it was written and every unit of it runs again alone, as a retry
 * would. Reached only through `inTransaction(db, work, { groupCommit: true })`.
 */
class GroupCommit {
  private readonly queue: Array<{ work: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  private isFlushing = false;

  constructor(private readonly db: Db) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.isFlushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.isFlushing = true;
    try {
      for (;;) {
        // Let the requests that are already under way join this batch.
        await new Promise((r) => setImmediate(r));
        const batch = this.queue.splice(0, groupCommitMax);
        if (batch.length === 0) return;
        if (batch.length === 1) {
          await inTransaction(this.db, batch[0]!.work).then(batch[0]!.resolve, batch[0]!.reject);
          continue;
        }
        let outcomes: Array<{ value: unknown } | { error: unknown }> = [];
        try {
          await this.db.transaction().execute(async (tx) => {
            outcomes = [];
            for (const [i, unit] of batch.entries()) {
              const name = sql.raw(`unit_${i}`);
              await sql`savepoint ${name}`.execute(tx);
              try {
                const value = await unit.work(tx);
                await sql`release savepoint ${name}`.execute(tx);
                outcomes.push({ value });
              } catch (error) {
                await sql`rollback to savepoint ${name}`.execute(tx);
                await sql`release savepoint ${name}`.execute(tx);
                outcomes.push({ error });
              }
            }
          });
        } catch {
          for (const unit of batch) await inTransaction(this.db, unit.work).then(unit.resolve, unit.reject);
          continue;
        }
        batch.forEach((unit, i) => {
          const outcome = outcomes[i]!;
          if ('error' in outcome) unit.reject(outcome.error);
          else unit.resolve(outcome.value);
        });
      }
    } finally {
      this.isFlushing = false;
    }
  }
}
