// Proves decision 007 through the API: every limit in front of a slow check holds under a burst of
// parallel requests (at most the limit is evaluated), strangers cannot lock an owner out, the image
// code appears after failures and on code sends, nothing tells names apart before a secret is
// checked, and the maker of a money item never decides it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  codeFromOutbox,
  dialects,
  login,
  makeTestApp,
  registerMember,
  solvedCaptcha,
  staffClient,
  TestClient,
  type CallResult,
  type TestApp,
} from '../../test/helper.ts';
import { loginLimits } from './login-throttle.ts';

// Counts the password-hash checks the server really makes (argon2 verify), to show that a burst
// never gets more of them than the limit. The real function still runs.
const hashChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../modules/identity/accounts/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../modules/identity/accounts/passwords.ts')>();
  return {
    ...original,
    verifyPassword: (storedHash: string | null, password: string) => {
      hashChecks.count += 1;
      return original.verifyPassword(storedHash, password);
    },
  };
});

const burstSize = 20;

function tally(results: CallResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.code === 20000 ? 'ok' : (r.error ?? String(r.code));
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

function clientAt(t: TestApp, ip: string): TestClient {
  const c = new TestClient(t.app, t.serverKey.publicJwk);
  c.ip = ip;
  return c;
}

const registerBody = (userName: string, email: string, emailCode: string) => ({
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

describe.each(dialects)('limits under bursts on %s (CAPTCHA=off)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('login: of 20 wrong passwords and one right one fired together, at most 5 wrong ones are checked', async () => {
    const m = await registerMember(t, 'burstlogin');
    const c = clientAt(t, '10.200.0.1');
    hashChecks.count = 0;
    const bodies = Array.from({ length: burstSize + 1 }, (_, i) => ({
      userName: m.userName,
      password: i === 10 ? m.password : `Wrong-${i}x`,
      loginType: 'USER',
    }));
    const results = await Promise.all(bodies.map((b) => c.call('login', b)));
    const counts = tally(results);
    // A right password that wins a place gives it back (decision 007), so one more wrong password
    // may take it: the bound is on the wrong passwords checked, plus at most the one right one.
    const wrongChecked = counts['auth.invalidCredentials'] ?? 0;
    expect(wrongChecked).toBeGreaterThan(0);
    expect(wrongChecked).toBeLessThanOrEqual(loginLimits.pairFailuresMax);
    expect(hashChecks.count).toBeLessThanOrEqual(loginLimits.pairFailuresMax + (counts.ok ?? 0));
    expect(wrongChecked + (counts.ok ?? 0)).toBe(hashChecks.count);
    // The rest were refused: told to wait while the checked ones were in flight (rate.limited), or
    // locked once their failures were counted (auth.locked).
    expect((counts['auth.locked'] ?? 0) + (counts['rate.limited'] ?? 0)).toBe(burstSize + 1 - hashChecks.count);
    // The right password logged in only if it got one of the places, and gave back only its own:
    // the counter holds exactly the wrong passwords that were checked.
    expect(counts.ok ?? 0).toBeLessThanOrEqual(1);
    const pair = await t.services.dbHandle.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', `login:USER:pair:${m.userName}:${c.ip}`)
      .executeTakeFirstOrThrow();
    expect(Number(pair.hits)).toBe(counts['auth.invalidCredentials']);
  });

  it('login: strangers cannot lock the owner out of a known address; strangers are refused after 20', async () => {
    const m = await registerMember(t, 'ownerhome');
    const home = clientAt(t, '10.201.0.1');
    home.token = await login({ ...t, client: home }, m.userName, m.password);
    // Five addresses, five wrong passwords each, all at once.
    const strangers = Array.from({ length: 5 }, (_, i) => clientAt(t, `10.202.0.${i + 1}`));
    hashChecks.count = 0;
    const results = await Promise.all(
      strangers.flatMap((s) => Array.from({ length: 6 }, () => s.call('login', { userName: m.userName, password: 'Guess-1234', loginType: 'USER' }))),
    );
    const counts = tally(results);
    expect(hashChecks.count).toBeLessThanOrEqual(loginLimits.strangerFailuresMax);
    expect(counts['auth.invalidCredentials']).toBe(hashChecks.count);
    // A new stranger with the right password is refused now...
    expect((await clientAt(t, '10.203.0.1').call('login', { userName: m.userName, password: m.password, loginType: 'USER' })).error).toBe('auth.locked');
    // ...and the owner at home signs in as usual.
    expect((await home.call('login', { userName: m.userName, password: m.password, loginType: 'USER' })).code).toBe(20000);
  });

  it('a wrong old password in a password change counts toward the same lock', async () => {
    const m = await registerMember(t, 'oldpw');
    const c = clientAt(t, '10.204.0.1');
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const body = { oldPassword: 'Wrong-one1', password: 'N3wPassword', confirmPassword: 'N3wPassword' };
    hashChecks.count = 0;
    const results = await Promise.all(Array.from({ length: burstSize }, () => c.call('updatePassWord', body)));
    const counts = tally(results);
    expect(hashChecks.count).toBeLessThanOrEqual(loginLimits.pairFailuresMax);
    expect(counts['user.oldPasswordWrong']).toBe(hashChecks.count);
    expect((counts['auth.locked'] ?? 0) + (counts['rate.limited'] ?? 0)).toBe(burstSize - hashChecks.count);
    // The right old password waits too, and so does a login from this address.
    expect((await c.call('updatePassWord', { ...body, oldPassword: m.password })).error).toBe('auth.locked');
    expect((await c.call('login', { userName: m.userName, password: m.password, loginType: 'USER' })).error).toBe('auth.locked');
  });

  it('transaction password: a burst of wrong ones on transferCreate checks at most the limit, then money actions lock', async () => {
    const m = await registerMember(t, 'bursttx');
    const c = clientAt(t, '10.205.0.1');
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const max = await t.services.settings.get('security.txPasswordFailuresMax');
    hashChecks.count = 0;
    const results = await Promise.all(
      Array.from({ length: burstSize }, (_, i) =>
        c.call('transferCreate', {
          transferType: 'internalTransfer',
          toUserName: 'demo',
          coinName: 'USDT',
          amount: '1',
          transactionPassword: `Wrong-tx-${i}`,
          requestId: `burst-transfer-${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    const counts = tally(results);
    expect(hashChecks.count).toBe(max);
    expect(counts['user.txPasswordWrong'] ?? 0).toBeLessThanOrEqual(max - 1);
    // Refused without a check: "wait a moment" while the places were held by entries being
    // checked, "locked" once they had failed; the lock itself comes from the checked ones.
    expect((counts['rate.limited'] ?? 0) + (counts['user.txLocked'] ?? 0)).toBe(burstSize - (counts['user.txPasswordWrong'] ?? 0));
    expect(counts['user.txLocked'] ?? 0).toBeGreaterThanOrEqual(1);
    const after = await c.call('transferCreate', {
      transferType: 'internalTransfer',
      toUserName: 'demo',
      coinName: 'USDT',
      amount: '1',
      transactionPassword: m.transactionPassword,
      requestId: 'burst-transfer-after',
    });
    expect(after.error).toBe('user.txLocked');
  });

  it('registration: 20 at once from one address, each with a right code, make at most 10 members', async () => {
    const emails = Array.from({ length: burstSize }, (_, i) => `burstreg${i}@example.com`);
    const codes: string[] = [];
    for (const [i, email] of emails.entries()) {
      // Codes are asked for from many addresses (the send limit is not under test here).
      expect((await clientAt(t, `10.206.${i}.1`).call('noLoginSend', { email, purpose: 'REGISTER' })).code).toBe(20000);
      codes.push(await codeFromOutbox(t, email));
    }
    const c = clientAt(t, '10.207.0.1');
    const results = await Promise.all(emails.map((email, i) => c.call('userRegister', registerBody(`burstreg${i}`, email, codes[i]!))));
    const counts = tally(results);
    expect(counts.ok).toBe(10);
    expect(counts['rate.limited']).toBe(10);
    const made = await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name', 'like', 'burstreg%').execute();
    expect(made).toHaveLength(10);
  });

  it('e-mail code sends: 20 at once for one address send one mail; 25 for different addresses from one client send 20', async () => {
    const outbox = async (like: string) =>
      (await t.services.dbHandle.db.selectFrom('mail_outbox').select('id').where('to_address', 'like', like).execute()).length;
    const c = clientAt(t, '10.208.0.1');
    const same = tally(await Promise.all(Array.from({ length: burstSize }, () => c.call('noLoginSend', { email: 'once@example.com', purpose: 'REGISTER' }))));
    expect(same).toEqual({ ok: 1, 'code.tooFrequent': burstSize - 1 });
    expect(await outbox('once@example.com')).toBe(1);
    const d = clientAt(t, '10.208.0.2');
    const many = tally(await Promise.all(Array.from({ length: 25 }, (_, i) => d.call('noLoginSend', { email: `many${i}@example.com`, purpose: 'REGISTER' }))));
    expect(many).toEqual({ ok: 20, 'rate.limited': 5 });
    expect(await outbox('many%@example.com')).toBe(20);
  });

  it('e-mail code guesses: 20 wrong guesses at once use up the code after 5; the right one is then refused', async () => {
    const m = await registerMember(t, 'burstguess');
    const c = clientAt(t, '10.209.0.1');
    expect((await c.call('noLoginSend', { email: m.email, purpose: 'FORGOT_PASSWORD', userName: m.userName })).code).toBe(20000);
    const code = await codeFromOutbox(t, m.email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const body = (emailCode: string) => ({ userName: m.userName, email: m.email, emailCode, password: 'Res3tPassword', confirmPassword: 'Res3tPassword' });
    const results = await Promise.all(Array.from({ length: burstSize }, (_, i) => c.call('forgotPassword', body(wrong(i)))));
    expect(tally(results)).toEqual({ 'code.invalid': burstSize });
    const row = await t.services.dbHandle.db
      .selectFrom('email_codes')
      .select('attempts')
      .where('email', '=', m.email)
      .where('purpose', '=', 'FORGOT_PASSWORD')
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(5);
    expect((await c.call('forgotPassword', body(code))).error).toBe('code.invalid');
  });

  it('staff sign-in: a burst of wrong passwords checks at most 5', async () => {
    const c = clientAt(t, '10.210.0.1');
    c.loginType = 'STAFF';
    hashChecks.count = 0;
    const results = await Promise.all(
      Array.from({ length: burstSize }, () => c.call('staffLogin', { userName: 'support', password: 'wrong-password', loginType: 'STAFF' })),
    );
    const counts = tally(results);
    expect(hashChecks.count).toBeLessThanOrEqual(loginLimits.pairFailuresMax);
    expect(counts['auth.invalidCredentials']).toBe(hashChecks.count);
    expect((counts['auth.locked'] ?? 0) + (counts['rate.limited'] ?? 0)).toBe(burstSize - hashChecks.count);
    // Another address is not locked out.
    const other = clientAt(t, '10.210.0.2');
    other.loginType = 'STAFF';
    expect((await other.call('staffLogin', { userName: 'support', password: 'Support@12345', loginType: 'STAFF' })).code).toBe(20000);
  });

  it('enumeration: a transfer checks the transaction password before it looks the recipient up', async () => {
    const m = await registerMember(t, 'enumtx');
    const c = clientAt(t, '10.211.0.1');
    c.token = await login({ ...t, client: c }, m.userName, m.password);
    const body = {
      transferType: 'internalTransfer',
      toUserName: 'no-such-member',
      coinName: 'USDT',
      amount: '1',
      transactionPassword: 'Wrong-tx-1',
      requestId: 'enumeration-test-1',
    };
    expect((await c.call('transferCreate', body)).error).toBe('user.txPasswordWrong');
    expect((await c.call('transferCreate', { ...body, transactionPassword: m.transactionPassword, requestId: 'enumeration-test-2' })).error).toBe(
      'transfer.recipientNotFound',
    );
  });

  it('self-approval: the maker of an adjustment can neither approve nor reject it, at any amount', async () => {
    const finance = await staffClient(t, 'finance', 'Finance@12345');
    const admin = await staffClient(t, 'admin', 'Admin@12345');
    const alice = (await t.services.accounts.repository.byName('alice'))!.id;
    const made = await finance.call<{ reviewId: string }>('adjustmentCreate', {
      memberId: alice,
      coinName: 'USDT',
      direction: 'credit',
      amount: '1',
      reason: 'small',
      requestId: 'self-approval-test-1',
    });
    expect(made.code, made.message).toBe(20000);
    type Decided = { results: Array<{ outcome: string; error?: string }> };
    const approve = await finance.call<Decided>('reviewDecide', { ids: [made.data.reviewId], decision: 'approve' });
    expect(approve.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.ownItem' });
    const reject = await finance.call<Decided>('reviewDecide', { ids: [made.data.reviewId], decision: 'reject', reason: 'mine' });
    expect(reject.data.results[0]).toMatchObject({ outcome: 'refused', error: 'review.ownItem' });
    expect((await admin.call<Decided>('reviewDecide', { ids: [made.data.reviewId], decision: 'approve' })).data.results[0]!.outcome).toBe('approved');
  });
});

describe.each(dialects)('the image code on %s (CAPTCHA=on)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect, { CAPTCHA: 'on' });
  });
  afterAll(async () => t.close());

  it("is asked for after 3 stranger failures on an account, never from the owner's known address", async () => {
    const home = clientAt(t, '10.220.0.1');
    expect((await home.call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER' })).code).toBe(20000);
    const stranger = clientAt(t, '10.221.0.1');
    for (let i = 0; i < loginLimits.strangerFailuresBeforeCaptcha; i++) {
      expect((await stranger.call('login', { userName: 'carol', password: 'Guess-1234', loginType: 'USER' })).error).toBe('auth.invalidCredentials');
    }
    const asked = await clientAt(t, '10.221.0.2').call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER' });
    expect(asked).toMatchObject({ error: 'captcha.required', message: 'Enter the image code to continue' });
    const other = clientAt(t, '10.221.0.3');
    expect((await other.call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER', ...(await solvedCaptcha(t, other)) })).code).toBe(20000);
    expect((await other.call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER', captchaId: 'x', captchaCode: 'zzzz' })).error).toBe(
      'captcha.invalid',
    );
    expect((await home.call('login', { userName: 'carol', password: 'Carol@12345', loginType: 'USER' })).code).toBe(20000);
  });

  it('is asked for from an address after 30 failures across accounts, instead of locking it', async () => {
    const nat = clientAt(t, '10.222.0.1');
    for (let i = 0; i < loginLimits.addressFailuresBeforeCaptcha; i++) {
      expect((await nat.call('login', { userName: `sprayed${i}`, password: 'Guess-1234', loginType: 'USER' })).error).toBe('auth.invalidCredentials');
    }
    expect((await nat.call('login', { userName: 'bob', password: 'Bob@123456', loginType: 'USER' })).error).toBe('captcha.required');
    expect((await nat.call('login', { userName: 'bob', password: 'Bob@123456', loginType: 'USER', ...(await solvedCaptcha(t, nat)) })).code).toBe(20000);
  });

  it('staff sign-in follows the same rule', async () => {
    const stranger = clientAt(t, '10.223.0.1');
    stranger.loginType = 'STAFF';
    for (let i = 0; i < loginLimits.strangerFailuresBeforeCaptcha; i++) {
      expect((await stranger.call('staffLogin', { userName: 'viewer', password: 'wrong-password', loginType: 'STAFF' })).error).toBe('auth.invalidCredentials');
    }
    expect((await stranger.call('staffLogin', { userName: 'viewer', password: 'Viewer@12345', loginType: 'STAFF' })).error).toBe('captcha.required');
    const solved = await solvedCaptcha(t, stranger);
    expect((await stranger.call('staffLogin', { userName: 'viewer', password: 'Viewer@12345', loginType: 'STAFF', ...solved })).code).toBe(20000);
  });

  it('is checked on e-mail code sends', async () => {
    const c = clientAt(t, '10.224.0.1');
    const none = await c.call('noLoginSend', { email: 'cap@example.com', purpose: 'REGISTER' });
    expect(none).toMatchObject({ error: 'request.invalid', field: 'captchaCode' });
    const made = await c.call<{ captchaId: string }>('captchaImage');
    expect((await c.call('noLoginSend', { email: 'cap@example.com', purpose: 'REGISTER', captchaId: made.data.captchaId, captchaCode: 'zzzz' })).error).toBe(
      'captcha.invalid',
    );
    expect((await c.call('noLoginSend', { email: 'cap@example.com', purpose: 'REGISTER', ...(await solvedCaptcha(t, c)) })).code).toBe(20000);
    // A captcha is good once.
    const solved = await solvedCaptcha(t, c);
    expect((await c.call('noLoginSend', { email: 'cap2@example.com', purpose: 'REGISTER', ...solved })).code).toBe(20000);
    expect((await c.call('noLoginSend', { email: 'cap3@example.com', purpose: 'REGISTER', ...solved })).error).toBe('captcha.invalid');
  });
});
