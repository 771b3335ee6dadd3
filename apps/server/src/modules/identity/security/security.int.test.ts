// Proves the member security centre through the API on both databases: authenticator setup and
// enable (right and wrong code, password), one use per code, the second login step with a code
// or a recovery code (once each), guess limits under a burst, disable, live sessions (sign out
// one, sign out all others, never another member's), the login history and the security e-mails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { LoginHistoryEntry, SessionListResponse } from '@pp/contract';
import { dialects, makeTestApp, registerMember, TestClient, type TestApp } from '../../../../test/helper.ts';

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type LoginData = { token?: string; twoFactorRequired?: true; challengeId?: string; expiresAt: number };

describe.each(dialects)('security centre on %s', (dialect) => {
  let t: TestApp;
  let member: { userName: string; email: string; password: string; transactionPassword: string };
  let memberId: string;
  let m: TestClient;
  let secret = '';
  let enableStep = 0;
  let recoveryCodes: string[] = [];

  const client = (userAgent = chromeOnWindows) => {
    const c = new TestClient(t.app, t.serverKey.publicJwk);
    const call = c.call.bind(c);
    c.call = (name, body = {}, headers = {}) => call(name, body, { 'user-agent': userAgent, ...headers });
    return c;
  };
  const passwordStep = (c: TestClient) => c.call<LoginData>('login', { userName: member.userName, password: member.password, loginType: 'USER' });
  const codeAt = (step: number) => generate({ secret, epoch: step * 30 });
  const subjects = async () =>
    (await t.services.dbHandle.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', member.email).orderBy('created_at').execute()).map(
      (r) => r.subject,
    );

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = await registerMember(t, 'guarded');
    memberId = (await t.services.accounts.repository.byName('guarded'))!.id;
    m = client();
    const first = await passwordStep(m);
    expect(first.code, first.message).toBe(20000);
    m.token = first.data.token!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every security-centre call without a member session', async () => {
    const anonymous = client();
    for (const name of ['securityOverview', 'securityTotpSetup', 'securitySessionList', 'securitySessionRevokeOthers', 'securityLoginHistory'] as const) {
      expect(await anonymous.call(name), name).toMatchObject({ status: 401, code: 87321 });
    }
    expect(await anonymous.call('securityTotpEnable', { password: 'x', code: '123456' })).toMatchObject({ status: 401, code: 87321 });
    expect(await anonymous.call('securitySessionRevoke', { sessionId: 'x' })).toMatchObject({ status: 401, code: 87321 });
  });

  it('records the login in the history, and e-mails only when a device or address is new', async () => {
    const history = await m.call<{ items: LoginHistoryEntry[]; limit: number }>('securityLoginHistory');
    expect(history.data.limit).toBe(50);
    expect(history.data.items).toEqual([{ at: expect.any(Number), ip: m.ip, browser: 'Chrome', os: 'Windows', method: 'password' }]);
    // The first sign-in after registration is expected: no "new sign-in" e-mail.
    expect(await subjects()).not.toContain('New sign-in to your account');
    // Same device, same address: still nothing.
    const again = client();
    again.ip = m.ip;
    expect((await passwordStep(again)).data.token).toBeTruthy();
    expect(await subjects()).not.toContain('New sign-in to your account');
    // A phone from another address: one e-mail naming it.
    const phone = client(safariOnIphone);
    expect((await passwordStep(phone)).data.token).toBeTruthy();
    const mails = await t.services.dbHandle.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', member.email)
      .where('subject', '=', 'New sign-in to your account')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('Safari, iOS');
    expect(mails[0]!.body_text).toContain(phone.ip);
    const after = await m.call<{ items: LoginHistoryEntry[] }>('securityLoginHistory');
    expect(after.data.items.map((i) => i.ip)).toEqual([phone.ip, m.ip, m.ip]);
  });

  it('starts the setup with a QR code and refuses to enable with a wrong code or password', async () => {
    expect((await m.call('securityOverview')).data).toEqual({ twoFactorEnabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await m.call('securityTotpEnable', { password: member.password, code: '123456' })).error).toBe('security.setupMissing');
    const setup = await m.call<{ secret: string; otpauthUri: string; qrCode: string }>('securityTotpSetup');
    expect(setup.code, setup.message).toBe(20000);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.data.otpauthUri).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = setup.data.secret;
    enableStep = Math.floor(Date.now() / 30_000);
    const right = await codeAt(enableStep);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await m.call('securityTotpEnable', { password: member.password, code: wrong })).error).toBe('security.codeInvalid');
    expect((await m.call('securityTotpEnable', { password: 'Wrong-pass1', code: right })).error).toBe('user.oldPasswordWrong');
    expect((await m.call('securityTotpEnable', { password: member.password, code: '12ab' })).field).toBe('code');
    expect((await m.call('securityOverview')).data).toMatchObject({ twoFactorEnabled: false });
  });

  it('enables with a right code and shows ten recovery codes once', async () => {
    const enabled = await m.call<{ recoveryCodes: string[] }>('securityTotpEnable', { password: member.password, code: await codeAt(enableStep) });
    expect(enabled.code, enabled.message).toBe(20000);
    recoveryCodes = enabled.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await m.call('securityOverview')).data).toMatchObject({ twoFactorEnabled: true, enabledAt: expect.any(Number), recoveryCodesLeft: 10 });
    // Stored hashed: no recovery code appears in the table.
    const stored = await t.services.dbHandle.db.selectFrom('member_recovery_codes').select('code_hash').where('user_id', '=', memberId).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(row.code_hash);
    expect((await m.call('securityTotpSetup')).error).toBe('security.alreadyOn');
  });

  it('asks for the second step after the password, and accepts each code once', async () => {
    const c = client();
    const step1 = await passwordStep(c);
    expect(step1.code).toBe(20000);
    expect(step1.data).toEqual({ twoFactorRequired: true, challengeId: expect.any(String), expiresAt: expect.any(Number) });
    expect(step1.data.token).toBeUndefined();
    // The code that enabled two-step login is spent.
    expect((await c.call('loginTwoFactor', { challengeId: step1.data.challengeId, code: await codeAt(enableStep) })).error).toBe('security.codeInvalid');
    const next = await codeAt(enableStep + 1);
    const step2 = await c.call<{ token: string; expiresAt: number }>('loginTwoFactor', { challengeId: step1.data.challengeId, code: next });
    expect(step2.code, step2.message).toBe(20000);
    c.token = step2.data.token;
    expect((await c.call('userInfo')).code).toBe(20000);
    // The challenge is used up, and the same code on a new challenge is refused.
    expect((await c.call('loginTwoFactor', { challengeId: step1.data.challengeId, code: next })).error).toBe('security.challengeExpired');
    const again = await passwordStep(client());
    expect((await c.call('loginTwoFactor', { challengeId: again.data.challengeId, code: next })).error).toBe('security.codeInvalid');
    expect((await c.call('loginTwoFactor', { challengeId: 'x'.repeat(43), code: next })).error).toBe('security.challengeExpired');
    expect((await c.call('loginTwoFactor', { challengeId: again.data.challengeId, code: 'no!' })).field).toBe('code');
    await t.services.security.repository.clearGuesses(memberId);
  });

  it('accepts a recovery code once, in any case and without the dash', async () => {
    const c = client();
    const step1 = await passwordStep(c);
    const typed = recoveryCodes[0]!.replace('-', '').toLowerCase();
    const step2 = await c.call<{ token: string }>('loginTwoFactor', { challengeId: step1.data.challengeId, code: typed });
    expect(step2.code, step2.message).toBe(20000);
    const reuse = await passwordStep(c);
    expect((await c.call('loginTwoFactor', { challengeId: reuse.data.challengeId, code: recoveryCodes[0]! })).error).toBe('security.codeInvalid');
    expect((await m.call('securityOverview')).data).toMatchObject({ recoveryCodesLeft: 9 });
    const methods = (await m.call<{ items: LoginHistoryEntry[] }>('securityLoginHistory')).data.items.map((i) => i.method);
    expect(methods.slice(0, 2)).toEqual(['recovery', 'totp']);
    await t.services.security.repository.clearGuesses(memberId);
  });

  it('evaluates at most the limit of a burst of wrong codes, then locks the second step', async () => {
    const c = client();
    const step1 = await passwordStep(c);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.call('loginTwoFactor', { challengeId: step1.data.challengeId, code: `ZZZZZ-ZZZ${String(i).padStart(2, '2').replace(/[01]/g, '2')}` }),
      ),
    );
    const evaluated = burst.filter((r) => r.error === 'security.codeInvalid').length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(burst.every((r) => ['security.codeInvalid', 'security.challengeExpired', 'auth.locked'].includes(r.error ?? ''))).toBe(true);
    // The member's window is full: even a right recovery code on a fresh challenge waits.
    const fresh = await passwordStep(c);
    expect((await c.call('loginTwoFactor', { challengeId: fresh.data.challengeId, code: recoveryCodes[1]! })).error).toBe('auth.locked');
    expect((await m.call('securityOverview')).data).toMatchObject({ recoveryCodesLeft: 9 });
    await t.services.security.repository.clearGuesses(memberId);
  });

  it('lists live sessions with the current one marked, signs out one, and signs out all others', async () => {
    const a = client(safariOnIphone);
    a.token = (
      await a.call<{ token: string }>('loginTwoFactor', { challengeId: (await passwordStep(a)).data.challengeId, code: recoveryCodes[2]! })
    ).data.token;
    const b = client();
    b.token = (
      await b.call<{ token: string }>('loginTwoFactor', { challengeId: (await passwordStep(b)).data.challengeId, code: recoveryCodes[3]! })
    ).data.token;
    expect(a.token && b.token).toBeTruthy();
    const list = await m.call<SessionListResponse>('securitySessionList');
    expect(list.data.current).toMatchObject({ ip: m.ip, browser: 'Chrome', os: 'Windows', isCurrent: true });
    expect(list.data.items.filter((s) => s.isCurrent)).toHaveLength(0);
    const ofA = list.data.items.find((s) => s.ip === a.ip)!;
    expect(ofA).toMatchObject({ browser: 'Safari', os: 'iOS', isCurrent: false });
    // Another member cannot end this member's session.
    await registerMember(t, 'outsider');
    const outsider = client();
    const outsiderLogin = await outsider.call<{ token: string }>('login', { userName: 'outsider', password: 'Passw0rd!x', loginType: 'USER' });
    expect(outsiderLogin.code, JSON.stringify(outsiderLogin)).toBe(20000);
    outsider.token = outsiderLogin.data.token;
    expect((await outsider.call('securitySessionRevoke', { sessionId: ofA.id })).error).toBe('security.sessionNotFound');
    expect((await a.call('userInfo')).code).toBe(20000);
    // Sign out this one.
    expect((await m.call('securitySessionRevoke', { sessionId: ofA.id })).code).toBe(20000);
    expect(await a.call('userInfo')).toMatchObject({ status: 401, code: 87321 });
    expect((await m.call('securitySessionRevoke', { sessionId: ofA.id })).error).toBe('security.sessionNotFound');
    expect(await m.call('securitySessionRevoke', { sessionId: 'a\u0000b' })).toMatchObject({ status: 200, error: 'request.invalid', field: 'sessionId' });
    expect(await m.call('loginTwoFactor', { challengeId: `${'a'.repeat(20)}\u0000`, code: '123456' })).toMatchObject({
      status: 200,
      error: 'request.invalid',
      field: 'challengeId',
    });
    expect((await m.call<SessionListResponse>('securitySessionList')).data.items.some((s) => s.id === ofA.id)).toBe(false);
    // Sign out all others.
    const others = await m.call<{ revoked: number }>('securitySessionRevokeOthers');
    expect(others.data.revoked).toBeGreaterThanOrEqual(1);
    expect(await b.call('userInfo')).toMatchObject({ status: 401, code: 87321 });
    expect((await m.call('userInfo')).code).toBe(20000);
    const left = (await m.call<SessionListResponse>('securitySessionList')).data;
    expect(left).toMatchObject({ items: [], othersCount: 0, nextCursor: null });
    expect(left.current?.isCurrent).toBe(true);
    expect((await outsider.call('userInfo')).code).toBe(20000);
  });

  it('turns two-step login off with the password and a recovery code, and e-mails the member', async () => {
    expect((await m.call('securityTotpDisable', { password: member.password, code: recoveryCodes[0]! })).error).toBe('security.codeInvalid');
    expect((await m.call('securityTotpDisable', { password: 'Wrong-pass1', code: recoveryCodes[4]! })).error).toBe('user.oldPasswordWrong');
    expect((await m.call('securityOverview')).data).toMatchObject({ twoFactorEnabled: true });
    expect((await m.call('securityTotpDisable', { password: member.password, code: recoveryCodes[4]! })).code).toBe(20000);
    expect((await m.call('securityOverview')).data).toEqual({ twoFactorEnabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await subjects()).toContain('Two-step login was turned off');
    expect((await m.call('securityTotpDisable', { password: member.password, code: recoveryCodes[5]! })).error).toBe('security.notOn');
    // The password alone signs in again.
    expect((await passwordStep(client())).data.token).toBeTruthy();
  });

  it('e-mails the member when the login or transaction password changes, in their language', async () => {
    m.lang = 'zh-CN';
    const newPassword = 'N3w-passw0rd';
    expect((await m.call('updatePassWord', { oldPassword: member.password, password: newPassword, confirmPassword: newPassword })).code).toBe(20000);
    member.password = newPassword;
    const newTx = 'N3w-trans4ction';
    expect(
      (
        await m.call('updateTransactionPassword', {
          oldTransactionPassword: member.transactionPassword,
          transactionPassword: newTx,
          confirmTransactionPassword: newTx,
        })
      ).code,
    ).toBe(20000);
    m.lang = 'en-US';
    const mails = await subjects();
    expect(mails).toContain('您的登录密码已修改');
    expect(mails).toContain('您的交易密码已修改');
  });
});
