// Demo data on a fresh start: demo's bank account and BEP20 and TRC20 addresses are past the
// cooling-off for new withdrawal destinations, so a withdrawal works at once and reaches the staff
// review queue; the welcome announcement and the white paper are published in the five languages.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type BankAccountEntry, type ContentDocument, type DocumentVersionEntry, type WithdrawalAddressEntry } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../test/helper.ts';
import { demoAnnouncement, demoDestinations, demoWhitePaper } from './seed.ts';

type List<T> = { items: T[] };

describe.each(dialects)('demo data (%s)', (dialect) => {
  let t: TestApp;
  let demo: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    demo = new TestClient(t.app, t.serverKey.publicJwk);
    demo.token = await login({ ...t, client: demo }, 'demo', 'Demo@12345');
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives demo a bank account and a BEP20 and a TRC20 address that are usable now', async () => {
    const banks = (await demo.call<List<BankAccountEntry>>('bankAccountList')).data.items;
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({ ...demoDestinations.bankAccount, isUsable: true });
    expect(banks[0]!.usableFrom).toBeLessThanOrEqual(Date.now());
    const addresses = (await demo.call<List<WithdrawalAddressEntry>>('withdrawalAddressList')).data.items;
    expect(addresses.map((a) => [a.chain, a.address, a.isUsable]).sort()).toEqual([
      ['BEP20', demoDestinations.bep20, true],
      ['TRC20', demoDestinations.trc20, true],
    ]);
  });

  it('lets demo request a bank withdrawal that reaches the staff review queue', async () => {
    const bank = (await demo.call<List<BankAccountEntry>>('bankAccountList')).data.items[0]!;
    const made = await demo.call<{ id: string; number: string; status: string }>('withdrawal', {
      withdrawalType: 'BANK_CNY',
      amount: '100',
      bankAccountId: bank.id,
      transactionPassword: 'Demo@123456',
      requestId: crypto.randomUUID(),
    });
    expect(made.code, made.message).toBe(20000);
    expect(made.data.status).toBe('pendingReview');
    const finance = await staffClient(t, 'finance', 'Finance@12345');
    const queue = await finance.call<List<{ id: string; status: string; memberName: string }>>('reviewList', {
      queue: 'withdrawal',
      status: 'pending',
      memberName: 'demo',
    });
    expect(queue.code, queue.message).toBe(20000);
    expect(queue.data.items).toHaveLength(1);
    const item = await t.services.reviews.row(queue.data.items[0]!.id);
    expect(item).toMatchObject({ queue: 'withdrawal', status: 'pending', subject_id: made.data.id });
  });

  it('lists the welcome announcement for members in each language', async () => {
    for (const lang of languages) {
      demo.lang = lang;
      const list = await demo.call<List<{ id: string; title: string; lang: string }>>('announcementList', {});
      expect(list.code, list.message).toBe(20000);
      expect(list.data.items.find((i) => i.title === demoAnnouncement[lang].title)).toMatchObject({ lang });
    }
    demo.lang = 'en-US';
  });

  it('publishes the white paper in each language as version 1, which staff replace with a new version', async () => {
    for (const lang of languages) {
      demo.lang = lang;
      const doc = (await demo.call<ContentDocument>('contentDocument', { kind: 'whitePaper' })).data;
      expect(doc).toMatchObject({ kind: 'whitePaper', lang, version: 1, title: demoWhitePaper[lang].title });
      // Kept whole by the sanitizer: headings, lists and text as written.
      expect(doc!.bodyHtml).toBe(demoWhitePaper[lang].body);
      expect(doc!.bodyHtml.match(/<h2>/g)).toHaveLength(5);
    }
    const admin = await staffClient(t, 'admin', 'Admin@12345');
    const v2 = await admin.call<DocumentVersionEntry>('documentPublish', {
      kind: 'whitePaper',
      lang: 'ja-JP',
      baseVersion: 1,
      title: '新版',
      body: '<p>改訂</p>',
    });
    expect(v2.code, v2.message).toBe(20000);
    demo.lang = 'ja-JP';
    expect((await demo.call<ContentDocument>('contentDocument', { kind: 'whitePaper' })).data).toMatchObject({
      version: 2,
      title: '新版',
      bodyHtml: '<p>改訂</p>',
    });
    demo.lang = 'en-US';
    expect((await demo.call<ContentDocument>('contentDocument', { kind: 'whitePaper' })).data).toMatchObject({
      version: 1,
      title: demoWhitePaper['en-US'].title,
    });
  });
});
