/**
 * Deletions of old rows in batches (decision 047): each batch is one DELETE of at most
 * `batchSize` rows chosen by a subselect on the row's physical key (SQLite's rowid, PostgreSQL's
 * ctid), committed on its own, with a turn of the event loop between batches. So no statement
 * holds SQLite's write lock or PostgreSQL's row locks for longer than one batch (a few
 * milliseconds at the default size), and a writer waiting meanwhile goes in between two batches.
 * A run stops after `maxRows`; what is left goes at the next run.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db, DbHandle } from './index.ts';

/** Rows one batch deletes at most: about 5 ms of SQLite work on an indexed column. */
export const deleteBatchSize = 1_000;

/** Rows one run deletes at most (per table); the next run takes the rest. */
export const deleteRunMax = 200_000;

export interface BatchedDeleteOptions {
  batchSize?: number;
  maxRows?: number;
  /** Told of each batch: its row count and its duration in milliseconds (tests, logs). */
  onBatch?: (rows: number, ms: number) => void;
}

/**
 * The loop itself, for a delete of its own (a table without a rowid, a connection of its own such
 * as the replay store's): `deleteBatch(limit)` deletes at most `limit` rows in one statement and
 * returns how many it deleted; the loop stops at a short batch or after `maxRows`, with a turn of
 * the event loop between batches. A synchronous `deleteBatch` runs its first batch before this
 * returns its promise. Returns the number of rows deleted.
 */
export async function deleteBatches(deleteBatch: (limit: number) => number | Promise<number>, options: BatchedDeleteOptions = {}): Promise<number> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? deleteBatchSize));
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? deleteRunMax));
  let deleted = 0;
  while (deleted < maxRows) {
    const limit = Math.min(batchSize, maxRows - deleted);
    const started = performance.now();
    const rows = await deleteBatch(limit);
    options.onBatch?.(rows, performance.now() - started);
    deleted += rows;
    if (rows < limit) break;
    // Let the requests that queued behind this batch run before the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/** A handle, or a Kysely instance alone (its dialect read from its adapter). */
type Target = Pick<DbHandle, 'db' | 'dialect'> | Db;

/**
 * Deletes the rows of `table` whose `column` is before `before` (`<`, or `<=` with
 * `inclusive`), in batches. Returns the number of rows deleted.
 */
export async function deleteInBatches(
  target: Target,
  table: string,
  column: string,
  before: bigint,
  options: BatchedDeleteOptions & { inclusive?: boolean } = {},
): Promise<number> {
  const db = 'dialect' in target ? target.db : target;
  const isPostgres = 'dialect' in target ? target.dialect === 'postgres' : target.getExecutor().adapter instanceof PostgresAdapter;
  const op = sql.raw(options.inclusive ? '<=' : '<');
  const key = sql.raw(isPostgres ? 'ctid' : 'rowid');
  return deleteBatches(async (limit) => {
    // One statement, its own transaction: the subselect picks the batch, the delete re-checks it.
    const chosen = isPostgres
      ? sql`${key} = any(array(select ${key} from ${sql.table(table)} where ${sql.ref(column)} ${op} ${before} limit ${limit}))`
      : sql`${key} in (select ${key} from ${sql.table(table)} where ${sql.ref(column)} ${op} ${before} limit ${limit})`;
    const result = await sql`delete from ${sql.table(table)} where ${chosen} and ${sql.ref(column)} ${op} ${before}`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  }, options);
}
