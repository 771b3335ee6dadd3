/**
 * What the keyed account writes share around `once` (db/once.ts): their requests carry secrets
 * (passwords, e-mailed codes, image codes) that are checked and often spent before the write, so
 * the retry of a write that went through would fail them now. Such a write first asks whether
 * its key is answered already, and if so gives that answer back without any check.
 */
import type { Db } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { once, type OnceKey } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';

/** Whether `key` is claimed in the request log (an answer is stored with its claim's commit). */
export async function isAnswered(db: Db, key: OnceKey): Promise<boolean> {
  const row = await db
    .selectFrom('request_log')
    .select('request_id')
    .where('scope', '=', key.scope)
    .where('actor', '=', key.actor)
    .where('request_id', '=', key.requestId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The stored answer of `key` through `once`, so another body under the same id is refused as
 * there. If the key is not claimed (never, or purged meanwhile), `refusal` is thrown and nothing
 * stays claimed.
 */
export function storedAnswer<T>(db: Db, key: OnceKey, refusal: Error = new AppError('rate.limited', { seconds: 1 })): Promise<T> {
  return inTransaction(db, (tx) => once<T>(tx, key, () => Promise.reject(refusal)));
}

/** Runs `work` once for `key` in its own transaction; `isFirst` says whether this call ran it. */
export async function onceInTransaction<T>(
  db: Db,
  key: OnceKey,
  work: (tx: import('../../../db/index.ts').Tx) => Promise<T>,
): Promise<{ answer: T; isFirst: boolean }> {
  let isFirst = false;
  const answer = await inTransaction(db, (tx) => {
    // A deadlock retry runs the transaction again: only its last run tells.
    isFirst = false;
    return once(tx, key, () => {
      isFirst = true;
      return work(tx);
    });
  });
  return { answer, isFirst };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
