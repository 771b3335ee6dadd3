// Proves that a burst of right passwords is never told the account is locked: every attempt is
// either signed in or told to wait (rate.limited) for as long as it really has to, and a retry
// after that wait signs in. A lock (auth.locked) comes only after wrong passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, registerMember, type CallResult, type TestApp } from '../../test/helper.ts';

describe.each(dialects)('a burst of right passwords on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'burstright');
  });
  afterAll(async () => t.close());

  const login = () => t.client.call<{ token: string }>('login', { userName: 'burstright', password: 'Passw0rd!x', loginType: 'USER' });

  it('signs each in or names the real wait, never a lock', async () => {
    const answers: CallResult[] = await Promise.all(Array.from({ length: 16 }, login));
    const said = answers.map((a) => (a.code === 20000 ? 'ok' : `${a.error}: ${a.message}`));
    const counts = Object.entries(said.reduce<Record<string, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}));
    console.log(`${dialect}: 16 right passwords at once from one address: ${counts.map(([s, n]) => `${n}x ${s}`).join('; ')}`);
    expect(answers.filter((a) => a.code !== 20000 && a.error !== 'rate.limited')).toEqual([]);
    const waits = answers.filter((a) => a.error === 'rate.limited').map((a) => Number(a.params?.seconds));
    expect(answers.filter((a) => a.code === 20000).length).toBeGreaterThan(0);
    for (const seconds of waits) expect(seconds).toBeGreaterThanOrEqual(1);
    if (waits.length > 0) {
      // The wait is the truth: once it has passed, a right password signs in.
      const waitMs = Math.max(...waits) * 1000;
      expect(waitMs).toBeLessThanOrEqual(5_000);
      await new Promise((r) => setTimeout(r, waitMs));
      const again = await login();
      console.log(`${dialect}: after the ${waitMs / 1000} s named: ${again.code === 20000 ? 'ok' : again.error}`);
      expect(again.code, again.message).toBe(20000);
    }
  });

  it('still locks after wrong passwords, and says so', async () => {
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push(await t.client.call('login', { userName: 'burstright', password: 'Wrong0ne!x', loginType: 'USER' }));
    expect(wrong.at(-1)).toMatchObject({ error: 'auth.locked' });
    expect(wrong.at(-1)!.message).toMatch(/try again in 15 minutes/);
  });
});
