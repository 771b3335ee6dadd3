// The typed client package (@pp/client) against a live server over real HTTP: the transfer of its
// README works as written, a keyed write whose answer was lost is sent again with the same request
// id and moves money once, and a refusal comes back as an answer with its stable key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientError, createClient } from '@pp/client';
import { dialects, makeTestApp, type TestApp } from '../test/helper.ts';
import { verifyLedger } from './modules/wallet/ledger/verify.ts';

describe.each(dialects)('@pp/client on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member's available balance of one coin, in hundred-millionths (exact, whatever the decimals). */
  async function availableOf(client: ReturnType<typeof createClient>, coin: string): Promise<bigint> {
    const assets = await client.must('assetsList', {});
    const [whole = '0', fraction = ''] = assets.find((a) => a.coinName === coin)!.assetsAvailable.split('.');
    return BigInt(whole + fraction.padEnd(8, '0'));
  }
  const onePoint = 100_000_000n;

  it("does the README's transfer: log in, transfer, read the new balance", async () => {
    const client = createClient({ baseUrl });
    await client.signIn({ userName: 'demo', password: 'Demo@12345' });
    const before = await availableOf(client, 'ASSETS_POINT');
    const done = await client.must('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'alice',
      coinName: 'ASSETS_POINT',
      amount: '1',
      transactionPassword: 'Demo@123456',
    });
    expect(done).toBeTruthy();
    const after = await availableOf(client, 'ASSETS_POINT');
    expect(before - after).toBeGreaterThanOrEqual(onePoint);
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('sends a keyed write again with the same id after a lost answer, and it moves money once', async () => {
    let sends = 0;
    // The first transfer reaches the server, but its answer is lost on the way back.
    const lossy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/api/app/transfer/create')) {
        sends++;
        if (sends === 1) throw new TypeError('connection reset');
      }
      return response;
    };
    const client = createClient({ baseUrl, fetch: lossy, retryDelayMs: 10 });
    await client.signIn({ userName: 'demo', password: 'Demo@12345' });
    const before = await availableOf(client, 'ASSETS_POINT');
    const answer = await client.call('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'alice',
      coinName: 'ASSETS_POINT',
      amount: '1',
      transactionPassword: 'Demo@123456',
    });
    expect(answer.requestId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(answer.ok).toBe(true);
    expect(sends).toBe(2);
    const after = await availableOf(client, 'ASSETS_POINT');
    // Moved once, though the server was asked twice.
    // The transfer's fee, if any, is charged once too: the difference is the same as a single send's.
    const single = await client.call('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'alice',
      coinName: 'ASSETS_POINT',
      amount: '1',
      transactionPassword: 'Demo@123456',
    });
    expect(single.ok).toBe(true);
    const afterSingle = await availableOf(client, 'ASSETS_POINT');
    expect(before - after).toBe(after - afterSingle);
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });

  it('answers a refusal with its stable key, and must() rejects with it', async () => {
    const client = createClient({ baseUrl, language: 'en-US' });
    const refused = await client.call('login', { userName: 'demo', password: 'wrong-password-1', loginType: 'USER' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toBe('auth.invalidCredentials');
      expect(refused.message).not.toMatch(/[A-Z_]{4,}|auth\./);
    }
    await expect(client.must('userInfo', {})).rejects.toBeInstanceOf(ClientError);
  });
});
