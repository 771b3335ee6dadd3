// Proves the release projection in the browser, on desktop 1280x800 (en-US, demo) and phone 390x844 (zh-CN, alice):
// before buying, the buy dialog shows the package's release schedule (a chart and a table of dates, amounts and running
// totals) and the total return by its end date, equal to the contract's rule the release job pays by; the confirmation
// repeats that total; the new holding's page draws the projected schedule beside what was released, with its total.
// Both pages have no serious or critical axe-core violation and no horizontal overflow. Screenshots go to
// test-artifacts/screenshots/package-projection-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { communityMonthTimeZone, formatMinor, purchaseSchedule, type PackageTerms } from '@pp/contract';
import { callOk, memberToken } from './support/api';
import { dismissToasts, horizontalOverflow, toast, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { seriousViolations, shotsDir, useSuite } from './support/suite';

const cases: Record<Layout, { lang: Language; member: { userName: string; password: string; transactionPassword: string } }> = {
  desktop: { lang: 'en-US', member: { userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456' } },
  mobile: { lang: 'zh-CN', member: { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' } },
};

/** 1 % a day of the price, stopped by its cap of 20 % after 20 releases, inside a 30-day term. */
const terms: PackageTerms = {
  price: '100',
  premium: '1',
  fee: '2',
  feeCoinName: 'USDT',
  contractDays: 30,
  unlockDays: 10,
  effectiveDelayHours: 0,
  releasePercent: '1',
  releasePeriodHours: 24,
  maxProfitPercent: '20',
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '0',
  drawCycleDays: 0,
};
const names = { 'en-US': 'E2E Forecast', 'zh-CN': 'E2E 预测' } as const;
const units = 2;

const suite = useSuite();
let productId = '';

beforeAll(async () => {
  const staff = await suite.staff();
  const saved = await callOk<{ id: string }>(
    suite.baseUrl,
    'productSave',
    {
      kind: 'normal',
      names,
      descriptions: { 'zh-CN': '', 'en-US': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' },
      terms,
      payWith: [{ coinName: 'USDT', maxPercent: '100' }],
      perMemberLimit: 0,
      totalLimit: 0,
      minGrade: null,
      sortOrder: 1,
      isOnSale: true,
      isInviteOnly: false,
      invitedUserNames: [],
    },
    staff,
  );
  productId = saved.id;
}, 180_000);

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  // The chart library is its own chunk: wait until every chart has drawn.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('.chart-plot')).every((p) => p.querySelector('canvas') !== null), undefined, {
    timeout: 15_000,
  });
}

async function shot(page: Page, file: string, fullPage: boolean): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** Points as the portal shows an exact amount: grouped, at least two decimals. */
const money = (lang: Language, minor: bigint) => Number(formatMinor(minor)).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 6 });

describe('release projection in the member portal', () => {
  test.each(['desktop', 'mobile'] as const)('%s: the schedule before buying and the projection on the new holding', async (layout) => {
    const { lang, member } = cases[layout];
    const token = await memberToken(suite.baseUrl, member);
    const { context, page } = await suite.memberPage(layout, lang, member);
    await dismissToasts(page, lang);
    await page.goto('/#/package');
    await waitForHeading(page, t(lang, 'pages.package'));
    const card = page.getByTestId('package-product').filter({ hasText: names[lang as keyof typeof names] });
    await card.getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'packages.buy.title', { name: names[lang as keyof typeof names] }), exact: true });
    await dialog.getByLabel(t(lang, 'packages.pay.quantity'), { exact: true }).fill(String(units));

    // The same rule the release job pays by: 20 releases of 2.00, 40.00 in total, the cap of two units.
    const expected = purchaseSchedule(terms, units, Date.now(), false).periods;
    expect(expected).toHaveLength(20);
    const total = expected.at(-1)!.releasedAfter;
    expect(total).toBe(40_000_000n);
    const schedule = dialog.getByTestId('purchase-schedule');
    await schedule.waitFor();
    // The whole sentence: total, end date, number of releases and the first date (days as the community counts them).
    const day = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: communityMonthTimeZone });
    await expect
      .poll(() => schedule.locator('.chart-summary').innerText())
      .toBe(
        t(lang, 'packages.projection.summary', {
          total: `${money(lang, total)} ${t(lang, 'coins.REWARD_POINT')}`,
          date: day.format(expected.at(-1)!.dueAt),
          releases: expected.length,
          first: day.format(expected[0]!.dueAt),
        }),
      );
    const rows = schedule.locator('table.schedule-table tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    expect(await rows.last().locator('td').last().innerText()).toBe(money(lang, total));
    // The first row counts from nothing released: its amount is its running total.
    const [firstAmount, firstTotal] = await rows.first().locator('td').allInnerTexts();
    expect(firstAmount).toBe(firstTotal);
    expect(await schedule.getByRole('columnheader', { name: t(lang, 'packages.projection.cumulative'), exact: true }).count()).toBe(1);
    await schedule.scrollIntoViewIfNeeded();
    await shot(page, `package-projection-buy-${lang}-${layout}.png`, false);
    expect(await seriousViolations(page)).toEqual([]);

    // The confirmation repeats the total return and its date; then the purchase.
    await dialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'packages.buy.submit'), exact: true }).click();
    const confirm = dialog.getByTestId('pay-confirm');
    await confirm.waitFor();
    expect(await dialog.getByTestId('purchase-return').locator('dd').innerText()).toBe(`${money(lang, total)} ${t(lang, 'coins.REWARD_POINT')}`);
    await shot(page, `package-projection-confirm-${lang}-${layout}.png`, false);
    await dialog.getByRole('button', { name: t(lang, 'packages.pay.confirm'), exact: true }).click();
    await toast(page, lang, t(lang, 'packages.buy.done')).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The new holding: the released line (nothing yet) and the projected one to the cap, with its total.
    const holding = (
      await callOk<{ items: Array<{ id: string; productId: string }> }>(suite.baseUrl, 'buyMatchingList', { pageSize: 50 }, { token })
    ).items.find((h) => h.productId === productId)!;
    await page.goto(`/#/package/${encodeURIComponent(holding.id)}`);
    const chart = page.getByTestId('chart-release');
    await chart.waitFor();
    await chart.locator('.chart-legend').getByText(t(lang, 'charts.release.projected'), { exact: true }).waitFor();
    expect(await page.getByTestId('projected-total').innerText()).toContain(`${money(lang, total)} ${t(lang, 'coins.REWARD_POINT')}`);
    // The accessible table has the projected column, its last figure the total.
    const table = chart.locator('table.chart-table');
    const headers = await table.locator('thead th').allTextContents();
    const projectedColumn = headers.indexOf(t(lang, 'charts.release.projected'));
    expect(projectedColumn).toBeGreaterThan(0);
    const lastCells = await table.locator('tbody tr').last().locator('th, td').allTextContents();
    expect(lastCells[projectedColumn]).toBe(Number(formatMinor(total)).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    // The phone's fixed tab bar would sit across a full-page picture: there the chart in the viewport.
    await dismissToasts(page, lang);
    if (layout === 'mobile') await chart.scrollIntoViewIfNeeded();
    await shot(page, `package-projection-holding-${lang}-${layout}.png`, layout === 'desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
