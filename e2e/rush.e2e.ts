// Proves the member side of scarce goods (decision 025) in the browser, on desktop 1280x800 (en-US, demo giving to bob) and phone 390x844 (zh-CN, alice giving to carol): the rush and shares menu items are absent until staff turn the flags on through the staff API, then appear (top nav, phone header menu); a rush opened by staff a few seconds ahead counts down on the server's clock with its buy button disabled, the member arms it with the transaction password, the countdown reaches zero and the button enables; a code is bought and activated into a package that shows on /package, a second code is bought and given to another member (who then holds the package), and the limit refusal is shown in the member's language; a flash sale is armed and bought from /package; shares are bought on /equity and a purchase over the maximum shows the server's over-limit message. The ledger verifies as balanced at the end. Screenshots: test-artifacts/screenshots/rush-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { endpointPaths } from '@pp/contract/paths';
import { callOk, memberToken } from './support/api';
import {
  closeBrowser,
  dismissToasts,
  hashPath,
  horizontalOverflow,
  launchBrowser,
  login,
  newContext,
  recordApi,
  toast,
  waitForHashPath,
  waitForHeading,
  type Layout,
} from './support/browser';
import { serverText, t, type Language } from './support/i18n';
import { ledgerVerifyAfterHalt, repoRoot, startServer, type RunningServer } from './support/server';
import { demoStaff, totpCode } from './support/staff';

const shotsDir = path.join(repoRoot, 'test-artifacts/screenshots');

interface Member {
  userName: string;
  password: string;
  transactionPassword: string;
}
const cases: Record<Layout, { lang: Language; buyer: Member; receiver: Member }> = {
  desktop: {
    lang: 'en-US',
    buyer: { userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456' },
    receiver: { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567' },
  },
  mobile: {
    lang: 'zh-CN',
    buyer: { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' },
    receiver: { userName: 'carol', password: 'Carol@12345', transactionPassword: 'Carol@123456' },
  },
};

const names = { 'en-US': 'E2E Rush', 'zh-CN': 'E2E 抢购' } as const;
const flashNames = { 'en-US': 'E2E Flash', 'zh-CN': 'E2E 秒杀' } as const;
const noDescriptions = { 'zh-CN': '', 'en-US': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' };
const terms = {
  price: '100',
  premium: '0',
  fee: '0',
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
  drawCycleDays: 7,
};
/** Shares: 10 USDT each, at most 5 per member. */
const equity = { price: '10', coinName: 'USDT', totalIssued: 1000, maxPerMember: 5, bonusPerShare: '0.5', bonusPeriodHours: 24 };

let server: RunningServer;
let browser: Browser;
let staff = { token: '', loginType: 'STAFF' as const };
const productIds = { rush: '', flash: '' };

beforeAll(async () => {
  fs.mkdirSync(shotsDir, { recursive: true });
  const launching = launchBrowser();
  try {
    server = await startServer();
  } finally {
    browser = await launching;
  }
  // A staff session through the API (password, then the authenticator code).
  const admin = demoStaff.admin;
  const first = await callOk<{ challengeId: string }>(
    server.baseUrl,
    'staffLogin',
    { userName: admin.userName, password: admin.password, loginType: 'STAFF' },
    { loginType: 'STAFF' },
  );
  const session = await callOk<{ token: string }>(
    server.baseUrl,
    'staffTotpVerify',
    { challengeId: first.challengeId, code: await totpCode(admin.totpSecret) },
    { loginType: 'STAFF' },
  );
  staff = { token: session.token, loginType: 'STAFF' };
  for (const [key, productNames] of [
    ['rush', names],
    ['flash', flashNames],
  ] as const) {
    const saved = await callOk<{ id: string }>(
      server.baseUrl,
      'productSave',
      {
        kind: 'normal',
        names: productNames,
        descriptions: noDescriptions,
        terms,
        payWith: [{ coinName: 'USDT', maxPercent: '100' }],
        perMemberLimit: 0,
        totalLimit: 0,
        minGrade: null,
        sortOrder: 90,
        isOnSale: false,
        isInviteOnly: false,
        invitedUserNames: [],
      },
      staff,
    );
    productIds[key] = saved.id;
  }
  await callOk(server.baseUrl, 'equityConfigSave', { ...equity, reason: 'e2e: shares on offer' }, staff);
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

async function shot(page: Page, lang: Language, file: string, fullPage = true): Promise<void> {
  if (fullPage) await dismissToasts(page, lang);
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

/** Points as the portal shows an exact amount: grouped, at least two decimals. */
const money = (lang: Language, value: number | string) => Number(value).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** The links of the member's navigation: the desktop top nav, or the phone header menu (opened and closed again). */
async function navLinks(page: Page, lang: Language, layout: Layout): Promise<string[]> {
  if (layout === 'desktop')
    return page
      .getByRole('navigation', { name: t(lang, 'nav.main'), exact: true })
      .getByRole('link')
      .allInnerTexts();
  const button = page.getByRole('button', { name: t(lang, 'nav.openMenu'), exact: true });
  await button.click();
  const links = page.locator('.mobile-menu').getByRole('link');
  await links.first().waitFor();
  const texts = await links.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((x) => x.trim());
}

async function openFromNav(page: Page, lang: Language, layout: Layout, label: string): Promise<void> {
  if (layout === 'desktop') {
    await page
      .getByRole('navigation', { name: t(lang, 'nav.main'), exact: true })
      .getByRole('link', { name: label, exact: true })
      .click();
    return;
  }
  await page.getByRole('button', { name: t(lang, 'nav.openMenu'), exact: true }).click();
  await page.locator('.mobile-menu').getByRole('link', { name: label, exact: true }).click();
}

const saleCard = (page: Page, saleId: string): Locator => page.locator(`[data-testid="sale-card"][data-sale-id="${saleId}"]`);

/** Arms the sale on its card with the transaction password and waits for the armed state. */
async function arm(page: Page, lang: Language, card: Locator, member: Member, screenshot?: string): Promise<void> {
  await card.getByRole('button', { name: t(lang, 'scarce.arm'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t(lang, 'scarce.transactionPassword'), { exact: true }).fill(member.transactionPassword);
  if (screenshot) await shot(page, lang, screenshot, false);
  await dialog.getByRole('button', { name: t(lang, 'scarce.armSubmit'), exact: true }).click();
  await toast(page, lang, t(lang, 'scarce.armed')).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByTestId('sale-armed').waitFor();
}

interface Holding {
  id: string;
  productId: string;
  state: string;
  number: string;
}
const holdingsOf = async (token: string): Promise<Holding[]> =>
  (await callOk<{ items: Holding[] }>(server.baseUrl, 'buyMatchingList', { pageSize: 50 }, { token })).items;

describe('scarce goods in the member portal', () => {
  test.each(['desktop', 'mobile'] as const)(
    '%s: menu items by flag, rush countdown, arm and buy, activate and give a code, flash sale, shares and the over-limit message',
    async (layout) => {
      const { lang, buyer, receiver } = cases[layout];
      const token = await memberToken(server.baseUrl, buyer);
      const receiverToken = await memberToken(server.baseUrl, receiver);
      const me = await callOk<{ id: string }>(server.baseUrl, 'userInfo', {}, { token });
      const rushName = names[lang as keyof typeof names];

      // Flags off (the demo member has rush purchase on in the demo data): no rush nor shares entry; /equity says shares are not on sale.
      await callOk(server.baseUrl, 'memberAction', { memberId: me.id, action: 'denyPurchaseCode', reason: 'e2e: rush not allowed yet' }, staff);
      await callOk(server.baseUrl, 'configUpdate', { key: 'features.equityBuyStatus', value: false, reason: 'e2e: shares closed' }, staff);
      const context = await newContext(browser, server.baseUrl, layout, { lang });
      const page = await context.newPage();
      await login(page, lang, buyer);
      await dismissToasts(page, lang);
      let links = await navLinks(page, lang, layout);
      expect(links).not.toContain(t(lang, 'nav.rushPurchase'));
      expect(links).not.toContain(t(lang, 'nav.equity'));
      await page.goto('/#/equity');
      await waitForHeading(page, t(lang, 'pages.equity'));
      await page.getByTestId('equity-closed').waitFor();
      expect(await page.getByTestId('equity-closed').innerText()).toBe(t(lang, 'equity.notOpen'));

      // Staff allow the member's rush purchases and open the shares; after a reload both entries show.
      await callOk(server.baseUrl, 'memberAction', { memberId: me.id, action: 'allowPurchaseCode', reason: 'e2e: rush allowed' }, staff);
      await callOk(server.baseUrl, 'configUpdate', { key: 'features.equityBuyStatus', value: true, reason: 'e2e: shares open' }, staff);
      await page.goto('/#/index');
      await page.reload();
      await waitForHeading(page, t(lang, 'dashboard.title'));
      await expect
        .poll(() => navLinks(page, lang, layout), { timeout: 15_000 })
        .toEqual(expect.arrayContaining([t(lang, 'nav.rushPurchase'), t(lang, 'nav.equity')]));
      links = await navLinks(page, lang, layout);

      // Staff open a rush (for flagged members only) and a flash sale, both starting in a few seconds.
      const startsAt = Date.now() + 12_000;
      const sale = (kind: 'code' | 'flash') => ({
        kind,
        productId: kind === 'code' ? productIds.rush : productIds.flash,
        units: 1,
        price: kind === 'code' ? '20' : '30',
        coinName: 'USDT',
        total: kind === 'code' ? 10 : 5,
        perMemberLimit: kind === 'code' ? 2 : 1,
        minGrade: null,
        isFlaggedOnly: kind === 'code',
        startsAt,
        endsAt: startsAt + 3_600_000,
        reason: `e2e: ${kind} sale`,
      });
      // Both layouts' sales are listed (same product names): cards are found by the sale's id.
      const rushSale = await callOk<{ id: string }>(server.baseUrl, 'saleOpen', sale('code'), staff);
      const flashSale = await callOk<{ id: string }>(server.baseUrl, 'saleOpen', sale('flash'), staff);

      // /code: the countdown runs and the buy button waits; arming during the countdown.
      await openFromNav(page, lang, layout, t(lang, 'nav.rushPurchase'));
      await waitForHashPath(page, '/code');
      await waitForHeading(page, t(lang, 'pages.code'));
      const card = saleCard(page, rushSale.id);
      await card.waitFor();
      const buy = card.getByRole('button', { name: t(lang, 'scarce.buy'), exact: true });
      expect(await card.getByTestId('sale-countdown').getAttribute('data-phase')).toBe('upcoming');
      expect(await card.getByTestId('sale-countdown').innerText()).toMatch(/00:00:\d\d/);
      expect(await buy.isDisabled()).toBe(true);
      expect(await card.getByTestId('sale-price').innerText()).toBe(`${money(lang, 20)} ${t(lang, 'coins.USDT')}`);
      expect(await card.getByTestId('sale-left').innerText()).toBe('10 / 10');
      expect(await card.getByTestId('sale-arm-first').innerText()).toBe(t(lang, 'scarce.armBefore'));
      await arm(page, lang, card, buyer, `rush-arm-dialog-${layout}.png`);
      expect(await buy.isDisabled()).toBe(true);
      await shot(page, lang, `rush-code-countdown-${layout}.png`);
      // The countdown reaches zero (on the server's clock) and the button enables; meanwhile the
      // list is read at a modest pace (15 s, and once at the start), not every second.
      const traffic = recordApi(page);
      const countdownFrom = Date.now();
      await expect.poll(() => buy.isEnabled(), { timeout: 30_000, interval: 200 }).toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(startsAt - 1000);
      expect(await card.getByTestId('sale-countdown').getAttribute('data-phase')).toBe('open');
      const listReads = traffic.calls(endpointPaths.saleList).length;
      traffic.stop();
      expect(listReads, `saleList read ${listReads} times in ${Date.now() - countdownFrom} ms`).toBeLessThanOrEqual(3);
      await buy.click();
      await toast(page, lang, t(lang, 'scarce.boughtCode')).waitFor();
      type Code = { code: string; state: string; isGiven: boolean; activationUserName: string | null };
      const codes = async () => (await callOk<{ items: Code[] }>(server.baseUrl, 'purchaseCodeRecordList', { pageSize: 50 }, { token })).items;
      await expect.poll(async () => (await codes()).length).toBe(1);
      const firstCode = (await codes())[0]!;
      const codeRow = (code: string) => page.locator(`[data-testid="purchase-code"][data-code="${code}"]`);
      await expect
        .poll(() =>
          codeRow(firstCode.code)
            .innerText()
            .catch(() => ''),
        )
        .toContain(t(lang, 'purchaseCodes.states.notActivated'));
      await expect.poll(() => card.getByTestId('sale-mine').innerText()).toBe('1 / 2');

      // Activate it for oneself: the package is then on /package.
      await codeRow(firstCode.code)
        .getByRole('button', { name: t(lang, 'purchaseCodes.activate'), exact: true })
        .click();
      const activateDialog = page.getByRole('dialog', { name: t(lang, 'purchaseCodes.activateTitle'), exact: true });
      await activateDialog.getByRole('button', { name: t(lang, 'purchaseCodes.activateConfirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'purchaseCodes.activated')).waitFor();
      await expect.poll(() => codeRow(firstCode.code).innerText()).toContain(t(lang, 'purchaseCodes.states.activated'));
      expect(await codeRow(firstCode.code).innerText()).toContain(buyer.userName);

      // A second code, armed again (a permit buys once), given to another member.
      await arm(page, lang, card, buyer);
      await buy.click();
      await toast(page, lang, t(lang, 'scarce.boughtCode')).waitFor();
      await expect.poll(async () => (await codes()).length).toBe(2);
      const secondCode = (await codes()).find((c) => c.code !== firstCode.code)!;
      await codeRow(secondCode.code).waitFor();
      await codeRow(secondCode.code)
        .getByRole('button', { name: t(lang, 'purchaseCodes.give'), exact: true })
        .click();
      const giveDialog = page.getByRole('dialog', { name: t(lang, 'purchaseCodes.giveTitle'), exact: true });
      await giveDialog.getByLabel(t(lang, 'purchaseCodes.toUserName'), { exact: true }).fill(receiver.userName);
      await giveDialog.getByRole('button', { name: t(lang, 'purchaseCodes.giveNext'), exact: true }).click();
      expect(await giveDialog.getByTestId('give-confirm').innerText()).toContain(
        t(lang, 'purchaseCodes.giveConfirmText', { name: rushName, userName: receiver.userName }),
      );
      await giveDialog.getByRole('button', { name: t(lang, 'purchaseCodes.giveConfirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'purchaseCodes.givenDone', { name: receiver.userName })).waitFor();
      await expect.poll(() => codeRow(secondCode.code).innerText()).toContain(t(lang, 'purchaseCodes.given'));
      expect(await codeRow(secondCode.code).innerText()).toContain(receiver.userName);
      expect((await holdingsOf(receiverToken)).some((h) => h.productId === productIds.rush)).toBe(true);
      expect((await codes()).map((c) => [c.state, c.isGiven]).sort()).toEqual([
        ['activated', false],
        ['activated', true],
      ]);

      // The limit reached: the card tells why in the member's language and the button stays off.
      await expect
        .poll(() =>
          card
            .getByTestId('sale-refusal')
            .innerText()
            .catch(() => ''),
        )
        .toBe(serverText(lang, 'errors.scarce.memberLimit'));
      expect(await buy.isDisabled()).toBe(true);
      await shot(page, lang, `rush-code-${layout}.png`);
      expect(await seriousViolations(page)).toEqual([]);

      // The package of the activated code is on /package.
      const mine = (await holdingsOf(token)).find((h) => h.productId === productIds.rush)!;
      expect(mine).toBeDefined();
      await page.goto('/#/package?tab=holdings');
      await waitForHeading(page, t(lang, 'pages.package'));
      await page.locator(`[data-testid="package-holding"][data-holding-number="${mine.number}"]`).waitFor();

      // The flash-sale panel of /package: arm and buy (the sale is open by now).
      await page.goto('/#/package');
      await waitForHeading(page, t(lang, 'pages.package'));
      const flash = saleCard(page, flashSale.id);
      await flash.waitFor();
      const flashBuy = flash.getByRole('button', { name: t(lang, 'scarce.buy'), exact: true });
      // A permit lives in the page's memory only: after a reload the server still knows it, the page says so and asks to arm again.
      await arm(page, lang, flash, buyer);
      await page.reload();
      await waitForHeading(page, t(lang, 'pages.package'));
      await expect
        .poll(() =>
          flash
            .getByTestId('sale-arm-first')
            .innerText()
            .catch(() => ''),
        )
        .toBe(t(lang, 'scarce.armedElsewhere'));
      expect(await flashBuy.isDisabled()).toBe(true);
      await arm(page, lang, flash, buyer);
      await expect.poll(() => flashBuy.isEnabled(), { timeout: 20_000, interval: 200 }).toBe(true);
      // The first answer is lost on the way back (the server bought it): the card says so and the
      // retry, with the same request id, gets that purchase (a new id would be refused: the permit is used).
      let answersLost = 0;
      await page.route(`**${endpointPaths.flashSaleBuy}`, async (route) => {
        if (answersLost > 0) return route.continue();
        answersLost++;
        await route.fetch();
        return route.abort('connectionreset');
      });
      await flashBuy.click();
      await expect
        .poll(() =>
          flash
            .getByTestId('sale-refusal')
            .innerText()
            .catch(() => ''),
        )
        .toBe(t(lang, 'scarce.noAnswer'));
      expect((await holdingsOf(token)).filter((h) => h.productId === productIds.flash).length).toBe(1);
      await flashBuy.click();
      await toast(page, lang, t(lang, 'scarce.boughtPackage')).waitFor();
      await page.unroute(`**${endpointPaths.flashSaleBuy}`);
      expect((await holdingsOf(token)).filter((h) => h.productId === productIds.flash).length).toBe(1);
      await expect
        .poll(() =>
          flash
            .getByTestId('sale-refusal')
            .innerText()
            .catch(() => ''),
        )
        .toBe(serverText(lang, 'errors.scarce.memberLimit'));
      await shot(page, lang, `rush-flash-package-${layout}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      // The same panel on /index.
      await page.goto('/#/index');
      await waitForHeading(page, t(lang, 'dashboard.title'));
      await saleCard(page, flashSale.id).waitFor();
      await shot(page, lang, `rush-flash-index-${layout}.png`);

      // Shares: 3 bought; 3 more would pass the maximum of 5, and the server's message says so.
      await openFromNav(page, lang, layout, t(lang, 'nav.equity'));
      await waitForHashPath(page, '/equity');
      await waitForHeading(page, t(lang, 'pages.equity'));
      const sharesField = page.getByLabel(t(lang, 'equity.shares'), { exact: true });
      const buyShares = async (n: number) => {
        await sharesField.fill(String(n));
        expect(await page.getByTestId('equity-cost').innerText()).toBe(`${money(lang, 10 * n)} ${t(lang, 'coins.USDT')}`);
        await page.getByLabel(t(lang, 'scarce.transactionPassword'), { exact: true }).fill(buyer.transactionPassword);
        await page.getByRole('button', { name: t(lang, 'equity.submit'), exact: true }).click();
        const confirm = page.getByRole('dialog', { name: t(lang, 'equity.confirmTitle'), exact: true });
        await confirm.getByTestId('equity-confirm').waitFor();
        await confirm.getByRole('button', { name: t(lang, 'equity.confirm'), exact: true }).click();
        await confirm.waitFor({ state: 'hidden' });
      };
      await buyShares(3);
      await toast(page, lang, t(lang, 'equity.bought', { count: 3 })).waitFor();
      await expect.poll(() => page.getByTestId('equity-purchased').innerText()).toBe('3');
      await expect.poll(() => page.getByTestId('equity-record').count()).toBe(1);
      await buyShares(3);
      const overLimit = serverText(lang, 'errors.equity.overLimit', { max: 5, left: 2 });
      await toast(page, lang, overLimit).waitFor();
      await page.locator('.field-error').filter({ hasText: overLimit }).waitFor();
      expect((await callOk<{ purchased: number }>(server.baseUrl, 'buyEquityInfo', {}, { token })).purchased).toBe(3);
      await shot(page, lang, `rush-equity-${layout}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(hashPath(page)).toBe('/equity');

      // /records names the new movements in the member's language (the rows: a table on desktop, cards on a phone).
      await page.goto('/#/records');
      await waitForHeading(page, t(lang, 'records.title'));
      const rows = page.locator(layout === 'desktop' ? 'main table:not(.statement-table) tbody' : 'main ul.card-list');
      for (const type of ['purchaseCodeBuy', 'flashSaleBuy', 'equityBuy']) {
        await expect.poll(() => rows.innerText().catch(() => ''), { message: type }).toContain(t(lang, `records.types.${type}`));
      }
      await context.close();
    },
    240_000,
  );

  test.each(['ja-JP', 'ko-KP', 'id-ID'] as const)(
    '%s on a phone: /code and /equity fit 390 px with their texts',
    async (lang) => {
      // alice's codes, the sales of both runs and her shares are there from the test above.
      const context = await newContext(browser, server.baseUrl, 'mobile', { lang });
      const page = await context.newPage();
      await login(page, lang, cases.mobile.buyer);
      await page.goto('/#/code');
      await waitForHeading(page, t(lang, 'pages.code'));
      await page.getByTestId('sale-card').first().waitFor();
      await page.getByTestId('purchase-code').first().waitFor();
      expect(await page.getByTestId('sale-card').first().innerText()).toContain(t(lang, 'scarce.price'));
      await shot(page, lang, `rush-code-${lang}-mobile.png`);
      await page.goto('/#/equity');
      await waitForHeading(page, t(lang, 'pages.equity'));
      await page.getByTestId('equity-record').first().waitFor();
      await shot(page, lang, `rush-equity-${lang}-mobile.png`);
      await context.close();
    },
    120_000,
  );

  test("the ledger is balanced after every purchase (ledger verify on the test server's data)", async () => {
    expect(await ledgerVerifyAfterHalt(server)).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  }, 90_000);
});
