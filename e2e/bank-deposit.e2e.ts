// Proves a bank deposit end to end in the browser, on desktop 1280x800 (en-US) and phone 390x844 (zh-CN): the demo member opens /recharge, sees the bank to pay and the local-currency amount, picks a real 4000x3000 camera JPEG (with EXIF) that the page shrinks before uploading with a progress bar, submits it; staff open the bank-deposit queue in the back-office, see the receipt image beside the item and approve; the member's balance rises by the amount and the history says approved. Screenshots go to test-artifacts/screenshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { balancesOf, memberToken } from './support/api';
import { endpointPaths } from '@pp/contract/paths';
import { demoMember, dismissToasts, horizontalOverflow, pageErrors, waitForHeading, watchToasts, type Layout } from './support/browser';
import { adminT, t, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();
let photoPath: string;
/** The first run's deposit: the second run sends the same photo and the reviewer is told so. */
let firstNumber: string | undefined;

/** A camera-sized JPEG with EXIF (maker, GPS): smooth shading with grain, like a photo of paper. */
async function cameraPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = 180 + ((x >> 5) % 40) + grain / 2;
      pixels[i + 1] = 170 + ((y >> 5) % 50) + grain / 3;
      pixels[i + 2] = 150 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExifMerge({ IFD0: { Make: 'PhoneCam', Model: 'E2E 12' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1' } })
    .toBuffer();
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-photo-'));
  photoPath = path.join(dir, 'IMG_2026.jpg');
  fs.writeFileSync(photoPath, await cameraPhoto(4000, 3000));
});

afterAll(async () => {
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

async function shot(page: Page, file: string): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  // From the top, so the sticky header sits where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage: true });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

const cases: Array<[Language, Layout, string]> = [
  ['en-US', 'desktop', '100'],
  ['zh-CN', 'mobile', '120'],
];

describe('bank deposit with a receipt photo', () => {
  test.each(cases)(
    '%s %s: submit, staff approve beside the receipt, balance credited',
    async (lang, layout, amount) => {
      const token = await memberToken(suite.baseUrl, demoMember);
      const before = Number((await balancesOf(suite.baseUrl, token)).get('USDT')!.assetsAvailable);
      const { context, page } = await suite.memberPage(layout, lang);
      await dismissToasts(page, lang);
      await page.goto('/#/recharge');
      await waitForHeading(page, t(lang, 'pages.recharge'));
      await settle(page);
      // The bank to pay, grouped in fours, and the amount in the local currency at the rate.
      await expect.poll(() => page.locator('.bank-recipient').innerText()).toContain('6222 0000 1111 2222');
      await page.getByLabel(t(lang, 'deposit.amountUsd'), { exact: true }).fill(amount);
      const local = (Number(amount) * 7.2).toFixed(2);
      await expect.poll(() => page.locator('.preview').innerText()).toContain(`${Number(local).toLocaleString(lang, { minimumFractionDigits: 2 })} CNY`);
      const receiptNumber = `E2E-${layout}-${Date.now()}`;
      await page.getByLabel(t(lang, 'deposit.receiptNumber'), { exact: true }).fill(receiptNumber);

      // The photo is shrunk in the browser: what goes out is far smaller than the camera file.
      const original = fs.statSync(photoPath).size;
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/app/upload/create'));
      await page.getByLabel(t(lang, 'deposit.receiptImage'), { exact: true }).setInputFiles(photoPath);
      const request = await sent;
      const sentBytes = request.postDataBuffer()?.length ?? 0;
      expect(sentBytes).toBeGreaterThan(0);
      expect(sentBytes, `the sealed upload (${sentBytes} bytes) is smaller than the ${original}-byte photo`).toBeLessThan(original);
      await page.locator('.upload-preview').first().waitFor();
      await shot(page, `bank-deposit-form-${lang}-${layout}.png`);

      // The toast lives 3 s: record every toast from here on rather than poll for it, and say what
      // the server answered and what the page showed if the deposit does not go through.
      const toastsSeen = await watchToasts(page, t(lang, 'toast.region'));
      const answered = page.waitForResponse((r) => r.url().endsWith(endpointPaths.deposit), { timeout: 30_000 }).catch(() => null);
      await page.getByRole('button', { name: t(lang, 'deposit.submit'), exact: true }).click();
      const answer = await answered;
      const outcome = async () =>
        `deposit answer: ${answer ? `HTTP ${answer.status()}` : 'none within 30 s of the click'}; toasts: ${JSON.stringify(await toastsSeen())}; ` +
        `field errors: ${JSON.stringify(await page.locator('.field-error').allInnerTexts())}; script errors: ${JSON.stringify(pageErrors(page))}`;
      expect(answer?.status(), await outcome()).toBe(200);
      await expect
        .poll(toastsSeen)
        .toContain(t(lang, 'deposit.submitted'))
        .catch(async (error: Error) => {
          throw new Error(`no "submitted" toast (${await outcome()}): ${error.message}`);
        });
      const history = page.locator('.deposit-card').filter({ hasText: receiptNumber });
      await expect.poll(() => history.innerText()).toContain(t(lang, 'deposit.statuses.pendingReview'));
      const number = (await history.locator('dd.mono').first().innerText()).trim();
      expect(number).toMatch(/^BD\d+$/);
      await shot(page, `bank-deposit-pending-${lang}-${layout}.png`);

      // Staff: the bank-deposit queue, the item with the receipt image beside it, approve.
      const { context: staffContext, page: staffPage } = await suite.newPage(layout, lang);
      await staffLogin(staffPage, lang, demoStaff.admin);
      await staffPage.goto('/admin/#/reviews/bankDeposit');
      await waitForHeading(staffPage, adminT(lang, 'reviews.title', { queue: adminT(lang, 'queues.bankDeposit') }));
      await settle(staffPage);
      const itemLabel = `${demoMember.userName} · ${Number(amount).toFixed(2)} ${adminT(lang, 'coins.USDT')}`;
      await staffPage
        .getByRole('button', { name: adminT(lang, 'reviews.openItem', { item: itemLabel }), exact: true })
        .first()
        .click();
      const drawer = staffPage.getByRole('dialog', { name: adminT(lang, 'reviews.detailTitle'), exact: true });
      await drawer.getByText(receiptNumber, { exact: true }).waitFor();
      const receipt = drawer.locator('.evidence-image img').first();
      await receipt.waitFor();
      // The second run sends the same photo again: the reviewer is told.
      if (firstNumber) await expect.poll(() => drawer.innerText()).toContain(adminT(lang, 'reviews.duplicateImageNote', { numbers: firstNumber }));
      await expect.poll(() => receipt.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // Stored at most 2,000 px on its longer side (shrunk in the browser; the server keeps it so).
      expect(await receipt.evaluate((img) => Math.max((img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight))).toBeLessThanOrEqual(
        2000,
      );
      await settle(staffPage);
      await staffPage.screenshot({ path: path.join(shotsDir, `admin-bank-deposit-receipt-${lang}-${layout}.png`) });
      await drawer.getByRole('button', { name: adminT(lang, 'reviews.approve'), exact: true }).click();
      const confirm = staffPage.getByRole('dialog', { name: adminT(lang, 'reviews.approveTitle', { count: 1 }), exact: true });
      await confirm.getByRole('button', { name: adminT(lang, 'reviews.approve'), exact: true }).click();
      await expect.poll(() => drawer.innerText()).toContain(adminT(lang, 'reviews.status.approved'));
      await staffContext.close();

      // The member: credited, and the history says approved.
      await expect.poll(async () => Number((await balancesOf(suite.baseUrl, token)).get('USDT')!.assetsAvailable)).toBe(before + Number(amount));
      await page.reload();
      await waitForHeading(page, t(lang, 'pages.recharge'));
      await expect.poll(() => page.locator('.deposit-card').filter({ hasText: receiptNumber }).innerText()).toContain(t(lang, 'deposit.statuses.approved'));
      await shot(page, `bank-deposit-approved-${lang}-${layout}.png`);
      await context.close();
      firstNumber ??= number;
    },
    180_000,
  );
});
