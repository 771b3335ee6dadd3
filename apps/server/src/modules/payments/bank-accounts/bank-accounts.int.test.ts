// Proves the bank account calls on both databases: add (number kept as letters and digits), list, change, delete; the spec's bank form messages; the transaction password; another member's id answered as not found; the cooling-off and usableForWithdrawal; the per-member limit, also under parallel adds; the change history and the security e-mails (number masked); hostile input refused without a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccountEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting as setBothSteps } from '../../../../test/settings.ts';
import type { ChangeContext } from '../addresses/index.ts';
import { BankAccountService } from './service.ts';

type List = { items: BankAccountEntry[]; limit: number; coolingOffHours: number };
const hourMs = 3_600_000;
let serial = 0;
const accountNumber = () => `6222 0000 ${String(1000 + serial++).padStart(4, '0')} 9999`;

describe.each(dialects)('bank accounts on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let other: TestClient;
  let memberId: string;
  let otherId: string;
  let email: string;
  let txPassword: string;
  const form = () => ({ bankName: 'Bank Central Asia', accountName: 'Budi Santoso', accountNumber: accountNumber(), transactionPassword: txPassword });
  const mails = async () =>
    t.services.dbHandle.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', email)
      .where('subject', '=', 'Your withdrawal bank accounts changed')
      .orderBy('created_at')
      .execute();
  const setSetting = (key: 'withdrawal.addressCoolingOffHours' | 'withdrawal.bankAccountsMax', value: number) => setBothSteps(t, key, value, 'test');

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const member = await registerMember(t, 'banker');
    const second = await registerMember(t, 'outsider');
    email = member.email;
    txPassword = member.transactionPassword;
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, member.userName, member.password);
    other = new TestClient(t.app, t.serverKey.publicJwk);
    other.token = await login({ ...t, client: other }, second.userName, second.password);
    memberId = (await t.services.accounts.repository.byName('banker'))!.id;
    otherId = (await t.services.accounts.repository.byName('outsider'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every call without a member session', async () => {
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    expect(await anonymous.call('bankAccountList')).toMatchObject({ status: 401, code: 87321 });
    expect(await anonymous.call('addBankAccount', form())).toMatchObject({ status: 401, code: 87321 });
    expect(await anonymous.call('updateBankAccount', { id: 'x', ...form() })).toMatchObject({ status: 401, code: 87321 });
    expect(await anonymous.call('delBankAccount', { id: 'x' })).toMatchObject({ status: 401, code: 87321 });
  });

  it('adds an account: number without spaces or dashes, cooling-off started, e-mail with the number masked', async () => {
    expect((await m.call<List>('bankAccountList')).data).toEqual({ items: [], limit: 5, coolingOffHours: 24 });
    const before = Date.now();
    const added = await m.call<BankAccountEntry>('addBankAccount', { ...form(), accountNumber: '6222-0000 1111 2222', bankName: '  Bank Mandiri ' });
    expect(added.code, added.message).toBe(20000);
    expect(added.data).toMatchObject({ bankName: 'Bank Mandiri', accountName: 'Budi Santoso', accountNumber: '6222000011112222', isUsable: false });
    expect(added.data.usableFrom).toBeGreaterThanOrEqual(before + 24 * hourMs);
    expect((await m.call<List>('bankAccountList')).data.items).toEqual([added.data]);
    const mail = await mails();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body_text).toContain('Bank Mandiri, Budi Santoso, **** 2222');
    expect(mail[0]!.body_text).not.toContain('6222000011112222');
    expect(await m.call('addBankAccount', { ...form(), accountNumber: '6222 0000 1111 2222' })).toMatchObject({ error: 'bankAccount.duplicate' });
  });

  it('gives the bank form messages and needs the right transaction password', async () => {
    expect(await m.call('addBankAccount', { ...form(), bankName: '' })).toMatchObject({
      field: 'bankName',
      validation: 'validation.enterBankName',
      message: 'Please enter the bank name',
    });
    expect(await m.call('addBankAccount', { ...form(), accountName: ' ' })).toMatchObject({ field: 'accountName', validation: 'validation.enterAccountName' });
    expect(await m.call('addBankAccount', { ...form(), accountNumber: '' })).toMatchObject({
      field: 'accountNumber',
      validation: 'validation.enterAccountNumber',
    });
    expect(await m.call('addBankAccount', { ...form(), accountNumber: '12-34' })).toMatchObject({
      field: 'accountNumber',
      validation: 'validation.accountNumberInvalid',
    });
    expect(await m.call('addBankAccount', { ...form(), accountName: 'Eve\u202Egnp' })).toMatchObject({
      field: 'accountName',
      validation: 'validation.invalidCharacters',
    });
    expect(await m.call('addBankAccount', { ...form(), bankName: 'B'.repeat(101) })).toMatchObject({ field: 'bankName', validation: 'validation.textTooLong' });
    m.lang = 'ja-JP';
    expect(await m.call('addBankAccount', { ...form(), bankName: '' })).toMatchObject({ message: '銀行名を入力してください' });
    m.lang = 'en-US';
    expect(await m.call('addBankAccount', { ...form(), transactionPassword: 'Wrong-pass1' })).toMatchObject({ error: 'user.txPasswordWrong' });
    expect((await m.call<List>('bankAccountList')).data.items).toHaveLength(1);
  });

  it('changes an account (new cooling-off, e-mail, history); unchanged saves change nothing', async () => {
    const [account] = (await m.call<List>('bankAccountList')).data.items;
    await t.services.dbHandle.db
      .updateTable('member_bank_accounts')
      .set({ usable_from: Date.now() - 1 })
      .where('id', '=', account!.id)
      .execute();
    expect(await t.services.bankAccounts.usableForWithdrawal(memberId, account!.id)).toMatchObject({ id: account!.id, isUsable: true });
    const same = await m.call<BankAccountEntry>('updateBankAccount', {
      id: account!.id,
      bankName: account!.bankName,
      accountName: account!.accountName,
      accountNumber: '6222 0000 1111 2222',
      transactionPassword: txPassword,
    });
    expect(same.data.isUsable).toBe(true);
    expect(await mails()).toHaveLength(1);
    // A new holder name alone starts the cooling-off again.
    const renamed = await m.call<BankAccountEntry>('updateBankAccount', {
      id: account!.id,
      bankName: account!.bankName,
      accountName: 'Someone Else',
      accountNumber: account!.accountNumber,
      transactionPassword: txPassword,
    });
    expect(renamed.data).toMatchObject({ accountName: 'Someone Else', isUsable: false });
    expect(await mails()).toHaveLength(2);
    await expect(t.services.bankAccounts.usableForWithdrawal(memberId, account!.id)).rejects.toMatchObject({
      key: 'bankAccount.coolingOff',
      params: { usableFrom: renamed.data.usableFrom },
    });
    const history = await t.services.dbHandle.db
      .selectFrom('payout_destination_changes')
      .select(['action', 'kind', 'before_json', 'after_json'])
      .where('destination_id', '=', account!.id)
      .orderBy('at')
      .execute();
    expect(history.map((h) => `${h.kind}:${h.action}`)).toEqual(['bankAccount:add', 'bankAccount:update']);
    expect(JSON.parse(history[1]!.after_json)).toMatchObject({ accountName: 'Someone Else' });
  });

  it("answers another member's account as not found; delete removes it from the list and from withdrawal use", async () => {
    const [account] = (await m.call<List>('bankAccountList')).data.items;
    expect(await other.call('updateBankAccount', { id: account!.id, ...form(), transactionPassword: 'Trans0ction!x' })).toMatchObject({
      error: 'bankAccount.notFound',
    });
    expect(await other.call('delBankAccount', { id: account!.id })).toMatchObject({ error: 'bankAccount.notFound' });
    await expect(t.services.bankAccounts.usableForWithdrawal(otherId, account!.id)).rejects.toMatchObject({ key: 'bankAccount.notFound' });
    expect((await m.call('delBankAccount', { id: account!.id })).code).toBe(20000);
    expect((await m.call<List>('bankAccountList')).data.items).toEqual([]);
    expect(await m.call('delBankAccount', { id: account!.id })).toMatchObject({ error: 'bankAccount.notFound' });
    await expect(t.services.bankAccounts.usableForWithdrawal(memberId, account!.id)).rejects.toMatchObject({ key: 'bankAccount.notFound' });
    expect((await mails()).at(-1)!.body_text).toContain('was removed');
    // The number may be added again once the old row is deleted.
    expect((await m.call('addBankAccount', { ...form(), accountNumber: '6222000011112222' })).code).toBe(20000);
  });

  it('keeps the limit through the API and when parallel adds reach the database together', async () => {
    await setSetting('withdrawal.bankAccountsMax', 2);
    try {
      expect((await m.call('addBankAccount', form())).code).toBe(20000);
      const refused = await m.call('addBankAccount', form());
      expect(refused).toMatchObject({
        error: 'bankAccount.limitReached',
        params: { max: 2 },
        message: 'You can keep at most 2 bank accounts; delete one first',
      });
      const accounts = { authorizeMoneyAction: async () => undefined } as unknown as ConstructorParameters<typeof BankAccountService>[2];
      const service = new BankAccountService(t.services.dbHandle.db, dialect, accounts, t.services.settings, t.services.security);
      const context = { ip: '10.0.0.1', userAgent: 'test', request: { ip: '10.0.0.1', headers: {} }, lang: 'en-US' } as unknown as ChangeContext;
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => service.add(otherId, { ...form(), accountNumber: accountNumber().replace(/\s/g, '') }, context)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'bankAccount.limitReached' });
    } finally {
      await setSetting('withdrawal.bankAccountsMax', 5);
    }
  });

  it('a cooling-off of 0 makes a new account usable at once', async () => {
    await setSetting('withdrawal.addressCoolingOffHours', 0);
    try {
      const added = await other.call<BankAccountEntry>('addBankAccount', { ...form(), transactionPassword: 'Trans0ction!x' });
      expect(added.code, added.message).toBe(20000);
      expect(await t.services.bankAccounts.usableForWithdrawal(otherId, added.data.id)).toMatchObject({ isUsable: true });
    } finally {
      await setSetting('withdrawal.addressCoolingOffHours', 24);
    }
  });

  it('refuses hostile input with request.invalid, never a 500', async () => {
    for (const body of [
      { ...form(), bankName: 'Bank\u0000' },
      { ...form(), accountNumber: '9'.repeat(5_000) },
      { ...form(), accountName: { $ne: 1 } },
      { ...form(), accountNumber: 12345678 },
    ]) {
      expect(await m.call('addBankAccount', body)).toMatchObject({ status: 200, code: 9001, error: 'request.invalid' });
    }
    expect(await m.call('delBankAccount', { id: '../../etc' })).toMatchObject({ status: 200, error: 'request.invalid' });
  });
});
