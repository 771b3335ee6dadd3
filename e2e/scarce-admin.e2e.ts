// Proves the back-office side of scarce goods (decision 025) in the browser, desktop 1280x800 (en-US) and a 390x844 phone (zh-CN): on the packages page's Sales tab staff open a purchase-code rush and a flash sale through the "Open sale" dialog (an incomplete submit first shows the field errors and sends nothing), see both in the list with their state at the server's clock, filter by kind, and end the flash sale early through the in-page confirmation with a reason (a confirmation without a reason is refused under its field); the server then refuses a purchase as too late. On the Shares tab they save the share configuration after a confirmation and see it reloaded from the server after a page reload; finance sees the open switch disabled with the reason (opening shares needs config.write). Screenshots go to test-artifacts/screenshots/scarce-admin-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { callApi, callOk, memberToken } from './support/api';
import { demoMember, dismissToasts, horizontalOverflow, newContext, toast, waitForHeading, type Layout } from './support/browser';
import { adminT, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();

async function shot(page: Page, file: string, fullPage = true): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** A datetime-local value `offsetMs` from now in the page's own time zone. */
function localInput(page: Page, offsetMs: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, offsetMs);
}

/** finance's authenticator, enrolled at its first sign-in here and used again by the next layout. */
let financeSecret: string | undefined;

const runs: ReadonlyArray<{ layout: Layout; lang: Language; suffix: string; rushPrice: string; flashPrice: string; sharePrice: string; shareTotal: string }> = [
  { layout: 'desktop', lang: 'en-US', suffix: 'desktop', rushPrice: '61.25', flashPrice: '48.5', sharePrice: '10', shareTotal: '1000' },
  { layout: 'mobile', lang: 'zh-CN', suffix: 'mobile', rushPrice: '71.25', flashPrice: '58.5', sharePrice: '12.5', shareTotal: '2000' },
];

describe.each(runs)('scarce goods back-office on $layout ($lang)', ({ layout, lang, suffix, rushPrice, flashPrice, sharePrice, shareTotal }) => {
  let context: BrowserContext;
  let page: Page;
  const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);

  beforeAll(async () => {
    context = await newContext(suite.browser, suite.baseUrl, layout, { lang });
    page = await context.newPage();
    await staffLogin(page, lang, demoStaff.admin);
  });
  afterAll(async () => {
    await context?.close();
  });

  const openTab = async (tab: 'sales' | 'shares', on: Page = page) => {
    await on.goto(`/admin/#/packages?tab=${tab}`);
    await waitForHeading(on, a('packages.title'));
    await on.getByRole('tab', { name: a(`packages.tabs.${tab}`), exact: true }).waitFor();
    expect(await on.getByRole('tab', { name: a(`packages.tabs.${tab}`), exact: true }).getAttribute('aria-selected')).toBe('true');
  };
  const rowOf = (price: string) => page.getByRole('row').filter({ hasText: price });
  // Its accessible name names the product ("End Gold plan now"); its text is "End now".
  const endButton = (price: string) => rowOf(price).locator('button', { hasText: a('packages.sales.endNow') });

  async function openSale(kind: 'code' | 'flash', price: string, startOffsetMs: number) {
    await page.getByRole('button', { name: a('packages.sales.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('packages.sales.openTitle') });
    await dialog.waitFor();
    await dialog.locator('#sale-kind').selectOption(kind);
    await dialog.locator('#sale-product').selectOption({ index: 1 });
    await dialog.locator('#sale-price').fill(price);
    await dialog.locator('#sale-coin').selectOption('USDT');
    await dialog.locator('#sale-total').fill('10');
    await dialog.locator('#sale-perMemberLimit').fill('2');
    await dialog.locator('#sale-startsAt').fill(await localInput(page, startOffsetMs));
    await dialog.locator('#sale-endsAt').fill(await localInput(page, startOffsetMs + 2 * 3_600_000));
    await dialog.locator('#sale-reason').fill(`e2e ${kind} ${suffix}`);
    await dialog.getByRole('button', { name: a('packages.sales.openSubmit'), exact: true }).click();
    await toast(page, lang, a(`packages.sales.opened.${kind}`)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(price).count()).toBe(1);
  }

  test('staff open a rush and a flash sale through the dialog, filter, and end one early', async () => {
    await openTab('sales');
    await page
      .locator('table.table')
      .or(page.getByText(a('packages.sales.emptyManage'), { exact: true }))
      .first()
      .waitFor();

    // An incomplete submit names the fields at fault and sends nothing.
    await page.getByRole('button', { name: a('packages.sales.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('packages.sales.openTitle') });
    await dialog.waitFor();
    await dialog.locator('#sale-price').fill('0');
    await dialog.locator('#sale-perMemberLimit').fill('500');
    await dialog.getByRole('button', { name: a('packages.sales.openSubmit'), exact: true }).click();
    await expect.poll(() => dialog.locator('#sale-product-error').innerText()).toBe(a('packages.saleErrors.product'));
    await expect.poll(() => dialog.locator('#sale-price-error').innerText()).toBe(a('packages.saleErrors.amountPositive'));
    await expect.poll(() => dialog.locator('#sale-reason-error').innerText()).toBe(a('packages.saleErrors.reasonRequired'));
    await dialog.getByText(a('packages.fixErrors'), { exact: true }).waitFor();
    await shot(page, `scarce-admin-dialog-${suffix}.png`, false);
    // Product, price and reason right; the per-member limit above the total is named next.
    await dialog.locator('#sale-product').selectOption({ index: 1 });
    await dialog.locator('#sale-price').fill(rushPrice);
    await dialog.locator('#sale-reason').fill('check');
    await dialog.getByRole('button', { name: a('packages.sales.openSubmit'), exact: true }).click();
    await expect.poll(() => dialog.locator('#sale-perMemberLimit-error').innerText()).toBe(a('packages.saleErrors.limitOverTotal'));
    await dialog.getByRole('button', { name: a('common.cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rowOf(rushPrice).count()).toBe(0);

    // A rush starting in an hour (upcoming) and a flash sale that started a minute ago (open).
    await openSale('code', rushPrice, 3_600_000);
    await openSale('flash', flashPrice, -60_000);
    await expect.poll(() => rowOf(rushPrice).getByText(a('packages.saleStates.upcoming'), { exact: true }).count()).toBe(1);
    await expect.poll(() => rowOf(flashPrice).getByText(a('packages.saleStates.open'), { exact: true }).count()).toBe(1);
    await expect.poll(() => rowOf(rushPrice).getByText(a('packages.saleKinds.code'), { exact: false }).count()).toBe(1);
    await expect
      .poll(() =>
        rowOf(flashPrice)
          .getByText(a('packages.soldOf', { sold: '0', total: '10' }), { exact: true })
          .count(),
      )
      .toBe(1);

    // The kind filter.
    await page.locator('#sale-kind-filter').selectOption('flash');
    await expect.poll(() => rowOf(rushPrice).count()).toBe(0);
    await expect.poll(() => rowOf(flashPrice).count()).toBe(1);
    await page.locator('#sale-kind-filter').selectOption('');
    await expect.poll(() => rowOf(rushPrice).count()).toBe(1);
    await dismissToasts(page, lang);
    await shot(page, `scarce-admin-sales-${suffix}.png`);

    // End the flash sale now: the confirmation asks for a reason first.
    const saleId = await rowOf(flashPrice).getAttribute('data-sale-id');
    expect(saleId).toBeTruthy();
    await endButton(flashPrice).click();
    const confirm = page.getByRole('dialog', { name: a('packages.sales.endTitle') });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: a('packages.sales.endNow'), exact: true }).click();
    await expect.poll(() => confirm.locator('#sale-close-reason-error').innerText()).toBe(a('packages.saleErrors.reasonRequired'));
    await confirm.locator('#sale-close-reason').fill('wrong price');
    await shot(page, `scarce-admin-end-${suffix}.png`, false);
    await confirm.getByRole('button', { name: a('packages.sales.endNow'), exact: true }).click();
    await toast(page, lang, a('packages.sales.ended')).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(flashPrice).getByText(a('packages.saleStates.ended'), { exact: true }).count()).toBe(1);
    expect(await endButton(flashPrice).count()).toBe(0);
    // The rush is still open for ending.
    expect(await endButton(rushPrice).count()).toBe(1);

    // The server agrees: a member's purchase after the end is too late.
    const token = await memberToken(suite.baseUrl, demoMember);
    const late = await callApi(suite.baseUrl, 'flashSaleBuy', { saleId, permit: 'x'.repeat(32), requestId: `e2e-late-${suffix}-${Date.now()}` }, { token });
    expect(late.error).toBe('scarce.tooLate');
  });

  test('staff save the share configuration after a confirmation and see it reloaded', async () => {
    await openTab('shares');
    await page.locator('#shares-price').waitFor();
    await page.locator('#shares-price').fill(sharePrice);
    await page.locator('#shares-coin').selectOption('USDT');
    await page.locator('#shares-totalIssued').fill(shareTotal);
    await page.locator('#shares-maxPerMember').fill('50');
    await page.locator('#shares-bonusPerShare').fill('0.5');
    await page.locator('#shares-bonusPeriodHours').fill('24');
    if (!(await page.locator('#shares-isOpen').isChecked())) await page.locator('#shares-isOpen').check();
    // Without a reason the form names it.
    await page.locator('#shares-reason').fill('');
    await page.getByRole('button', { name: a('packages.shares.save'), exact: true }).click();
    await expect.poll(() => page.locator('#shares-reason-error').innerText()).toBe(a('packages.saleErrors.reasonRequired'));
    await page.locator('#shares-reason').fill(`e2e shares ${suffix}`);
    await page.getByRole('button', { name: a('packages.shares.save'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: a('packages.shares.confirmTitle') });
    await confirm.getByText(a('packages.shares.confirmOpen'), { exact: true }).waitFor();
    await confirm.getByRole('button', { name: a('packages.shares.save'), exact: true }).click();
    await toast(page, lang, a('packages.shares.saved')).waitFor();

    await page.reload();
    await waitForHeading(page, a('packages.title'));
    await page.locator('#shares-price').waitFor();
    await expect.poll(() => page.locator('#shares-price').inputValue()).toBe(sharePrice);
    expect(await page.locator('#shares-totalIssued').inputValue()).toBe(shareTotal);
    expect(await page.locator('#shares-maxPerMember').inputValue()).toBe('50');
    expect(await page.locator('#shares-bonusPerShare').inputValue()).toBe('0.5');
    expect(await page.locator('#shares-isOpen').isChecked()).toBe(true);
    await page.getByText(a('packages.shares.isOpenNow'), { exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('shares-sold').innerText())
      .toBe(a('packages.soldOf', { sold: '0', total: Number(shareTotal).toLocaleString(lang) }));
    // The member portal's switch follows.
    const token = await memberToken(suite.baseUrl, demoMember);
    expect((await callOk<{ equityBuyStatus: boolean }>(suite.baseUrl, 'packageConfig', {}, { token })).equityBuyStatus).toBe(true);
    await dismissToasts(page, lang);
    await shot(page, `scarce-admin-shares-${suffix}.png`);
  });

  test('finance edits the share terms but sees the open switch disabled, with the reason', async () => {
    const financeContext = await newContext(suite.browser, suite.baseUrl, layout, { lang });
    try {
      const financePage = await financeContext.newPage();
      const { secret } = await staffLogin(financePage, lang, { ...demoStaff.finance, ...(financeSecret ? { totpSecret: financeSecret } : {}) });
      financeSecret = secret;
      await openTab('shares', financePage);
      await financePage.locator('#shares-price').waitFor();
      await expect.poll(() => financePage.locator('#shares-price').inputValue()).toBe(sharePrice);
      expect(await financePage.locator('#shares-price').isEditable()).toBe(true);
      // Opening or closing shares is an admin setting (config.write): the switch shows the state and says why it is locked.
      expect(await financePage.locator('#shares-isOpen').isDisabled()).toBe(true);
      expect(await financePage.locator('#shares-isOpen').isChecked()).toBe(true);
      await financePage.getByText(a('packages.shares.hints.isOpenAdminOnly'), { exact: true }).waitFor();
      await shot(financePage, `scarce-admin-shares-finance-${suffix}.png`);
    } finally {
      await financeContext.close();
    }
  });
});
