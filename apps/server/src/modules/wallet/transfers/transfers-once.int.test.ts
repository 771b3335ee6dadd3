// A member transfer is keyed once (db/once.ts): parallel sends of one request (a double click, a
// retry while the first is still in flight) move the money once and are all answered with the one
// transfer, none with a 500; the same request id with another body is refused; a refused attempt
// leaves the id free. Before the request log the journal's key raced: the loser's unique-key error
// was caught and the whole transaction run again.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, makeTestApp, registerMember, TestClient, type CallResult, type TestApp } from '../../../../test/helper.ts';
import { verifyLedger } from '../ledger/index.ts';
import { settled } from '../ledger/index.ts';

describe.each(dialects)('member transfers keyed once on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let sender: { userName: string; password: string; transactionPassword: string };
  let senderId: string;
  let recipientId: string;
  const statuses: number[] = [];

  const airdrop = (owner: string, amount: bigint) =>
    t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    sender = await registerMember(t, 'oncesender');
    await registerMember(t, 'oncetarget');
    senderId = (await t.services.accounts.repository.byName('oncesender'))!.id;
    recipientId = (await t.services.accounts.repository.byName('oncetarget'))!.id;
    await airdrop(senderId, 1_000_000_000n);
    c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, sender.userName, sender.password);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  /**
   * Sends until answered, as a client does: at most security.txPasswordFailuresMax transaction
   * passwords are checked at once and the others are told to wait a moment (rate.limited).
   */
  const send = async (body: object): Promise<CallResult<{ id: string }>> => {
    for (;;) {
      const r = await c.call<{ id: string }>('transferCreate', body);
      statuses.push(r.status);
      if (r.error !== 'rate.limited') return r;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const body = (requestId: string, amount = '2') => ({
    transferType: 'internalTransfer',
    toUserName: 'oncetarget',
    coinName: 'USDT',
    amount,
    transactionPassword: sender.transactionPassword,
    requestId,
  });
  const balances = async () => ({
    sender: (await t.services.ledger.memberBalances(senderId)).get('USDT')!.available,
    recipient: (await t.services.ledger.memberBalances(recipientId)).get('USDT')?.available ?? 0n,
  });
  const transferRows = async () =>
    (await t.services.dbHandle.db.selectFrom('member_transfers').select('id').where('from_id', '=', senderId).execute()).map((r) => r.id);

  // races: transferCreate
  it('makes one transfer from 8 parallel identical requests, each answered alike, none a 5xx', async () => {
    for (let round = 0; round < 3; round++) {
      const requestId = `race-${round}-${crypto.randomUUID()}`;
      const before = await balances();
      const rowsBefore = await transferRows();
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(body(requestId))));
      for (const answer of answers) {
        expect(answer.status, answer.message).toBe(200);
        expect(answer.code, answer.message).toBe(20000);
        expect(answer.data).toEqual(answers[0]!.data);
      }
      const rowsAfter = await transferRows();
      expect(rowsAfter).toHaveLength(rowsBefore.length + 1);
      expect(rowsAfter).toContain(answers[0]!.data.id);
      // Moved once: the sender paid the amount and the fee, the recipient got the amount and the bonus.
      const row = await t.services.dbHandle.db.selectFrom('member_transfers').selectAll().where('id', '=', answers[0]!.data.id).executeTakeFirstOrThrow();
      expect(BigInt(row.amount)).toBe(2_000_000n);
      const after = await balances();
      expect(before.sender - after.sender).toBe(BigInt(row.amount) + BigInt(row.fee));
      expect(after.recipient - before.recipient).toBe(BigInt(row.amount) + BigInt(row.bonus));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('refuses the same request id with another body and moves nothing, and answers a retry with the first transfer', async () => {
    const requestId = `reuse-${crypto.randomUUID()}`;
    const first = await send(body(requestId, '1'));
    expect(first.code, first.message).toBe(20000);
    const before = await balances();
    const rowsBefore = await transferRows();
    expect((await send(body(requestId, '2'))).error).toBe('ledger.requestIdReused');
    expect((await send({ ...body(requestId, '1'), toUserName: 'alice' })).error).toBe('ledger.requestIdReused');
    // The request is what it means: the same amount written with its decimals is a retry.
    const retried = await send(body(requestId, '1.000000'));
    expect(retried.code, retried.message).toBe(20000);
    expect(retried.data).toEqual(first.data);
    expect(await balances()).toEqual(before);
    expect(await transferRows()).toEqual(rowsBefore);
  });

  it('leaves the request id free after a refusal, so the retry runs', async () => {
    const requestId = `refused-${crypto.randomUUID()}`;
    const { sender: available } = await balances();
    const tooMuch = (available + 1_000_000n) / 1_000_000n;
    const refused = await send(body(requestId, String(tooMuch)));
    expect(refused.validation).toBe('validation.insufficientBalance');
    await airdrop(senderId, 2n * tooMuch * 1_000_000n);
    const retried = await send(body(requestId, String(tooMuch)));
    expect(retried.code, retried.message).toBe(20000);
    expect(await transferRows()).toContain(retried.data.id);
  });
});
