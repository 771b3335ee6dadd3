import { describe, expect, it } from 'vitest';
import type { Db, Tx } from './index.ts';
import { attemptsMax, inTransaction, isRetryable } from './transaction.ts';

/** A stand-in for Kysely: each transaction runs `work`, failing first with the given errors. */
function fakeDb(failures: unknown[]): { db: Db; tries: () => number } {
  let tries = 0;
  const db = {
    transaction: () => ({
      execute: async (work: (tx: Tx) => Promise<unknown>) => {
        tries++;
        const failure = failures.shift();
        if (failure) throw failure;
        return work({} as Tx);
      },
    }),
  } as unknown as Db;
  return { db, tries: () => tries };
}

describe('inTransaction', () => {
  it('runs the work again after a deadlock or a serialization failure', async () => {
    const { db, tries } = fakeDb([Object.assign(new Error('deadlock'), { code: '40P01' }), Object.assign(new Error('serialization'), { code: '40001' })]);
    await expect(inTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(tries()).toBe(3);
  });

  it('gives up after attemptsMax tries', async () => {
    const { db, tries } = fakeDb(Array.from({ length: attemptsMax + 1 }, () => Object.assign(new Error('deadlock'), { code: '40P01' })));
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('deadlock');
    expect(tries()).toBe(attemptsMax);
  });

  it('does not run the work again after any other failure', async () => {
    const { db, tries } = fakeDb([Object.assign(new Error('unique'), { code: '23505' })]);
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('unique');
    expect(tries()).toBe(1);
    expect(isRetryable(null)).toBe(false);
    expect(isRetryable(new Error('no code'))).toBe(false);
  });
});
