// Proves a member can log out on a phone (390x844 and 375x667, in zh-CN and en-US): the header menu's Log out is drawn above the fixed tab bar
// (the element at the button's centre is the button), tapping it ends the session, and the settings page has a Log out of its own that does the same.
// Screenshots go to test-artifacts/screenshots/phone-logout-*.png for review.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, hashPath, login, recordApi, sessionItem, waitForHashPath, waitForHeading, watchToasts } from './support/browser';
import { callApi } from './support/api';
import { t, type Language } from './support/i18n';
import { shotsDir, useSuite } from './support/suite';

const phones = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
] as const;
/** zh-CN is the portal's default language; en-US the source of the texts. */
const langs: readonly Language[] = ['zh-CN', 'en-US'];

const suite = useSuite();

async function phonePage(lang: Language, size: { width: number; height: number }): Promise<Page> {
  const { page } = await suite.newPage('mobile', lang);
  await page.setViewportSize(size);
  return page;
}

/**
 * The button is what a tap at its centre reaches: brought into view (inside the menu's own scroll
 * area when it is there), its centre inside the screen and above the tab bar, and the topmost
 * element at that point the button or something inside it, not the tab bar.
 */
async function expectTappable(page: Page, lang: Language, button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const tabBar = await page.getByRole('navigation', { name: t(lang, 'nav.tabs'), exact: true }).boundingBox();
  const box = await button.boundingBox();
  expect(tabBar, 'the tab bar').not.toBeNull();
  expect(box, 'the Log out button').not.toBeNull();
  expect(box!.y + box!.height, `the Log out button's bottom against the tab bar's top (${tabBar!.y})`).toBeLessThanOrEqual(tabBar!.y);
  const hit = await button.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      isButton: top !== null && (top === element || element.contains(top)),
      found: top
        ? `${top.tagName.toLowerCase()} "${(top.textContent ?? '').trim().slice(0, 40)}" in ${top.closest('nav')?.getAttribute('aria-label') ?? 'no nav'}`
        : 'nothing',
      at: `${Math.round(x)},${Math.round(y)}`,
    };
  });
  expect(hit.isButton, `the element at the Log out button's centre (${hit.at}): ${hit.found}`).toBe(true);
}

/** Taps Log out and checks the session has ended: the message, no token, the login page, the old token refused, a member page sends back to the login. */
async function tapLogoutAndExpectLoggedOut(page: Page, lang: Language, button: Locator): Promise<void> {
  const token = await sessionItem(page, 'token');
  expect(token).toBeTruthy();
  const api = recordApi(page);
  const toastsSeen = await watchToasts(page, t(lang, 'toast.region'));
  const loaded = page.waitForEvent('load', { timeout: 20_000 });
  await button.tap();
  // The menu's logout acts at once, without a confirmation step; the settings page's is the same call.
  await expect.poll(toastsSeen).toContain(t(lang, 'auth.logout.done'));
  await loaded;
  await waitForHashPath(page, '/login');
  await waitForHeading(page, t(lang, 'auth.login.title'));
  expect(await sessionItem(page, 'token')).toBeNull();
  expect(api.calls('/api/app/user/logout'), 'logout calls to the server').toHaveLength(1);
  api.stop();

  const refused = await callApi(suite.baseUrl, 'userInfo', {}, { token, lang });
  expect(refused, 'a call with the logged-out token').toMatchObject({ status: 401, code: 87321 });

  await page.goto('/#/setting');
  await waitForHashPath(page, '/login');
  await waitForHeading(page, t(lang, 'auth.login.title'));
  expect(hashPath(page)).toBe('/login');
}

async function shot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(shotsDir, file) });
  expect(fs.statSync(path.join(shotsDir, file)).size).toBeGreaterThan(5000);
}

describe('log out on a phone', () => {
  for (const size of phones) {
    for (const lang of langs) {
      const name = `${size.width}x${size.height}-${lang}`;

      test(`the menu's Log out is above the tab bar and ends the session (${name})`, async () => {
        const page = await phonePage(lang, size);
        await login(page, lang);
        await dismissToasts(page, lang);
        const banner = page.getByRole('banner').first();
        const menuButton = banner.getByRole('button', { name: t(lang, 'nav.openMenu'), exact: true });
        await menuButton.click();
        const button = banner.getByRole('button', { name: t(lang, 'nav.logout'), exact: true });
        await button.waitFor();

        // The open menu ends above the tab bar, whatever it holds.
        const panelId = await menuButton.getAttribute('aria-controls');
        const panel = await page.locator(`[id="${panelId}"]`).boundingBox();
        const tabBar = await page.getByRole('navigation', { name: t(lang, 'nav.tabs'), exact: true }).boundingBox();
        expect(panel!.y + panel!.height, `the menu's bottom against the tab bar's top (${tabBar!.y})`).toBeLessThanOrEqual(tabBar!.y + 0.5);
        await shot(page, `phone-logout-${name}-menu-open.png`);

        await expectTappable(page, lang, button);
        await shot(page, `phone-logout-${name}-menu-logout.png`);
        await tapLogoutAndExpectLoggedOut(page, lang, button);
        await shot(page, `phone-logout-${name}-menu-after.png`);
        await page.context().close();
      });

      test(`the settings page's Log out ends the session (${name})`, async () => {
        const page = await phonePage(lang, size);
        await login(page, lang);
        await page.goto('/#/setting');
        await waitForHeading(page, t(lang, 'settings.title'));
        await dismissToasts(page, lang);
        const card = page.getByRole('region', { name: t(lang, 'settings.logout.title'), exact: true });
        const button = card.getByRole('button', { name: t(lang, 'nav.logout'), exact: true });
        await expectTappable(page, lang, button);
        await shot(page, `phone-logout-${name}-settings.png`);
        await tapLogoutAndExpectLoggedOut(page, lang, button);
        await page.context().close();
      });
    }
  }
});
