// Proves the keyed member writes of the account (password changes, resets, registration) have
// their effect once per requestId: identical sends racing get one effect and one answer, a retry
// after a lost answer gets the first answer though the secret it carries has changed since, and
// the same id with another body is refused.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@pp/contract';
import { codeFromOutbox, dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';

describe.each(dialects)('keyed account writes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  const fresh = () => new TestClient(t.app, t.serverKey.publicJwk);
  const db = () => t.services.dbHandle.db;
  const logged = async (scope: string, requestId: string) =>
    (await db().selectFrom('request_log').select('result_json').where('scope', '=', scope).where('request_id', '=', requestId).execute()).length;
  const mails = async (to: string) => (await db().selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;

  // races: userRegister, forgotPassword, updatePassWord, updateTransactionPassword, forgotTransactionPassword
  /** Eight identical sends at once: all answered alike, never a 5xx; then a retry of the same id. */
  async function race(c: TestClient, name: EndpointName, body: Record<string, unknown>) {
    const results = await Promise.all(Array.from({ length: 8 }, () => c.call(name, body)));
    for (const r of results) expect(r.status, r.message).toBeLessThan(500);
    expect(new Set(results.map((r) => JSON.stringify([r.code, r.error, r.data]))).size).toBe(1);
    return results[0]!;
  }

  it.each(['updatePassWord', 'updateTransactionPassword'] as const)('%s: one change for racing sends, the first answer for a retry', async (name) => {
    const m = await registerMember(t, `k${name.slice(6, 10).toLowerCase()}${crypto.randomInt(1e6)}`);
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const requestId = crypto.randomUUID();
    const body =
      name === 'updatePassWord'
        ? { requestId, oldPassword: m.password, password: 'N3wPassword!', confirmPassword: 'N3wPassword!' }
        : { requestId, oldTransactionPassword: m.transactionPassword, transactionPassword: 'N3wTrans!x', confirmTransactionPassword: 'N3wTrans!x' };
    const column = name === 'updatePassWord' ? 'password_hash' : 'tx_password_hash';
    const before = await mails(m.email);
    const first = await race(c, name, body);
    expect(first.code, first.message).toBe(20000);
    expect(first.data).toEqual({ ok: true });
    const changed = await db().selectFrom('users').select(column).where('user_name', '=', m.userName).executeTakeFirstOrThrow();
    expect(await logged(name, requestId)).toBe(1);
    // One change, one notice.
    expect(await mails(m.email)).toBe(before + 1);

    // The old password it carries is wrong now; the retry still gets the first answer and changes nothing.
    const retry = await c.call(name, body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await db().selectFrom('users').select(column).where('user_name', '=', m.userName).executeTakeFirstOrThrow()).toEqual(changed);
    expect(await mails(m.email)).toBe(before + 1);

    // The body is secrets only, none of them kept even hashed: the same id with other passwords
    // is the same request to the server, and gets the first answer without a second change.
    const other =
      name === 'updatePassWord'
        ? { requestId, oldPassword: 'N3wPassword!', password: 'Th1rdPassword', confirmPassword: 'Th1rdPassword' }
        : { requestId, oldTransactionPassword: 'N3wTrans!x', transactionPassword: 'Th1rdTrans!', confirmTransactionPassword: 'Th1rdTrans!' };
    expect((await c.call(name, other)).data).toEqual(first.data);
    expect(await db().selectFrom('users').select(column).where('user_name', '=', m.userName).executeTakeFirstOrThrow()).toEqual(changed);
    // Another id is another change.
    const next = await c.call(name, { ...other, requestId: crypto.randomUUID() });
    expect(next.code, next.message).toBe(20000);
    expect(await db().selectFrom('users').select(column).where('user_name', '=', m.userName).executeTakeFirstOrThrow()).not.toEqual(changed);
  });

  it('a wrong old password rolls the claim back: the same id with the right one then goes through', async () => {
    const m = await registerMember(t, `kwrong${crypto.randomInt(1e6)}`);
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const requestId = crypto.randomUUID();
    const wrong = await c.call('updatePassWord', { requestId, oldPassword: 'Wr0ngPassword', password: 'N3wPassword!', confirmPassword: 'N3wPassword!' });
    expect(wrong.error).toBe('user.oldPasswordWrong');
    expect(await logged('updatePassWord', requestId)).toBe(0);
    const right = await c.call('updatePassWord', { requestId, oldPassword: m.password, password: 'N3wPassword!', confirmPassword: 'N3wPassword!' });
    expect(right.code, right.message).toBe(20000);
  });
  it('forgotTransactionPassword: the code is spent once, racing sends and a retry get the first answer', async () => {
    const m = await registerMember(t, `kftx${crypto.randomInt(1e6)}`);
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    await db().deleteFrom('rate_limits').where('key', 'like', 'code:interval:%').execute();
    expect((await c.call('loginSend', { purpose: 'FORGOT_TRANSACTION_PASSWORD' })).code).toBe(20000);
    const emailCode = await codeFromOutbox(t, m.email);
    const requestId = crypto.randomUUID();
    const body = { requestId, emailCode, transactionPassword: 'N3wTrans!x', confirmTransactionPassword: 'N3wTrans!x' };
    const before = await mails(m.email);
    const first = await race(c, 'forgotTransactionPassword', body);
    expect(first.code, first.message).toBe(20000);
    expect(await logged('forgotTransactionPassword', requestId)).toBe(1);
    expect(await mails(m.email)).toBe(before + 1);
    const changed = await db().selectFrom('users').select('tx_password_hash').where('user_name', '=', m.userName).executeTakeFirstOrThrow();

    // The code is spent; the retry gets the first answer and changes nothing.
    const retry = await c.call('forgotTransactionPassword', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    // The body is secrets only: other ones under the same id are the same request.
    expect(
      (await c.call('forgotTransactionPassword', { ...body, transactionPassword: 'Oth3rTrans!', confirmTransactionPassword: 'Oth3rTrans!' })).data,
    ).toEqual(first.data);
    expect(await db().selectFrom('users').select('tx_password_hash').where('user_name', '=', m.userName).executeTakeFirstOrThrow()).toEqual(changed);
    expect(await mails(m.email)).toBe(before + 1);
    // Another id with the spent code is refused, and leaves no claim.
    const again = crypto.randomUUID();
    expect((await c.call('forgotTransactionPassword', { ...body, requestId: again })).error).toBe('code.invalid');
    expect(await logged('forgotTransactionPassword', again)).toBe(0);
  });

  it('forgotPassword: once per key for racing sends and a retry; the same id for another account address is a reuse', async () => {
    const m = await registerMember(t, `kfpw${crypto.randomInt(1e6)}`);
    const c = fresh();
    await db().deleteFrom('rate_limits').where('key', 'like', 'code:interval:%').execute();
    expect((await c.call('noLoginSend', { email: m.email, purpose: 'FORGOT_PASSWORD', userName: m.userName })).code).toBe(20000);
    const emailCode = await codeFromOutbox(t, m.email);
    const requestId = crypto.randomUUID();
    const body = { requestId, userName: m.userName, email: m.email, emailCode, password: 'Res3tPassword', confirmPassword: 'Res3tPassword' };
    const before = await mails(m.email);
    const first = await race(c, 'forgotPassword', body);
    expect(first.code, first.message).toBe(20000);
    expect(await logged('forgotPassword', requestId)).toBe(1);
    expect(await mails(m.email)).toBe(before + 1);

    const retry = await c.call('forgotPassword', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await mails(m.email)).toBe(before + 1);
    // Same id, same account, another address: not a retry.
    const reused = await c.call('forgotPassword', { ...body, email: `other-${m.email}` });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    expect((await fresh().call('login', { userName: m.userName, password: 'Res3tPassword', loginType: 'USER' })).code).toBe(20000);
  });
  it('userRegister: one member for racing sends, the first answer for a retry, a reuse refused', async () => {
    const userName = `kreg${crypto.randomInt(1e6)}`;
    const email = `${userName}@example.com`;
    const c = fresh();
    expect((await c.call('noLoginSend', { email, purpose: 'REGISTER' })).code).toBe(20000);
    const emailCode = await codeFromOutbox(t, email);
    const requestId = crypto.randomUUID();
    const body = {
      requestId,
      userName,
      password: 'Passw0rd!x',
      confirmPassword: 'Passw0rd!x',
      transactionPassword: 'Trans0ction!x',
      confirmTransactionPassword: 'Trans0ction!x',
      countryCode: 'ID',
      email,
      emailCode,
      inviteId: '10000001',
      agree: true,
    };
    const first = await race(c, 'userRegister', body);
    expect(first.code, first.message).toBe(20000);
    const members = async () => (await db().selectFrom('users').select('id').where('email', '=', email).execute()).length;
    expect(await members()).toBe(1);
    expect(await logged('userRegister', requestId)).toBe(1);
    // The code is spent: the retry gets the first answer, and no second member.
    const retry = await c.call('userRegister', body);
    expect(retry.code, retry.message).toBe(20000);
    expect(retry.data).toEqual(first.data);
    expect(await members()).toBe(1);
    const reused = await c.call('userRegister', { ...body, countryCode: 'MY' });
    expect(reused.status).toBeLessThan(500);
    expect(reused.error).toBe('ledger.requestIdReused');
    // A wrong code leaves no claim; the address's place is given back.
    const wrongId = crypto.randomUUID();
    const wrong = await c.call('userRegister', { ...body, requestId: wrongId, userName: `${userName}x`, emailCode: '000000' });
    expect(wrong.error).toBe('code.invalid');
    expect(await logged('userRegister', wrongId)).toBe(0);
  });
});
