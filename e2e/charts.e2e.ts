// Proves the member charts (decision 041) in the browser, in zh-CN and en-US,
// desktop 1280x800 and phone 390x844: the balance history on /details (30 days, then 90 with the
// toggle), performance by month on /user-info and /invite-tree, and a holding's release progress on
// /package/:id. Each chart is drawn (a canvas), its text alternative lists the server's figures with
// dates and numbers in the page's language, the page does not scroll sideways, and axe finds no
// serious or critical violation. Screenshots go to test-artifacts/screenshots/chart-*.png.
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { horizontalOverflow, login, type Layout } from './support/browser';
import { callOk, memberToken } from './support/api';
import { t, type Language } from './support/i18n';
import { seriousViolations, shotsDir, useSuite } from './support/suite';

const demo = { userName: 'demo', password: 'Demo@12345' };

type BalanceHistory = { timeZone: string; days: number[]; coins: Array<{ coinName: string; balances: string[] }> };
type MonthFigures = { months: Array<{ month: number; personal: string; community: string }> };

const suite = useSuite();
let token: string;

beforeAll(async () => {
  token = await memberToken(suite.baseUrl, demo);
});

const number = (lang: Language, value: string | number) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
const day = (lang: Language, ms: number, timeZone: string) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(ms);
const month = (lang: Language, key: number) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(Math.floor(key / 100), (key % 100) - 1, 1));

/** Waits until the chart is drawn (uPlot's canvas) and opens its table of figures; returns the table's rows. */
async function drawnChart(chart: Locator, lang: Language): Promise<Locator> {
  await chart.locator('.chart-canvas canvas').first().waitFor({ timeout: 20_000 });
  const figures = chart.locator('details.chart-figures');
  if (!(await figures.evaluate((d) => (d as HTMLDetailsElement).open))) await figures.locator('summary').click();
  await expect.poll(() => figures.locator('summary').textContent()).toBe(t(lang, 'chart.figures'));
  return figures.locator('tbody tr');
}

async function check(page: Page, chart: Locator, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const violations = await seriousViolations(page);
  expect(violations.join('\n'), `axe on ${file}`).toBe('');
  // From the top, so the sticky header is where it belongs; then the chart's card alone.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, file), fullPage: true });
  await chart.locator('xpath=ancestor::section[1]').screenshot({ path: path.join(shotsDir, file.replace(/\.png$/, '-card.png')) });
}

const cases: Array<[Language, Layout]> = [
  ['zh-CN', 'desktop'],
  ['zh-CN', 'mobile'],
  ['en-US', 'desktop'],
  ['en-US', 'mobile'],
];

describe('member charts', () => {
  test.each(cases)('%s %s: balance history, performance by month, release progress', async (lang, layout) => {
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await login(page, lang, demo);

      // /details: the balance history, 30 days, then 90.
      await page.goto('/#/details');
      await page.getByRole('heading', { name: t(lang, 'charts.balance.title'), exact: true }).waitFor({ timeout: 20_000 });
      const balance = page.getByTestId('chart-balance');
      const history30 = await callOk<BalanceHistory>(suite.baseUrl, 'balanceHistory', { days: 30 }, { token });
      let rows = await drawnChart(balance, lang);
      await expect.poll(() => rows.count()).toBe(30);
      const usdt = history30.coins.findIndex((c) => c.coinName === 'USDT');
      const lastRow = rows.last();
      expect(await lastRow.locator('th').textContent()).toBe(day(lang, history30.days.at(-1)!, history30.timeZone));
      expect(await lastRow.locator('td').nth(usdt).textContent()).toBe(number(lang, history30.coins[usdt]!.balances.at(-1)!));
      expect(await rows.first().locator('th').textContent()).toBe(day(lang, history30.days[0]!, history30.timeZone));
      await check(page, balance, `chart-balance-${lang}-${layout}.png`);
      await balance.getByText(t(lang, 'charts.balance.days', { days: 90 }), { exact: true }).click();
      rows = await drawnChart(balance, lang);
      await expect.poll(() => rows.count()).toBe(90);

      // /user-info and /invite-tree: performance by month, both series.
      const figures = await callOk<MonthFigures>(suite.baseUrl, 'userMonthFigures', {}, { token });
      for (const [route, name] of [
        ['/#/user-info', 'user-info'],
        ['/#/invite-tree', 'invite-tree'],
      ] as const) {
        await page.goto(route);
        await page.getByRole('heading', { name: t(lang, 'charts.months.title'), exact: true }).waitFor({ timeout: 20_000 });
        const chart = page.getByTestId('chart-months');
        const monthRows = await drawnChart(chart, lang);
        await expect.poll(() => monthRows.count()).toBe(12);
        const headers = await chart.locator('thead th').allTextContents();
        expect(headers).toEqual([t(lang, 'chart.month'), t(lang, 'community.figures.personal'), t(lang, 'community.figures.community')]);
        const last = figures.months.at(-1)!;
        expect(await monthRows.last().locator('th').textContent()).toBe(month(lang, last.month));
        expect(await monthRows.last().locator('td').allTextContents()).toEqual([number(lang, last.personal), number(lang, last.community)]);
        await check(page, chart, `chart-months-${name}-${lang}-${layout}.png`);
      }

      // /package/:id: the demo member's holding, released against its cap.
      const holdings = await callOk<{ items: Array<{ id: string; released: string; rewardCap: string; startedAt: number }> }>(
        suite.baseUrl,
        'buyMatchingList',
        { pageSize: 50 },
        { token },
      );
      const holding = holdings.items[0]!;
      const detail = await callOk<{ releaseDays: Array<{ day: number }> }>(suite.baseUrl, 'insuranceDetailInfo', { holdingId: holding.id }, { token });
      // The chart starts on the day the holding started.
      const shownDays = detail.releaseDays.filter((d, i, all) => i === all.length - 1 || all[i + 1]!.day > holding.startedAt).length;
      await page.goto(`/#/package/${holding.id}`);
      await page.getByRole('heading', { name: t(lang, 'charts.release.title'), exact: true }).waitFor({ timeout: 20_000 });
      const release = page.getByTestId('chart-release');
      const releaseRows = await drawnChart(release, lang);
      // The days so far, then the projected schedule to the end of the term.
      await expect.poll(() => releaseRows.count()).toBeGreaterThan(shownDays);
      // Today's row: what was released, the projection starting from that same figure, and the cap.
      expect(
        await releaseRows
          .nth(shownDays - 1)
          .locator('td')
          .allTextContents(),
      ).toEqual([number(lang, holding.released), number(lang, holding.released), number(lang, holding.rewardCap)]);
      await expect
        .poll(() => release.textContent())
        .toContain(
          t(lang, 'charts.release.unlock', { time: '' })
            .trim()
            .replace(/[:：]$/, ''),
        );
      await check(page, release, `chart-release-${lang}-${layout}.png`);
    } finally {
      await context.close();
    }
  });
});
