// Proves a visitor can register through the UI (with the e-mail code from the outbox and the demo invite ID), then log in and reach the dashboard, and that a wrong password shows the translated error and no session.
import { describe, expect, test } from 'vitest';
import { demoMember, hashPath, waitForHeading, login, sessionItem, toast, waitForHashPath } from './support/browser';
import { serverText, t, tPattern, type Language } from './support/i18n';
import { readMailedCode } from './support/server';
import { useSuite } from './support/suite';

const suite = useSuite();

describe('registration and login', () => {
  test('a new member registers through the form, logs in and sees the dashboard with the name in the header', async () => {
    const lang: Language = 'en-US';
    const { context, page } = await suite.newPage('desktop', lang);
    const suffix = Date.now().toString(36);
    const member = { userName: `e2e_${suffix}`, password: 'E2e@pass123', transactionPassword: 'E2e@trade456', email: `e2e-${suffix}@example.com` };

    await page.goto('/#/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await page.getByRole('link', { name: t(lang, 'auth.login.register'), exact: true }).click();
    await waitForHashPath(page, '/register');
    await waitForHeading(page, t(lang, 'auth.register.title'));

    await page.getByLabel(t(lang, 'auth.register.userName'), { exact: true }).fill(member.userName);
    await page.getByLabel(t(lang, 'auth.register.password'), { exact: true }).fill(member.password);
    await page.getByLabel(t(lang, 'auth.register.confirmPassword'), { exact: true }).fill(member.password);
    await page.getByLabel(t(lang, 'auth.register.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await page.getByLabel(t(lang, 'auth.register.confirmTransactionPassword'), { exact: true }).fill(member.transactionPassword);
    const country = page.getByLabel(t(lang, 'auth.register.country'), { exact: true });
    // The options come from /api/country/list.
    await expect.poll(() => country.locator('option[value="JP"]').count()).toBe(1);
    await country.selectOption('JP');
    await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).fill(member.email);

    const sentAt = Date.now() - 1000;
    await page.getByRole('button', { name: t(lang, 'auth.code.send'), exact: true }).click();
    await toast(page, lang, t(lang, 'auth.code.sent')).waitFor();
    // The button counts down until another code may be asked for.
    await page.getByRole('button', { name: tPattern(lang, 'auth.code.resend') }).waitFor();
    const code = await readMailedCode(suite.server.dataDir, member.email, sentAt);
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel(t(lang, 'auth.register.emailCode'), { exact: true }).fill(code);
    await page.getByLabel(t(lang, 'auth.register.inviteId'), { exact: true }).fill('10000001');
    const agree = page.getByRole('checkbox', { name: t(lang, 'auth.register.agree'), exact: true });
    await agree.check();
    expect(await agree.isChecked()).toBe(true);
    await page.getByRole('button', { name: t(lang, 'auth.register.submit'), exact: true }).click();

    await toast(page, lang, t(lang, 'auth.register.success')).waitFor();
    await waitForHashPath(page, '/login');
    expect(await sessionItem(page, 'token')).toBeNull();

    await login(page, lang, member);
    expect(hashPath(page)).toBe('/index');
    expect(await sessionItem(page, 'token')).toMatch(/\S{16,}/);
    const banner = page.getByRole('banner').first();
    await expect.poll(() => banner.innerText()).toContain(member.userName);
    await page.getByText(t(lang, 'dashboard.welcome', { name: member.userName }), { exact: true }).waitFor();
    // The header names the member who is logged in, not the demo member.
    expect(await banner.innerText()).not.toMatch(new RegExp(`\\b${demoMember.userName}\\b`));
    await context.close();
  });

  // Decision 014: the server's validation texts are not in the first download; they come with the
  // login page's first submission and with the register page's chunk.
  test('an empty submission shows translated validation messages on the login and register pages (ja-JP)', async () => {
    const lang: Language = 'ja-JP';
    const { context, page } = await suite.newPage('desktop', lang);
    await page.goto('/#/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).click();
    const password = page.getByLabel(t(lang, 'auth.login.password'), { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(serverText(lang, 'validation.enterPassword'), { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/\bvalidation\.|\berrors\./);

    await page.getByRole('link', { name: t(lang, 'auth.login.register'), exact: true }).click();
    await waitForHeading(page, t(lang, 'auth.register.title'));
    await page.getByRole('button', { name: t(lang, 'auth.register.submit'), exact: true }).click();
    const userName = page.getByLabel(t(lang, 'auth.register.userName'), { exact: true });
    await expect.poll(() => userName.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('main').innerText()).not.toMatch(/\bvalidation\.|\berrors\./);
    expect(hashPath(page)).toBe('/register');
    await context.close();
  });

  for (const lang of ['en-US', 'zh-CN'] as const) {
    test(`a wrong password shows the translated error and logs nobody in (${lang})`, async () => {
      const { context, page } = await suite.newPage('desktop', lang);
      await page.goto('/#/login');
      await waitForHeading(page, t(lang, 'auth.login.title'));
      await page.getByLabel(t(lang, 'auth.login.userName'), { exact: true }).fill(demoMember.userName);
      const password = page.getByLabel(t(lang, 'auth.login.password'), { exact: true });
      await password.fill('Wrong@pass999');
      await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).click();

      const message = serverText(lang, 'errors.auth.invalidCredentials');
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      // The same text is shown under the password field, which is marked invalid.
      await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
      const fieldErrors = await Promise.all(
        describedBy
          .split(' ')
          .filter(Boolean)
          .map((id) => page.locator(`[id="${id}"]`).innerText()),
      );
      expect(fieldErrors).toContain(message);

      expect(hashPath(page)).toBe('/login');
      expect(await sessionItem(page, 'token')).toBeNull();
      await context.close();
    });
  }
});
