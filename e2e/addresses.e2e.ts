// Proves bank accounts and wallet addresses on /user-info in the browser, desktop 1280x800 (en-US) and phone 390x844 (zh-CN), with no serious axe-core violations: a bank account added (number shown in groups of four, "usable from" with a local time), a BEP20 address pasted in lower case (shown in its EIP-55 form) and a TRC20 address added; a TRON address given for BEP20 refused with the spec's message in the member's language; an address and the bank account changed; an address deleted after a confirmation. Screenshots go to test-artifacts/screenshots/addresses-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, horizontalOverflow, toast, waitForHeading, type Layout } from './support/browser';
import { serverText, t, tPattern, type Language } from './support/i18n';
import { seriousViolations, shotsDir, useSuite } from './support/suite';

/** One demo member and one language per layout, so the two runs share nothing. */
const cases: Record<Layout, { lang: Language; userName: string; password: string; transactionPassword: string }> = {
  desktop: { lang: 'en-US', userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' },
  mobile: { lang: 'zh-CN', userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567' },
};
/** EIP-55's own example and BNB Smart Chain's USDT contract; TRON's USDT contract. */
const bep20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const bep20Next = '0x55d398326f99059fF775485246999027B3197955';
const trc20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const suite = useSuite();

async function screenshot(page: Page, lang: Language, file: string, fullPage = true): Promise<void> {
  // Behind an open modal dialog the toasts cannot be clicked away; they go by themselves after 3 s.
  if (fullPage) await dismissToasts(page, lang);
  else
    await page.waitForFunction(
      (name) => !document.querySelector(`[role="region"][aria-label="${name}"] [role="status"], [role="region"][aria-label="${name}"] [role="alert"]`),
      t(lang, 'toast.region'),
      { timeout: 10_000 },
    );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

describe('bank accounts and wallet addresses', () => {
  test.each(['desktop', 'mobile'] as const)('add, check, change and delete on /user-info (%s)', async (layout) => {
    const { lang, ...member } = cases[layout];
    const { context, page } = await suite.memberPage(layout, lang, member);
    await page.goto('/#/user-info');
    await waitForHeading(page, t(lang, 'user.title'));
    const banks = page.getByRole('region', { name: t(lang, 'bankAccounts.title') });
    const wallets = page.getByRole('region', { name: t(lang, 'addresses.title') });
    await banks.getByText(t(lang, 'bankAccounts.empty'), { exact: true }).waitFor();
    await wallets.getByText(t(lang, 'addresses.empty'), { exact: true }).waitFor();

    // A bank account: the number typed with dashes comes back in groups of four, usable after the cooling-off.
    await banks.getByRole('button', { name: t(lang, 'bankAccounts.add'), exact: true }).click();
    let dialog = page.getByRole('dialog', { name: t(lang, 'bankAccounts.addTitle') });
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await dialog.getByText(serverText(lang, 'validation.enterBankName'), { exact: true }).waitFor();
    await dialog.getByLabel(t(lang, 'bankAccounts.bankName'), { exact: true }).fill('Bank Central Asia');
    await dialog.getByLabel(t(lang, 'bankAccounts.accountName'), { exact: true }).fill('Alice Tan');
    await dialog.getByLabel(t(lang, 'bankAccounts.accountNumber'), { exact: true }).fill('6222-0000-1111-2222-333');
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await toast(page, lang, t(lang, 'bankAccounts.added')).waitFor();
    const bankRow = banks.getByTestId('bank-account-row');
    await expect.poll(() => bankRow.getByTestId('bank-account-number').innerText()).toBe('6222 0000 1111 2222 333');
    const usableFrom = (await bankRow.getByText(tPattern(lang, 'payoutDestinations.usableFrom')).innerText()).trim();
    // The local time of now + 24 h (the default cooling-off): that day and hour:minute (or the minute before).
    const [day, minute, minuteBefore] = await page.evaluate((language) => {
      const at = Date.now() + 24 * 3_600_000;
      const date = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' });
      const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      return [date.format(at), time.format(at), time.format(at - 60_000)];
    }, lang);
    expect(usableFrom).toContain(day);
    expect(usableFrom.includes(minute) || usableFrom.includes(minuteBefore), `${usableFrom} at ${minute}`).toBe(true);

    // A TRON address given for BEP20: the spec's message, in the member's language, under the field.
    await wallets.getByRole('button', { name: t(lang, 'addresses.add'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'addresses.addTitle') });
    await dialog.getByLabel(t(lang, 'addresses.chain'), { exact: true }).selectOption('BEP20');
    await dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).fill(trc20);
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await dialog.getByText(serverText(lang, 'validation.addressWrongChain'), { exact: true }).waitFor();
    await screenshot(page, lang, `addresses-${layout}-wrong-chain.png`, false);
    expect(await seriousViolations(page), 'address form').toEqual([]);
    // The same address pasted in lower case is stored and shown in its EIP-55 form.
    await dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).fill(bep20.toLowerCase());
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await toast(page, lang, t(lang, 'addresses.added')).waitFor();
    await wallets.getByTestId('address-text').filter({ hasText: bep20 }).waitFor();

    await wallets.getByRole('button', { name: t(lang, 'addresses.add'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'addresses.addTitle') });
    await dialog.getByLabel(t(lang, 'addresses.chain'), { exact: true }).selectOption('TRC20');
    await dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).fill(trc20);
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await toast(page, lang, t(lang, 'addresses.added')).waitFor();
    const addressRows = wallets.getByTestId('address-row');
    await expect.poll(() => addressRows.count()).toBe(2);
    await expect.poll(() => wallets.getByText(tPattern(lang, 'payoutDestinations.usableFrom')).count()).toBe(2);
    await screenshot(page, lang, `addresses-${layout}-user-info.png`);
    expect(await seriousViolations(page), 'user info with accounts').toEqual([]);

    // Change the BEP20 address and the bank account's holder name.
    await wallets.getByRole('button', { name: t(lang, 'addresses.editNamed', { chain: 'BEP20', address: bep20 }), exact: true }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'addresses.editTitle') });
    await expect.poll(() => dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).inputValue()).toBe(bep20);
    await dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).fill(bep20Next);
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await toast(page, lang, t(lang, 'addresses.saved')).waitFor();
    await wallets.getByTestId('address-text').filter({ hasText: bep20Next }).waitFor();
    await expect.poll(() => wallets.getByTestId('address-text').filter({ hasText: bep20 }).count()).toBe(0);

    await banks.getByRole('button', { name: t(lang, 'bankAccounts.editNamed', { name: 'Bank Central Asia' }), exact: true }).click();
    dialog = page.getByRole('dialog', { name: t(lang, 'bankAccounts.editTitle') });
    await dialog.getByLabel(t(lang, 'bankAccounts.accountName'), { exact: true }).fill('Alice Tan Mei');
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill('Wrong-pass1');
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await dialog.getByText(serverText(lang, 'errors.user.txPasswordWrong', { triesLeft: 4 }), { exact: true }).waitFor();
    await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
    await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
    await toast(page, lang, t(lang, 'bankAccounts.saved')).waitFor();
    await bankRow.getByText('Alice Tan Mei', { exact: true }).waitFor();

    // Delete the TRC20 address: a confirmation first; cancelling keeps it.
    const deleteTron = wallets.getByRole('button', { name: t(lang, 'addresses.deleteNamed', { chain: 'TRC20', address: trc20 }), exact: true });
    await deleteTron.click();
    const confirm = page.getByRole('dialog', { name: t(lang, 'addresses.confirmDeleteTitle') });
    await confirm.getByText(trc20, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: t(lang, 'payoutDestinations.cancel'), exact: true }).click();
    await expect.poll(() => addressRows.count()).toBe(2);
    await deleteTron.click();
    await screenshot(page, lang, `addresses-${layout}-confirm-delete.png`, false);
    await confirm.getByRole('button', { name: t(lang, 'payoutDestinations.delete'), exact: true }).click();
    await toast(page, lang, t(lang, 'addresses.deleted')).waitFor();
    await expect.poll(() => addressRows.count()).toBe(1);
    await expect.poll(() => wallets.getByTestId('address-text').filter({ hasText: trc20 }).count()).toBe(0);
    await screenshot(page, lang, `addresses-${layout}-after-changes.png`);
    await context.close();
  });
});
