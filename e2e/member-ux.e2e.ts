// Proves the member portal's layout and language fixes in the browser, desktop 1280x800 and phone 390x844: toasts
// start below the header (the sign-in message and a copy message never overlap the header's box);
// /equity while shares are closed says "not on sale" instead of an offer of zeros at 0.00; the
// registration form in ja-JP lists countries in Japanese and finds one by its Japanese name; the
// package page's tabs in ja-JP on a phone stay one row that scrolls sideways. Screenshots go to
// test-artifacts/screenshots/member-ux-*.png (or UX_SHOTS_DIR).
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dismissToasts, horizontalOverflow, login, newContext, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { repoRoot } from './support/server';
import { useSuite } from './support/suite';

const shotsDir = process.env.UX_SHOTS_DIR ?? path.join(repoRoot, 'test-artifacts/screenshots');
const members: Record<Layout, { userName: string; password: string; transactionPassword: string }> = {
  desktop: { userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456' },
  mobile: { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' },
};

const suite = useSuite();

async function shot(page: Page, file: string, fullPage = true): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (fullPage) await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(shotsDir, file), fullPage });
}

type Box = { top: number; bottom: number; left: number; right: number };
type Frame = { header: Box & { className: string }; toasts: Box[] };

/**
 * Records, on every frame a toast is shown, the boxes of the toasts and of the first header shown,
 * from inside the page: a toast lives 3 s, and a wait from the test on a busy machine could miss it.
 */
async function recordToastFrames(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const frames: Frame[] = [];
    (window as unknown as { toastFrames: Frame[] }).toastFrames = frames;
    const box = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    const look = () => {
      const toasts = Array.from(document.querySelectorAll('.toast-region .toast')).map((el) => box(el.getBoundingClientRect()));
      const header = Array.from(document.querySelectorAll('header')).find((h) => h.getBoundingClientRect().height > 0);
      if (toasts.length > 0 && header && frames.length < 2000)
        frames.push({ header: { ...box(header.getBoundingClientRect()), className: header.className }, toasts });
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const toastFrames = (page: Page) => page.evaluate(() => (window as unknown as { toastFrames: Frame[] }).toastFrames);
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('member portal', () => {
  test.each(['desktop', 'mobile'] as const)('%s: toasts start below the header, never over its controls', async (layout) => {
    const lang: Language = 'en-US';
    const context = await newContext(suite.browser, suite.baseUrl, layout, { lang });
    await recordToastFrames(context);
    const page = await context.newPage();
    try {
      await login(page, lang, members[layout]);
      // A toast of our own on a member page: copying the referral link (copied or refused, a toast either way).
      await page.goto('/#/user-info');
      await waitForHeading(page, t(lang, 'user.title'));
      await page.getByRole('button', { name: t(lang, 'user.copyLink'), exact: true }).click();
      const headerClass = layout === 'desktop' ? 'topbar' : 'mobile-header';
      await expect.poll(async () => (await toastFrames(page)).some((f) => f.header.className.split(' ').includes(headerClass))).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `member-ux-toast-${layout}.png`, false);
      const frames = await toastFrames(page);
      const overlapping = frames.filter((f) => f.toasts.some((toast) => intersects(toast, f.header)));
      expect(overlapping, JSON.stringify(overlapping.slice(0, 3))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each(['desktop', 'mobile'] as const)('%s: an exchange asks to confirm what moves and the fee before it is sent', async (layout) => {
    const lang: Language = layout === 'desktop' ? 'en-US' : 'ja-JP';
    const member = members[layout];
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await login(page, lang, member);
      await dismissToasts(page, lang);
      await page.goto('/#/details');
      await waitForHeading(page, t(lang, 'wallet.title'));
      const usdt = t(lang, 'coins.USDT');
      const ap = t(lang, 'coins.ASSETS_POINT');
      await page.getByLabel(t(lang, 'exchange.type'), { exact: true }).selectOption('USDT_TO_ASSETS');
      await page.getByLabel(t(lang, 'exchange.amountIn', { coin: usdt }), { exact: true }).fill('20');
      await page.getByLabel(t(lang, 'exchange.transactionPassword'), { exact: true }).fill(member.transactionPassword);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/exchange/')) sent.push(request.url());
      });
      await page.getByRole('button', { name: t(lang, 'exchange.submit'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'exchange.confirmTitle'), exact: true });
      await dialog.waitFor();
      // 20 USDT at the demo rate 1 with a 2 % fee: 0.40 of the target points, 19.60 received.
      const summary = await dialog.getByTestId('exchange-confirm').innerText();
      for (const text of [t(lang, 'exchange.deducted'), `20.00 ${usdt}`, `0.40 ${ap}`, `19.60 ${ap}`]) expect(summary).toContain(text);
      expect(sent.filter((url) => url.endsWith('/api/app/exchange/create'))).toEqual([]);
      await shot(page, `member-ux-exchange-confirm-${lang}-${layout}.png`, false);
      // Back: the form keeps what was typed, nothing was sent.
      await dialog.getByRole('button', { name: t(lang, 'exchange.back'), exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.getByLabel(t(lang, 'exchange.amountIn', { coin: usdt }), { exact: true }).inputValue()).toBe('20');
    } finally {
      await context.close();
    }
  });

  test.each(['desktop', 'mobile'] as const)('%s: /equity while shares are closed says not on sale, no price of 0.00', async (layout) => {
    const lang: Language = layout === 'desktop' ? 'en-US' : 'ja-JP';
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await login(page, lang, members[layout]);
      await dismissToasts(page, lang);
      await page.goto('/#/equity');
      await waitForHeading(page, t(lang, 'pages.equity'));
      const closed = page.getByTestId('equity-closed');
      await closed.waitFor();
      expect(await closed.innerText()).toContain(t(lang, 'equity.notOpen'));
      await page.getByRole('heading', { name: t(lang, 'equity.notOnSale'), exact: true }).waitFor();
      await page.getByRole('heading', { name: t(lang, 'equity.records'), exact: true }).waitFor();
      // No offer: no price, issued, sold or maximum (they were zeros), no buy form.
      for (const id of ['equity-price', 'equity-totalIssued', 'equity-sold', 'equity-maxPerMember']) expect(await page.getByTestId(id).count()).toBe(0);
      expect(await page.getByRole('button', { name: t(lang, 'equity.submit'), exact: true }).count()).toBe(0);
      await shot(page, `member-ux-equity-closed-${lang}-${layout}.png`);
    } finally {
      await context.close();
    }
  });

  test.each(['desktop', 'mobile'] as const)('%s: registration in ja-JP names countries in Japanese, found by the Japanese name', async (layout) => {
    const lang: Language = 'ja-JP';
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await page.goto('/#/register');
      await waitForHeading(page, t(lang, 'auth.register.title'));
      const select = page.getByLabel(t(lang, 'auth.register.country'), { exact: true });
      await expect.poll(() => select.locator('option').count()).toBeGreaterThan(20);
      const labels = await select.locator('option').allInnerTexts();
      const expected = await page.evaluate(() => {
        const names = new Intl.DisplayNames(['ja-JP'], { type: 'region' });
        return { JP: names.of('JP')!, US: names.of('US')!, ID: names.of('ID')! };
      });
      expect(labels).toContain(expected.JP);
      expect(labels).toContain(expected.US);
      for (const english of ['Japan', 'United States', 'Indonesia', 'Germany']) expect(labels).not.toContain(english);
      // Typing a Japanese name narrows the list and picks the only match (インド alone would also find India).
      await page.getByLabel(t(lang, 'auth.register.countrySearch'), { exact: true }).fill(expected.ID);
      await expect.poll(() => select.inputValue()).toBe('ID');
      expect(await select.locator('option:checked').innerText()).toBe(expected.ID);
      await shot(page, `member-ux-register-${lang}-${layout}.png`);
      await page.getByLabel(t(lang, 'auth.register.countrySearch'), { exact: true }).fill('ニホン語ではない');
      await page.getByText(t(lang, 'auth.register.countryNoMatch', { query: 'ニホン語ではない' }), { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  test.each(['desktop', 'mobile'] as const)('%s: the package tabs in ja-JP are one row', async (layout) => {
    const lang: Language = 'ja-JP';
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await login(page, lang, members[layout]);
      await dismissToasts(page, lang);
      await page.goto('/#/package');
      await waitForHeading(page, t(lang, 'pages.package'));
      const row = page.locator('fieldset.package-tabs');
      await row.waitFor();
      const geometry = () =>
        row.evaluate((el) => {
          const segments = Array.from(el.querySelectorAll('.segment')).map((s) => s.getBoundingClientRect());
          return {
            tops: [...new Set(segments.map((s) => Math.round(s.top)))],
            height: el.getBoundingClientRect().height,
            segment: Math.max(...segments.map((s) => s.height)),
          };
        });
      await expect.poll(async () => (await geometry()).tops.length).toBe(1);
      const { height, segment } = await geometry();
      // One line: the row is one tab high plus its padding and border, not two.
      expect(height).toBeLessThan(segment * 2);
      // The last tab is reached by scrolling the row, not the page.
      const last = page.locator('fieldset.package-tabs .segment').last();
      await last.click();
      await expect.poll(() => last.getAttribute('class')).toContain('segment-active');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `member-ux-package-tabs-${lang}-${layout}.png`);
    } finally {
      await context.close();
    }
  });
});
