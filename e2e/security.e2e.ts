// Proves the member security centre (decision 010) in the browser on desktop 1280x800 and phone 390x844, with no serious axe-core violations: from /setting to /setting/security; two-step login turned on with a code computed here from the key the page shows; the ten recovery codes shown once; log out, then the login asks for the second step and takes a code; a second browser context signs in with a recovery code; the first context signs that session out after a confirmation, and the second context is sent back to /login; the login history and the "new sign-in" e-mail. Screenshots go to test-artifacts/screenshots/security-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { dismissToasts, hashPath, horizontalOverflow, layouts, toast, waitForHashPath, waitForHeading, type Layout } from './support/browser';
import { languages, serverText, t, type Language } from './support/i18n';
import { totpCode } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const lang: Language = 'en-US';
/** One demo member per layout, so the two runs do not share a secret or sessions. */
const members: Record<Layout, { userName: string; password: string; email: string }> = {
  desktop: { userName: 'bob', password: 'Bob@123456', email: 'bob@example.com' },
  mobile: { userName: 'carol', password: 'Carol@12345', email: 'carol@example.com' },
};

const suite = useSuite();

async function screenshot(page: Page, file: string, fullPage = true): Promise<void> {
  await dismissToasts(page, lang);
  await settle(page);
  // From the top: a sticky header would otherwise be drawn over the middle of a full-page shot.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** Serious and critical axe-core violations on the page, readable in a failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

/** Subjects of the mails the server wrote to the outbox for an address. */
function mailSubjects(address: string): string[] {
  const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare('select subject from mail_outbox where lower(to_address) = lower(?) order by created_at').all(address) as Array<{ subject: string }>
    ).map((r) => r.subject);
  } finally {
    db.close();
  }
}

async function openSecurityCentre(page: Page, shot?: string): Promise<void> {
  await page.goto('/#/setting');
  await waitForHeading(page, t(lang, 'settings.title'));
  if (shot) await screenshot(page, shot);
  await page.getByRole('link', { name: t(lang, 'security.entry.open'), exact: true }).click();
  await waitForHashPath(page, '/setting/security');
  await waitForHeading(page, t(lang, 'security.title'));
}

async function logout(page: Page, layout: Layout): Promise<void> {
  const banner = page.getByRole('banner').first();
  if (layout === 'mobile') await banner.getByRole('button', { name: t(lang, 'nav.openMenu'), exact: true }).click();
  const loaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.getByRole('button', { name: t(lang, 'nav.logout'), exact: true }).click();
  await loaded;
  await waitForHeading(page, t(lang, 'auth.login.title'));
}

/** The password step; with two-step login on it leads to the second step's heading. */
async function passwordStep(page: Page, member: { userName: string; password: string }): Promise<void> {
  if (hashPath(page) !== '/login') await page.goto('/#/login');
  await waitForHeading(page, t(lang, 'auth.login.title'));
  await page.getByLabel(t(lang, 'auth.login.userName'), { exact: true }).fill(member.userName);
  await page.getByLabel(t(lang, 'auth.login.password'), { exact: true }).fill(member.password);
  await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).click();
  await waitForHeading(page, t(lang, 'security.login.title'));
}

async function secondStep(page: Page, code: string): Promise<void> {
  await page.getByLabel(t(lang, 'security.login.code'), { exact: true }).fill(code);
  await page.getByRole('button', { name: t(lang, 'security.login.submit'), exact: true }).click();
  await waitForHashPath(page, '/index');
  await waitForHeading(page, t(lang, 'dashboard.title'));
}

describe('security centre', () => {
  test.each(layouts)('two-step login on, code and recovery code sign-ins, and another session signed out (%s)', async (layout) => {
    const member = members[layout];
    const { context: first, page } = await suite.memberPage(layout, lang, member);
    await openSecurityCentre(page, `security-${layout}-settings-entry.png`);
    await page.getByText(t(lang, 'security.twoFactor.statusOff'), { exact: true }).waitFor();
    await screenshot(page, `security-${layout}-overview.png`);

    // Turn it on: the page shows a QR code and the key; the test is the authenticator app.
    await page.getByRole('button', { name: t(lang, 'security.twoFactor.start'), exact: true }).click();
    await page.getByRole('img', { name: t(lang, 'security.twoFactor.qrAlt'), exact: true }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, `security-${layout}-setup.png`);
    expect(await seriousViolations(page), 'setup').toEqual([]);
    await page.getByLabel(t(lang, 'security.twoFactor.password'), { exact: true }).fill(member.password);
    await page.getByLabel(t(lang, 'security.twoFactor.code'), { exact: true }).fill(await totpCode(secret));
    await page.getByRole('button', { name: t(lang, 'security.twoFactor.enable'), exact: true }).click();
    await toast(page, lang, t(lang, 'security.twoFactor.enabled')).waitFor();
    const list = page.getByRole('list', { name: t(lang, 'security.twoFactor.recoveryListLabel'), exact: true });
    const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await screenshot(page, `security-${layout}-recovery-codes.png`);
    expect(await seriousViolations(page), 'recovery codes').toEqual([]);
    await page.getByRole('button', { name: t(lang, 'security.twoFactor.recoveryDone'), exact: true }).click();
    await expect.poll(() => list.count()).toBe(0);
    await page.getByText(t(lang, 'security.twoFactor.statusOn'), { exact: true }).waitFor();

    // The password alone no longer signs in, through the API either.
    const bare = await callApi<{ token?: string; twoFactorRequired?: boolean }>(suite.baseUrl, 'login', {
      userName: member.userName,
      password: member.password,
      loginType: 'USER',
    });
    expect(bare.data).toMatchObject({ twoFactorRequired: true });
    expect(bare.data.token).toBeUndefined();

    // Log out, then in again with a code from the app.
    await logout(page, layout);
    await passwordStep(page, member);
    await screenshot(page, `security-${layout}-login-step.png`);
    expect(await seriousViolations(page), 'second login step').toEqual([]);
    await page.getByLabel(t(lang, 'security.login.code'), { exact: true }).fill('000000');
    await page.getByRole('button', { name: t(lang, 'security.login.submit'), exact: true }).click();
    await page.getByText(serverText(lang, 'errors.security.codeInvalid'), { exact: true }).first().waitFor();
    await secondStep(page, await totpCode(secret));

    // A second browser (another device) signs in with a recovery code, which then is spent.
    const { context: second, page: other } = await suite.newPage(layout, lang);
    await passwordStep(other, member);
    await secondStep(other, recoveryCodes[0]!.toLowerCase());

    // The first one sees both sessions, signs the other out after a confirmation.
    await openSecurityCentre(page);
    // This device comes apart and first, marked; the other device is the one row that can be signed out.
    await page
      .getByTestId('session-current')
      .filter({ hasText: t(lang, 'security.sessions.current') })
      .waitFor();
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText(t(lang, 'security.history.methods.recovery'), { exact: true }).first().waitFor();
    await page.getByText(t(lang, 'security.history.methods.totp'), { exact: true }).first().waitFor();
    await screenshot(page, `security-${layout}-sessions.png`);
    expect(await seriousViolations(page), 'sessions and history').toEqual([]);
    await rows.getByRole('button', { name: t(lang, 'security.sessions.signOut'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'security.sessions.confirmOneTitle') });
    await dialog.waitFor();
    // The dialog is fixed to the screen: a screenshot of the screen shows it as the member does.
    await screenshot(page, `security-${layout}-confirm.png`, false);
    await dialog.getByRole('button', { name: t(lang, 'security.sessions.confirm'), exact: true }).click();
    await toast(page, lang, t(lang, 'security.sessions.signedOut')).waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByText(t(lang, 'security.sessions.none'), { exact: true }).waitFor();

    // The other browser is logged out on its next call.
    await other.goto('/#/user-info');
    await waitForHashPath(other, '/login');
    await waitForHeading(other, t(lang, 'auth.login.title'));

    // The used recovery code does not work again.
    await passwordStep(other, member);
    await other.getByLabel(t(lang, 'security.login.code'), { exact: true }).fill(recoveryCodes[0]!);
    await other.getByRole('button', { name: t(lang, 'security.login.submit'), exact: true }).click();
    await other.getByText(serverText(lang, 'errors.security.codeInvalid'), { exact: true }).first().waitFor();
    expect(hashPath(other)).toBe('/login');

    // The second browser came from the same address with the same browser: no "new sign-in" e-mail.
    expect(mailSubjects(member.email)).not.toContain(serverText(lang, 'mail.newDeviceSubject'));
    await first.close();
    await second.close();
  });

  test.each(languages.filter((l) => l !== lang))('the security centre reads in %s and fits a phone', async (language) => {
    const { context, page } = await suite.memberPage('mobile', language, { userName: 'demo', password: 'Demo@12345' });
    await page.goto('/#/setting/security');
    await waitForHeading(page, t(language, 'security.title'));
    await page.getByText(t(language, 'security.twoFactor.statusOff'), { exact: true }).waitFor();
    await page.getByRole('heading', { name: t(language, 'security.history.title'), exact: true }).waitFor();
    await dismissToasts(page, language);
    await settle(page);
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth, `horizontal overflow in ${language}`).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: path.join(shotsDir, `security-mobile-${language}.png`), fullPage: false });
    await context.close();
  });
});
