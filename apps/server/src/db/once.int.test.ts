// `once` under the conditions that broke the hand-written copies: parallel duplicates of one key
// (the loser gets the winner's answer, never a unique-key error), a reused id with another input,
// a failed work that must leave the key free, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects } from '../../test/helper.ts';
import { freshHandle } from '../../test/fresh-db.ts';
import { migrateToLatest, type DbHandle } from './index.ts';
import { inTransaction } from './transaction.ts';
import { inputHash, once } from './once.ts';
import { AppError } from '../errors.ts';

describe.each(dialects)('once on %s', (dialect) => {
  let handle: DbHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, close } = await freshHandle(dialect));
    await migrateToLatest(handle);
    await sql`create table once_effects (request_id text not null)`.execute(handle.db);
  });
  afterAll(async () => close());

  /** One keyed write: counts its runs in a table row, so a second effect would show. */
  const write = (requestId: string, input: unknown, runs: { n: number }) =>
    inTransaction(handle.db, (tx) =>
      once(tx, { scope: 'test.write', actor: 'member-1', requestId, input }, async () => {
        runs.n += 1;
        await sql`insert into once_effects (request_id) values (${requestId})`.execute(tx);
        // Give a parallel duplicate time to arrive while this claim is still uncommitted.
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { id: `made-${requestId}`, input };
      }),
    );

  it('gives 8 parallel duplicates one effect and 8 equal answers', async () => {
    const runs = { n: 0 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => write('r-parallel', { amount: '5' }, runs)));
    expect(runs.n).toBe(1);
    for (const answer of answers) expect(answer).toEqual({ id: 'made-r-parallel', input: { amount: '5' } });
    const rows = await sql<{ n: number | string }>`select count(*) as n from once_effects where request_id = 'r-parallel'`.execute(handle.db);
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });

  it('refuses the same id with another input, and lets another actor or scope use it', async () => {
    const runs = { n: 0 };
    await write('r-reuse', { amount: '5' }, runs);
    await expect(write('r-reuse', { amount: '6' }, runs)).rejects.toMatchObject({ key: 'ledger.requestIdReused' });
    // Key order does not make another input.
    expect(inputHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(inputHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
    const other = await inTransaction(handle.db, (tx) =>
      once(tx, { scope: 'test.write', actor: 'member-2', requestId: 'r-reuse', input: {} }, async () => 'theirs'),
    );
    expect(other).toBe('theirs');
    expect(runs.n).toBe(1);
  });

  it('leaves the key free when the work fails, so a retry runs again', async () => {
    let attempts = 0;
    const failing = () =>
      inTransaction(handle.db, (tx) =>
        once(tx, { scope: 'test.fail', actor: 'member-1', requestId: 'r-fail', input: {} }, async () => {
          attempts += 1;
          if (attempts === 1) throw new AppError('ledger.insufficientBalance');
          return 'second time';
        }),
      );
    await expect(failing()).rejects.toBeInstanceOf(AppError);
    expect(await failing()).toBe('second time');
    expect(attempts).toBe(2);
  });
});
