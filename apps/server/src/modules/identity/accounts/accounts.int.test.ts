// Proves the member account flows end to end through the envelope: registration with an e-mailed
// code into the referrer's tree, login, sessions, passwords, transaction-password lock, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@pp/contract';
import { codeFromOutbox, dialects, login, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  const fresh = () => new TestClient(t.app, t.serverKey.publicJwk);

  it('registers with a code from the outbox, joins the referrer tree, and logs in', async () => {
    const m = await registerMember(t, 'newbie1');
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const info = await c.call<UserInfo>('userInfo');
    expect(info.code).toBe(20000);
    expect(info.data).toMatchObject({ userName: 'newbie1', countryCode: 'ID', referrerUserName: 'demo', level: 0 });
    expect(info.data.referralId).toMatch(/^\d{8}$/);
    expect(info.data.referralLink).toContain(`/#/register?inviteId=${info.data.referralId}`);
    expect(info.data).not.toHaveProperty('password_hash');
    const row = await t.services.dbHandle.db
      .selectFrom('users')
      .select(['tree_path', 'password_hash'])
      .where('user_name', '=', 'newbie1')
      .executeTakeFirstOrThrow();
    const demo = await t.services.accounts.repository.byName('demo');
    expect(row.tree_path).toBe(`/${demo!.id}/`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers each validation rule with its message in the member language', async () => {
    const c = fresh();
    const base = {
      userName: 'has space',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email: 'x@example.com',
      emailCode: '123456',
      inviteId: '10000001',
      agree: true,
    };
    const cases: Array<[object, string, string]> = [
      [{ userName: 'has space' }, 'userName', 'No spaces allowed'],
      [{ userName: '' }, 'userName', 'Please enter a username'],
      [{ userName: 'okname', confirmPassword: 'Other0ne!' }, 'confirmPassword', 'The passwords do not match'],
      [{ userName: 'okname', email: 'not-an-email' }, 'email', 'Please enter a correct email'],
      [{ userName: 'okname', email: '' }, 'email', 'Please enter your email'],
      [{ userName: 'okname', emailCode: '' }, 'emailCode', 'Please enter the verification code'],
      [{ userName: 'okname', countryCode: '' }, 'countryCode', 'Please select a country'],
      [{ userName: 'okname', inviteId: '' }, 'inviteId', 'Please enter the invite ID'],
      [{ userName: 'okname', agree: false }, 'agree', 'You must first agree to the terms and conditions'],
      [{ userName: 'okname', transactionPassword: '' }, 'transactionPassword', 'Please set a transaction password'],
      [{ userName: 'okname', countryCode: 'XX' }, 'countryCode', 'Please select a country'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await c.call('userRegister', { ...base, ...patch });
      expect(r, JSON.stringify(patch)).toMatchObject({ status: 200, code: 9001, error: 'request.invalid', field, message });
    }
    c.lang = 'zh-CN';
    expect((await c.call('userRegister', base)).message).toBe('不允许有空格');
  });

  it('refuses reserved names and their look-alikes with a translated message, before the e-mail code is used', async () => {
    // Decision: a reserved name is a rule of the name field (validation.userNameReserved, the contract's isReservedUserName on the form and the server), not user.nameTaken: it is public policy, not a hint about which names exist (decision 007), and it is checked before the e-mail code is spent.
    const c = fresh();
    const email = 'reserved@example.com';
    expect((await c.call('noLoginSend', { email, purpose: 'REGISTER' })).code).toBe(20000);
    const body = {
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email,
      emailCode: await codeFromOutbox(t, email),
      inviteId: '10000001',
      agree: true,
    };
    const reserved = [
      'admin',
      'ADMIN',
      'Administrator',
      'root',
      'support',
      'staff',
      'system',
      'service',
      'portal',
      'pointsportal',
      'points_portal',
      'Points-Portal',
      'adm1n',
      'supp0rt',
      '5ystem',
      'r00t',
      'st4ff',
      'serv1ce',
      'p0rtal',
      'admln',
      'adrnin',
      'ad_min',
      'sys-tem',
      'sup.port',
      'admin1',
      'admin_01',
      'root2024',
      'servic3',
      // Containing a reserved word anywhere, digits anywhere.
      '1admin',
      'the_admin',
      'official_support',
      'customer_service',
      'helpdesk',
      'kefu',
      'moderator',
    ];
    for (const userName of reserved) {
      const r = await c.call('userRegister', { ...body, userName });
      expect(r, userName).toMatchObject({
        status: 200,
        code: 9001,
        error: 'request.invalid',
        field: 'userName',
        validation: 'validation.userNameReserved',
        message: 'This username is reserved; please choose another',
      });
    }
    const said: Record<string, string> = {};
    for (const lang of ['zh-CN', 'ja-JP', 'ko-KP', 'id-ID']) {
      c.lang = lang;
      said[lang] = (await c.call('userRegister', { ...body, userName: 'Adm1n_01' })).message;
    }
    c.lang = 'en-US';
    expect(said).toEqual({
      'zh-CN': '该用户名为系统保留，请换一个',
      'ja-JP': 'このユーザー名は予約されているため使えません。別の名前を選んでください',
      'ko-KP': '예약된 아이디이므로 사용할 수 없습니다. 다른 아이디를 선택하십시오',
      'id-ID': 'Nama pengguna ini dicadangkan; silakan pilih nama lain',
    });
    expect(await t.services.accounts.repository.byName('admin')).toBeUndefined();
    // Names that only resemble one are free, and the code was not spent on the refusals.
    const made = await c.call('userRegister', { ...body, userName: 'mortal7' });
    expect(made.code, made.message).toBe(20000);
    expect(await t.services.accounts.repository.byName('mortal7')).toBeDefined();
  });

  it('checks the e-mail code before the name and the invite ID, and writes nothing when refused', async () => {
    const c = fresh();
    const body = {
      userName: 'DEMO',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email: 'dup@example.com',
      emailCode: '123456',
      inviteId: '10000001',
      agree: true,
    };
    // Without a right code nothing tells whether the name is taken (decision 007).
    expect((await c.call('userRegister', body)).error).toBe('code.invalid');
    const withCode = async (patch: object) => {
      await t.services.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'code:interval:%').execute();
      expect((await c.call('noLoginSend', { email: body.email, purpose: 'REGISTER' })).code).toBe(20000);
      return c.call('userRegister', { ...body, ...patch, emailCode: await codeFromOutbox(t, body.email) });
    };
    expect((await withCode({})).error).toBe('user.nameTaken');
    expect((await withCode({ userName: 'unique1', inviteId: '99999999' })).error).toBe('user.inviteNotFound');
    expect((await c.call('userRegister', { ...body, userName: 'unique1' })).error).toBe('code.invalid');
    expect(await t.services.accounts.repository.byName('unique1')).toBeUndefined();
  });

  it('uses a code once and limits guesses', async () => {
    const c = fresh();
    await c.call('noLoginSend', { email: 'guess@example.com', purpose: 'REGISTER' });
    const code = await codeFromOutbox(t, 'guess@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    const body = {
      userName: 'guesser',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email: 'guess@example.com',
      emailCode: wrong,
      inviteId: '10000001',
      agree: true,
    };
    for (let i = 0; i < 5; i++) expect((await c.call('userRegister', body)).error).toBe('code.invalid');
    // Five wrong guesses burn the code: the right one no longer works.
    expect((await c.call('userRegister', { ...body, emailCode: code })).error).toBe('code.invalid');
  });

  it('limits code sends per address and says how long to wait', async () => {
    const c = fresh();
    expect((await c.call('noLoginSend', { email: 'often@example.com', purpose: 'REGISTER' })).code).toBe(20000);
    const again = await c.call('noLoginSend', { email: 'often@example.com', purpose: 'REGISTER' });
    expect(again.error).toBe('code.tooFrequent');
    expect(Number(again.params?.seconds)).toBeGreaterThan(50);
  });

  it('refuses wrong passwords without telling which names exist, then locks the (account, address) pair only', async () => {
    const c = fresh();
    const unknown = await c.call('login', { userName: 'nobody-here', password: 'whatever1', loginType: 'USER' });
    const wrong = await c.call('login', { userName: 'bob', password: 'whatever1', loginType: 'USER' });
    expect(unknown.error).toBe('auth.invalidCredentials');
    expect(wrong.error).toBe('auth.invalidCredentials');
    expect(unknown.message).toBe(wrong.message);
    for (let i = 0; i < 4; i++) await c.call('login', { userName: 'bob', password: 'whatever1', loginType: 'USER' });
    const locked = await c.call('login', { userName: 'bob', password: 'Bob@123456', loginType: 'USER' });
    expect(locked.error).toBe('auth.locked');
    expect(locked.message).toMatch(/try again in \d+ minutes/);
    // Decision 007: another address is not locked out by these failures.
    expect((await fresh().call('login', { userName: 'bob', password: 'Bob@123456', loginType: 'USER' })).code).toBe(20000);
  });

  it('ends a session on logout: the next call is 87321 with HTTP 401', async () => {
    const c = fresh();
    c.token = await login({ ...t, client: c }, 'demo', 'Demo@12345');
    expect((await c.call('assetsList')).code).toBe(20000);
    expect((await c.call('logout')).code).toBe(20000);
    const after = await c.call('assetsList');
    expect(after.status).toBe(401);
    expect(after.code).toBe(87321);
    expect(after.message).toBe('Your login information has expired');
    c.token = null;
    expect((await c.call('userInfo')).code).toBe(87321);
    c.token = 'x'.repeat(43);
    expect((await c.call('userInfo')).status).toBe(401);
  });

  it('changes the login password and ends the other sessions', async () => {
    const m = await registerMember(t, 'changer');
    const a = fresh();
    const b = fresh();
    a.token = await login({ ...t, client: a }, m.userName, m.password);
    b.token = await login({ ...t, client: b }, m.userName, m.password);
    expect((await a.call('updatePassWord', { oldPassword: 'wrong-one1', password: 'N3wPassword', confirmPassword: 'N3wPassword' })).error).toBe(
      'user.oldPasswordWrong',
    );
    expect((await a.call('updatePassWord', { oldPassword: m.password, password: 'N3wPassword', confirmPassword: 'N3wPassword' })).code).toBe(20000);
    expect((await a.call('userInfo')).code).toBe(20000);
    expect((await b.call('userInfo')).code).toBe(87321);
    expect((await fresh().call('login', { userName: m.userName, password: m.password, loginType: 'USER' })).error).toBe('auth.invalidCredentials');
    expect((await fresh().call('login', { userName: m.userName, password: 'N3wPassword', loginType: 'USER' })).code).toBe(20000);
  });

  it('counts wrong transaction passwords, says the tries left, and locks money actions', async () => {
    const m = await registerMember(t, 'txlock');
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const body = { oldTransactionPassword: 'Wrong0ne!', transactionPassword: 'N3wTrans!', confirmTransactionPassword: 'N3wTrans!' };
    for (let left = 4; left >= 1; left--) {
      const r = await c.call('updateTransactionPassword', body);
      expect(r.error).toBe('user.txPasswordWrong');
      expect(r.params).toEqual({ triesLeft: left });
      expect(r.message).toBe(`Wrong transaction password; ${left} tries left`);
    }
    expect((await c.call('updateTransactionPassword', body)).error).toBe('user.txLocked');
    // Locked: even the right password is refused now.
    const right = await c.call('updateTransactionPassword', { ...body, oldTransactionPassword: m.transactionPassword });
    expect(right.error).toBe('user.txLocked');
    expect(right.message).toContain('15 minutes');
  });

  it('resets a forgotten password and a forgotten transaction password with e-mailed codes', async () => {
    const m = await registerMember(t, 'forgetful');
    const c = fresh();
    const outboxCount = async () => (await t.services.dbHandle.db.selectFrom('mail_outbox').select('id').where('to_address', '=', m.email).execute()).length;
    const before = await outboxCount();
    // A name that does not go with the address gets the same answer and no mail.
    expect((await c.call('noLoginSend', { email: m.email, purpose: 'FORGOT_PASSWORD', userName: 'someone-else' })).code).toBe(20000);
    expect(await outboxCount()).toBe(before);
    await t.services.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'code:interval:%').execute();
    expect((await c.call('noLoginSend', { email: m.email, purpose: 'FORGOT_PASSWORD', userName: m.userName })).code).toBe(20000);
    expect(await outboxCount()).toBe(before + 1);
    const code = await codeFromOutbox(t, m.email);
    const reset = await c.call('forgotPassword', {
      userName: m.userName,
      email: m.email,
      emailCode: code,
      password: 'Res3tPassword',
      confirmPassword: 'Res3tPassword',
    });
    expect(reset.code, reset.message).toBe(20000);
    c.token = await login({ ...t, client: c }, m.userName, 'Res3tPassword');
    const d = fresh();
    d.token = c.token;
    expect((await d.call('loginSend', { purpose: 'FORGOT_TRANSACTION_PASSWORD' })).code).toBe(20000);
    const txCode = await codeFromOutbox(t, m.email);
    const txReset = await d.call('forgotTransactionPassword', {
      emailCode: txCode,
      transactionPassword: 'N3wTrans!x',
      confirmTransactionPassword: 'N3wTrans!x',
    });
    expect(txReset.code, txReset.message).toBe(20000);
    expect(
      (
        await d.call('updateTransactionPassword', {
          oldTransactionPassword: 'N3wTrans!x',
          transactionPassword: 'Oth3rTrans!',
          confirmTransactionPassword: 'Oth3rTrans!',
        })
      ).code,
    ).toBe(20000);
  });

  it('lets only one of two racing registrations take a name, and only one use a code', async () => {
    const body = (userName: string, email: string, emailCode: string) => ({
      userName,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email,
      emailCode,
      inviteId: '10000001',
      agree: true,
    });
    const a = fresh();
    const b = fresh();
    await a.call('noLoginSend', { email: 'race-a@example.com', purpose: 'REGISTER' });
    await b.call('noLoginSend', { email: 'race-b@example.com', purpose: 'REGISTER' });
    const codeA = await codeFromOutbox(t, 'race-a@example.com');
    const codeB = await codeFromOutbox(t, 'race-b@example.com');
    const sameName = await Promise.all([
      a.call('userRegister', body('racer', 'race-a@example.com', codeA)),
      b.call('userRegister', body('RACER', 'race-b@example.com', codeB)),
    ]);
    expect(sameName.map((r) => r.code).sort((x, y) => x - y)).toEqual([9001, 20000]);
    expect(sameName.find((r) => r.code === 9001)?.error).toBe('user.nameTaken');
    const c = fresh();
    await c.call('noLoginSend', { email: 'race-c@example.com', purpose: 'REGISTER' });
    const codeC = await codeFromOutbox(t, 'race-c@example.com');
    const sameCode = await Promise.all([
      fresh().call('userRegister', body('racer2', 'race-c@example.com', codeC)),
      fresh().call('userRegister', body('racer3', 'race-c@example.com', codeC)),
    ]);
    expect(sameCode.map((r) => r.code).sort((x, y) => x - y)).toEqual([9001, 20000]);
    expect(sameCode.find((r) => r.code === 9001)?.error).toBe('code.invalid');
  });

  it('lists coins, levels, a zero balance for every coin of a new member, and the demo balances from the ledger', async () => {
    const m = await registerMember(t, 'zerobal');
    const c = fresh();
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const coins = await c.call<Array<{ coinName: string }>>('coinList');
    expect(coins.data.map((x) => x.coinName)).toEqual(['USDT', 'ASSETS_POINT', 'REWARD_POINT']);
    const assets = await c.call<Array<{ coinName: string; assetsAvailable: string }>>('assetsList');
    expect(assets.data).toEqual(coins.data.map((x) => expect.objectContaining({ coinName: x.coinName, assetsAvailable: '0.000000', assetsTotal: '0.000000' })));
    const d = fresh();
    d.token = await login({ ...t, client: d }, 'demo', 'Demo@12345');
    const demo = await d.call<Array<Record<string, string>>>('assetsList');
    // 12,850.75 credited, 300 exchanged, 25 received, 1,000 fixed in a package (10 units, premium 20 and fee 10 paid); 50 held by a debit under review is frozen.
    expect(demo.data[0]).toEqual({
      coinName: 'USDT',
      assetsAvailable: '11495.750000',
      assetsFrozen: '50.000000',
      assetsFixed: '1000.000000',
      assetsTotal: '12545.750000',
    });
    const revenue = await d.call<Array<{ coinName: string; total: string }>>('revenueSummary');
    expect(revenue.data).toEqual([
      { coinName: 'USDT', total: '0.000000' },
      { coinName: 'ASSETS_POINT', total: '0.000000' },
      { coinName: 'REWARD_POINT', total: '88.800000' },
    ]);
    const levels = await c.call<Array<{ level: number }>>('levelList');
    expect(levels.data.map((l) => l.level)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5]));
    expect((await c.call<{ equityBuyStatus: boolean }>('packageConfig')).data).toEqual({ equityBuyStatus: false });
  });
});

describe('captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { CAPTCHA: 'on' });
  });
  afterAll(async () => t.close());

  it('asks for the image code, refuses a wrong one, and uses each captcha once', async () => {
    const c = t.client;
    // Decision 007: a login needs the image code only after failures; registration always does.
    const none = await c.call('userRegister', {
      userName: 'nocaptcha',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      transactionPassword: 'Trans0ction!',
      confirmTransactionPassword: 'Trans0ction!',
      countryCode: 'ID',
      email: 'nc@example.com',
      emailCode: '123456',
      inviteId: '10000001',
      agree: true,
    });
    expect(none).toMatchObject({ error: 'request.invalid', field: 'captchaCode', message: 'Please enter the image code' });
    const captcha = await c.call<{ captchaId: string; image: string; enabled: boolean }>('captchaImage');
    expect(captcha.data.enabled).toBe(true);
    expect(captcha.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(captcha.data.image.split(',')[1]!, 'base64').toString();
    expect(svg).not.toMatch(/<text/);
    const wrong = await c.call('login', {
      userName: 'demo',
      password: 'Demo@12345',
      loginType: 'USER',
      captchaId: captcha.data.captchaId,
      captchaCode: 'zzzz',
    });
    expect(wrong.error).toBe('captcha.invalid');
  });

  it('is refused off in production, and so is demo data', async () => {
    const { loadConfig } = await import('../../../config.ts');
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA: 'off', DEMO_DATA: 'off' })).toThrow(/^CAPTCHA is refused: off when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' })).toThrow(/^DEMO_DATA is refused: on when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production' }).isDemo).toBe(false);
  });
});
