// Proves the ledger core on each database: table-driven cases for every operation and refusal,
// a property test against a simple reference model, and 200 racing transfers of which exactly
// the 10 the balance covers succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { AppError } from '../../../errors.ts';
import type { AccountRef, LedgerRepository } from './repository.ts';
import { verifyLedger } from './verify.ts';
import { settled } from './index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const member = (owner: string, coinName = 'USDT'): AccountRef => ({ owner, coinName, purpose: 'available' });
const system = (purpose: string, coinName = 'USDT'): AccountRef => ({ owner: 'system', coinName, purpose });

describe.each(dialects)('ledger on %s', (dialect) => {
  let t: TestApp;
  let ledger: LedgerRepository;
  beforeAll(async () => {
    t = await makeTestApp(dialect, { DEMO_DATA: 'off' });
    ledger = t.services.ledger;
  });
  afterAll(async () => t.close());

  const balance = async (owner: string, coinName = 'USDT') => (await ledger.memberBalances(owner)).get(coinName) ?? { available: 0n, frozen: 0n, fixed: 0n };
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'none';
    } catch (error) {
      return error instanceof AppError ? error.key : String(error);
    }
  };

  it.each([
    [
      'posts a transfer',
      async () => {
        await ledger
          .transfer({
            requestId: 'case-post',
            code: 'airdrop',
            coinName: 'USDT',
            amount: 100n,
            debit: system('airdrop'),
            credit: member('m1'),
            isPending: false,
          })
          .then(settled);
        expect(await balance('m1')).toEqual({ available: 100n, frozen: 0n, fixed: 0n });
      },
    ],
    [
      'holds a pending debit as frozen and posts it once',
      async () => {
        const hold = await ledger
          .transfer({
            requestId: 'case-pending',
            code: 'withdraw',
            coinName: 'USDT',
            amount: 30n,
            debit: member('m1'),
            credit: system('withdrawals'),
            isPending: true,
          })
          .then(settled);
        expect(await balance('m1')).toEqual({ available: 70n, frozen: 30n, fixed: 0n });
        await ledger.resolvePending(hold.id, 'post').then(settled);
        expect(await balance('m1')).toEqual({ available: 70n, frozen: 0n, fixed: 0n });
        expect(await refusal(ledger.resolvePending(hold.id, 'post').then(settled))).toBe('ledger.pendingResolved');
        expect(await refusal(ledger.resolvePending(hold.id, 'void').then(settled))).toBe('ledger.pendingResolved');
      },
    ],
    [
      'voids a pending debit back to available',
      async () => {
        const hold = await ledger
          .transfer({
            requestId: 'case-void',
            code: 'convert',
            coinName: 'USDT',
            amount: 20n,
            debit: member('m1'),
            credit: system('exchange'),
            isPending: true,
          })
          .then(settled);
        await ledger.resolvePending(hold.id, 'void').then(settled);
        expect(await balance('m1')).toEqual({ available: 70n, frozen: 0n, fixed: 0n });
      },
    ],
    [
      'a pending credit does not count until posted',
      async () => {
        const hold = await ledger
          .transfer({
            requestId: 'case-pending-credit',
            code: 'airdrop',
            coinName: 'USDT',
            amount: 5n,
            debit: system('airdrop'),
            credit: member('m1'),
            isPending: true,
          })
          .then(settled);
        expect((await balance('m1')).available).toBe(70n);
        await ledger.resolvePending(hold.id, 'post').then(settled);
        expect((await balance('m1')).available).toBe(75n);
      },
    ],
    [
      'refuses a transfer over the balance, a hold counted',
      async () => {
        await ledger
          .transfer({
            requestId: 'case-hold-all',
            code: 'withdraw',
            coinName: 'USDT',
            amount: 75n,
            debit: member('m1'),
            credit: system('withdrawals'),
            isPending: true,
          })
          .then(settled);
        expect(
          await refusal(
            ledger
              .transfer({
                requestId: 'case-over',
                code: 'internalTransfer',
                coinName: 'USDT',
                amount: 1n,
                debit: member('m1'),
                credit: member('m2'),
                isPending: false,
              })
              .then(settled),
          ),
        ).toBe('ledger.insufficientBalance');
        expect(await ledger.findByRequestId(t.services.dbHandle.db as never, 'case-over')).toBeUndefined();
      },
    ],
    [
      'returns the first result for a duplicate request id',
      async () => {
        const input = {
          requestId: 'case-dup',
          code: 'airdrop' as const,
          coinName: 'USDT',
          amount: 9n,
          debit: system('airdrop'),
          credit: member('m2'),
          isPending: false,
        };
        const first = await ledger.transfer(input).then(settled);
        const second = await ledger.transfer(input).then(settled);
        expect(second.id).toBe(first.id);
        expect((await balance('m2')).available).toBe(9n);
      },
    ],
    [
      'refuses the same request id with a different body',
      async () => {
        expect(
          await refusal(
            ledger
              .transfer({
                requestId: 'case-dup',
                code: 'airdrop',
                coinName: 'USDT',
                amount: 10n,
                debit: system('airdrop'),
                credit: member('m2'),
                isPending: false,
              })
              .then(settled),
          ),
        ).toBe('ledger.requestIdReused');
      },
    ],
    [
      'refuses zero and negative amounts',
      async () => {
        expect(
          await refusal(
            ledger
              .transfer({
                requestId: null,
                code: 'airdrop',
                coinName: 'USDT',
                amount: 0n,
                debit: system('airdrop'),
                credit: member('m2'),
                isPending: false,
              })
              .then(settled),
          ),
        ).toBe('request.invalid');
        expect(
          await refusal(
            ledger
              .transfer({
                requestId: null,
                code: 'airdrop',
                coinName: 'USDT',
                amount: -5n,
                debit: system('airdrop'),
                credit: member('m2'),
                isPending: false,
              })
              .then(settled),
          ),
        ).toBe('request.invalid');
      },
    ],
  ])('%s', async (_name, body) => {
    await body();
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('matches a reference model over random operations', async () => {
    const owners = ['p1', 'p2', 'p3'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('fund' as const), to: fc.integer({ min: 0, max: 2 }), amount: fc.bigInt({ min: 1n, max: 500n }) }),
      fc.record({
        kind: fc.constant('move' as const),
        from: fc.integer({ min: 0, max: 2 }),
        to: fc.integer({ min: 0, max: 2 }),
        amount: fc.bigInt({ min: 1n, max: 500n }),
        isPending: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(), post: fc.boolean() }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const prefix = `prop${run}-`;
        const model = new Map(owners.map((o) => [prefix + o, { available: 0n, frozen: 0n }]));
        const pendings: Array<{ id: string; from: string; to: string; amount: bigint; open: boolean }> = [];
        for (const o of ops) {
          if (o.kind === 'fund') {
            const to = prefix + owners[o.to]!;
            await ledger
              .transfer({
                requestId: null,
                code: 'airdrop',
                coinName: 'USDT',
                amount: o.amount,
                debit: system('airdrop'),
                credit: member(to),
                isPending: false,
              })
              .then(settled);
            model.get(to)!.available += o.amount;
          } else if (o.kind === 'move') {
            if (o.from === o.to) continue;
            const from = prefix + owners[o.from]!;
            const to = prefix + owners[o.to]!;
            const canPay = model.get(from)!.available >= o.amount;
            // A refusal is an answer, not an exception: the rule's name comes back.
            const outcome = await ledger.transfer({
              requestId: null,
              code: 'internalTransfer',
              coinName: 'USDT',
              amount: o.amount,
              debit: member(from),
              credit: member(to),
              isPending: o.isPending,
            });
            expect(outcome.ok ? 'none' : outcome.result).toBe(canPay ? 'none' : 'insufficientBalance');
            if (outcome.ok && o.isPending) pendings.push({ id: outcome.record.id, from, to, amount: o.amount, open: true });
            if (canPay) {
              model.get(from)!.available -= o.amount;
              if (o.isPending) model.get(from)!.frozen += o.amount;
              else model.get(to)!.available += o.amount;
            }
          } else if (pendings.length > 0) {
            const p = pendings[o.pick % pendings.length]!;
            const outcome = await ledger.resolvePending(p.id, o.post ? 'post' : 'void');
            expect(outcome.ok ? 'none' : outcome.result).toBe(p.open ? 'none' : 'pendingAlreadyResolved');
            if (p.open) {
              p.open = false;
              model.get(p.from)!.frozen -= p.amount;
              if (o.post) model.get(p.to)!.available += p.amount;
              else model.get(p.from)!.available += p.amount;
            }
          }
        }
        for (const [owner, expected] of model) {
          const actual = await balance(owner);
          expect({ available: actual.available, frozen: actual.frozen }).toEqual(expected);
        }
      }),
      { numRuns: dialect === 'postgres' ? 15 : 30 },
    );
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('units that run at once (one group commit on SQLite): a unit that throws is rolled back alone, the others commit and answer their own result', async () => {
    const owners = Array.from({ length: 30 }, (_, i) => `group-${dialect}-${i}`);
    const outcomes = await Promise.allSettled(
      owners.map((owner, i) =>
        inTransaction(
          t.services.dbHandle.db,
          async (tx) => {
            await ledger
              .transfer(
                {
                  requestId: `group-${dialect}-${i}`,
                  code: 'airdrop',
                  coinName: 'USDT',
                  amount: BigInt(i + 1),
                  debit: system('airdrop'),
                  credit: member(owner),
                  isPending: false,
                },
                tx,
              )
              .then(settled);
            // Every third unit fails after its write: a refusal (AppError) or a failing statement.
            if (i % 3 === 1) throw new AppError('ledger.insufficientBalance');
            if (i % 3 === 2)
              await tx
                .insertInto('ledger_transfers')
                .values({ id: 'not-unique' } as never)
                .execute();
            return owner;
          },
          { groupCommit: true },
        ),
      ),
    );
    for (const [i, outcome] of outcomes.entries()) {
      if (i % 3 === 0) expect(outcome).toEqual({ status: 'fulfilled', value: owners[i] });
      else expect(outcome.status).toBe('rejected');
      expect((await balance(owners[i]!)).available).toBe(i % 3 === 0 ? BigInt(i + 1) : 0n);
    }
    expect(((outcomes[1] as PromiseRejectedResult).reason as AppError).key).toBe('ledger.insufficientBalance');
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
});

describe.each(dialects)('racing transfers through the API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('200 concurrent transfers from a member whose balance covers 10: exactly 10 succeed, none goes negative', async () => {
    await setSetting(t, 'transfer.feePercent', '0', 'race test');
    const sender = await registerMember(t, 'racesender');
    await registerMember(t, 'racetarget');
    const senderId = (await t.services.accounts.repository.byName('racesender'))!.id;
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 10_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: senderId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, sender.userName, sender.password);
    // At most security.txPasswordFailuresMax transaction passwords are checked at once (decision
    // 007); the others are told to wait a moment (rate.limited) and try again, as a client would.
    const transferUntilAnswered = async (i: number) => {
      for (;;) {
        const r = await c.call('transferCreate', {
          transferType: 'internalTransfer',
          toUserName: 'racetarget',
          coinName: 'USDT',
          amount: '1',
          transactionPassword: sender.transactionPassword,
          requestId: `race-${dialect}-${String(i).padStart(12, '0')}`,
        });
        if (r.error !== 'rate.limited') return r;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => transferUntilAnswered(i)));
    const ok = results.filter((r) => r.code === 20000);
    const refused = results.filter((r) => r.code !== 20000);
    expect(ok).toHaveLength(10);
    expect(new Set(refused.map((r) => r.validation ?? r.error))).toEqual(new Set(['validation.insufficientBalance']));
    const balances = await t.services.ledger.memberBalances(senderId);
    expect(balances.get('USDT')).toEqual({ available: 0n, frozen: 0n, fixed: 0n });
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
});
