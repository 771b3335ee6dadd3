// Proves the community pages (decision 021) in the browser, on desktop 1280x800 (en-US) and phone 390x844 (zh-CN),
// both as the demo member (country CN, so the business grade names) whose community is demo -> alice -> carol and
// demo -> bob: /invite-tree shows the invitation code, the link {host}/#/register?inviteId=10000001 with its QR code
// and copy buttons, and the tree expanding two levels (alice, then carol); a downline member (bob on desktop, alice
// on the phone) buys a package through the API, after which demo's /user-info shows the community performance grown
// by the price and the tree shows the buyer upgraded from regular to retail by the default grade rules (an own
// holding of 100). On the phone alice (country ID) then sees her own grade under the nobility names. The page has no
// serious axe-core violations and no horizontal overflow; /index shows the community card. Screenshots:
// test-artifacts/screenshots/community-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { callApi, callOk, memberToken, newRequestId } from './support/api';
import { dismissToasts, horizontalOverflow, newContext, waitForHeading, type Layout } from './support/browser';
import { adminT, t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const demo = { userName: 'demo', password: 'Demo@12345' };
const cases: Record<Layout, { lang: Language; buyer: { userName: string; password: string; transactionPassword: string } }> = {
  desktop: { lang: 'en-US', buyer: { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567' } },
  mobile: { lang: 'zh-CN', buyer: { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' } },
};
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
  claimGuaranteePercent: '40',
  drawCycleDays: 7,
};

const suite = useSuite();
let productId = '';
let staffToken = '';

beforeAll(async () => {
  const staff = await suite.staff();
  staffToken = staff.token;
  const saved = await callOk<{ id: string }>(
    suite.baseUrl,
    'productSave',
    {
      kind: 'normal',
      names: { 'en-US': 'E2E Community', 'zh-CN': 'E2E 社区' },
      descriptions: noDescriptions,
      terms,
      payWith: [{ coinName: 'USDT', maxPercent: '100' }],
      perMemberLimit: 0,
      totalLimit: 0,
      isOnSale: true,
      minGrade: null,
      isInviteOnly: false,
      invitedUserNames: [],
      sortOrder: 1,
    },
    staff,
  );
  productId = saved.id;
}, 180_000);

async function shot(page: Page, lang: Language, file: string): Promise<void> {
  await dismissToasts(page, lang);
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage: true });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** "1,234.50" as the portal shows it, back to a number. */
const numberOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** A tree row's grade badge (the second line of the row names the grade). */
const row = (page: Page, userName: string) => page.locator(`[data-testid="tree-node"][data-user="${userName}"]`).first();

describe.each(['desktop', 'mobile'] as const)('community on %s', (layout) => {
  const { lang, buyer } = cases[layout];

  test('the invitation, the tree two levels deep, performance after a downline purchase, and a grade upgrade', async () => {
    const { context, page } = await suite.memberPage(layout, lang, demo);

    // The invitation code, the link and its QR code.
    await page.goto('/#/invite-tree');
    await waitForHeading(page, t(lang, 'community.title'));
    await expect.poll(() => page.getByTestId('invite-code').textContent()).toBe('10000001');
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toBe(`${suite.baseUrl}/#/register?inviteId=10000001`);
    const qr = page.getByRole('img', { name: t(lang, 'community.invite.qrAlt') });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => page.getByRole('button', { name: t(lang, 'community.invite.copyLink') }).isVisible()).toBe(true);

    // Level one: alice and bob; expanding alice shows carol (level two).
    await expect.poll(() => row(page, 'alice').isVisible()).toBe(true);
    await expect.poll(() => row(page, 'bob').isVisible()).toBe(true);
    expect(await row(page, 'carol').count()).toBe(0);
    const expand = page.getByRole('button', { name: t(lang, 'community.tree.expand', { name: 'alice' }) });
    await expand.click();
    await expect.poll(() => row(page, 'carol').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: t(lang, 'community.tree.collapse', { name: 'alice' }) }).getAttribute('aria-expanded')).toBe('true');
    const regular = t(lang, 'community.grades.business.regular');
    const retail = t(lang, 'community.grades.business.retail');
    await expect.poll(() => row(page, buyer.userName).locator('.tree-title').first().textContent()).toContain(regular);
    await shot(page, lang, `community-tree-${layout}.png`);

    // Demo's performance before, then a downline purchase through the API.
    await page.goto('/#/user-info');
    await waitForHeading(page, t(lang, 'user.title'));
    const communityFigure = page.getByTestId('figure-community');
    await expect.poll(() => communityFigure.isVisible()).toBe(true);
    const before = numberOf((await communityFigure.textContent()) ?? '');
    const token = await memberToken(suite.baseUrl, buyer);
    await callOk(
      suite.baseUrl,
      'buyMatching',
      {
        productId,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '100' }],
        transactionPassword: buyer.transactionPassword,
        requestId: newRequestId('cm'),
      },
      { token },
    );
    await page.reload();
    await waitForHeading(page, t(lang, 'user.title'));
    await expect.poll(async () => numberOf((await page.getByTestId('figure-community').textContent()) ?? '')).toBe(before + 100);
    await shot(page, lang, `community-user-info-${layout}.png`);

    // The buyer crossed the retail threshold (an own holding of 100): the tree shows the new grade.
    await page.goto('/#/invite-tree');
    await waitForHeading(page, t(lang, 'community.title'));
    await expect.poll(() => row(page, buyer.userName).locator('.tree-title').first().textContent()).toContain(retail);
    const violations = (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(violations).toEqual([]);

    // The home page's community card.
    await page.goto('/#/index');
    await waitForHeading(page, t(lang, 'dashboard.title'));
    await expect.poll(() => page.getByTestId('community-card').isVisible()).toBe(true);
    await shot(page, lang, `community-index-${layout}.png`);
    await context.close();

    if (layout === 'mobile') {
      // alice's country is ID: her own grade shows under the nobility names (spec section 4).
      const { context: aliceContext, page: alicePage } = await suite.memberPage(layout, lang, buyer);
      await alicePage.goto('/#/user-info');
      await waitForHeading(alicePage, t(lang, 'user.title'));
      await expect.poll(() => alicePage.getByTestId('figure-level').textContent()).toBe(t(lang, 'community.grades.nobility.retail'));
      await shot(alicePage, lang, 'community-user-info-nobility-mobile.png');
      await aliceContext.close();
    }
  }, 180_000);
});

test('staff mark a member protected and allow rush purchase from the member page, hand protection back to the rules; the member sees both', async () => {
  const a = (key: string, params?: Record<string, string | number>) => adminT('en-US', key, params);
  const context = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang: 'en-US' });
  await context.addInitScript((value: string) => sessionStorage.setItem('adminToken', value), staffToken);
  const page = await context.newPage();
  const carolToken = await memberToken(suite.baseUrl, { userName: 'carol', password: 'Carol@12345' });
  const before = await callApi<{ id: string; isProtected: boolean; buyPurchaseCodeStatus: boolean }>(suite.baseUrl, 'userInfo', {}, { token: carolToken });
  expect([before.data.isProtected, before.data.buyPurchaseCodeStatus]).toEqual([false, false]);
  await page.goto(`/admin/#/members/${before.data.id}`);
  await waitForHeading(page, 'carol');
  const panel = page.getByRole('region', { name: a('community.title'), exact: true });
  await panel.getByText(a('community.figures.userCount'), { exact: true }).waitFor();
  for (const action of ['protect', 'allowPurchaseCode'] as const) {
    await panel.getByRole('button', { name: a(`community.actions.${action}`), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a(`community.actions.${action}`), exact: true });
    await dialog.getByLabel(a('form.reason'), { exact: true }).fill(`e2e ${action}`);
    await dialog.getByRole('button', { name: a(`community.actions.${action}`), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await panel.getByRole('button', { name: a('community.actions.unprotect'), exact: true }).waitFor();
  // Both flags are pinned now; hand the protected flag back to the plan's flag rules (decision 026).
  await expect.poll(() => panel.getByText(a('community.flagPinned'), { exact: false }).count()).toBe(2);
  await panel.getByRole('button', { name: a('community.actions.unpinProtected'), exact: true }).click();
  const unpin = page.getByRole('dialog', { name: a('community.actions.unpinProtected'), exact: true });
  await unpin.getByText(a('community.confirm.unpinProtected'), { exact: true }).waitFor();
  await unpin.getByLabel(a('form.reason'), { exact: true }).fill('e2e unpinProtected');
  await unpin.getByRole('button', { name: a('community.actions.unpinProtected'), exact: true }).click();
  await unpin.waitFor({ state: 'hidden' });
  await panel.getByRole('button', { name: a('community.actions.unpinProtected'), exact: true }).waitFor({ state: 'detached' });
  await panel.getByRole('button', { name: a('community.actions.unpinPurchaseCode'), exact: true }).waitFor();
  await expect.poll(() => panel.getByText(a('community.flagByRules'), { exact: false }).count()).toBe(1);
  await shot(page, 'en-US', 'community-admin-member-desktop.png');
  const after = await callApi<{ isProtected: boolean; buyPurchaseCodeStatus: boolean }>(suite.baseUrl, 'userInfo', {}, { token: carolToken });
  expect([after.data.isProtected, after.data.buyPurchaseCodeStatus]).toEqual([true, true]);
  await context.close();
}, 120_000);
