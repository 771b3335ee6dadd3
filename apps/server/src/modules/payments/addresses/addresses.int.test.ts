// Proves the wallet (withdrawal) address calls on both databases: add, list, change, delete; the spec's messages for a wrong chain, a bad checksum and an empty field in the caller's language; the transaction password; another member's id answered as not found; the cooling-off (list, usableForWithdrawal, config change); the per-member limit, also under parallel adds; the change history (append-only) and the security e-mails; hostile input refused without a 500.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChecksumAddress, tronAddressFromHex, type WithdrawalAddressEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';
import { setSetting as setBothSteps } from '../../../../test/settings.ts';
import { AppError } from '../../../errors.ts';
import { AddressService } from './service.ts';
import type { ChangeContext } from './destination-changes.ts';

type List = { items: WithdrawalAddressEntry[]; limit: number; coolingOffHours: number };
const randomHex = () => crypto.randomBytes(20).toString('hex');
const bep20 = () => toChecksumAddress(randomHex());
const trc20 = () => tronAddressFromHex(randomHex());
const hourMs = 3_600_000;

describe.each(dialects)('withdrawal addresses on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let other: TestClient;
  let memberId: string;
  let otherId: string;
  let email: string;
  let txPassword: string;

  const mails = async () =>
    t.services.dbHandle.db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('to_address', '=', email).orderBy('created_at').execute();
  const setSetting = (key: 'withdrawal.addressCoolingOffHours' | 'withdrawal.addressesMax', value: number) => setBothSteps(t, key, value, 'test');

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const member = await registerMember(t, 'walleter');
    const second = await registerMember(t, 'stranger');
    email = member.email;
    txPassword = member.transactionPassword;
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, member.userName, member.password);
    other = new TestClient(t.app, t.serverKey.publicJwk);
    other.token = await login({ ...t, client: other }, second.userName, second.password);
    memberId = (await t.services.accounts.repository.byName('walleter'))!.id;
    otherId = (await t.services.accounts.repository.byName('stranger'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every call without a member session', async () => {
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    expect(await anonymous.call('withdrawalAddressList')).toMatchObject({ status: 401, code: 87321 });
    expect(await anonymous.call('addWithdrawalAddress', { chain: 'BEP20', address: bep20(), transactionPassword: 'x' })).toMatchObject({
      status: 401,
      code: 87321,
    });
    expect(await anonymous.call('updateWithdrawalAddress', { id: 'x', chain: 'BEP20', address: bep20(), transactionPassword: 'x' })).toMatchObject({
      status: 401,
      code: 87321,
    });
    expect(await anonymous.call('delWithdrawalAddress', { id: 'x' })).toMatchObject({ status: 401, code: 87321 });
  });

  it('adds a BEP20 address given in lower case, stores its EIP-55 form, starts the cooling-off and e-mails the member', async () => {
    const empty = await m.call<List>('withdrawalAddressList');
    expect(empty.data).toEqual({ items: [], limit: 10, coolingOffHours: 24 });
    const address = bep20();
    const before = Date.now();
    const added = await m.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
      chain: 'BEP20',
      address: `  ${address.toLowerCase()} `,
      transactionPassword: txPassword,
    });
    expect(added.code, added.message).toBe(20000);
    expect(added.data).toMatchObject({ chain: 'BEP20', address, isUsable: false });
    expect(added.data.usableFrom).toBeGreaterThanOrEqual(before + 24 * hourMs);
    expect(added.data.usableFrom).toBeLessThanOrEqual(Date.now() + 24 * hourMs);
    const list = await m.call<List>('withdrawalAddressList');
    expect(list.data.items).toEqual([added.data]);
    const mail = (await mails()).filter((r) => r.subject === 'Your withdrawal addresses changed');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body_text).toContain(`BEP20 ${address}`);
    expect(mail[0]!.body_text).toContain(' added ');
    expect(mail[0]!.body_text).toContain(m.ip);
    expect(mail[0]!.body_text).toMatch(/from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
  });

  it('adds a TRC20 address (the real USDT contract address)', async () => {
    const added = await m.call<WithdrawalAddressEntry>('addWithdrawalAddress', {
      chain: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      transactionPassword: txPassword,
    });
    expect(added.code, added.message).toBe(20000);
    expect(added.data).toMatchObject({ chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
  });

  it('answers the spec message for the wrong chain in the caller language, and names the field', async () => {
    const wrong = await m.call('addWithdrawalAddress', { chain: 'TRC20', address: bep20(), transactionPassword: txPassword });
    expect(wrong).toMatchObject({
      code: 9001,
      error: 'request.invalid',
      field: 'address',
      validation: 'validation.addressWrongChain',
      message: 'The address must be BEP20 or TRC20 as selected',
    });
    m.lang = 'zh-CN';
    const chinese = await m.call('addWithdrawalAddress', { chain: 'BEP20', address: trc20(), transactionPassword: txPassword });
    m.lang = 'en-US';
    expect(chinese).toMatchObject({ field: 'address', validation: 'validation.addressWrongChain', message: '地址必须与所选的 BEP20 或 TRC20 一致' });
    const good = bep20();
    const flipped =
      good.replace(/[a-f]/, (c) => c.toUpperCase()) === good ? good.replace(/[A-F]/, (c) => c.toLowerCase()) : good.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(await m.call('addWithdrawalAddress', { chain: 'BEP20', address: flipped, transactionPassword: txPassword })).toMatchObject({
      field: 'address',
      validation: 'validation.addressChecksum',
    });
    expect(await m.call('addWithdrawalAddress', { chain: 'BEP20', address: '', transactionPassword: txPassword })).toMatchObject({
      field: 'address',
      validation: 'validation.enterWalletAddress',
    });
    expect(await m.call('addWithdrawalAddress', { address: good, transactionPassword: txPassword })).toMatchObject({
      field: 'chain',
      validation: 'validation.chooseChain',
    });
    expect(await m.call('addWithdrawalAddress', { chain: 'BEP20', address: good, transactionPassword: '' })).toMatchObject({
      field: 'transactionPassword',
      validation: 'validation.enterTransactionPassword',
    });
    // Nothing was stored by any of these.
    expect((await m.call<List>('withdrawalAddressList')).data.items).toHaveLength(2);
  });

  it('needs the right transaction password, and refuses the same address twice', async () => {
    const address = bep20();
    expect(await m.call('addWithdrawalAddress', { chain: 'BEP20', address, transactionPassword: 'Wrong-pass1' })).toMatchObject({
      code: 9001,
      error: 'user.txPasswordWrong',
    });
    const list = (await m.call<List>('withdrawalAddressList')).data.items;
    expect(
      await m.call('addWithdrawalAddress', { chain: list[0]!.chain, address: list[0]!.address.toLowerCase(), transactionPassword: txPassword }),
    ).toMatchObject({ error: 'address.duplicate' });
    expect((await m.call<List>('withdrawalAddressList')).data.items).toHaveLength(2);
  });

  it('changes an address: a new cooling-off and an e-mail; saving it unchanged changes nothing', async () => {
    const [first] = (await m.call<List>('withdrawalAddressList')).data.items;
    await t.services.dbHandle.db
      .updateTable('member_withdrawal_addresses')
      .set({ usable_from: Date.now() - 1000 })
      .where('id', '=', first!.id)
      .execute();
    const mailsBefore = (await mails()).length;
    const same = await m.call<WithdrawalAddressEntry>('updateWithdrawalAddress', {
      id: first!.id,
      chain: first!.chain,
      address: first!.address,
      transactionPassword: txPassword,
    });
    expect(same.data).toMatchObject({ id: first!.id, isUsable: true });
    expect((await mails()).length).toBe(mailsBefore);
    const next = trc20();
    const changed = await m.call<WithdrawalAddressEntry>('updateWithdrawalAddress', {
      id: first!.id,
      chain: 'TRC20',
      address: next,
      transactionPassword: txPassword,
    });
    expect(changed.code, changed.message).toBe(20000);
    expect(changed.data).toMatchObject({ id: first!.id, chain: 'TRC20', address: next, isUsable: false });
    expect(changed.data.usableFrom).toBeGreaterThan(Date.now() + 23 * hourMs);
    const last = (await mails()).at(-1)!;
    expect(last.subject).toBe('Your withdrawal addresses changed');
    expect(last.body_text).toContain(` changed `);
    expect(last.body_text).toContain(next);
    // The history holds both states; it cannot be edited.
    const history = await t.services.dbHandle.db
      .selectFrom('payout_destination_changes')
      .selectAll()
      .where('destination_id', '=', first!.id)
      .orderBy('at')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['add', 'update']);
    expect(JSON.parse(history[1]!.before_json)).toMatchObject({ chain: 'BEP20', address: first!.address });
    expect(JSON.parse(history[1]!.after_json)).toMatchObject({ chain: 'TRC20', address: next });
    expect(history[1]!.ip).toBe(m.ip);
    await expect(t.services.dbHandle.db.updateTable('payout_destination_changes').set({ ip: 'x' }).where('id', '=', history[0]!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.services.dbHandle.db.deleteFrom('payout_destination_changes').where('id', '=', history[0]!.id).execute()).rejects.toThrow(/append-only/);
  });

  it("answers another member's address as not found, for change, delete and withdrawal use", async () => {
    const mine = (await m.call<List>('withdrawalAddressList')).data.items[0]!;
    expect(await other.call('updateWithdrawalAddress', { id: mine.id, chain: 'BEP20', address: bep20(), transactionPassword: 'Trans0ction!x' })).toMatchObject({
      error: 'address.notFound',
    });
    expect(await other.call('delWithdrawalAddress', { id: mine.id })).toMatchObject({ error: 'address.notFound' });
    expect(await other.call('delWithdrawalAddress', { id: crypto.randomUUID() })).toMatchObject({ error: 'address.notFound' });
    await expect(t.services.addresses.usableForWithdrawal(otherId, mine.id)).rejects.toMatchObject({ key: 'address.notFound' });
    expect((await other.call<List>('withdrawalAddressList')).data.items).toEqual([]);
    expect((await m.call<List>('withdrawalAddressList')).data.items.map((i) => i.id)).toContain(mine.id);
  });

  it('usableForWithdrawal: cooling-off with its time, then the row; a cooling-off of 0 makes a new address usable at once', async () => {
    const address = bep20();
    const added = await m.call<WithdrawalAddressEntry>('addWithdrawalAddress', { chain: 'BEP20', address, transactionPassword: txPassword });
    const refused = await t.services.addresses.usableForWithdrawal(memberId, added.data.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ key: 'address.coolingOff', params: { usableFrom: added.data.usableFrom, time: expect.stringMatching(/ UTC$/) } });
    await t.services.dbHandle.db
      .updateTable('member_withdrawal_addresses')
      .set({ usable_from: Date.now() - 1 })
      .where('id', '=', added.data.id)
      .execute();
    expect(await t.services.addresses.usableForWithdrawal(memberId, added.data.id)).toMatchObject({ id: added.data.id, address, isUsable: true });

    await setSetting('withdrawal.addressCoolingOffHours', 0);
    try {
      const now = await m.call<WithdrawalAddressEntry>('addWithdrawalAddress', { chain: 'TRC20', address: trc20(), transactionPassword: txPassword });
      expect(now.data.isUsable).toBe(true);
      expect((await m.call<List>('withdrawalAddressList')).data.coolingOffHours).toBe(0);
      expect(await t.services.addresses.usableForWithdrawal(memberId, now.data.id)).toMatchObject({ id: now.data.id });
      // Deleted: no longer usable.
      expect((await m.call('delWithdrawalAddress', { id: now.data.id })).code).toBe(20000);
      await expect(t.services.addresses.usableForWithdrawal(memberId, now.data.id)).rejects.toMatchObject({ key: 'address.notFound' });
      expect(await m.call('delWithdrawalAddress', { id: now.data.id })).toMatchObject({ error: 'address.notFound' });
      expect((await mails()).at(-1)!.body_text).toContain('was removed');
    } finally {
      await setSetting('withdrawal.addressCoolingOffHours', 24);
    }
  });

  it('keeps the limit, also when parallel adds race for the last place', async () => {
    const count = (await m.call<List>('withdrawalAddressList')).data.items.length;
    await setSetting('withdrawal.addressesMax', count + 1);
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          m.call('addWithdrawalAddress', { chain: i % 2 ? 'BEP20' : 'TRC20', address: i % 2 ? bep20() : trc20(), transactionPassword: txPassword }),
        ),
      );
      expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
      const refusals = results.filter((r) => r.code !== 20000);
      // A transaction password entry may be told to wait while five others are being checked (decision 007).
      for (const r of refusals) expect(['address.limitReached', 'rate.limited']).toContain(r.error);
      expect(refusals.some((r) => r.error === 'address.limitReached' && r.params?.max === count + 1 && r.message.includes(String(count + 1)))).toBe(true);
      const list = await m.call<List>('withdrawalAddressList');
      expect(list.data.items).toHaveLength(count + 1);
      expect(list.data.limit).toBe(count + 1);
      expect(await m.call('addWithdrawalAddress', { chain: 'BEP20', address: bep20(), transactionPassword: txPassword })).toMatchObject({
        error: 'address.limitReached',
      });
    } finally {
      await setSetting('withdrawal.addressesMax', 10);
    }
  });

  it('keeps the limit when the adds reach the database together (no password check to spread them out)', async () => {
    // The same service without the transaction password's argon2 check, which otherwise staggers parallel calls.
    const accounts = { authorizeMoneyAction: async () => undefined } as unknown as ConstructorParameters<typeof AddressService>[2];
    const service = new AddressService(t.services.dbHandle.db, dialect, accounts, t.services.settings, t.services.security);
    const context = { ip: '10.0.0.1', userAgent: 'test', request: { ip: '10.0.0.1', headers: {} }, lang: 'en-US' } as unknown as ChangeContext;
    const count = (await service.list(otherId)).items.length;
    await setSetting('withdrawal.addressesMax', count + 2);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => service.add(otherId, { chain: 'BEP20', address: bep20(), transactionPassword: 'x' }, context)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'address.limitReached' });
      expect((await service.list(otherId)).items).toHaveLength(count + 2);
      // The same address twice at once: one row, the other is a duplicate.
      await setSetting('withdrawal.addressesMax', count + 4);
      const address = trc20();
      const twins = await Promise.allSettled([0, 1, 2].map(() => service.add(otherId, { chain: 'TRC20', address, transactionPassword: 'x' }, context)));
      expect(twins.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of twins) if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'address.duplicate' });
    } finally {
      await setSetting('withdrawal.addressesMax', 10);
    }
  });

  it('refuses hostile input with request.invalid, never a 500', async () => {
    const bodies = [
      { chain: 'BEP20', address: `${bep20()}\u0000`, transactionPassword: txPassword },
      { chain: 'BEP20', address: 'a'.repeat(5_000), transactionPassword: txPassword },
      { chain: 'TRC20', address: '<script>alert(1)</script>', transactionPassword: txPassword },
      { chain: 'TRC20', address: "' OR 1=1 --", transactionPassword: txPassword },
      { chain: 'BEP20', address: ['0x'], transactionPassword: txPassword },
      { chain: 'BEP20', address: bep20(), transactionPassword: 'x'.repeat(129) },
    ];
    for (const body of bodies)
      expect(await m.call('addWithdrawalAddress', body), JSON.stringify(body).slice(0, 60)).toMatchObject({
        status: 200,
        code: 9001,
        error: 'request.invalid',
      });
    for (const id of ['', '../x', 'a'.repeat(65), "1' OR '1'='1"]) {
      expect(await m.call('delWithdrawalAddress', { id })).toMatchObject({ status: 200, error: 'request.invalid' });
      expect(await m.call('updateWithdrawalAddress', { id, chain: 'BEP20', address: bep20(), transactionPassword: txPassword })).toMatchObject({
        status: 200,
        error: 'request.invalid',
      });
    }
  });
});
