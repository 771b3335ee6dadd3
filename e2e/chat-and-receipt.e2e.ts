// The support chat dialog fits the screen and shows its title, and a bank
// deposit's record shows a thumbnail of its receipt that opens in a viewer. Desktop 1280x800 and
// phone 390x844. The chat: with a long unbroken message sent, the dialog's box lies inside the
// viewport, neither the page nor the dialog nor its log scrolls sideways, the title is the translated "customer service" in two languages, Send
// and Close are reached with Tab, and Close gives focus back to what opened it. The receipt: the
// member sends a bank deposit with a real PNG; the record's thumbnail loads through the sealed
// uploadFile call (no file URL), opens a viewer with the full image, and Escape and the close
// button close it; while it loads and when the read fails the record says so (no toast), and
// Retry brings it. axe finds no serious or critical violation on the open chat and on the record
// page with the viewer open. Screenshots: test-artifacts/screenshots/chat-*.png and receipt-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { endpointPaths } from '@pp/contract/paths';
import { dismissToasts, login, recordApi, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { seriousViolations, shotsDir, useSuite } from './support/suite';

const suite = useSuite();
let receiptPath: string;

/** A receipt-like PNG: a light page with dark lines of "text" and a coloured stamp. */
async function receiptImage(): Promise<Buffer> {
  const width = 600;
  const height = 800;
  const lines = Array.from({ length: 14 }, (_, i) => `<rect x="60" y="${120 + i * 40}" width="${300 + ((i * 73) % 180)}" height="12" fill="#334"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f6f4ee"/><rect x="60" y="50" width="480" height="36" fill="#1c4f9c"/>${lines}<circle cx="450" cy="690" r="60" fill="none" stroke="#c22" stroke-width="8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-receipt-'));
  receiptPath = path.join(dir, 'receipt.png');
  fs.writeFileSync(receiptPath, await receiptImage());
}, 180_000);

afterAll(async () => {
  if (receiptPath) fs.rmSync(path.dirname(receiptPath), { recursive: true, force: true });
});

/** The page's and the element's sideways scroll, and the element's box against the viewport. */
async function fit(page: Page, target: Locator) {
  const box = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  const pageWidth = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
  }));
  return { box, page: pageWidth };
}

async function expectInside(page: Page, target: Locator, what: string): Promise<void> {
  const { box, page: p } = await fit(page, target);
  expect(box.left, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.top, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what}: right edge`).toBeLessThanOrEqual(p.innerWidth);
  expect(box.bottom, `${what}: bottom edge`).toBeLessThanOrEqual(p.innerHeight);
  expect(box.scrollWidth, `${what}: sideways scroll inside`).toBeLessThanOrEqual(box.clientWidth);
  expect(p.scrollWidth, `${what}: page sideways scroll`).toBeLessThanOrEqual(p.innerWidth);
}

async function openChat(page: Page, layout: Layout, lang: Language): Promise<Locator> {
  const opener = page.getByRole('button', { name: t(lang, layout === 'desktop' ? 'nav.settingsMenu' : 'nav.openMenu'), exact: true });
  await opener.click();
  // The menu's entry (the home has a customer-service entry of its own).
  await page
    .locator('.menu-panel:not([hidden])')
    .getByRole('button', { name: new RegExp(t(lang, 'nav.customerService')) })
    .click();
  const chat = page.getByRole('dialog', { name: t(lang, 'support.title') });
  await chat.waitFor();
  await chat.getByLabel(t(lang, 'support.chat.messageLabel')).waitFor();
  return chat;
}

const chatCases: Array<[Layout, Language]> = [
  ['desktop', 'en-US'],
  ['desktop', 'ja-JP'],
  ['mobile', 'zh-CN'],
  ['mobile', 'id-ID'],
];

describe('the support chat dialog fits and is titled', () => {
  test.each(chatCases)(
    '%s %s',
    async (layout, lang) => {
      const { context, page } = await suite.memberPage(layout, lang);
      await dismissToasts(page, lang);
      const chat = await openChat(page, layout, lang);

      // The title is shown, in the member's language.
      const title = chat.getByRole('heading', { level: 2 });
      expect(await title.innerText()).toBe(t(lang, 'support.title'));
      expect(await title.isVisible()).toBe(true);

      // A message with a long unbroken word, sent with the Send button, wraps inside the log.
      const long = `${layout}-${lang}-${'x'.repeat(240)}`;
      await chat.getByLabel(t(lang, 'support.chat.messageLabel')).fill(long);
      await chat.getByRole('button', { name: t(lang, 'support.chat.send'), exact: true }).click();
      await expect.poll(() => chat.getByTestId('chat-message').filter({ hasText: long }).count(), { timeout: 15_000 }).toBe(1);

      // The dialog's box inside the viewport; nothing scrolls sideways, the dialog nor its log.
      await expectInside(page, chat, `chat dialog ${layout} ${lang}`);
      const log = chat.getByRole('list', { name: t(lang, 'support.chat.history') });
      expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      for (const control of [
        chat.getByLabel(t(lang, 'support.chat.messageLabel')),
        chat.getByRole('button', { name: t(lang, 'support.chat.send'), exact: true }),
        chat.locator('.dialog-head').getByRole('button', { name: t(lang, 'common.close'), exact: true }),
      ]) {
        const r = await control.boundingBox();
        expect(r, 'control laid out').not.toBeNull();
        expect(r!.x + r!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      }

      // Send and Close by keyboard: Tab from the message box reaches Send, then Close.
      const box = chat.getByLabel(t(lang, 'support.chat.messageLabel'));
      await box.focus();
      const focusedName = () =>
        page.evaluate(() => (document.activeElement?.textContent ?? '').trim() || document.activeElement?.getAttribute('aria-label') || '');
      const reached: string[] = [];
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        reached.push(await focusedName());
      }
      expect(reached).toContain(t(lang, 'support.chat.send'));
      expect(reached).toContain(t(lang, 'common.close'));

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shotsDir, `chat-${layout}-${lang}.png`) });

      // Close with the keyboard: focus goes back to a control of the page, the dialog is gone.
      // The chat has one Close, the dialog's own in its head (a second one below said the same twice).
      expect(await chat.getByRole('button', { name: t(lang, 'common.close'), exact: true }).count()).toBe(1);
      const close = chat.locator('.dialog-head').getByRole('button', { name: t(lang, 'common.close'), exact: true });
      await close.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => chat.isVisible()).toBe(false);
      // Focus is back on the menu button the chat was opened from (its entry went away with the menu).
      const menuButton = t(lang, layout === 'desktop' ? 'nav.settingsMenu' : 'nav.openMenu');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toBe(menuButton);
      await context.close();
    },
    120_000,
  );
});

const receiptCases: Array<[Layout, Language, { userName: string; password: string }]> = [
  ['desktop', 'en-US', { userName: 'demo', password: 'Demo@12345' }],
  ['mobile', 'ja-JP', { userName: 'alice', password: 'Alice@12345' }],
];

describe('the deposit record shows the receipt, opened in a viewer', () => {
  test.each(receiptCases)(
    '%s %s',
    async (layout, lang, member) => {
      const { context, page } = await suite.newPage(layout, lang);
      const api = recordApi(page);
      await login(page, lang, member);
      await dismissToasts(page, lang);
      await page.goto('/#/recharge');
      await waitForHeading(page, t(lang, 'pages.recharge'));

      // A bank deposit with a real PNG receipt, uploaded as the deposit page does.
      await page.getByLabel(t(lang, 'deposit.amountUsd'), { exact: true }).fill('100');
      const receiptNumber = `E2E-RCPT-${layout}-${Date.now()}`;
      await page.getByLabel(t(lang, 'deposit.receiptNumber'), { exact: true }).fill(receiptNumber);
      await page.getByLabel(t(lang, 'deposit.receiptImage'), { exact: true }).setInputFiles(receiptPath);
      await page.locator('.upload-preview').first().waitFor();
      const answered = page.waitForResponse((r) => r.url().endsWith(endpointPaths.deposit), { timeout: 30_000 });
      await page.getByRole('button', { name: t(lang, 'deposit.submit'), exact: true }).click();
      expect((await answered).status()).toBe(200);

      // The record of that deposit shows the thumbnail, read through the sealed uploadFile call.
      const record = page.locator('.deposit-card').filter({ hasText: receiptNumber });
      await record.waitFor();
      const number = (await record.locator('dd.mono').first().innerText()).trim();
      const thumb = record.getByRole('button', { name: t(lang, 'deposit.receiptView', { number }), exact: true });
      await thumb.waitFor({ timeout: 20_000 });
      const thumbImg = thumb.locator('img');
      await expect.poll(() => thumbImg.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await thumbImg.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const box = (await thumb.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(80);
      expect(api.calls(endpointPaths.uploadFile).length).toBeGreaterThan(0);
      // No file URL: every request of the page went to the sealed API or the app's own files.
      expect(api.requests.filter((r) => r.path.includes('/uploads/'))).toEqual([]);
      await dismissToasts(page, lang);
      await thumb.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(shotsDir, `receipt-thumbnail-${layout}.png`) });

      // The viewer: a dialog named by its title with the full image; Escape closes it, focus returns.
      await thumb.click();
      const viewer = page.getByRole('dialog', { name: t(lang, 'deposit.receiptTitle'), exact: true });
      await viewer.waitFor();
      const full = viewer.getByRole('img', { name: t(lang, 'deposit.receiptAlt', { number }), exact: true });
      await expect.poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
      await expectInside(page, viewer, `receipt viewer ${layout}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shotsDir, `receipt-viewer-${layout}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.isVisible()).toBe(false);
      await expect.poll(() => thumb.evaluate((el) => el === document.activeElement)).toBe(true);

      // Opened again (by keyboard) and closed with its Close button.
      await page.keyboard.press('Enter');
      await viewer.waitFor();
      await viewer
        .locator('.dialog-actions')
        .getByRole('button', { name: t(lang, 'common.close'), exact: true })
        .click();
      await expect.poll(() => viewer.isVisible()).toBe(false);

      // Loading, then a failed read (the server unavailable): the record says so, with no toast,
      // and Retry brings the thumbnail once the server answers again.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${endpointPaths.uploadFile}`, async (route) => {
        await held;
        await route.fulfill({ status: 503, body: '' });
      });
      await page.reload();
      await waitForHeading(page, t(lang, 'pages.recharge'));
      const reloaded = page.locator('.deposit-card').filter({ hasText: receiptNumber });
      await reloaded
        .getByRole('status')
        .filter({ hasText: t(lang, 'deposit.receiptLoading') })
        .waitFor({ state: 'attached' });
      release();
      await reloaded
        .getByRole('alert')
        .filter({ hasText: t(lang, 'deposit.receiptFailed') })
        .waitFor({ timeout: 20_000 });
      expect(
        await page
          .getByRole('region', { name: t(lang, 'toast.region') })
          .getByRole('alert')
          .count(),
      ).toBe(0);
      await dismissToasts(page, lang);
      await reloaded.getByRole('alert').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(shotsDir, `receipt-failed-${layout}.png`) });
      await page.unroute(`**${endpointPaths.uploadFile}`);
      await reloaded.getByRole('button', { name: t(lang, 'common.retry'), exact: true }).click();
      await reloaded.getByRole('button', { name: t(lang, 'deposit.receiptView', { number }), exact: true }).waitFor({ timeout: 20_000 });
      api.stop();
      await context.close();
    },
    120_000,
  );
});
