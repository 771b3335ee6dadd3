// Proves LedgerRepository.postMany on each database: system-funded credits posted set-based, one
// transfer row per input in input order with strictly increasing seq, the balances the same as
// transfer-by-transfer posting, and a credit over a member's ceiling refusing the whole call.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountMaxMinor, balanceMaxMinor } from '@pp/contract';
import { dialects, makeTestApp, type TestApp } from '../../../../test/helper.ts';
import { AppError } from '../../../errors.ts';
import type { LedgerRepository, TransferInput } from './repository.ts';
import { verifyLedger } from './verify.ts';
import { settled } from './index.ts';
import { inTransaction } from '../../../db/transaction.ts';

describe.each(dialects)('ledger postMany on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ledger = t.services.ledger;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.services.dbHandle.db;
  const credit = (owner: string, amount: bigint, memo = ''): TransferInput => ({
    requestId: null,
    code: 'packageRelease',
    coinName: 'REWARD_POINT',
    amount,
    isPending: false,
    memo,
    debit: { owner: 'system', coinName: 'REWARD_POINT', purpose: 'packageRewards' },
    credit: { owner, coinName: 'REWARD_POINT', purpose: 'available' },
  });
  const available = async (owner: string) => (await ledger.memberBalances(owner)).get('REWARD_POINT')?.available ?? 0n;
  const journalSize = async () =>
    Number(
      (
        await db()
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('posts many credits, the same member more than once, with one row each in input order', async () => {
    const owners = Array.from({ length: 5 }, () => crypto.randomUUID());
    // A transfer first through the ordinary path, so seq continues from an existing row.
    await ledger.transfer(credit(owners[0]!, 7n)).then(settled);
    const maxBefore = Number(
      (
        await db()
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.max('seq').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    // 2,300 inputs: more than one statement chunk, each owner many times.
    const inputs = Array.from({ length: 2300 }, (_, i) => credit(owners[i % owners.length]!, BigInt(i + 1), `m${i}`));
    const records = await inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany(inputs, tx), { groupCommit: true });
    expect(records).toHaveLength(inputs.length);
    expect(records.map((r) => r.amount)).toEqual(inputs.map((i) => i.amount));
    for (const [k, owner] of owners.entries()) {
      const expected = inputs.filter((_, i) => i % owners.length === k).reduce((sum, i) => sum + i.amount, k === 0 ? 7n : 0n);
      expect(await available(owner)).toBe(expected);
    }
    const rows = await db()
      .selectFrom('ledger_transfers')
      .select(['id', 'seq', 'amount', 'memo', 'kind', 'state', 'credit_account_id'])
      .where(
        'id',
        'in',
        records.map((r) => r.id),
      )
      .orderBy('seq')
      .execute();
    expect(rows).toHaveLength(inputs.length);
    // Input order is seq order, every seq after the rows before, unique and increasing.
    expect(rows.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(rows.map((r) => r.memo)).toEqual(inputs.map((i) => i.memo));
    expect(rows.every((r) => r.kind === 'posted' && r.state === 'final')).toBe(true);
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs[0]!).toBeGreaterThan(maxBefore);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);
    expect(new Set(seqs).size).toBe(seqs.length);
    // The next ordinary transfer still gets a fresh seq.
    await ledger.transfer(credit(owners[1]!, 1n)).then(settled);
    const maxAfter = Number(
      (
        await db()
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.max('seq').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    expect(maxAfter).toBeGreaterThan(seqs[seqs.length - 1]!);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it('refuses the whole call when the sum for one member passes the balance ceiling, writing nothing', async () => {
    const rich = crypto.randomUUID();
    const other = crypto.randomUUID();
    // Filled to ten below the ceiling, each transfer at most the largest amount.
    for (let left = balanceMaxMinor - 10n; left > 0n;) {
      const amount = left > amountMaxMinor ? amountMaxMinor : left;
      await ledger.transfer(credit(rich, amount)).then(settled);
      left -= amount;
    }
    const before = await journalSize();
    // Each credit alone fits; the two together pass the ceiling by one.
    const inputs = [credit(other, 5n), credit(rich, 6n), credit(rich, 5n)];
    let caught: unknown;
    try {
      await inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany(inputs, tx), { groupCommit: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).key).toBe('ledger.balanceTooLarge');
    expect(await journalSize()).toBe(before);
    expect(await available(rich)).toBe(balanceMaxMinor - 10n);
    expect(await available(other)).toBe(0n);
    // Exactly at the ceiling is allowed.
    await inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([credit(rich, 4n), credit(rich, 6n)], tx), { groupCommit: true });
    expect(await available(rich)).toBe(balanceMaxMinor);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it('stores a request id with the hash a single transfer gives it; a taken one fails the whole call', async () => {
    const owner = crypto.randomUUID();
    const requestId = `post-many:${crypto.randomUUID()}`;
    const input: TransferInput = { ...credit(owner, 7n), requestId };
    const [posted] = await inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([input], tx), { groupCommit: true });
    // The same input again through transfer() is a retry: the first result, nothing moved twice.
    expect((await ledger.transfer(input).then(settled)).id).toBe(posted!.id);
    await expect(inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([credit(owner, 1n), input], tx), { groupCommit: true })).rejects.toThrow(
      /unique|duplicate/i,
    );
    expect(await available(owner)).toBe(7n);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it('refuses inputs it is not for', async () => {
    const owner = crypto.randomUUID();
    const fromMember: TransferInput = { ...credit(owner, 1n), debit: { owner: crypto.randomUUID(), coinName: 'REWARD_POINT', purpose: 'available' } };
    await expect(inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([fromMember], tx), { groupCommit: true })).rejects.toThrow(/system-funded/);
    await expect(
      inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([{ ...credit(owner, 1n), isPending: true }], tx), { groupCommit: true }),
    ).rejects.toThrow(/system-funded/);
    await expect(inTransaction(t.services.dbHandle.db, (tx) => ledger.postMany([credit(owner, 0n)], tx), { groupCommit: true })).rejects.toBeInstanceOf(
      AppError,
    );
    expect(await available(owner)).toBe(0n);
  });
});
