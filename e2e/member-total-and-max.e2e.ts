// Proves the home's one total and the Max buttons, on a desktop (1280x800, zh-CN) and a phone
// (390x844, en-US):
// - the home shows one total in USDT equal to the server's valuation, and that valuation is the
//   sum of the balances at the configured exchange rates (checked here from the balances and rates);
// - the money actions Deposit / Withdraw / Transfer / Exchange sit above the balances;
// - the eye (a toggle button, aria-pressed) hides every balance on the home and stays closed after
//   a reload, including in the copy painted before the app;
// - on /withdraw (bank: 1% fee, multiple of 10, maximum 20,000) and /transfer (1% fee) Max fills the
//   largest amount the balance covers with the fee on top, worked out here independently, and the
//   form then submits; the member pages changed have no serious or critical axe violation.
// Screenshots: test-artifacts/screenshots/member-total-and-max-<page>-<width>-<lang>.png.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { balancesOf, callOk, memberToken, newRequestId } from './support/api';
import { demoMember, horizontalOverflow, toast, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { seriousViolations, shotsDir, useSuite } from './support/suite';

const cases: ReadonlyArray<{ layout: Layout; width: number; lang: Language }> = [
  { layout: 'desktop', width: 1280, lang: 'zh-CN' },
  { layout: 'mobile', width: 390, lang: 'en-US' },
];
const demoTxPassword = 'Demo@123456';
const alice = { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' } as const;
const unit = 1_000_000n;

const suite = useSuite();

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
}

async function shot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(shotsDir, file) });
  expect(fs.statSync(path.join(shotsDir, file)).size).toBeGreaterThan(5000);
}

/** A decimal string as minor units at scale 6. */
function minor(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: "${text}"`);
  const value = BigInt(match[2]!) * unit + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] === '-' ? -value : value;
}

/** percent % of amount, rounded up to the minor unit (how the server takes a fee). */
const feeUp = (amount: bigint, percent: bigint) => (amount * percent + 99n) / 100n;

/**
 * The largest amount with amount + fee (percent, rounded up) within `available`, worked out from
 * the closed form and corrected by single steps; then the step and the ceiling.
 */
function expectedMax(available: bigint, percent: bigint, step = 0n, ceiling = 0n): bigint {
  let amount = (available * 100n) / (100n + percent);
  while (amount + 1n + feeUp(amount + 1n, percent) <= available) amount += 1n;
  while (amount + feeUp(amount, percent) > available) amount -= 1n;
  if (ceiling > 0n && amount > ceiling) amount = ceiling;
  if (step > 0n) amount -= amount % step;
  return amount;
}

/** The amount field's value after Max, as minor units. */
async function filledBy(page: Page, fieldLabel: string): Promise<bigint> {
  await page.locator('.amount-shortcuts button').last().click();
  const field = page.getByLabel(fieldLabel, { exact: true });
  await expect.poll(() => field.inputValue()).not.toBe('');
  return minor(await field.inputValue());
}

describe.each(cases)('$layout $lang: the total, the eye and Max', ({ layout, width, lang }) => {
  test('the home total is the valuation of the balances, the eye hides them across a reload', async () => {
    const token = await memberToken(suite.baseUrl, demoMember);
    const balances = await balancesOf(suite.baseUrl, token);
    const rates = await callOk<Array<{ sourceCoin: string; targetCoin: string; rate: string }>>(suite.baseUrl, 'exchangeTypeList', {}, { token });
    const value = await callOk<{ total: string; unvaluedCoins: string[] }>(suite.baseUrl, 'assetsValue', {}, { token });
    // Worked out here: USDT as is; a point type at its rate to USDT, or by its rate from USDT.
    let sum = 0n;
    for (const [coin, entry] of balances) {
      const total = minor(entry.assetsTotal);
      if (coin === 'USDT') sum += total;
      else {
        const direct = rates.find((r) => r.sourceCoin === coin && r.targetCoin === 'USDT');
        const inverse = rates.find((r) => r.sourceCoin === 'USDT' && r.targetCoin === coin);
        if (direct) sum += (total * minor(direct.rate)) / unit;
        else if (inverse) sum += (total * unit) / minor(inverse.rate);
      }
    }
    expect(minor(value.total)).toBe(sum);
    expect(value.unvaluedCoins).toEqual([]);

    const { context, page } = await suite.memberPage(layout, lang);
    await settle(page);
    const figure = page.getByTestId('total-value');
    const shownDigits = (await figure.innerText()).replace(/[^\d]/g, '');
    // Two places, cut, never rounded up.
    const whole = minor(value.total) / unit;
    const cents = (minor(value.total) % unit) / 10_000n;
    expect(shownDigits).toBe(`${whole}${cents.toString().padStart(2, '0')}`);
    expect(await figure.innerText()).toContain('USDT');

    // The four money actions come before the first balance card.
    const actions = page.getByRole('navigation', { name: t(lang, 'dashboard.primaryActions'), exact: true });
    for (const label of ['deposit', 'withdraw', 'transfer', 'exchange']) {
      await expect.poll(() => actions.getByRole('link', { name: t(lang, `dashboard.${label}`), exact: true }).count()).toBe(1);
    }
    const actionsBox = (await actions.boundingBox())!;
    const firstAsset = (await page.locator('li.asset').first().boundingBox())!;
    expect(actionsBox.y).toBeLessThan(firstAsset.y);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page), 'home').toEqual([]);
    await shot(page, `member-total-and-max-home-${width}-${lang}.png`);

    const eye = page.getByRole('button', { name: t(lang, 'assets.hideBalances'), exact: true });
    expect(await eye.getAttribute('aria-pressed')).toBe('false');
    await eye.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => eye.getAttribute('aria-pressed')).toBe('true');
    const hiddenText = t(lang, 'assets.hidden');
    expect(await figure.innerText()).not.toMatch(/\d/);
    expect(await page.locator('li.asset .asset-total').first().innerText()).not.toMatch(/\d/);
    expect(await page.locator('li.asset').first().innerText()).toContain(hiddenText);
    expect(await seriousViolations(page), 'home with balances hidden').toEqual([]);
    await shot(page, `member-total-and-max-home-hidden-${width}-${lang}.png`);

    await page.reload();
    await waitForHeading(page, t(lang, 'dashboard.title'));
    await settle(page);
    await expect.poll(() => page.getByRole('button', { name: t(lang, 'assets.hideBalances'), exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('total-value').innerText()).not.toMatch(/\d/);
    for (const text of await page.locator('li.asset').allInnerTexts()) expect(text).not.toMatch(/\d/);
    await context.close();
  });

  test('Max on a bank withdrawal and on a transfer fills the largest amount with its fee, and both submit', async () => {
    const token = await memberToken(suite.baseUrl, demoMember);
    if (lang !== cases[0]!.lang) {
      // The first case spent demo's money; alice sends some back so this case has an amount to fill.
      const aliceToken = await memberToken(suite.baseUrl, alice);
      for (const [coinName, amount] of [
        ['USDT', '500'],
        ['ASSETS_POINT', '100'],
      ] as const) {
        await callOk(
          suite.baseUrl,
          'transferCreate',
          { transferType: 'internalTransfer', toUserName: 'demo', coinName, amount, transactionPassword: alice.transactionPassword, requestId: newRequestId() },
          { token: aliceToken },
        );
      }
    }
    const { context, page } = await suite.memberPage(layout, lang);

    // Bank withdrawal: 1% fee on top, a multiple of 10, at most 20,000 (the default BANK_CNY type).
    await page.goto('/#/withdraw');
    await waitForHeading(page, t(lang, 'pages.withdraw'));
    await page.locator('fieldset.withdraw-tabs').getByText(t(lang, 'withdraw.tabs.bank'), { exact: true }).click();
    await settle(page);
    const available = minor((await callOk<{ available: string }>(suite.baseUrl, 'withdrawalInfo', {}, { token })).available);
    const withdrawMax = expectedMax(available, 1n, 10n * unit, 20_000n * unit);
    expect(withdrawMax).toBeGreaterThanOrEqual(50n * unit);
    const amountLabel = t(lang, 'withdraw.amount', { coin: t(lang, 'coins.USDT') });
    expect(await filledBy(page, amountLabel)).toBe(withdrawMax);
    expect(await seriousViolations(page), 'withdraw after Max').toEqual([]);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await shot(page, `member-total-and-max-withdraw-${width}-${lang}.png`);
    await page.locator('.destination-choice input[type="radio"], [role="radiogroup"] input[type="radio"]').first().check();
    await page.getByLabel(t(lang, 'withdraw.transactionPassword'), { exact: true }).fill(demoTxPassword);
    await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
    const confirmWithdraw = page.getByRole('dialog', { name: t(lang, 'withdraw.confirmTitle'), exact: true });
    await confirmWithdraw.getByRole('button', { name: t(lang, 'withdraw.confirm'), exact: true }).click();
    await toast(page, lang, t(lang, 'withdraw.submitted')).waitFor();
    const order = (await callOk<{ items: Array<{ amount: string; status: string }> }>(suite.baseUrl, 'withdrawalBankOrderList', { pageSize: 1 }, { token }))
      .items[0]!;
    expect(minor(order.amount)).toBe(withdrawMax);

    // Transfer of registration points to alice: 1% fuel fee on top, no step.
    await page.goto('/#/transfer');
    await waitForHeading(page, t(lang, 'transfer.title'));
    await settle(page);
    await page.getByLabel(t(lang, 'transfer.toUserName'), { exact: true }).fill('alice');
    await page.getByLabel(t(lang, 'transfer.coinName'), { exact: true }).selectOption('ASSETS_POINT');
    const points = minor((await balancesOf(suite.baseUrl, token)).get('ASSETS_POINT')!.assetsAvailable);
    const transferMax = expectedMax(points, 1n);
    expect(await filledBy(page, t(lang, 'transfer.amount'))).toBe(transferMax);
    expect(await seriousViolations(page), 'transfer after Max').toEqual([]);
    await shot(page, `member-total-and-max-transfer-${width}-${lang}.png`);
    await page.getByLabel(t(lang, 'transfer.transactionPassword'), { exact: true }).fill(demoTxPassword);
    await page.getByRole('button', { name: t(lang, 'transfer.submit'), exact: true }).click();
    const confirmTransfer = page.getByRole('dialog', { name: t(lang, 'transfer.confirmTitle'), exact: true });
    await confirmTransfer.getByRole('button', { name: t(lang, 'transfer.confirm'), exact: true }).click();
    await toast(page, lang, t(lang, 'transfer.done')).waitFor();
    const left = minor((await balancesOf(suite.baseUrl, token)).get('ASSETS_POINT')!.assetsAvailable);
    expect(left).toBe(points - transferMax - feeUp(transferMax, 1n));
    await context.close();
  });
});
