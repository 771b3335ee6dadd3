// Proves that /records tells the demo member what happened to their money, in zh-CN and en-US on desktop 1280x800 and phone 390x844: the cancelled exchange reads "cancelled" with the amount returned (not a red failure), and the package principal reads as a move from available to fixed (not a green gain); and that the back-office review queue keeps every row's action within reach on a phone. Screenshots go to test-artifacts/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, horizontalOverflow, waitForHeading, type Layout } from './support/browser';
import { adminT, t, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();

/** The record rows (desktop table rows or phone cards) whose text contains all of `parts`. */
function recordRow(page: Page, layout: Layout, parts: string[]) {
  let rows = layout === 'desktop' ? page.locator('tbody tr') : page.locator('.card-list li');
  for (const part of parts) rows = rows.filter({ hasText: part });
  return rows;
}

const cases: Array<[Language, Layout]> = [
  ['zh-CN', 'desktop'],
  ['zh-CN', 'mobile'],
  ['en-US', 'desktop'],
  ['en-US', 'mobile'],
];

describe('records say what happened to the money', () => {
  test.each(cases)(
    '%s %s: a cancelled exchange returned, a package principal moved to fixed',
    async (lang, layout) => {
      const { context, page } = await suite.memberPage(layout, lang);
      await dismissToasts(page, lang);
      await page.goto('/#/records');
      await waitForHeading(page, t(lang, 'records.title'));
      await settle(page);

      // The demo's cancelled exchange of 40 USDT: cancelled, and the 40 came back.
      const cancelled = recordRow(page, layout, [t(lang, 'records.statuses.cancelled')]);
      await expect.poll(() => cancelled.count()).toBe(1);
      await expect.poll(() => cancelled.innerText()).toContain(t(lang, 'records.returned', { amount: '40.00' }));
      expect(await cancelled.innerText()).not.toContain(t(lang, 'records.statuses.failed'));
      expect(await cancelled.locator('.amount-out, .amount-in').count(), 'a returned hold is neither a loss nor a gain').toBe(0);

      // The package principal of 1,000 USDT: a move from available to fixed, shown without sign or colour.
      const move = t(lang, 'records.move', { from: t(lang, 'records.accounts.available'), to: t(lang, 'records.accounts.fixed') });
      const fixed = recordRow(page, layout, [t(lang, 'records.types.buyMatching')]);
      await expect.poll(() => fixed.innerText()).toContain(move);
      expect(await fixed.locator('.amount-in, .amount-out').count(), 'a move is neither a gain nor a loss').toBe(0);
      expect(await fixed.innerText()).not.toMatch(/[+\u2212]\s*1[,.]?000/);

      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const file = path.join(shotsDir, `records-${lang}-${layout}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(fs.statSync(file).size).toBeGreaterThan(5000);

      // The details of the cancelled exchange: the amount returned and the exchange by its point types.
      await cancelled.first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.innerText()).toContain(t(lang, 'records.returnedLabel'));
      await expect.poll(() => dialog.innerText()).toContain(t(lang, 'exchange.typeName', { source: 'USDT', target: t(lang, 'coins.ASSETS_POINT') }));
      await page.screenshot({ path: path.join(shotsDir, `records-${lang}-${layout}-cancelled-details.png`) });
      await context.close();
    },
    90_000,
  );
});

describe('back-office on a phone', () => {
  test("the review queue keeps each row's action within the screen", async () => {
    const lang: Language = 'zh-CN';
    const { context, page } = await suite.newPage('mobile', lang);
    await staffLogin(page, lang, demoStaff.admin);
    await page.goto('/admin/#/reviews/exchange');
    await waitForHeading(page, adminT(lang, 'reviews.title', { queue: adminT(lang, 'queues.exchange') }));
    await settle(page);
    const buttons = page.locator('tbody tr').getByRole('button', { name: adminT(lang, 'reviews.details'), exact: true });
    // The accessible name of the button is longer (it names the item); match by its visible text.
    const actions = (await buttons.count()) > 0 ? buttons : page.locator('tbody tr td:last-child button');
    expect(await actions.count()).toBeGreaterThan(0);
    const width = page.viewportSize()!.width;
    for (const box of await actions.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number }))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: path.join(shotsDir, 'admin-review-queue-zh-CN-mobile.png'), fullPage: true });
    // The action works where it is: the review's detail opens.
    await actions.first().click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: path.join(shotsDir, 'admin-review-detail-zh-CN-mobile.png') });
    await context.close();
  }, 90_000);
});
