// Proves the member side of packages (decision 020) in the browser, on desktop 1280x800
// (en-US, demo) and phone 390x844 (zh-CN, alice): staff put four products on sale through the
// API; the member sees them with their terms, a grade-restricted special package refused with
// its reason and its Buy button disabled, a quantity over the member limit refused in the buy
// dialog with the reason checkBuyInsurance gives, buys the experience package (after which it is
// refused as used), buys a package paying a mix of two point types (desktop), adds a position,
// upgrades it to a dearer product, buys another and transfers it to a second member (who sees it
// after logging in), redeems the first after checking the fee preview against the server's,
// buys an activation code and activates it, and turns auto top-up on (on /package) and off again
// (on /index, whose packages card counts the live holdings). The details page shows the history.
// Then a holding whose term ended (test-only time travel in the server's SQLite file, the release
// job run by staff) under its guarantee is claimed, staff approve the claim, and the member sees it
// approved; a jackpot cycle opened by the draw job is drawn and the member sees the revealed seed
// and their record.
// The products and holdings pages have no serious axe-core violations. Last, the ledger verifies
// as balanced on the server's data. Screenshots go to
// test-artifacts/screenshots/packages-*.png.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { callApi, callOk, memberToken, newRequestId } from './support/api';
import { dismissToasts, horizontalOverflow, toast, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { repoRoot } from './support/server';
import { seriousViolations, settle, shotsDir, useSuite } from './support/suite';

interface Member {
  userName: string;
  password: string;
  transactionPassword: string;
}
/** One buyer and one receiver per layout, so the two runs share nothing but the catalogue. */
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

const baseTerms = {
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
  claimGuaranteePercent: '40',
  drawCycleDays: 7,
};

/** The catalogue of this test: names are unique to it, so demo products (if any) do not matter. */
const products = {
  steady: {
    kind: 'normal',
    names: { 'en-US': 'E2E Steady', 'zh-CN': 'E2E 稳健' },
    terms: baseTerms,
    payWith: [
      { coinName: 'USDT', maxPercent: '100' },
      { coinName: 'REWARD_POINT', maxPercent: '50' },
    ],
    perMemberLimit: 5,
    minGrade: null,
    sortOrder: 1,
  },
  growth: {
    kind: 'normal',
    names: { 'en-US': 'E2E Growth', 'zh-CN': 'E2E 成长' },
    terms: { ...baseTerms, price: '150', premium: '1.5', fee: '3' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 0,
    minGrade: null,
    sortOrder: 2,
  },
  trial: {
    kind: 'experience',
    names: { 'en-US': 'E2E Trial', 'zh-CN': 'E2E 体验' },
    terms: { ...baseTerms, price: '10', premium: '0', fee: '1' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 0,
    minGrade: null,
    sortOrder: 3,
  },
  vip: {
    kind: 'special',
    names: { 'en-US': 'E2E VIP', 'zh-CN': 'E2E 贵宾' },
    terms: { ...baseTerms, price: '300' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 0,
    minGrade: 3,
    sortOrder: 4,
  },
  shield: {
    kind: 'normal',
    names: { 'en-US': 'E2E Shield', 'zh-CN': 'E2E 保障' },
    // A cap above what 30 periods release, so the holding ends by its term, not its maximum reward.
    terms: { ...baseTerms, price: '50', maxProfitPercent: '100' },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: 0,
    minGrade: null,
    sortOrder: 5,
  },
} as const;
type ProductKey = keyof typeof products;

/** Every language's description, empty: the contract wants all five keys of the record. */
const noDescriptions = { 'zh-CN': '', 'en-US': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' };

const nameOf = (key: ProductKey, lang: Language): string => (products[key].names as Record<string, string>)[lang] ?? products[key].names['en-US'];

const suite = useSuite();
const productIds = {} as Record<ProductKey, string>;
/** The admin's back-office session, for the catalogue, the jobs and the claim review. */
let staff = { token: '', loginType: 'STAFF' as const };

interface Holding {
  id: string;
  number: string;
  productId: string;
  units: number;
  principal: string;
  state: string;
  endReason: string | null;
}

beforeAll(async () => {
  // A staff session through the API (the authenticator code computed here) saves the catalogue.
  staff = await suite.staff();
  for (const [key, p] of Object.entries(products) as Array<[ProductKey, (typeof products)[ProductKey]]>) {
    const saved = await callOk<{ id: string }>(
      suite.baseUrl,
      'productSave',
      { ...p, descriptions: noDescriptions, totalLimit: 0, isOnSale: true, isInviteOnly: false, invitedUserNames: [] },
      staff,
    );
    productIds[key] = saved.id;
  }
}, 180_000);

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

/** Points as the portal shows a preview amount: grouped, at least two decimals. */
const money = (lang: Language, value: number | string) => Number(value).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 6 });

async function openTab(page: Page, lang: Language, tab: 'products' | 'holdings' | 'records' | 'codes' | 'claims' | 'jackpot'): Promise<void> {
  const target = tab === 'products' ? '/#/package' : `/#/package?tab=${tab}`;
  // Already there (e.g. to see what staff decided meanwhile): read the page again.
  if (new URL(page.url()).hash === target.slice(1)) await page.reload();
  else await page.goto(target);
  await waitForHeading(page, t(lang, 'pages.package'));
  await settle(page);
}

const productCard = (page: Page, key: ProductKey, lang: Language): Locator => page.getByTestId('package-product').filter({ hasText: nameOf(key, lang) });
const holdingCard = (page: Page, number: string): Locator => page.locator(`[data-testid="package-holding"][data-holding-number="${number}"]`);

async function holdingsOf(token: string): Promise<Holding[]> {
  return (await callOk<{ items: Holding[] }>(suite.baseUrl, 'buyMatchingList', { pageSize: 50 }, { token })).items;
}

/** Fills the pay dialog's password, continues to the summary and pays; waits for the success toast. */
async function pay(page: Page, lang: Language, dialog: Locator, member: Member, done: string, options: { screenshot?: string } = {}): Promise<void> {
  await dialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(member.transactionPassword);
  await dialog.getByRole('button', { name: t(lang, 'packages.buy.submit'), exact: true }).click();
  await dialog.getByTestId('pay-confirm').waitFor();
  if (options.screenshot) await shot(page, lang, options.screenshot, false);
  await dialog.getByRole('button', { name: t(lang, 'packages.pay.confirm'), exact: true }).click();
  await toast(page, lang, done).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('packages in the member portal', () => {
  test.each(['desktop', 'mobile'] as const)(
    '%s: buy, refusals, add, upgrade, transfer, redeem, activation code, auto top-up',
    async (layout) => {
      const { lang, buyer, receiver } = cases[layout];
      const token = await memberToken(suite.baseUrl, buyer);
      const usdt = t(lang, 'coins.USDT');
      const { context, page } = await suite.memberPage(layout, lang, buyer);
      await dismissToasts(page, lang);
      await openTab(page, lang, 'products');

      // The list: terms and states; the special package needs a grade the member does not have.
      for (const key of Object.keys(products) as ProductKey[]) await productCard(page, key, lang).waitFor();
      const vip = productCard(page, 'vip', lang);
      expect(await vip.getByTestId('product-refusal').innerText()).toBe(t(lang, 'packages.refusals.grade'));
      expect(await vip.getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true }).isDisabled()).toBe(true);
      const steady = productCard(page, 'steady', lang);
      expect(await steady.innerText()).toContain(t(lang, 'packages.states.notPurchased'));
      expect(await steady.innerText()).toContain(t(lang, 'packages.kinds.normal'));
      await shot(page, lang, `packages-products-${lang}-${layout}.png`);
      expect(await seriousViolations(page)).toEqual([]);

      // A quantity over the member limit: the dialog shows checkBuyInsurance's reason and refuses to continue.
      await steady.getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true }).click();
      const buyDialog = page.getByRole('dialog', { name: t(lang, 'packages.buy.title', { name: nameOf('steady', lang) }), exact: true });
      await buyDialog.getByLabel(t(lang, 'packages.pay.quantity'), { exact: true }).fill('6');
      const check = await callOk<{ isAllowed: boolean; reason: string; memberRemaining: number | null }>(
        suite.baseUrl,
        'checkBuyInsurance',
        { productId: productIds.steady, quantity: 6 },
        { token },
      );
      expect(check).toMatchObject({ isAllowed: false, reason: 'memberLimit', memberRemaining: 5 });
      await expect
        .poll(() =>
          buyDialog
            .getByTestId('buy-refusal')
            .innerText()
            .catch(() => ''),
        )
        .toBe(t(lang, 'packages.refusals.memberLimitCount', { count: 5 }));
      expect(await buyDialog.getByRole('button', { name: t(lang, 'packages.buy.submit'), exact: true }).isDisabled()).toBe(true);

      // One unit: the prefill pays everything in USDT (first point type, up to 100 %).
      await buyDialog.getByLabel(t(lang, 'packages.pay.quantity'), { exact: true }).fill('1');
      await expect.poll(() => buyDialog.getByTestId('buy-refusal').count()).toBe(0);
      const usdtField = buyDialog.getByLabel(t(lang, 'packages.pay.paidWith', { coin: usdt }), { exact: true });
      const rewardField = buyDialog.getByLabel(t(lang, 'packages.pay.paidWith', { coin: t(lang, 'coins.REWARD_POINT') }), { exact: true });
      expect(await usdtField.inputValue()).toBe('100');
      expect(await rewardField.inputValue()).toBe('');
      expect(await buyDialog.getByTestId('pay-total').innerText()).toBe(money(lang, 103));
      if (layout === 'desktop') {
        // A mix: more than 50 % in reward points is refused here, before anything is sent; 60 + 40 is taken.
        await usdtField.fill('40');
        await rewardField.fill('60');
        await buyDialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(buyer.transactionPassword);
        await buyDialog.getByRole('button', { name: t(lang, 'packages.buy.submit'), exact: true }).click();
        await buyDialog.getByText(t(lang, 'packages.pay.overShare', { percent: '50' }), { exact: true }).waitFor();
        await usdtField.fill('60');
        await rewardField.fill('40');
      }
      await shot(page, lang, `packages-buy-dialog-${lang}-${layout}.png`, false);
      await pay(page, lang, buyDialog, buyer, t(lang, 'packages.buy.done'), { screenshot: `packages-buy-confirm-${lang}-${layout}.png` });
      let holdings = await holdingsOf(token);
      const first = holdings.find((h) => h.productId === productIds.steady)!;
      expect(first).toMatchObject({ units: 1, state: 'fixed' });

      // The experience package once; then it is refused as used, with the Buy button disabled.
      const trial = productCard(page, 'trial', lang);
      await trial.getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true }).click();
      const trialDialog = page.getByRole('dialog', { name: t(lang, 'packages.buy.title', { name: nameOf('trial', lang) }), exact: true });
      await pay(page, lang, trialDialog, buyer, t(lang, 'packages.buy.done'));
      await expect
        .poll(() =>
          trial
            .getByTestId('product-refusal')
            .innerText()
            .catch(() => ''),
        )
        .toBe(t(lang, 'packages.refusals.experienceUsed'));
      expect(await trial.getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true }).isDisabled()).toBe(true);
      expect((await callOk<{ reason: string }>(suite.baseUrl, 'checkBuyInsurance', { productId: productIds.trial, quantity: 1 }, { token })).reason).toBe(
        'experienceUsed',
      );

      // Auto top-up on, from the products tab.
      const autoSwitch = page.getByRole('switch', { name: t(lang, 'packages.autoTopUp.label'), exact: true });
      expect(await autoSwitch.isChecked()).toBe(false);
      await autoSwitch.click();
      await toast(page, lang, t(lang, 'packages.autoTopUp.turnedOn')).waitFor();
      await expect.poll(async () => (await callOk<{ autoTopUp: boolean }>(suite.baseUrl, 'matchingList', {}, { token })).autoTopUp).toBe(true);

      // Add a position to the first holding.
      await openTab(page, lang, 'holdings');
      const firstCard = holdingCard(page, first.number);
      await firstCard.waitFor();
      await shot(page, lang, `packages-holdings-${lang}-${layout}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      await firstCard.getByRole('button', { name: t(lang, 'packages.actions.add'), exact: true }).click();
      const addDialog = page.getByRole('dialog', { name: t(lang, 'packages.add.title', { number: first.number }), exact: true });
      await pay(page, lang, addDialog, buyer, t(lang, 'packages.add.done'));
      await expect.poll(async () => (await holdingsOf(token)).find((h) => h.id === first.id)?.units).toBe(2);

      // Upgrade it to the dearer product: the difference (150 - 100) x 2 and the new premium and fee x 2.
      await firstCard.getByRole('button', { name: t(lang, 'packages.actions.upgrade'), exact: true }).click();
      const upgradeDialog = page.getByRole('dialog', { name: t(lang, 'packages.upgrade.title', { number: first.number }), exact: true });
      // The demo catalogue's dearer products are choices too: pick this test's.
      await upgradeDialog.getByLabel(t(lang, 'packages.upgrade.target'), { exact: true }).selectOption(productIds.growth);
      expect(await upgradeDialog.getByTestId('pay-total').innerText()).toBe(money(lang, 100 + 9));
      await pay(page, lang, upgradeDialog, buyer, t(lang, 'packages.upgrade.done'));
      await expect.poll(async () => (await holdingsOf(token)).find((h) => h.id === first.id)?.productId).toBe(productIds.growth);

      // Another holding, transferred to the receiver.
      await openTab(page, lang, 'products');
      await productCard(page, 'steady', lang)
        .getByRole('button', { name: t(lang, 'packages.buy.action'), exact: true })
        .click();
      await pay(page, lang, buyDialog, buyer, t(lang, 'packages.buy.done'));
      holdings = await holdingsOf(token);
      const second = holdings.find((h) => h.productId === productIds.steady && h.state !== 'expired')!;
      await openTab(page, lang, 'holdings');
      const secondCard = holdingCard(page, second.number);
      await secondCard.getByRole('button', { name: t(lang, 'packages.actions.transfer'), exact: true }).click();
      const transferDialog = page.getByRole('dialog', { name: t(lang, 'packages.transfer.title', { number: second.number }), exact: true });
      await transferDialog.getByLabel(t(lang, 'packages.transfer.toUserName'), { exact: true }).fill(receiver.userName);
      await transferDialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(buyer.transactionPassword);
      await transferDialog.getByRole('button', { name: t(lang, 'packages.transfer.submit'), exact: true }).click();
      expect(await transferDialog.getByTestId('transfer-confirm').innerText()).toContain(
        t(lang, 'packages.transfer.confirmText', { number: second.number, name: receiver.userName }),
      );
      await transferDialog.getByRole('button', { name: t(lang, 'packages.transfer.confirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'packages.transfer.done')).waitFor();
      await expect.poll(async () => (await holdingsOf(token)).find((h) => h.id === second.id)?.endReason).toBe('transferred');

      // The receiver sees it after logging in.
      const { context: receiverContext, page: receiverPage } = await suite.memberPage(layout, lang, receiver);
      await openTab(receiverPage, lang, 'holdings');
      const received = (await holdingsOf(await memberToken(suite.baseUrl, receiver))).find((h) => h.productId === productIds.steady);
      expect(received).toBeDefined();
      const receivedCard = holdingCard(receiverPage, received!.number);
      await receivedCard.waitFor();
      expect(await receivedCard.innerText()).toContain(nameOf('steady', lang));
      await receiverContext.close();

      // Redeem the upgraded holding: the preview is the server's, then the password confirms it.
      const preview = await callOk<{ fee: string; receive: string }>(suite.baseUrl, 'redeemFee', { holdingId: first.id }, { token });
      await firstCard.getByRole('button', { name: t(lang, 'packages.actions.redeem'), exact: true }).click();
      const redeemDialog = page.getByRole('dialog', { name: t(lang, 'packages.redeem.title', { number: first.number }), exact: true });
      await redeemDialog.getByTestId('redeem-preview').waitFor();
      expect(await redeemDialog.getByTestId('redeem-fee').innerText()).toBe(money(lang, preview.fee));
      expect(await redeemDialog.getByTestId('redeem-receive').innerText()).toBe(money(lang, preview.receive));
      expect(Number(preview.fee)).toBe(15); // 5 % of a 300 principal, before unlock.
      await shot(page, lang, `packages-redeem-${lang}-${layout}.png`, false);
      await redeemDialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(buyer.transactionPassword);
      await redeemDialog.getByRole('button', { name: t(lang, 'packages.redeem.submit'), exact: true }).click();
      await toast(page, lang, t(lang, 'packages.redeem.done')).waitFor();
      await expect.poll(async () => (await holdingsOf(token)).find((h) => h.id === first.id)?.endReason).toBe('redeemed');

      // Its details: terms, the released bar and the history of buy, add, upgrade and redeem.
      await openTab(page, lang, 'holdings');
      await holdingCard(page, first.number)
        .getByRole('link', { name: t(lang, 'packages.actions.detailsOf', { number: first.number }), exact: true })
        .click();
      await waitForHeading(page, nameOf('growth', lang));
      await settle(page);
      const events = await page.getByTestId('holding-event').allInnerTexts();
      for (const type of ['buy', 'add', 'upgrade', 'redeemFee'])
        expect(
          events.some((e) => e.includes(t(lang, `packages.events.${type}`))),
          `${type} in ${JSON.stringify(events)}`,
        ).toBe(true);
      await page.getByRole('progressbar', { name: t(lang, 'packages.holdings.released'), exact: true }).waitFor();
      await shot(page, lang, `packages-details-${lang}-${layout}.png`);

      // An activation code bought for someone, then activated by the member for themself.
      await openTab(page, lang, 'codes');
      await page.getByRole('button', { name: t(lang, 'packages.codes.buy'), exact: true }).click();
      const codeDialog = page.getByRole('dialog', { name: t(lang, 'packages.codes.buyTitle'), exact: true });
      await codeDialog.getByLabel(t(lang, 'packages.codes.product'), { exact: true }).selectOption(productIds.steady);
      await codeDialog.getByLabel(t(lang, 'packages.pay.transactionPassword'), { exact: true }).fill(buyer.transactionPassword);
      await codeDialog.getByRole('button', { name: t(lang, 'packages.codes.buySubmit'), exact: true }).click();
      await codeDialog.getByRole('button', { name: t(lang, 'packages.pay.confirm'), exact: true }).click();
      const boughtDialog = page.getByRole('dialog', { name: t(lang, 'packages.codes.boughtTitle'), exact: true });
      const code = (await boughtDialog.getByTestId('bought-code').innerText()).trim();
      expect(code).toMatch(/^[0-9A-Z]{16}$/);
      await boughtDialog.getByRole('button', { name: t(lang, 'packages.codes.copy'), exact: true }).waitFor();
      await boughtDialog
        .getByRole('button', { name: t(lang, 'common.close'), exact: true })
        .last()
        .click();
      const codeRow = page.getByTestId('activation-code').filter({ hasText: code });
      await expect.poll(() => codeRow.innerText().catch(() => '')).toContain(t(lang, 'packages.codes.states.notActivated'));
      expect(await page.getByLabel(t(lang, 'packages.codes.userName'), { exact: true }).inputValue()).toBe(buyer.userName);
      // A textbox: in Chinese the tab and the field share the name 激活码.
      await page.getByRole('textbox', { name: t(lang, 'packages.codes.code'), exact: true }).fill(code.toLowerCase());
      await page.getByRole('button', { name: t(lang, 'packages.codes.activate'), exact: true }).click();
      await toast(page, lang, t(lang, 'packages.codes.activated')).waitFor();
      await expect.poll(() => codeRow.innerText()).toContain(t(lang, 'packages.codes.states.activated'));
      expect(await codeRow.innerText()).toContain(buyer.userName);
      await shot(page, lang, `packages-codes-${lang}-${layout}.png`);

      // Payment records: the purchases are there, filtered by type.
      await openTab(page, lang, 'records');
      await page.getByLabel(t(lang, 'packages.records.type'), { exact: true }).selectOption('buy');
      await expect.poll(() => page.getByTestId('payment-record').count()).toBeGreaterThanOrEqual(3);

      // /index: the packages card counts the live holdings (trial and the activated one) and turns auto top-up off.
      await page.goto('/#/index');
      await waitForHeading(page, t(lang, 'dashboard.title'));
      await settle(page);
      const live = (await holdingsOf(token)).filter((h) => h.state !== 'expired');
      expect(await page.getByTestId('summary-live').innerText()).toBe(String(live.length));
      const homeSwitch = page
        .getByTestId('packages-summary')
        .locator('xpath=ancestor::section')
        .getByRole('switch', { name: t(lang, 'packages.autoTopUp.label'), exact: true });
      expect(await homeSwitch.isChecked()).toBe(true);
      await homeSwitch.click();
      await toast(page, lang, t(lang, 'packages.autoTopUp.turnedOff')).waitFor();
      await expect.poll(async () => (await callOk<{ autoTopUp: boolean }>(suite.baseUrl, 'matchingList', {}, { token })).autoTopUp).toBe(false);
      await shot(page, lang, `packages-home-${lang}-${layout}.png`);
      await context.close();
    },
    240_000,
  );

  test('a claim approved by staff, and a jackpot record after a draw (desktop and phone)', async () => {
    const lang: Language = 'en-US';
    const member = { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567' };
    const token = await memberToken(suite.baseUrl, member);
    const bought = await callOk<{ holdingId: string }>(
      suite.baseUrl,
      'buyMatching',
      {
        productId: productIds.shield,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '50' }],
        transactionPassword: member.transactionPassword,
        requestId: newRequestId(),
      },
      { token },
    );
    const holding = (await holdingsOf(token)).find((h) => h.id === bought.holdingId)!;
    const runJob = async (name: string, until: () => Promise<boolean>) => {
      await expect
        .poll(
          async () => {
            // Refused while a run is under way: the next round asks again.
            await callApi(suite.baseUrl, 'jobRunNow', { name, reason: `e2e: run ${name} now` }, staff);
            return until();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(true);
    };
    type Info = { current: { id: string; seedCommitment: string } | null; recent: Array<{ id: string; seed: string | null }> };
    const jackpot = () => callOk<Info>(suite.baseUrl, 'jackpotInfo', {}, { token });

    // The draw job opens a 7-day cycle and publishes its commitment; the holding takes part.
    await runJob('jackpot-draw', async () => (await jackpot()).current !== null);
    const cycle = (await jackpot()).current!;
    // Test-only time travel: the cycle is over (the server keeps nothing of it in memory).
    const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
    try {
      expect(db.prepare('update jackpot_cycles set ends_at = ? where id = ?').run(Date.now() - 1000, cycle.id).changes).toBe(1);
    } finally {
      db.close();
    }
    await runJob('jackpot-draw', async () => (await jackpot()).recent.some((c) => c.id === cycle.id && c.seed !== null));
    type Record = { cycleId: string; holdingNumber: string; drawState: string; state: string; isWinner: boolean; prize: string };
    const records = (await callOk<{ items: Record[] }>(suite.baseUrl, 'jackpotRecordList', { pageSize: 50 }, { token })).items;
    const record = records.find((r) => r.cycleId === cycle.id && r.holdingNumber === holding.number)!;
    expect(record).toMatchObject({ drawState: 'drawn', state: 'completed' });

    // Test-only time travel: the holding started 31 days ago; the release job pays the 30 periods
    // (30 % of the principal) and ends it by its term, under its 40 % guarantee: 5 USDT to claim.
    const shiftMs = 31 * 86_400_000;
    const db2 = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
    try {
      const changed = db2
        .prepare(
          'update package_holdings set started_at = started_at - ?, effective_at = effective_at - ?, unlock_at = unlock_at - ?, expires_at = expires_at - ?, next_release_at = next_release_at - ?, created_at = created_at - ? where id = ?',
        )
        .run(shiftMs, shiftMs, shiftMs, shiftMs, shiftMs, shiftMs, holding.id);
      expect(changed.changes).toBe(1);
    } finally {
      db2.close();
    }
    await runJob('package-release', async () => (await holdingsOf(token)).find((h) => h.id === holding.id)?.endReason === 'term');
    const ended = (await holdingsOf(token)).find((h) => h.id === holding.id) as Holding & { claimable: string | null; released: string };
    expect(Number(ended.released)).toBe(15);
    expect(Number(ended.claimable)).toBe(5);

    for (const layout of ['desktop', 'mobile'] as const) {
      const { context, page } = await suite.memberPage(layout, lang, member);
      await dismissToasts(page, lang);
      await openTab(page, lang, 'holdings');
      const card = holdingCard(page, holding.number);
      await card.waitFor();
      // Ended by its term; once the claim is paid, it shows as claimed.
      expect(await card.innerText()).toContain(t(lang, layout === 'desktop' ? 'packages.endReasons.term' : 'packages.endReasons.claimed'));
      if (layout === 'desktop') {
        // The member files the claim; staff approve it; the member sees it approved.
        await card.getByRole('button', { name: t(lang, 'packages.actions.claim'), exact: true }).click();
        const confirm = page.getByRole('dialog', { name: t(lang, 'packages.claims.confirmTitle'), exact: true });
        expect(await confirm.innerText()).toContain(
          t(lang, 'packages.claims.confirmText', { number: holding.number, amount: `${money(lang, 5)} ${t(lang, 'coins.USDT')}` }),
        );
        await confirm.getByRole('button', { name: t(lang, 'packages.claims.confirm'), exact: true }).click();
        await toast(page, lang, t(lang, 'packages.claims.done')).waitFor();
        await openTab(page, lang, 'claims');
        await expect.poll(() => page.getByTestId('package-claim').first().innerText()).toContain(t(lang, 'packages.claims.states.pendingReview'));
        const reviews = await callOk<{ items: Array<{ id: string }> }>(suite.baseUrl, 'reviewList', { queue: 'packageClaim', status: 'pending' }, staff);
        expect(reviews.items.length).toBe(1);
        const decided = await callOk<{ results: Array<{ outcome: string }> }>(
          suite.baseUrl,
          'reviewDecide',
          { ids: [reviews.items[0]!.id], decision: 'approve' },
          staff,
        );
        expect(decided.results[0]!.outcome).toBe('approved');
      }
      await openTab(page, lang, 'claims');
      await expect.poll(() => page.getByTestId('package-claim').first().innerText()).toContain(t(lang, 'packages.claims.states.approved'));
      await shot(page, lang, `packages-claims-${lang}-${layout}.png`);

      // The jackpot: the drawn cycle with its seed revealed, and the member's record of it.
      await openTab(page, lang, 'jackpot');
      const drawn = page.getByTestId('jackpot-cycle').filter({ hasText: cycle.seedCommitment });
      expect(await drawn.getByTestId('jackpot-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
      const row = page.getByTestId('jackpot-record').filter({ hasText: holding.number });
      const rowText = await row.innerText();
      expect(rowText).toContain(t(lang, 'packages.jackpot.drawStates.drawn'));
      expect(rowText).toContain(t(lang, 'packages.jackpot.states.completed'));
      expect(rowText).toContain(
        record.isWinner
          ? t(lang, 'packages.jackpot.won', { amount: `${money(lang, record.prize)} ${t(lang, 'coins.USDT')}` })
          : t(lang, 'packages.jackpot.notWon'),
      );
      await shot(page, lang, `packages-jackpot-${lang}-${layout}.png`);
      await context.close();
    }
  }, 240_000);

  test("the ledger is balanced after every package action (ledger verify on the test server's data)", async () => {
    await suite.server.halt();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-verify-cli.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: suite.server.dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  });
});
