// Decision 032: a member's home painted from HTML by a small module before the app runs, from the
// app's own first calls, and the app taking the page and those answers over. The app's entry is
// held back, so each test sees what a slow phone shows before React has arrived.
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cspViolations, login, newDesktopContext, newMobileContext, pageErrors, recordApi, watchCspViolations } from './support/browser';
import { t, type Language } from './support/i18n';
import { shotsDir, useSuite } from './support/suite';

const firstCalls = ['/api/app/user/userInfo', '/api/app/assets/assetsList', '/api/app/insurance/packageConfig', '/api/app/media/appMediaList'];

const suite = useSuite();
let entry: string;

beforeAll(async () => {
  const html = await (await fetch(`${suite.baseUrl}/`)).text();
  entry = /"entry":"(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] ?? '';
});

/** Holds the app's entry script until `release()`; the painting module and everything else load. */
async function holdEntry(context: BrowserContext): Promise<{ release: () => void; isHeld: () => boolean }> {
  expect(entry).toMatch(/^\/assets\/index-/);
  let release = () => undefined as void;
  let held = false;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(
    (url) => url.pathname === entry,
    async (route) => {
      held = true;
      await gate;
      return route.continue();
    },
  );
  return { release, isHeld: () => held };
}

const copyOf = (page: Page) => page.locator('#first-paint');

/** The balances shown, card by card: name, total (as the page shows it), available, frozen, fixed. */
const balances = (page: Page, scope: string) =>
  page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(`${selector} li.asset`), (card) => [
        card.querySelector('.asset-name')?.textContent,
        card.querySelector('.asset-total')?.textContent,
        ...Array.from(card.querySelectorAll('dd'), (dd) => dd.textContent),
      ]),
    scope,
  );

/** Where the heading, the balances and the nav are on the screen. */
const placesOf = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const elements = document.querySelectorAll(`${selector} h1, ${selector} .asset-total, ${selector} nav a, ${selector} header a`);
    return Array.from(elements, (element) => {
      const box = element.getBoundingClientRect();
      return [element.tagName, Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
    });
  }, scope);

const navLinks = (page: Page, scope: string) =>
  page.evaluate((selector) => Array.from(document.querySelectorAll(`${selector} nav a`), (a) => a.getAttribute('href')), scope);

describe('the member home painted before the app', () => {
  for (const [layout, lang] of [
    ['mobile', 'en-US'],
    ['desktop', 'ja-JP'],
  ] as const satisfies [string, Language][]) {
    test(`${layout} ${lang}: the copy shows the member's balances before the app runs, and the app takes it over with the same answers`, async () => {
      const context = await (layout === 'desktop' ? newDesktopContext : newMobileContext)(suite.browser, suite.baseUrl, { lang });
      await watchCspViolations(context);
      const page = await context.newPage();
      await login(page, lang);
      const signedIn = { nav: await navLinks(page, '#root'), balances: await balances(page, '#root') };
      expect(signedIn.balances.length).toBeGreaterThan(0);

      const scripts = await holdEntry(context);
      const api = recordApi(page);
      await page.reload({ waitUntil: 'commit' });
      await copyOf(page)
        .getByRole('heading', { level: 1, name: t(lang, 'dashboard.title') })
        .waitFor();
      // The app is asked for once the copy has painted, and has not run.
      await expect.poll(() => scripts.isHeld()).toBe(true);
      expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
      // The member's data, as the app shows it: name, balances, the nav entries of their flags.
      await expect(
        copyOf(page)
          .getByText(t(lang, 'dashboard.welcome', { name: 'demo' }))
          .isVisible(),
      ).resolves.toBe(true);
      expect(await balances(page, '#first-paint')).toEqual(signedIn.balances);
      expect(await navLinks(page, '#first-paint')).toEqual(signedIn.nav);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      // Its buttons do nothing yet and say so; a click waits for the app's.
      const buttons = await copyOf(page)
        .locator('button')
        .evaluateAll((all) => all.map((b) => b.getAttribute('aria-disabled')));
      expect(buttons.length).toBeGreaterThan(0);
      expect(new Set(buttons)).toEqual(new Set(['true']));
      await page.screenshot({ path: path.join(shotsDir, `member-paint-${lang}-${layout}.png`) });

      const copyPlaces = await placesOf(page, '#first-paint');
      scripts.release();
      await page.waitForFunction(() => document.getElementById('first-paint') === null, undefined, { timeout: 30_000 });
      await page
        .locator('#root')
        .getByRole('heading', { level: 1, name: t(lang, 'dashboard.title') })
        .waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await balances(page, '#root')).toEqual(signedIn.balances);
      // Each first call went out once: the app used the copy's answers instead of asking again.
      await page.locator('#root .asset-grid').waitFor();
      for (const call of firstCalls) expect(api.calls(call).length, call).toBe(1);
      // Nothing moved when the app took over.
      expect(await placesOf(page, '#root')).toEqual(copyPlaces);
      expect(await cspViolations(page)).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      api.stop();
      await context.close();
    });
  }

  test('a refused session paints nothing and the app acts on the answer as before', async () => {
    const context = await newMobileContext(suite.browser, suite.baseUrl, { lang: 'en-US' });
    await context.addInitScript(() => {
      try {
        if (!sessionStorage.getItem('seen')) {
          sessionStorage.setItem('seen', '1');
          sessionStorage.setItem('token', 'not-a-session');
        }
      } catch {
        // A document without storage (about:blank): nothing to set.
      }
    });
    const scripts = await holdEntry(context);
    const api = recordApi(context);
    const page = await context.newPage();
    await page.goto('/#/index', { waitUntil: 'commit' });
    await expect.poll(() => api.responses.filter((r) => firstCalls.includes(r.path)).length).toBe(firstCalls.length);
    await page.waitForTimeout(300);
    expect(await copyOf(page).evaluate((copy) => copy.childElementCount)).toBe(0);
    scripts.release();
    // The app takes the refused answers as its own: the expired-session path ends on the login page.
    await page.waitForFunction(() => location.hash.startsWith('#/login'), undefined, { timeout: 30_000 });
    for (const call of firstCalls.slice(0, 2)) expect(api.calls(call).length, call).toBe(1);
    expect(pageErrors(page), JSON.stringify(pageErrors(page))).toEqual([]);
    api.stop();
    await context.close();
  });
});
