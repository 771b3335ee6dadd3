/**
 * Deletions of old rows in batches (decision 047): each batch is one DELETE of at most
 * `batchSize` rows chosen by a subselect on the row's physical key (SQLite's rowid, PostgreSQL's
 * ctid), committed on its own, with a turn of the event loop between batches. So no statement
 * holds SQLite's write lock or PostgreSQL's row locks for longer than one batch (a few
 * milliseconds at the default size), and a writer waiting meanwhile goes in between two batches.
 * A run stops after `maxRows`; what is left goes at the next run.
 */
import { sql } from 'kysely';
import type { DbHandle } from './index.ts';

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
 * Deletes the rows of `table` whose `column` is before `before` (`<`, or `<=` with
 * `inclusive`), in batches. Returns the number of rows deleted.
 */
export async function deleteInBatches(
  handle: Pick<DbHandle, 'db' | 'dialect'>,
  table: string,
  column: string,
  before: bigint,
  options: BatchedDeleteOptions & { inclusive?: boolean } = {},
): Promise<number> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? deleteBatchSize));
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? deleteRunMax));
  const op = sql.raw(options.inclusive ? '<=' : '<');
  const key = sql.raw(handle.dialect === 'postgres' ? 'ctid' : 'rowid');
  let deleted = 0;
  while (deleted < maxRows) {
    const limit = Math.min(batchSize, maxRows - deleted);
    const started = performance.now();
    // One statement, its own transaction: the subselect picks the batch, the delete re-checks it.
    const chosen =
      handle.dialect === 'postgres'
        ? sql`${key} = any(array(select ${key} from ${sql.table(table)} where ${sql.ref(column)} ${op} ${before} limit ${limit}))`
        : sql`${key} in (select ${key} from ${sql.table(table)} where ${sql.ref(column)} ${op} ${before} limit ${limit})`;
    const result = await sql`delete from ${sql.table(table)} where ${chosen} and ${sql.ref(column)} ${op} ${before}`.execute(handle.db);
    const rows = Number(result.numAffectedRows ?? 0n);
    options.onBatch?.(rows, performance.now() - started);
    deleted += rows;
    if (rows < limit) break;
    // Let the requests that queued behind this batch run before the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}
