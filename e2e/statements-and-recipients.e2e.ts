// Proves the member's statement and the recipient check in zh-CN and en-US on desktop 1280x800 and
// phone 390x844 (decisions 092, 093): /records shows this month's opening and closing per point
// type and downloads it as a CSV (BOM, the member's headers) and as a PDF (pages that a reader
// opens), and a search by amount narrows the list; /transfer offers the recent recipient (alice,
// from the demo's transfer), shows her masked name and avatar once picked, and says when no
// member has a typed name; no page scrolls sideways. Screenshots go to test-artifacts/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { dismissToasts, horizontalOverflow, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();

const cases: Array<[Language, Layout]> = [
  ['zh-CN', 'desktop'],
  ['zh-CN', 'mobile'],
  ['en-US', 'desktop'],
  ['en-US', 'mobile'],
];

describe('statements and the recipient check', () => {
  test.each(cases)('%s %s: the month statement downloads as CSV and PDF; amount search', async (lang, layout) => {
    const { context, page } = await suite.memberPage(layout, lang);
    try {
      await dismissToasts(page, lang);
      await page.goto('/#/records');
      await waitForHeading(page, t(lang, 'records.title'));
      const card = page.locator('.statement-card');
      await expect.poll(() => card.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await settle(page);
      // The header row on a desktop, each figure's label beside it on a phone.
      const closingLabel = card.locator(`td[data-label="${t(lang, 'records.statement.closing')}"]`);
      expect(await closingLabel.count()).toBe(await card.locator('tbody tr').count());
      expect(await card.innerText()).toContain('USDT');

      const [csv] = await Promise.all([page.waitForEvent('download'), card.getByTestId('statement-csv').click()]);
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      const csvText = fs.readFileSync((await csv.path())!, 'utf8');
      expect(csvText.startsWith('\uFEFF')).toBe(true);
      expect(csvText).toContain(t(lang, 'records.statement.opening'));
      expect(csvText).toContain('USDT');

      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), card.getByTestId('statement-pdf').click()]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      const pdfBytes = fs.readFileSync((await pdf.path())!);
      expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfBytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThan(0);
      expect(pdfBytes.length).toBeGreaterThan(20_000);
      if (layout === 'desktop') fs.writeFileSync(path.join(shotsDir, `statement-${lang}.pdf`), pdfBytes);

      // The demo's transfer of 50 ASSETS_POINT to alice is found by its amount.
      await page.getByLabel(t(lang, 'records.searchAmount'), { exact: true }).fill('50');
      const rows = layout === 'desktop' ? page.locator('.card').last().locator('tbody tr') : page.locator('.card-list li');
      await expect.poll(async () => (await rows.allInnerTexts()).every((text) => /50/.test(text)) && (await rows.count()) > 0, { timeout: 15_000 }).toBe(true);
      await settle(page);

      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await card.scrollIntoViewIfNeeded();
      const file = path.join(shotsDir, `statement-${lang}-${layout}.png`);
      await page.screenshot({ path: file, fullPage: layout === 'mobile' });
      expect(fs.statSync(file).size).toBeGreaterThan(5000);
    } finally {
      await context.close();
    }
  });

  test.each(cases)('%s %s: a recent recipient picked shows masked with the avatar; an unknown name says so', async (lang, layout) => {
    const { context, page } = await suite.memberPage(layout, lang);
    try {
      await dismissToasts(page, lang);
      await page.goto('/#/transfer');
      await waitForHeading(page, t(lang, 'transfer.title'));
      const chip = page.getByRole('button', { name: t(lang, 'transfer.recent.pick', { name: 'alice' }), exact: true });
      await chip.waitFor({ timeout: 15_000 });
      await chip.click();
      const field = page.getByLabel(t(lang, 'transfer.toUserName'), { exact: true });
      expect(await field.inputValue()).toBe('alice');
      const preview = page.getByTestId('recipient-preview');
      await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain('al***e');
      expect(await preview.locator('.recipient-avatar').innerText()).toBe('A');
      await settle(page);
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const file = path.join(shotsDir, `transfer-recipient-${lang}-${layout}.png`);
      await page.screenshot({ path: file, fullPage: layout === 'mobile' });
      expect(fs.statSync(file).size).toBeGreaterThan(5000);

      // The confirmation names the recipient the same way before anything is sent.
      await page.getByLabel(t(lang, 'transfer.coinName'), { exact: true }).selectOption('ASSETS_POINT');
      await page.getByLabel(t(lang, 'transfer.amount'), { exact: true }).fill('1');
      await page.getByLabel(t(lang, 'transfer.transactionPassword'), { exact: true }).fill('Demo@123456');
      await page.getByRole('button', { name: t(lang, 'transfer.submit'), exact: true }).click();
      const confirmed = page.getByTestId('recipient-confirm');
      await expect.poll(() => confirmed.innerText(), { timeout: 15_000 }).toContain('al***e');
      await page.screenshot({ path: path.join(shotsDir, `transfer-confirm-${lang}-${layout}.png`) });
      await page.getByRole('button', { name: t(lang, 'transfer.back'), exact: true }).click();

      await field.fill('nobody-by-this-name');
      await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain(t(lang, 'transfer.recipient.notFound'));
    } finally {
      await context.close();
    }
  });
});
