// The recipient check before a transfer (decision 093): a member typing a name sees it masked with
// a drawn avatar, or that no member has it, or that it is their own; each check takes a place in a
// window kept in the database, so a burst of parallel checks gets exactly the allowance, and a new
// service on the same database (another process, a restart) still refuses. The recent recipients
// are the last five members sent to, newest first, each once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferLimits, type RecentRecipient, type TransferRecipientCheck } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { settled, verifyLedger } from '../ledger/index.ts';
import { TransferService } from './service.ts';
import { maskName } from './recipient.ts';

describe('maskName', () => {
  it('shows at most the first two and the last character and always three stars', () => {
    expect(maskName('Wangxiaoming')).toBe('Wa***g');
    expect(maskName('Wangx')).toBe('Wa***x');
    expect(maskName('Wang')).toBe('W***g');
    expect(maskName('abc')).toBe('a***c');
    expect(maskName('Al')).toBe('A***');
    expect(maskName('王小明')).toBe('王***明');
  });
});

describe.each(dialects)('recipient check on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let sender: { userName: string; password: string; transactionPassword: string };
  let senderId: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    sender = await registerMember(t, 'checksender');
    senderId = (await t.services.accounts.repository.byName('checksender'))!.id;
    for (const name of ['peerone', 'peertwo', 'peerthree', 'peerfour', 'peerfive', 'peersix']) await registerMember(t, name);
    await t.services.ledger
      .transfer({
        requestId: null,
        code: 'airdrop',
        coinName: 'USDT',
        amount: 1_000_000_000n,
        debit: { owner: 'system', coinName: 'USDT', purpose: 'airdrop' },
        credit: { owner: senderId, coinName: 'USDT', purpose: 'available' },
        isPending: false,
      })
      .then(settled);
    c = new TestClient(t.app, t.serverKey.publicJwk);
    c.token = await login({ ...t, client: c }, sender.userName, sender.password);
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  const check = (toUserName: string) => c.call<TransferRecipientCheck>('transferRecipientCheck', { toUserName });

  it('answers masked names with an avatar, nothing for an unknown name, and says when it is the member', async () => {
    const found = await check('PEERONE');
    expect(found.code).toBe(20000);
    expect(found.data.recipient).toMatchObject({ maskedName: 'pe***e', avatar: { initial: 'P' } });
    expect(found.data.recipient!.avatar.hue).toBeGreaterThanOrEqual(0);
    expect(found.data.isSelf).toBe(false);
    // The same member draws the same avatar on every check.
    expect((await check('peerone')).data.recipient).toEqual(found.data.recipient);
    expect((await check('nobodyhere')).data).toEqual({ recipient: null, isSelf: false });
    expect((await check('checksender')).data.isSelf).toBe(true);
    expect((await check('')).code).not.toBe(20000);
    expect((await check('x'.repeat(65))).code).not.toBe(20000);
  });

  it('gives a burst exactly the allowance, counted in the database', async () => {
    const row = await t.services.dbHandle.db.selectFrom('rate_limits').select('hits').where('key', '=', `recipientCheck:${senderId}`).executeTakeFirstOrThrow();
    const used = Number(row.hits);
    const answers = await Promise.all(Array.from({ length: transferLimits.recipientChecksPerWindowMax + 10 - used }, (_, i) => check(`guess${i}`)));
    const allowed = answers.filter((a) => a.code === 20000).length;
    expect(allowed).toBe(transferLimits.recipientChecksPerWindowMax - used);
    const refused = answers.filter((a) => a.code !== 20000);
    expect(refused.every((a) => a.error === 'rate.limited' && a.status < 500)).toBe(true);
    // Another process on the same database (a service of its own) sees the same window.
    const other = new TransferService(t.services.dbHandle.db, t.services.ledger, t.services.accounts, t.services.settings);
    await expect(other.checkRecipient(senderId, 'peerone')).rejects.toMatchObject({ key: 'rate.limited' });
    // The window ends: checks are allowed again.
    expect((await other.checkRecipient(senderId, 'peerone', Date.now() + transferLimits.recipientCheckWindowMs + 1)).recipient).not.toBeNull();
  });

  it('lists the last five members sent to, newest first, each once', async () => {
    expect((await c.call<RecentRecipient[]>('transferRecentRecipients')).data).toEqual([]);
    for (const name of ['peerone', 'peertwo', 'peerthree', 'peerfour', 'peerfive', 'peersix', 'peertwo']) {
      const sent = await c.call('transferCreate', {
        transferType: 'internalTransfer',
        toUserName: name,
        coinName: 'USDT',
        amount: '1',
        transactionPassword: sender.transactionPassword,
        requestId: crypto.randomUUID(),
      });
      expect(sent.code).toBe(20000);
      // Each send its own millisecond, so newest first is one order.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const recent = (await c.call<RecentRecipient[]>('transferRecentRecipients')).data;
    expect(recent.map((r) => r.userName)).toEqual(['peertwo', 'peersix', 'peerfive', 'peerfour', 'peerthree']);
    expect(recent[0]!.avatar.initial).toBe('P');
  });
});
