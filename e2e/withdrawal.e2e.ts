// Proves a USDT withdrawal end to end in the browser, on desktop 1280x800 (en-US) and
// phone 390x844 (zh-CN), against a local EVM node (ganache, in-process, 127.0.0.1) with an
// 18-decimal BEP20-style token and a hot wallet funded with it (its key given to the server as
// PAYOUT_BEP20_PRIVATE_KEY, as production does).
// (a) The member adds a BEP20 address from /withdraw; the page shows it in its cooling-off with the
// local time it becomes usable, and refuses to choose it. Time travel (a test-only step: the
// address row's usable_from is moved into the past in the server's SQLite file, the one thing a
// test cannot wait 24 hours for) makes it choosable. The member withdraws 25 USDT (fee 1, total 26
// taken from the available balance), confirms in the dialog and sees "pending review"; staff
// approve in the back-office withdrawal queue; the payout job (run now by staff, blocks mined for
// its confirmations) pays it from the hot wallet; the member sees "paid" with an explorer link
// opening in a new tab, and the recipient's token balance on the node rose by exactly 25.
// (b) Another withdrawal, whose first answer is lost on the way (the member sends it again: one
// order, one hold, as the request id is kept across the retry), is rejected by staff with a reason: the member sees "rejected" with the
// reason translated and the staff note, and the balance is back where it was; the page has no
// serious axe-core violations, the bank tab is reached by keyboard and shows the CNY payout
// (rounded down); a bank withdrawal to a saved account (number grouped in fours) is requested.
// Last, the ledger verifies as balanced on the server's data. Screenshots go to
// test-artifacts/screenshots/withdrawal-*.png.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { callApi, callOk, memberToken } from './support/api';
import { dismissToasts, horizontalOverflow, sessionItem, toast, waitForHeading, type Layout } from './support/browser';
import { startPayoutChain, type PayoutChain } from './support/payout-chain';
import { adminT, escapeRegExp, serverText, t, tPattern, type Language } from './support/i18n';
import { ledgerVerifyAfterHalt } from './support/server';
import { demoStaff, staffLogin } from './support/staff';
import { seriousViolations, settle, shotsDir, useSuite } from './support/suite';

/** The default USDT_BEP20 type: a fixed fee of 1 USDT. */
const bep20Type = 'USDT_BEP20';
const feeUsdt = 1;

/** One demo member and one language per layout, so the two runs share nothing. */
const cases: Record<Layout, { lang: Language; userName: string; password: string; transactionPassword: string }> = {
  desktop: { lang: 'en-US', userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456' },
  mobile: { lang: 'zh-CN', userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' },
};

let payout: PayoutChain;
// Registered before the suite, so it runs after the suite has stopped the server (after-hooks run last first).
afterAll(async () => {
  await payout?.close();
});
const suite = useSuite({
  env: async () => {
    // The local node with USDT and a hot wallet holding 1,000 of it and gas (its key in PAYOUT_BEP20_PRIVATE_KEY).
    payout = await startPayoutChain({ hotWalletUsdt: 1_000n });
    // The payout job and the chain watcher are scheduled jobs; e2e servers otherwise run with jobs off.
    return { JOBS: 'on', ...payout.env };
  },
});

interface Order {
  id: string;
  number: string;
  status: string;
  amount: string;
  destination: string;
  txHash: string | null;
}

async function shot(page: Page, lang: Language, file: string, fullPage = true): Promise<void> {
  if (fullPage) await dismissToasts(page, lang);
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  // From the top, so the sticky header sits where it belongs in the full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

async function openWithdraw(page: Page, lang: Language): Promise<void> {
  if (new URL(page.url()).hash.startsWith('#/withdraw')) await page.reload();
  else await page.goto('/#/withdraw');
  await waitForHeading(page, t(lang, 'pages.withdraw'));
  await settle(page);
}

/** The member's withdrawals, newest first, as the API reports them. */
async function ordersOf(memberSession: string): Promise<Order[]> {
  return (await callOk<{ items: Order[] }>(suite.baseUrl, 'withdrawalOrderList', { pageSize: 20 }, { token: memberSession })).items;
}

async function availableOf(memberSession: string): Promise<number> {
  return Number((await callOk<{ available: string }>(suite.baseUrl, 'withdrawalInfo', {}, { token: memberSession })).available);
}

/**
 * Time travel, for tests only: the address's cooling-off ends now. The server keeps no copy of
 * the row in memory, so the next read of the address list sees it usable.
 */
function endCoolingOff(dataDir: string, address: string, table: 'member_withdrawal_addresses' | 'member_bank_accounts' = 'member_withdrawal_addresses'): void {
  const db = new Database(path.join(dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
  try {
    const column = table === 'member_withdrawal_addresses' ? 'address' : 'account_number';
    const changed = db.prepare(`update ${table} set usable_from = ? where ${column} = ? and deleted_at is null`).run(Date.now() - 1000, address);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** Fills the on-chain form, checks the confirmation's summary and confirms. */
async function withdraw(
  page: Page,
  lang: Language,
  member: (typeof cases)[Layout],
  address: string,
  amount: number,
  options: { screenshot?: string; loseFirstAnswer?: boolean } = {},
): Promise<void> {
  const { screenshot, loseFirstAnswer = false } = options;
  await page.getByLabel(t(lang, 'withdraw.type'), { exact: true }).selectOption(bep20Type);
  await page.getByLabel(t(lang, 'withdraw.amount', { coin: t(lang, 'coins.USDT') }), { exact: true }).fill(String(amount));
  const preview = page.locator('.preview');
  await expect.poll(() => preview.innerText()).toContain(`${(amount + feeUsdt).toLocaleString(lang, { minimumFractionDigits: 2 })} ${t(lang, 'coins.USDT')}`);
  await page.getByRole('radio', { name: new RegExp(escapeRegExp(address)) }).check();
  await page.getByLabel(t(lang, 'withdraw.transactionPassword'), { exact: true }).fill(member.transactionPassword);
  await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t(lang, 'withdraw.confirmTitle'), exact: true });
  await expect.poll(() => dialog.getByTestId('confirm-destination').innerText()).toBe(address);
  const summary = await dialog.innerText();
  expect(summary).toContain(`${(amount + feeUsdt).toLocaleString(lang, { minimumFractionDigits: 2 })} ${t(lang, 'coins.USDT')}`);
  expect(summary).toContain(t(lang, 'withdraw.irreversibleChain'));
  if (screenshot) await shot(page, lang, screenshot, false);
  const route = '**/api/app/withdrawal/bscWithdrawal';
  if (loseFirstAnswer) {
    // The server gets and carries out the first request, but its answer never reaches the page.
    let isFirst = true;
    await page.route(route, async (request) => {
      if (!isFirst) return request.continue();
      isFirst = false;
      await request.fetch();
      await request.abort('connectionreset');
    });
  }
  await dialog.getByRole('button', { name: t(lang, 'withdraw.confirm'), exact: true }).click();
  if (loseFirstAnswer) {
    // The member is told its outcome is unknown and that sending it again is safe (a write without an
    // answer), and sends the same request again: the same request id, so the server answers with the first order.
    await toast(page, lang, serverText(lang, 'errors.server.unavailable')).waitFor();
    await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
    await dialog.getByRole('button', { name: t(lang, 'withdraw.confirm'), exact: true }).click();
  }
  await toast(page, lang, t(lang, 'withdraw.submitted')).waitFor();
  if (loseFirstAnswer) await page.unroute(route);
  // The form starts again empty.
  await expect.poll(() => page.getByLabel(t(lang, 'withdraw.transactionPassword'), { exact: true }).inputValue()).toBe('');
}

/** Staff open the withdrawal queue, the member's item, and approve or reject it. */
async function staffDecide(lang: Language, layout: Layout, userName: string, decision: 'approve' | 'reject', note?: string): Promise<string> {
  const { context: staffContext, page: staffPage } = await suite.newPage(layout, lang);
  try {
    await staffLogin(staffPage, lang, demoStaff.admin);
    await staffPage.goto('/admin/#/reviews/withdrawal');
    await waitForHeading(staffPage, adminT(lang, 'reviews.title', { queue: adminT(lang, 'queues.withdrawal') }));
    await settle(staffPage);
    const open = staffPage.getByRole('button', { name: new RegExp(`^${escapeRegExp(adminT(lang, 'reviews.openItem', { item: `${userName} · ` }))}`) });
    await open.first().click();
    const drawer = staffPage.getByRole('dialog', { name: adminT(lang, 'reviews.detailTitle'), exact: true });
    if (decision === 'approve') {
      await drawer.getByRole('button', { name: adminT(lang, 'reviews.approve'), exact: true }).click();
      const confirm = staffPage.getByRole('dialog', { name: adminT(lang, 'reviews.approveTitle', { count: 1 }), exact: true });
      await confirm.getByRole('button', { name: adminT(lang, 'reviews.approve'), exact: true }).click();
      await expect.poll(() => drawer.innerText()).toContain(adminT(lang, 'reviews.status.approved'));
    } else {
      await drawer.getByRole('button', { name: adminT(lang, 'reviews.reject'), exact: true }).click();
      const confirm = staffPage.getByRole('dialog', { name: adminT(lang, 'reviews.rejectTitle', { count: 1 }), exact: true });
      await confirm.locator('#decide-reason-code').selectOption('suspectedFraud');
      await confirm.locator('#decide-reason').fill(note ?? '');
      await confirm.getByRole('button', { name: adminT(lang, 'reviews.reject'), exact: true }).click();
      await expect.poll(() => drawer.innerText()).toContain(adminT(lang, 'reviews.status.rejected'));
    }
    // The staff session, for running the payout job through the API.
    return (await sessionItem(staffPage, 'adminToken')) ?? '';
  } finally {
    await staffContext.close();
  }
}

describe('USDT withdrawal on chain (BEP20, local node)', () => {
  test.each(['desktop', 'mobile'] as const)(
    '%s: add an address, cooling-off, withdraw, approve, paid by the hot wallet',
    async (layout) => {
      const member = cases[layout];
      const { lang } = member;
      const usdt = t(lang, 'coins.USDT');
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const memberSession = await memberToken(suite.baseUrl, member);
      const before = await availableOf(memberSession);
      expect(before).toBeGreaterThan(100);

      const { context, page } = await suite.memberPage(layout, lang, member);
      await dismissToasts(page, lang);
      await openWithdraw(page, lang);
      await expect
        .poll(() => page.getByTestId('summary-available').innerText())
        .toBe(before.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

      // Client checks with the spec's messages, before anything is sent.
      await page.getByLabel(t(lang, 'withdraw.type'), { exact: true }).selectOption(bep20Type);
      await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'validation.enterAmount'), { exact: true }).waitFor();
      await page.getByText(serverText(lang, 'validation.chooseAddress'), { exact: true }).waitFor();
      await page.getByText(serverText(lang, 'validation.enterTransactionPassword'), { exact: true }).waitFor();
      await page.getByLabel(t(lang, 'withdraw.amount', { coin: usdt }), { exact: true }).fill(String(Math.ceil(before) + 10));
      await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'validation.insufficientBalance'), { exact: true }).waitFor();
      await page.getByLabel(t(lang, 'withdraw.amount', { coin: usdt }), { exact: true }).fill('5');
      await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'validation.minimumAmount', { x: '10' }), { exact: true }).waitFor();
      await page.getByLabel(t(lang, 'withdraw.amount', { coin: usdt }), { exact: true }).fill('');

      // (a) An address added from the withdraw page: shown in its cooling-off, with the local time, not choosable.
      await page.getByRole('button', { name: t(lang, 'withdraw.addAddress'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'withdraw.addAddressTitle'), exact: true });
      await dialog.getByLabel(t(lang, 'addresses.chain'), { exact: true }).selectOption('BEP20');
      await dialog.getByLabel(t(lang, 'addresses.address'), { exact: true }).fill(recipient);
      await dialog.getByLabel(t(lang, 'payoutDestinations.transactionPassword'), { exact: true }).fill(member.transactionPassword);
      await dialog.getByRole('button', { name: t(lang, 'payoutDestinations.save'), exact: true }).click();
      await toast(page, lang, t(lang, 'addresses.added')).waitFor();
      const option = page.getByTestId('destination-option').filter({ hasText: recipient });
      const radio = page.getByRole('radio', { name: new RegExp(escapeRegExp(recipient)) });
      await option.waitFor();
      expect(await radio.isDisabled()).toBe(true);
      const usableFrom = (await option.getByText(tPattern(lang, 'payoutDestinations.usableFrom')).innerText()).trim();
      const [day, minute, minuteBefore] = await page.evaluate((language) => {
        const at = Date.now() + 24 * 3_600_000;
        const date = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' });
        const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
        return [date.format(at), time.format(at), time.format(at - 60_000)];
      }, lang);
      expect(usableFrom).toContain(day);
      expect(usableFrom.includes(minute) || usableFrom.includes(minuteBefore), `${usableFrom} at ${minute}`).toBe(true);
      await shot(page, lang, `withdrawal-cooling-off-${lang}-${layout}.png`);

      // Time travel (test only), then the address can be chosen.
      endCoolingOff(suite.server.dataDir, recipient);
      await openWithdraw(page, lang);
      await option.getByText(t(lang, 'payoutDestinations.usable'), { exact: true }).waitFor();
      expect(await radio.isDisabled()).toBe(false);

      await withdraw(page, lang, member, recipient, 25, { screenshot: `withdrawal-confirm-${lang}-${layout}.png` });
      const card = (number: string) => page.getByTestId('withdrawal-order').filter({ hasText: number });
      let order = (await ordersOf(memberSession))[0]!;
      expect(order).toMatchObject({ status: 'pendingReview', destination: recipient });
      expect(Number(order.amount)).toBe(25);
      await expect.poll(() => card(order.number).innerText()).toContain(t(lang, 'withdraw.statuses.pendingReview'));
      expect(await availableOf(memberSession)).toBe(before - 26);
      await expect
        .poll(() => page.getByTestId('summary-available').innerText())
        .toBe((before - 26).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
      await shot(page, lang, `withdrawal-pending-${lang}-${layout}.png`);

      // Staff approve; the payout job pays it from the hot wallet, and settles it once confirmed.
      const staffSession = await staffDecide(lang, layout, member.userName, 'approve');
      const staff = { token: staffSession, loginType: 'STAFF' as const };
      await expect
        .poll(
          async () => {
            // Refused while a scheduled run is under way: the next round tries again.
            await callApi(suite.baseUrl, 'jobRunNow', { name: 'withdrawal-payout', reason: 'e2e: pay the approved withdrawal now' }, staff);
            await payout.mine(1);
            return (await ordersOf(memberSession)).find((o) => o.id === order.id)?.status;
          },
          { timeout: 90_000, interval: 1000 },
        )
        .toBe('success');
      order = (await ordersOf(memberSession)).find((o) => o.id === order.id)!;
      expect(order.txHash).toMatch(/^0x[0-9a-fA-F]{64}$/);
      expect(await payout.tokenBalance(recipient)).toBe(25n * payout.tokenUnit);
      // Paid: the held amount and fee left for good.
      expect(await availableOf(memberSession)).toBe(before - 26);

      await openWithdraw(page, lang);
      await expect.poll(() => card(order.number).innerText()).toContain(t(lang, 'withdraw.statuses.success'));
      const link = card(order.number).getByRole('link', { name: t(lang, 'withdraw.viewOnExplorer', { hash: order.txHash! }), exact: true });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await link.getAttribute('href')).toContain(order.txHash!);
      await shot(page, lang, `withdrawal-paid-${lang}-${layout}.png`);

      await context.close();
    },
    300_000,
  );

  test.each(['desktop', 'mobile'] as const)(
    '%s: a withdrawal rejected by staff with a reason, the balance restored; then a bank withdrawal',
    async (layout) => {
      const member = cases[layout];
      const { lang } = member;
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const memberSession = await memberToken(suite.baseUrl, member);
      // The address is set up through the API and past its cooling-off (time travel, as above).
      await callOk(
        suite.baseUrl,
        'addWithdrawalAddress',
        { chain: 'BEP20', address: recipient, transactionPassword: member.transactionPassword },
        { token: memberSession },
      );
      endCoolingOff(suite.server.dataDir, recipient);

      const { context, page } = await suite.memberPage(layout, lang, member);
      await dismissToasts(page, lang);
      await openWithdraw(page, lang);
      const card = (number: string) => page.getByTestId('withdrawal-order').filter({ hasText: number });
      const beforeReject = await availableOf(memberSession);
      const ordersBefore = (await ordersOf(memberSession)).length;
      await withdraw(page, lang, member, recipient, 12, { loseFirstAnswer: true });
      // Sent twice, one order and one hold.
      expect((await ordersOf(memberSession)).length).toBe(ordersBefore + 1);
      const rejected = (await ordersOf(memberSession))[0]!;
      expect(rejected).toMatchObject({ status: 'pendingReview', destination: recipient });
      expect(await availableOf(memberSession)).toBe(beforeReject - 13);
      const note = 'Please call support before withdrawing again.';
      await staffDecide(lang, layout, member.userName, 'reject', note);
      await expect.poll(async () => (await ordersOf(memberSession)).find((o) => o.id === rejected.id)?.status).toBe('rejected');
      // The hold is voided: nothing taken, not even the fee.
      expect(await availableOf(memberSession)).toBe(beforeReject);
      await openWithdraw(page, lang);
      await expect.poll(() => card(rejected.number).innerText()).toContain(t(lang, 'withdraw.statuses.rejected'));
      expect(await card(rejected.number).getByTestId('reject-reason').innerText()).toBe(`${t(lang, 'exchange.rejectReasons.suspectedFraud')} — ${note}`);
      // Its fee is shown as returned with the amount, not as taken.
      const [feeBefore, feeAfter] = t(lang, 'withdraw.feeReturned', { amount: '\u0000' }).split('\u0000') as [string, string];
      const feeText = await card(rejected.number).getByTestId('order-fee').innerText();
      expect(feeText.startsWith(feeBefore) && feeText.endsWith(feeAfter) && feeText.length > feeBefore.length + feeAfter.length, feeText).toBe(true);
      await expect
        .poll(() => page.getByTestId('summary-available').innerText())
        .toBe(beforeReject.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
      // The status filter shows rejected ones only.
      await page.getByLabel(t(lang, 'withdraw.statusFilter'), { exact: true }).selectOption('rejected');
      await expect.poll(() => page.getByTestId('withdrawal-order').count()).toBe(1);
      await shot(page, lang, `withdrawal-rejected-${lang}-${layout}.png`);
      expect(await seriousViolations(page), 'withdraw page with a rejected order').toEqual([]);
      // Keyboard only: the bank tab, then the type, reached and chosen without a mouse.
      await page.locator('fieldset.withdraw-tabs input[value="chain"]').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.locator('fieldset.withdraw-tabs input[value="bank"]').isChecked()).toBe(true);
      await page.getByLabel(t(lang, 'withdraw.amount', { coin: t(lang, 'coins.USDT') }), { exact: true }).fill('15');
      // The default bank type: 1% fee, 7.1 CNY per USDT, rounded down to the cent.
      await expect.poll(() => page.locator('.preview').innerText()).toContain(`${(106.5).toLocaleString(lang, { minimumFractionDigits: 2 })} CNY`);
      await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'validation.minimumAmount', { x: '50' }), { exact: true }).waitFor();
      await page.getByText(serverText(lang, 'validation.chooseBankAccount'), { exact: true }).waitFor();
      expect(await seriousViolations(page), 'bank tab with errors').toEqual([]);

      // A bank withdrawal to a saved account (past its cooling-off): the number grouped in fours, the CNY amount kept in the order.
      const accountNumber = layout === 'desktop' ? '6222000011112222' : '6222000033334444';
      await callOk(
        suite.baseUrl,
        'addBankAccount',
        { bankName: 'Bank of E2E', accountName: 'Member Name', accountNumber, transactionPassword: member.transactionPassword },
        { token: memberSession },
      );
      endCoolingOff(suite.server.dataDir, accountNumber, 'member_bank_accounts');
      await openWithdraw(page, lang);
      await page.locator('fieldset.withdraw-tabs').getByText(t(lang, 'withdraw.tabs.bank'), { exact: true }).click();
      const grouped = accountNumber.replace(/(.{4})(?=.)/g, '$1 ');
      await page.getByRole('radio', { name: new RegExp(escapeRegExp(grouped)) }).check();
      await page.getByLabel(t(lang, 'withdraw.amount', { coin: t(lang, 'coins.USDT') }), { exact: true }).fill('50');
      await page.getByLabel(t(lang, 'withdraw.transactionPassword'), { exact: true }).fill(member.transactionPassword);
      await page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true }).click();
      const confirmBank = page.getByRole('dialog', { name: t(lang, 'withdraw.confirmTitle'), exact: true });
      await expect.poll(() => confirmBank.getByTestId('confirm-destination').innerText()).toBe(grouped);
      expect(await confirmBank.innerText()).toContain(`${(355).toLocaleString(lang, { minimumFractionDigits: 2 })} CNY`);
      await confirmBank.getByRole('button', { name: t(lang, 'withdraw.confirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'withdraw.submitted')).waitFor();
      const bankOrder = (await ordersOf(memberSession))[0]!;
      expect(bankOrder).toMatchObject({ status: 'pendingReview', destination: accountNumber });
      await page.getByLabel(t(lang, 'withdraw.statusFilter'), { exact: true }).selectOption('pendingReview');
      await expect.poll(() => card(bankOrder.number).innerText()).toContain(grouped);
      expect(await card(bankOrder.number).innerText()).toContain(`${(355).toLocaleString(lang, { minimumFractionDigits: 2 })} CNY`);
      await shot(page, lang, `withdrawal-bank-${lang}-${layout}.png`);
      await context.close();
    },
    180_000,
  );

  test("the ledger is balanced after the holds, the payouts and the rejections (ledger verify on the test server's data)", async () => {
    // Rejects on a non-zero exit code, so getting here means exit 0.
    const stdout = await ledgerVerifyAfterHalt(suite.server);
    expect(stdout).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  });
});
