// Proves the login page and the dashboard render in every language (translated headings, no raw keys) on desktop 1280x800 and mobile 390x844 without horizontal overflow, and saves full-page screenshots to test-artifacts/screenshots/ for review.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { demoMember, dismissToasts, waitForHeading, horizontalOverflow, layouts, login, newContext, presetLanguage, sessionItem } from './support/browser';
import { languages, t, webMessages, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();

/** Every dotted key of the web locale, e.g. "dashboard.title". */
function allKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? allKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
const keyPattern = new RegExp(
  `(^|[\\s"'(])(${allKeys(webMessages('en-US'))
    .map((k) => k.replace(/\./g, '\\.'))
    .join('|')})($|[\\s"').,:])`,
);

async function checkPage(page: Page, lang: Language, titleKey: string, file: string): Promise<void> {
  const title = t(lang, titleKey);
  await waitForHeading(page, title);
  await settle(page);
  await dismissToasts(page, lang);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const h1 = (await page.getByRole('heading', { level: 1 }).allInnerTexts()).map((s) => s.trim());
  expect(h1).toEqual([title]);
  // No untranslated key anywhere on the page ("dashboard.title" and the like).
  const text = await page.locator('body').innerText();
  expect(text.match(keyPattern)?.[2] ?? null, `a raw translation key on ${file}`).toBeNull();
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(shotsDir, file), fullPage: true });
  expect(fs.statSync(path.join(shotsDir, file)).size).toBeGreaterThan(5000);
}

describe('screenshots in every language and layout', () => {
  for (const layout of layouts) {
    test(`${layout}: login page and dashboard in ${languages.join(', ')}`, async () => {
      const context = await newContext(suite.browser, suite.baseUrl, layout);
      for (const lang of languages) {
        // A tab per language: the language lives in the tab's sessionStorage.
        const page = await context.newPage();
        await presetLanguage(page, lang);
        await page.goto('/#/login');
        await checkPage(page, lang, 'auth.login.title', `login-${lang}-${layout}.png`);

        await login(page, lang, demoMember);
        expect(await sessionItem(page, 'lang')).toBe(lang);
        await page.getByText(t(lang, 'dashboard.welcome', { name: demoMember.userName }), { exact: true }).waitFor();
        await checkPage(page, lang, 'dashboard.title', `dashboard-${lang}-${layout}.png`);
        await page.close();
      }
      await context.close();
    });
  }
});
