// Proves the back-office package catalogue (decision 020) in the browser, desktop 1280x800 (en-US) and a 390x844 phone (zh-CN): the editor refuses obvious mistakes under their fields before anything is sent; staff create a product on sale with an English and a Chinese name (confirmed, since members can buy it at once) and see it in the table; a member then sees it by its name in each language (through the API and on the portal's /package page) and, in a language left empty, in English; an edit of the on-sale product is confirmed too and shows in the table and to the member; the server's refusal (an invited member who does not exist) shows in the editor with its detail and saves nothing; a support staff member (no packages.manage) reads the catalogue without any editing, and the server refuses their save with 403; a package claim (a holding ended by its term under its guarantee, by test-only time travel) waits in the packageClaim review queue with its holding number, principal, released rewards and guarantee named in words. Screenshots go to test-artifacts/screenshots/packages-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { callApi, callOk, memberToken, newRequestId } from './support/api';
import { demoMember, dismissToasts, horizontalOverflow, login, newContext, sessionItem, toast, waitForHeading } from './support/browser';
import { adminT, serverText, t, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const names = { 'en-US': `Gold plan ${Date.now().toString(36)}`, 'zh-CN': '黄金套餐' } as const;

const suite = useSuite();

async function shot(page: Page, file: string, fullPage = true): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

interface MemberProduct {
  id: string;
  name: string;
  isOnSale: boolean;
  totalLimit: number;
  terms: { price: string; releasePercent: string };
}

/** The member's catalogue in one language, through the API the portal uses. */
async function memberCatalogue(token: string, lang: Language): Promise<MemberProduct[]> {
  const list = await callOk<{ items: MemberProduct[] }>(suite.baseUrl, 'matchingList', {}, { token, lang });
  return list.items;
}

async function openPackages(page: Page, lang: Language): Promise<void> {
  await page.goto('/admin/#/packages');
  await waitForHeading(page, adminT(lang, 'packages.title'));
  await page
    .locator('table.table')
    .or(page.getByText(adminT(lang, 'packages.emptyManage'), { exact: true }))
    .first()
    .waitFor();
}

describe('package catalogue', () => {
  let context: BrowserContext;
  let page: Page;
  const lang: Language = 'en-US';
  const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);

  beforeAll(async () => {
    context = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang });
    page = await context.newPage();
    await staffLogin(page, lang, demoStaff.admin);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('staff create a product on sale in two languages; the member sees it in each', async () => {
    await page.getByRole('link', { name: a('nav.packages'), exact: true }).click();
    await waitForHeading(page, a('packages.title'));
    await page.getByRole('button', { name: a('packages.create'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('packages.createTitle') });
    await dialog.waitFor();

    // Nothing filled in: the editor names the missing name and price without calling the server.
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await expect.poll(() => dialog.getByText(a('packages.errors.nameRequired'), { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.locator('#product-price-error').innerText()).toBe(a('packages.errors.amount'));

    await dialog.locator('#product-name-en-US').fill(names['en-US']);
    await dialog.locator('#product-description-en-US').fill('Thirty days, a reward every day.');
    await dialog.locator('#product-lang-zh-CN').click();
    await dialog.locator('#product-name-zh-CN').fill(names['zh-CN']);
    await dialog.locator('#product-price').fill('100');
    await dialog.locator('#product-fee').fill('1');
    await dialog.locator('#product-releasePercent').fill('0.5');
    await dialog.locator('#product-maxProfitPercent').fill('150');
    // An unlock after the end of the term is refused under its field.
    await dialog.locator('#product-unlockDays').fill('31');
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await expect.poll(() => dialog.locator('#product-unlockDays-error').innerText()).toBe(a('packages.errors.unlockAfterTerm'));
    await dialog.locator('#product-unlockDays').fill('10');
    await dialog.locator('#product-isOnSale').check();
    await shot(page, 'packages-editor-desktop.png', false);

    // On sale: the save asks for a confirmation first.
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await dialog.getByText(a('packages.confirmOnSaleNew'), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: a('packages.confirmSave'), exact: true }).click();
    await toast(page, lang, a('packages.saved')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: names['en-US'] });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText(a('packages.onSale'), { exact: true }).count()).toBe(1);
    await dismissToasts(page, lang);
    await shot(page, 'packages-catalogue-desktop.png');

    const member = await memberToken(suite.baseUrl, demoMember);
    const inEnglish = (await memberCatalogue(member, 'en-US')).find((p) => p.name === names['en-US']);
    expect(inEnglish).toMatchObject({ isOnSale: true, terms: { releasePercent: expect.stringMatching(/^0\.50*$/) } });
    const inChinese = (await memberCatalogue(member, 'zh-CN')).find((p) => p.id === inEnglish!.id);
    expect(inChinese?.name).toBe(names['zh-CN']);
    // Japanese was left empty: the member reads the English name.
    const inJapanese = (await memberCatalogue(member, 'ja-JP')).find((p) => p.id === inEnglish!.id);
    expect(inJapanese?.name).toBe(names['en-US']);

    // And on the portal's /package page, in each of the two languages.
    for (const memberLang of ['en-US', 'zh-CN'] as const) {
      const memberContext = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang: memberLang });
      try {
        const memberPage = await memberContext.newPage();
        await login(memberPage, memberLang);
        await memberPage.goto('/#/package');
        await waitForHeading(memberPage, t(memberLang, 'pages.package'));
        await memberPage.getByTestId('package-product').filter({ hasText: names[memberLang] }).waitFor();
      } finally {
        await memberContext.close();
      }
    }
  });

  test('an edit of a product on sale is confirmed and reaches the member', async () => {
    await page.getByRole('button', { name: a('packages.editOf', { name: names['en-US'] }), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('packages.editTitle', { name: names['en-US'] }) });
    await dialog.waitFor();
    expect(await dialog.locator('#product-price').inputValue()).toMatch(/^100(\.0+)?$/);
    await dialog.locator('#product-totalLimit').fill('5');
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await dialog.getByText(a('packages.confirmOnSaleEdit'), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: a('packages.confirmSave'), exact: true }).click();
    await toast(page, lang, a('packages.saved')).waitFor();
    const row = page.getByRole('row').filter({ hasText: names['en-US'] });
    await expect.poll(() => row.getByText(a('packages.soldOf', { sold: '0', total: '5' }), { exact: true }).count()).toBe(1);

    const member = await memberToken(suite.baseUrl, demoMember);
    const product = (await memberCatalogue(member, 'en-US')).find((p) => p.name === names['en-US']);
    expect(product?.totalLimit).toBe(5);
  });

  test("the server's refusal of a product shows in the editor with its detail", async () => {
    await page.getByRole('button', { name: a('packages.create'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('packages.createTitle') });
    await dialog.waitFor();
    await dialog.locator('#product-name-en-US').fill('Invitation only');
    await dialog.locator('#product-price').fill('10');
    await dialog.locator('#product-releasePercent').fill('1');
    await dialog.locator('#product-maxProfitPercent').fill('10');
    await dialog.locator('#product-kind').selectOption('special');
    await dialog.locator('#product-isInviteOnly').check();
    await dialog.locator('#product-invitedUserNames').fill('bob, nobody-here-e2e');
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    const refusal = dialog.locator('.form-error');
    await expect.poll(() => refusal.innerText().catch(() => '')).toContain('nobody-here-e2e');
    expect(await refusal.innerText()).toContain(serverText(lang, 'errors.package.productInvalid', { detail: '' }).replace(/\s+$/, ''));
    await dialog.getByRole('button', { name: a('common.cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('row').filter({ hasText: 'Invitation only' }).count()).toBe(0);
  });

  test('the holdings and jackpot tabs open', async () => {
    await page.getByRole('tab', { name: a('packages.tabs.holdings'), exact: true }).click();
    await page.getByRole('heading', { name: a('packages.holdings.title'), exact: true }).waitFor();
    await page.getByRole('tab', { name: a('packages.tabs.jackpot'), exact: true }).click();
    await page.getByText(a('packages.jackpot.verifyHint')).waitFor();
  });

  test('a role without packages.manage reads the catalogue, sees no editing, and the server refuses its save', async () => {
    const support = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang });
    try {
      const other = await support.newPage();
      await staffLogin(other, lang, demoStaff.support);
      await openPackages(other, lang);
      await other.getByText(a('packages.readOnly'), { exact: true }).waitFor();
      await other.getByRole('row').filter({ hasText: names['en-US'] }).waitFor();
      expect(await other.getByRole('button', { name: a('packages.create'), exact: true }).count()).toBe(0);
      expect(await other.getByRole('button', { name: a('packages.editOf', { name: names['en-US'] }), exact: true }).count()).toBe(0);
      const token = await sessionItem(other, 'adminToken');
      const refused = await callApi(
        suite.baseUrl,
        'productSave',
        {
          kind: 'normal',
          names: { 'en-US': 'Not allowed', 'zh-CN': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' },
          descriptions: { 'en-US': '', 'zh-CN': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' },
          terms: {
            price: '1',
            premium: '0',
            fee: '0',
            feeCoinName: 'USDT',
            contractDays: 1,
            unlockDays: 0,
            effectiveDelayHours: 0,
            releasePercent: '1',
            releasePeriodHours: 24,
            maxProfitPercent: '10',
            maxReward: '0',
            redeemFeePercent: '0',
            redeemFeeUnlockedPercent: '0',
            claimGuaranteePercent: '0',
            drawCycleDays: 0,
          },
          payWith: [{ coinName: 'USDT', maxPercent: '100' }],
          perMemberLimit: 0,
          totalLimit: 0,
          isOnSale: false,
          minGrade: null,
          isInviteOnly: false,
          invitedUserNames: [],
          sortOrder: 0,
        },
        { token, loginType: 'STAFF' },
      );
      expect(refused.status).toBe(403);
      expect(refused.error).toBe('auth.forbidden');
    } finally {
      await support.close();
    }
  });

  test('a package claim waits in its review queue with its facts in words', async () => {
    const staff = { token: (await sessionItem(page, 'adminToken')) ?? '', loginType: 'STAFF' as const };
    const terms = {
      price: '50',
      premium: '0',
      fee: '0',
      feeCoinName: 'USDT',
      contractDays: 30,
      unlockDays: 0,
      effectiveDelayHours: 0,
      releasePercent: '1',
      releasePeriodHours: 24,
      maxProfitPercent: '100',
      maxReward: '0',
      redeemFeePercent: '0',
      redeemFeeUnlockedPercent: '0',
      claimGuaranteePercent: '40',
      drawCycleDays: 0,
    };
    const shield = await callOk<{ id: string }>(
      suite.baseUrl,
      'productSave',
      {
        kind: 'normal',
        names: { 'en-US': 'Claim shield' },
        descriptions: {},
        terms,
        payWith: [{ coinName: 'USDT', maxPercent: '100' }],
        perMemberLimit: 0,
        totalLimit: 0,
        isOnSale: true,
        minGrade: null,
        isInviteOnly: false,
        invitedUserNames: [],
        sortOrder: 9,
      },
      staff,
    );
    const bob = { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567' };
    const token = await memberToken(suite.baseUrl, bob);
    const bought = await callOk<{ holdingId: string }>(
      suite.baseUrl,
      'buyMatching',
      {
        productId: shield.id,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '50' }],
        transactionPassword: bob.transactionPassword,
        requestId: newRequestId(),
      },
      { token },
    );
    // Test-only time travel: the holding started 31 days ago, so the release job pays its 30
    // periods (15 USDT, 30 %) and ends it by its term, under its 40 % guarantee: 5 USDT to claim.
    const shiftMs = 31 * 86_400_000;
    const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
    try {
      const changed = db
        .prepare(
          'update package_holdings set started_at = started_at - ?, effective_at = effective_at - ?, unlock_at = unlock_at - ?, expires_at = expires_at - ?, next_release_at = next_release_at - ?, created_at = created_at - ? where id = ?',
        )
        .run(shiftMs, shiftMs, shiftMs, shiftMs, shiftMs, shiftMs, bought.holdingId);
      expect(changed.changes).toBe(1);
    } finally {
      db.close();
    }
    type Held = { id: string; number: string; endReason: string | null; claimable: string | null };
    const holding = async () =>
      (await callOk<{ items: Held[] }>(suite.baseUrl, 'buyMatchingList', { pageSize: 50 }, { token })).items.find((h) => h.id === bought.holdingId);
    await expect
      .poll(
        async () => {
          // Refused while a run is under way: the next round asks again.
          await callApi(suite.baseUrl, 'jobRunNow', { name: 'package-release', reason: 'e2e: release now' }, staff);
          return (await holding())?.endReason;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('term');
    const ended = (await holding())!;
    await callOk(suite.baseUrl, 'claimCreate', { holdingId: ended.id, requestId: newRequestId() }, { token });

    await page.goto('/admin/#/reviews/packageClaim');
    await waitForHeading(page, a('reviews.title', { queue: a('queues.packageClaim') }));
    const row = page.locator('tbody tr').filter({ hasText: bob.userName });
    await row.first().waitFor();
    await row
      .first()
      .getByRole('button', { name: new RegExp(`^${a('reviews.openItem', { item: '' })}`) })
      .click();
    const drawer = page.getByRole('dialog', { name: a('reviews.detailTitle'), exact: true });
    const summary = drawer.locator('.summary-list');
    await summary.waitFor();
    const text = await summary.innerText();
    for (const field of ['holdingNumber', 'principal', 'released', 'claimGuaranteePercent']) expect(text).toContain(a(`reviewFields.${field}`));
    expect(text).toContain(ended.number);
    expect(text).toContain('15.00');
    await shot(page, 'packages-claim-review-desktop.png', false);
    await page.keyboard.press('Escape');
  });

  test('on a phone, in Chinese, the catalogue and the editor fit the screen', async () => {
    const zh: Language = 'zh-CN';
    const phone = await newContext(suite.browser, suite.baseUrl, 'mobile', { lang: zh });
    try {
      const mobile = await phone.newPage();
      await staffLogin(mobile, zh, demoStaff.admin);
      await openPackages(mobile, zh);
      await mobile.getByRole('row').filter({ hasText: names['zh-CN'] }).waitFor();
      await shot(mobile, 'packages-catalogue-mobile.png');
      await mobile.getByRole('button', { name: adminT(zh, 'packages.editOf', { name: names['zh-CN'] }), exact: true }).click();
      await mobile.getByRole('dialog', { name: adminT(zh, 'packages.editTitle', { name: names['zh-CN'] }) }).waitFor();
      await shot(mobile, 'packages-editor-mobile.png', false);
    } finally {
      await phone.close();
    }
  });
});
