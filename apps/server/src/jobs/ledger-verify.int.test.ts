// The incremental ledger check on each database, as the hourly ledger-verify job runs it (decision
// 045; here in jobs/ because it drives the job, which the ledger itself may not import): it makes its checkpoint with a
// full check once, then reads only the journal rows after it and the accounts they touch, finds
// a tampered balance of a touched account and a tampered or malformed new row, passes on honest
// movements, moves its checkpoint, and on PostgreSQL never skips a row whose transaction commits
// after a later one's.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../../test/helper.ts';
import { nextSeq, type DbHandle } from '../db/index.ts';
import { serverJobs } from './index.ts';
import { checkpointName, verifyFull, verifyIncremental } from '../modules/wallet/ledger/checkpoint.ts';
import type { LedgerRepository, TransferInput } from '../modules/wallet/ledger/index.ts';
import { settled } from '../modules/wallet/ledger/index.ts';
import { inTransaction } from '../db/transaction.ts';

describe.each(dialects)('incremental ledger check on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  let handle: DbHandle;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ledger = t.services.ledger;
    handle = t.services.dbHandle;
  });
  afterAll(async () => {
    await t.close();
  });

  const airdrop = (owner: string, amount: bigint): TransferInput => ({
    requestId: null,
    code: 'airdrop',
    coinName: 'USDT',
    amount,
    isPending: false,
    debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
    credit: { owner, coinName: 'USDT', purpose: 'available' },
  });
  const between = (from: string, to: string, amount: bigint, isPending = false): TransferInput => ({
    requestId: null,
    code: 'internalTransfer',
    coinName: 'USDT',
    amount,
    isPending,
    debit: { owner: from, coinName: 'USDT', purpose: 'available' },
    credit: { owner: to, coinName: 'USDT', purpose: 'available' },
  });
  const journalSize = async () =>
    Number(
      (
        await handle.db
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const accountOf = async (owner: string) =>
    (await handle.db.selectFrom('ledger_accounts').select('id').where('owner', '=', owner).where('purpose', '=', 'available').executeTakeFirstOrThrow()).id;
  const position = async () =>
    BigInt((await handle.db.selectFrom('ledger_checkpoints').select('position').where('name', '=', checkpointName).executeTakeFirstOrThrow()).position);

  it('makes its checkpoint with a full check once, then passes on honest movements and reads only those', async () => {
    const made = await verifyIncremental(handle);
    expect(made).toMatchObject({ mode: 'bootstrap', isBalanced: true, previousPosition: null });
    expect(made.transfersRead).toBe(await journalSize());
    const idle = await verifyIncremental(handle);
    expect(idle).toMatchObject({ mode: 'incremental', isBalanced: true, transfersRead: 0, accountsChecked: 0 });

    const [alice, bob, carol] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const before = await journalSize();
    for (const owner of [alice, bob, carol]) await ledger.transfer(airdrop(owner, 1_000_000n)).then(settled);
    await ledger.transfer(between(alice, bob, 250_000n)).then(settled);
    const held = await ledger.transfer(between(bob, carol, 100_000n, true)).then(settled);
    const voided = await ledger.transfer(between(carol, alice, 50_000n, true)).then(settled);
    await ledger.resolvePending(held.id, 'post').then(settled);
    await ledger.resolvePending(voided.id, 'void').then(settled);
    const added = (await journalSize()) - before;
    expect(added).toBe(8);

    const ledgerVerify = serverJobs(handle).find((j) => j.name === 'ledger-verify')!;
    await ledgerVerify.run({ period: 'test', signal: new AbortController().signal });
    const last = await handle.db.selectFrom('ledger_verifications').selectAll().orderBy('checked_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect([Number(last.is_balanced), Number(last.problem_count)]).toEqual([1, 0]);
    expect(Number(last.transfer_count)).toBe(added);
    expect(last.detail).toMatch(/^since the checkpoint: 8 transfers, \d+ accounts, balanced$/);
    // The three members and the airdrop stripes the three credits took (one to three of them).
    expect(Number(last.account_count)).toBeGreaterThanOrEqual(4);
    expect(Number(last.account_count)).toBeLessThanOrEqual(6);
    expect(await position()).toBeGreaterThan(idle.position);
    // Each touched account's kept figures are now its stored totals.
    for (const owner of [alice, bob, carol]) {
      const id = await accountOf(owner);
      const stored = await handle.db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const kept = await handle.db.selectFrom('ledger_checkpoint_accounts').selectAll().where('account_id', '=', id).executeTakeFirstOrThrow();
      expect([kept.debits_posted, kept.credits_posted, kept.debits_pending, kept.credits_pending].map(String)).toEqual(
        [stored.debits_posted, stored.credits_posted, stored.debits_pending, stored.credits_pending].map(String),
      );
    }
    expect(await verifyIncremental(handle)).toMatchObject({ isBalanced: true, transfersRead: 0 });
    expect((await verifyFull(handle)).problems).toEqual([]);
  });

  it('costs the rows since its last run, whatever the journal holds before them', async () => {
    const owner = crypto.randomUUID();
    await inTransaction(
      t.services.dbHandle.db,
      (tx) =>
        ledger.postMany(
          Array.from({ length: 2_000 }, () => airdrop(owner, 1n)),
          tx,
        ),
      { groupCommit: true },
    );
    await verifyIncremental(handle);
    const journal = await journalSize();
    for (let i = 0; i < 25; i++) await ledger.transfer(airdrop(owner, 2n)).then(settled);
    const run = await verifyIncremental(handle);
    expect(run).toMatchObject({ isBalanced: true, transfersRead: 25 });
    // The member and at most every airdrop stripe; never the journal's other accounts.
    expect(run.accountsChecked).toBeLessThanOrEqual(17);
    expect(journal).toBeGreaterThan(2_000);
  });

  it('finds a tampered balance of an account a new row touches, each time it is touched, until mended', async () => {
    const owner = crypto.randomUUID();
    await ledger.transfer(airdrop(owner, 500n)).then(settled);
    await verifyIncremental(handle);
    const id = await accountOf(owner);
    await handle.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ credits_posted: eb('credits_posted', '+', 1n) }))
      .where('id', '=', id)
      .execute();
    await ledger.transfer(airdrop(owner, 10n)).then(settled);
    const found = await verifyIncremental(handle);
    expect(found.isBalanced).toBe(false);
    expect(found.problems).toEqual([`account ${id} (${owner}/USDT/available) creditsPosted is 511 but the journal gives 510`]);
    const row = await handle.db.selectFrom('ledger_verifications').selectAll().orderBy('checked_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(Number(row.is_balanced)).toBe(0);
    expect(Number(row.problem_count)).toBe(1);
    await expect(
      serverJobs(handle)
        .find((j) => j.name === 'ledger-verify')!
        .run({ period: 'test', signal: new AbortController().signal }),
    ).resolves.toBeUndefined();
    // Touched again: still wrong, and said again.
    await ledger.transfer(airdrop(owner, 10n)).then(settled);
    await expect(
      serverJobs(handle)
        .find((j) => j.name === 'ledger-verify')!
        .run({ period: 'test', signal: new AbortController().signal }),
    ).rejects.toThrow(/not balanced: 1 problems/);
    await handle.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ credits_posted: eb('credits_posted', '-', 1n) }))
      .where('id', '=', id)
      .execute();
    await ledger.transfer(airdrop(owner, 10n)).then(settled);
    expect(await verifyIncremental(handle)).toMatchObject({ isBalanced: true, transfersRead: 1 });
  });

  it('finds a tampered new row and a malformed one', async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await ledger.transfer(airdrop(a, 1_000n)).then(settled);
    await ledger.transfer(airdrop(b, 1_000n)).then(settled);
    await verifyIncremental(handle);
    const moved = await ledger.transfer(between(a, b, 100n)).then(settled);
    await handle.db.updateTable('ledger_transfers').set({ amount: 300n }).where('id', '=', moved.id).execute();
    const [idA, idB] = [await accountOf(a), await accountOf(b)];
    const tampered = await verifyIncremental(handle);
    expect(tampered.isBalanced).toBe(false);
    expect(tampered.problems.sort()).toEqual(
      [
        `account ${idA} (${a}/USDT/available) debitsPosted is 100 but the journal gives 300`,
        `account ${idB} (${b}/USDT/available) creditsPosted is 1100 but the journal gives 1300`,
      ].sort(),
    );
    // A row no ledger call writes: an unknown code, one account on both sides, a coin the account is not of.
    const bad = crypto.randomUUID();
    await handle.db
      .insertInto('ledger_transfers')
      .values({
        id: bad,
        seq: nextSeq(dialect, 'ledger_transfers'),
        request_id: null,
        request_hash: null,
        code: 'gift',
        coin_name: 'ASSETS_POINT',
        amount: 5n,
        debit_account_id: idA,
        credit_account_id: idA,
        kind: 'posted',
        pending_id: null,
        state: 'final',
        memo: '',
        created_at: Date.now(),
      })
      .execute();
    const malformed = await verifyIncremental(handle);
    expect(malformed.transfersRead).toBe(1);
    expect(malformed.problems).toEqual(
      expect.arrayContaining([
        `transfer ${bad} has an unknown code gift`,
        `transfer ${bad} debits and credits one account`,
        `transfer ${bad} of ASSETS_POINT names account ${idA} of USDT`,
      ]),
    );
    // The full check sees both as well; mend them so the books are whole again for what follows.
    expect((await verifyFull(handle)).isBalanced).toBe(false);
    await handle.db.deleteFrom('ledger_transfers').where('id', '=', bad).execute();
    await handle.db.updateTable('ledger_transfers').set({ amount: 100n }).where('id', '=', moved.id).execute();
    expect((await verifyFull(handle)).problems).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('reads a row whose transaction commits after a later one, on the next run', async () => {
    const [late, early] = [crypto.randomUUID(), crypto.randomUUID()];
    await ledger.transfer(airdrop(late, 1_000n)).then(settled);
    await ledger.transfer(airdrop(early, 1_000n)).then(settled);
    await verifyIncremental(handle);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    // This transaction takes its seq (and its transaction id) first and commits last.
    const open = handle.db.transaction().execute(async (tx) => {
      await ledger.transfer(airdrop(late, 7n), tx).then(settled);
      wrote();
      await gate;
    });
    await written;
    // Between two members, not from the airdrop account: the open transaction holds one of that
    // system account's stripes (picked at random), and a second airdrop that picked the same stripe
    // would wait for it until the statement timeout (a 1 in 16 deadlock of the test, not the ledger).
    await ledger.transfer(between(early, crypto.randomUUID(), 9n)).then(settled);
    const whileOpen = await verifyIncremental(handle);
    // The later row is read and its account checked, the open one is not visible yet.
    expect(whileOpen).toMatchObject({ isBalanced: true, transfersRead: 1 });
    release();
    await open;
    const after = await verifyIncremental(handle);
    // The late row is read now (and the early one again: its transaction is above the last horizon).
    expect(after.isBalanced).toBe(true);
    expect(after.transfersRead).toBe(2);
    const id = await accountOf(late);
    const kept = await handle.db.selectFrom('ledger_checkpoint_accounts').select('credits_posted').where('account_id', '=', id).executeTakeFirstOrThrow();
    expect(BigInt(kept.credits_posted)).toBe(1_007n);
    expect(await verifyIncremental(handle)).toMatchObject({ isBalanced: true, transfersRead: 0 });
  });
});
