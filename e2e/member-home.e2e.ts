// Proves the member home's entries and the white paper (decision 040), on desktop
// 1280x800 (en-US) and phone 390x844 (ja-JP): every entry of the home's quick actions is there,
// reachable with the keyboard in order, and opens its page (customer service opens the support
// chat dialog); the white paper is reached from the header's menu of each layout and shows the
// demo data's text in the member's language, headings and lists without sideways scrolling; a
// version staff publish replaces it; the home and the white paper have no serious or critical
// axe-core violation. Screenshots: test-artifacts/screenshots/home-*.png and white-paper-*.png.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callOk } from './support/api';
import { dismissToasts, hashPath, horizontalOverflow, waitForHashPath, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

/** The demo data's white paper (apps/server/src/demo/seed.ts, demoWhitePaper): its title and first section heading. */
const seededWhitePaper: Partial<Record<Language, { title: string; firstSection: string }>> = {
  'en-US': { title: 'Points Portal white paper', firstSection: '1. Point types' },
  'ja-JP': { title: 'ポイントポータル ホワイトペーパー', firstSection: '1. ポイントの種類' },
};
const cases: Record<Layout, { lang: Language; menu: string }> = {
  desktop: { lang: 'en-US', menu: 'nav.settingsMenu' },
  mobile: { lang: 'ja-JP', menu: 'nav.openMenu' },
};

/** Each entry of the home (in order), the page it opens and that page's h1. */
const entries: ReadonlyArray<{ label: string; path: string; search?: string; heading?: string; tab?: string }> = [
  { label: 'wallet', path: '/details', heading: 'wallet.title' },
  { label: 'deposit', path: '/recharge', heading: 'pages.recharge' },
  { label: 'withdraw', path: '/withdraw', heading: 'pages.withdraw' },
  { label: 'exchange', path: '/details', search: '?tab=exchange', heading: 'wallet.title' },
  { label: 'package', path: '/package', heading: 'pages.package', tab: 'packages.tabs.products' },
  { label: 'insurance', path: '/package', search: '?tab=holdings', heading: 'pages.package', tab: 'packages.tabs.holdings' },
  { label: 'claim', path: '/package', search: '?tab=claims', heading: 'pages.package', tab: 'packages.tabs.claims' },
  { label: 'records', path: '/records', heading: 'records.title' },
  { label: 'ranking', path: '/ranking', heading: 'ranking.title' },
  { label: 'customerService', path: '/index' },
  { label: 'game', path: '/game', heading: 'game.title' },
  { label: 'whitePaper', path: '/white-paper' },
];

const suite = useSuite();
let staff: { token: string; loginType: 'STAFF' };

async function shot(page: Page, lang: Language, file: string): Promise<void> {
  await dismissToasts(page, lang).catch(() => undefined);
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(shotsDir, file), fullPage: true });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

beforeAll(async () => {
  staff = await suite.staff();
}, 240_000);

describe.each(['desktop', 'mobile'] as const)('member home and white paper on %s', (layout) => {
  const { lang, menu } = cases[layout];
  const seeded = seededWhitePaper[lang]!;

  test('every home entry is there, keyboard reachable, and opens its page; customer service opens the chat', async () => {
    const { context, page } = await suite.memberPage(layout, lang);
    const home = page.getByRole('region', { name: t(lang, 'dashboard.quickActions'), exact: true });
    const labels = entries.map((e) => t(lang, `dashboard.${e.label}`));
    // In order, as links and one button, each with its text.
    const items = home.getByRole('listitem');
    await items.first().waitFor();
    expect(await items.allInnerTexts()).toEqual(labels);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, lang, `home-${layout}.png`);
    await home.screenshot({ path: path.join(shotsDir, `home-entries-${layout}.png`) });

    // The keyboard walks them in order: Tab from the first reaches each next one.
    await home.getByRole('link', { name: labels[0], exact: true }).focus();
    const focused: string[] = [await page.evaluate(() => document.activeElement?.textContent ?? '')];
    for (let i = 1; i < labels.length; i++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(focused).toEqual(labels);

    for (const [i, entry] of entries.entries()) {
      if (hashPath(page) !== '/index') {
        await page.goto('/#/index');
        await waitForHeading(page, t(lang, 'dashboard.title'));
      }
      if (entry.label === 'customerService') {
        // Opened with the keyboard, as the header's entry opens it; closing gives the focus back.
        const button = home.getByRole('button', { name: labels[i], exact: true });
        await button.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: t(lang, 'support.title'), exact: true });
        await dialog.waitFor();
        await dialog
          .getByRole('button', { name: t(lang, 'common.close'), exact: true })
          .last()
          .click();
        await dialog.waitFor({ state: 'hidden' });
        expect(hashPath(page)).toBe('/index');
        continue;
      }
      await home.getByRole('link', { name: labels[i], exact: true }).click();
      await waitForHashPath(page, entry.path);
      expect(new URL(page.url()).hash, entry.label).toBe(`#${entry.path}${entry.search ?? ''}`);
      await waitForHeading(page, entry.heading ? t(lang, entry.heading) : seeded.title);
      if (entry.tab) expect(await page.getByRole('radio', { name: t(lang, entry.tab), exact: true }).isChecked(), entry.label).toBe(true);
    }
    await context.close();
  });

  test('the white paper is in the header menu, shows the seeded text, and a version staff publish replaces it', async () => {
    const { context, page } = await suite.memberPage(layout, lang);
    // The header's menu (the home's own entry is walked by the test above).
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: t(lang, menu), exact: true }).click();
    await header.getByRole('link', { name: t(lang, 'nav.whitePaper'), exact: true }).click();
    await waitForHashPath(page, '/white-paper');
    await waitForHeading(page, seeded.title);
    const article = page.locator('article');
    // Five headed sections, with lists, in the member's language.
    expect(await article.getByRole('heading', { level: 2 }).count()).toBe(5);
    await article.getByRole('heading', { level: 2, name: seeded.firstSection, exact: true }).waitFor();
    expect(await article.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);
    expect(await article.getAttribute('lang')).toBe(lang);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, lang, `white-paper-${layout}.png`);

    // Staff publish a new version in this language; the page shows it, not the seeded one.
    const [latest] = await callOk<Array<{ version: number }>>(suite.baseUrl, 'documentVersions', { kind: 'whitePaper', lang }, staff);
    expect(latest?.version).toBe(1);
    const title = `${seeded.title} (${layout} v2)`;
    await callOk(
      suite.baseUrl,
      'documentPublish',
      { kind: 'whitePaper', lang, baseVersion: 1, title, body: `<h2>${seeded.firstSection}</h2><ul><li>E2E ${layout}</li></ul>` },
      staff,
    );
    await page.reload();
    await waitForHeading(page, title);
    await page.getByText(`E2E ${layout}`, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: seeded.title, exact: true }).count()).toBe(0);
    await context.close();
  });
});
