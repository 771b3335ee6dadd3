// Proves the back-office payouts of withdrawals (decision 019) in the browser, desktop 1280x800 (en-US), with the page also shot on a 390x844 phone (zh-CN): a member (alice, through the API) asks for a bank withdrawal and a BEP20 one; staff approve the bank one in the withdrawal review queue, whose detail names every withdrawal field in words; on /payouts staff record the bank transfer with a reference, and the member's bank withdrawal list then says success with that reference. For the BEP20 order the test sends tokens on a local EVM node (ganache) itself, as staff would from their own wallet: a hash of another transfer (a different amount) is refused with the server's message shown in the dialog, the right hash is first refused as unconfirmed, and after blocks are mined it is accepted; the member's chain withdrawal list then says success with that hash. Screenshots go to test-artifacts/screenshots/payouts-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startLocalChain, type LocalChain } from '../apps/server/test/chain-token.ts';
import { fundHotWallet } from '../apps/server/test/hot-wallet-funding.ts';
import { testXpubs } from '../apps/server/test/chain-test-keys.ts';
import { balancesOf, callApi, callOk, memberToken, newRequestId } from './support/api';
import { dismissToasts, horizontalOverflow, newContext, toast, waitForHeading } from './support/browser';
import { adminT, escapeRegExp, serverText, type Language } from './support/i18n';
import { demoStaff, staffLogin, totpCode } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const lang: Language = 'en-US';
const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);
const member = { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456' };
const tokenUnit = 10n ** 18n;
const erc20BalanceOf = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;
/** The default of withdrawal.payoutConfirmations (apps/server/src/modules/platform/config/registry.ts). */
const payoutConfirmations = 3;
const bank = { bankName: 'Bank Central Asia', accountName: 'Alice Tan', accountNumber: '6222000011112222333' };

let chain: LocalChain;
let token: Hex;
/** The member's BEP20 withdrawal address: a fresh key nobody else pays. */
const memberAddress = privateKeyToAccount(generatePrivateKey()).address;
/** The hot wallet (configured, but the payout job is off in this server: staff pay by hand here). */
const hotWalletKey = generatePrivateKey();
// Registered before the suite, so it runs after the suite has stopped the server (after-hooks run last first).
afterAll(async () => {
  await chain?.close();
});
const suite = useSuite({
  env: async () => {
    chain = await startLocalChain(0);
    token = await chain.deployToken(18);
    await chain.send(token, 'mint', [chain.accounts[0], 1_000n * tokenUnit]);
    await fundHotWallet(chain, token, 500n * tokenUnit, { privateKey: hotWalletKey });
    return {
      CHAIN_BEP20_RPC_URL: chain.url,
      CHAIN_BEP20_TOKEN: token,
      CHAIN_BEP20_XPUB: testXpubs().BEP20,
      CHAIN_BEP20_CONFIRMATIONS: '3',
      CHAIN_BEP20_START_BLOCK: '0',
      PAYOUT_BEP20_PRIVATE_KEY: hotWalletKey,
    };
  },
});

interface PayoutOrder {
  id: string;
  number: string;
  status: string;
  txHash: string | null;
  bankReference: string | null;
  amount: string;
  fee: string;
}

/** A session of a demo staff member who enrols an authenticator at first sign-in, through the API. */
async function enrolledStaffToken(userName: string, password: string): Promise<string> {
  const first = await callOk<{ challengeId: string; stage: string; secret?: string }>(
    suite.baseUrl,
    'staffLogin',
    { userName, password, loginType: 'STAFF' },
    { loginType: 'STAFF' },
  );
  if (!first.secret) throw new Error(`${userName} has an authenticator already; this test signs in a fresh one`);
  const session = await callOk<{ token: string }>(
    suite.baseUrl,
    first.stage === 'totp-setup' ? 'staffTotpSetup' : 'staffTotpVerify',
    { challengeId: first.challengeId, code: await totpCode(first.secret) },
    { loginType: 'STAFF' },
  );
  return session.token;
}

async function shot(page: Page, file: string, fullPage = true): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** A server text with every {{placeholder}} matching any number: for messages whose figures the chain decides. */
function serverPattern(key: string): RegExp {
  const template = serverText(lang, key, { have: '\u0000', need: '\u0000' });
  return new RegExp(template.split('\u0000').map(escapeRegExp).join('\\d+'));
}

/** The member's order in one of their withdrawal lists. */
async function memberOrder(session: string, list: 'withdrawalBankOrderList' | 'bscWithdrawalOrderList', id: string): Promise<PayoutOrder | undefined> {
  const page = await callOk<{ items: PayoutOrder[] }>(suite.baseUrl, list, { pageSize: 20 }, { token: session });
  return page.items.find((o) => o.id === id);
}

/** What the tests share: the member's session, the staff token and the two orders. */
interface Setup {
  session: string;
  admin: string;
  address: string;
  bankOrder: { id: string; number: string };
  chainOrder: { id: string; number: string };
}
let setup: Setup;
let page: Page;
/** A second staff member (finance2), who approves the control settings admin changes. */
let checkerToken = '';

/** Approves every setting change waiting on the settingChange queue, as the second staff member. */
async function approvePendingSettingChanges(): Promise<void> {
  const waiting = await callOk<{ items: Array<{ id: string }> }>(
    suite.baseUrl,
    'reviewList',
    { queue: 'settingChange', status: 'pending' },
    { token: checkerToken, loginType: 'STAFF' },
  );
  if (waiting.items.length === 0) throw new Error('no setting change waits for approval');
  const decided = await callOk<{ results: Array<{ outcome: string; error?: string }> }>(
    suite.baseUrl,
    'reviewDecide',
    { ids: waiting.items.map((item) => item.id), decision: 'approve', reason: '' },
    { token: checkerToken, loginType: 'STAFF' },
  );
  const refused = decided.results.filter((r) => r.outcome !== 'approved');
  if (refused.length > 0) throw new Error(`setting change not approved: ${JSON.stringify(refused)}`);
}

describe('payouts of approved withdrawals', () => {
  beforeAll(async () => {
    const admin = (await suite.staff()).token;
    // New destinations are usable at once (the default cooling-off is 24 hours). The cooling-off
    // governs a control, so the change waits for a second staff member (finance2) to approve it.
    const asked = await callOk<{ pendingChange?: { reviewId: string } | null }>(
      suite.baseUrl,
      'configUpdate',
      { key: 'withdrawal.addressCoolingOffHours', value: 0, reason: 'e2e: destinations usable at once' },
      { token: admin, loginType: 'STAFF' },
    );
    checkerToken = await enrolledStaffToken('finance2', 'Finance2@12345');
    if (asked.pendingChange) await approvePendingSettingChanges();

    // The member: a bank account, a BEP20 address, and a withdrawal to each (through the API).
    const session = await memberToken(suite.baseUrl, member);
    const account = await callOk<{ id: string }>(
      suite.baseUrl,
      'addBankAccount',
      { ...bank, transactionPassword: member.transactionPassword },
      { token: session },
    );
    const address = await callOk<{ id: string; address: string }>(
      suite.baseUrl,
      'addWithdrawalAddress',
      { chain: 'BEP20', address: memberAddress, transactionPassword: member.transactionPassword },
      { token: session },
    );
    const bankOrder = await callOk<{ id: string; number: string }>(
      suite.baseUrl,
      'withdrawal',
      {
        withdrawalType: 'BANK_CNY',
        amount: '100',
        bankAccountId: account.id,
        transactionPassword: member.transactionPassword,
        requestId: newRequestId('wd-bank'),
      },
      { token: session },
    );
    const chainOrder = await callOk<{ id: string; number: string }>(
      suite.baseUrl,
      'bscWithdrawal',
      {
        withdrawalType: 'USDT_BEP20',
        amount: '25',
        addressId: address.id,
        transactionPassword: member.transactionPassword,
        requestId: newRequestId('wd-chain'),
      },
      { token: session },
    );
    setup = { session, admin, address: address.address, bankOrder, chainOrder };
    const context = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang });
    page = await context.newPage();
    await staffLogin(page, lang, demoStaff.admin);
  }, 120_000);

  /** /payouts read afresh (a reload when it is open already: going to the same address would not load it again). */
  async function openPayouts(): Promise<void> {
    if (new URL(page.url()).hash.startsWith('#/payouts')) await page.reload();
    else await page.goto('/admin/#/payouts');
    await waitForHeading(page, a('payouts.title'));
  }

  const cardOf = (order: { number: string }) => page.getByRole('article', { name: `${order.number} ${member.userName}` });

  test('a bank withdrawal approved in the queue (its fields in words), then paid with a reference on /payouts', async () => {
    const { session, bankOrder, chainOrder } = setup;
    await page.goto('/admin/#/reviews/withdrawal');
    await waitForHeading(page, a('reviews.title', { queue: a('queues.withdrawal') }));
    const bankRow = page.locator('tbody tr').filter({ hasText: bank.bankName });
    await bankRow.getByRole('button').click();
    const drawer = page.getByRole('dialog', { name: a('reviews.detailTitle'), exact: true });
    await drawer.getByText(bank.accountName, { exact: true }).waitFor();
    const detail = await drawer.innerText();
    for (const field of ['withdrawalType', 'channel', 'amount', 'fee', 'destination', 'bankName', 'accountName', 'currency', 'localAmount']) {
      expect(detail, `the label of ${field}`).toContain(a(`reviewFields.${field}`));
    }
    expect(detail).toContain(a('reviewValues.bank'));
    // No field shown by its key: every summary key is worded.
    expect(detail).not.toMatch(/\b(withdrawalType|localAmount|accountName|bankName|destination)\b/);
    await settle(page);
    await page.screenshot({ path: path.join(shotsDir, 'payouts-review-bank-en-US-desktop.png') });
    await drawer.getByRole('button', { name: a('reviews.approve'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: a('reviews.approveTitle', { count: 1 }), exact: true });
    await confirm.getByRole('button', { name: a('reviews.approve'), exact: true }).click();
    await expect.poll(() => drawer.innerText()).toContain(a('reviews.status.approved'));
    await drawer.getByRole('button', { name: a('common.close'), exact: true }).click();
    // The chain one is approved through the API (the queue is proven above).
    const decided = await callOk<{ results: Array<{ outcome: string }> }>(
      suite.baseUrl,
      'reviewDecide',
      { ids: [await reviewIdOf(setup.admin)], decision: 'approve', reason: '' },
      { token: setup.admin, loginType: 'STAFF' },
    );
    expect(decided.results.map((r) => r.outcome)).toEqual(['approved']);

    // The payouts page: both orders wait for disbursement.
    await page.goto('/admin/#/payouts');
    await waitForHeading(page, a('payouts.title'));
    const bankCard = cardOf(bankOrder);
    await expect.poll(() => bankCard.innerText()).toContain(a('payouts.statuses.pendingDisbursement'));
    expect(await bankCard.innerText()).toContain('6222 0000 1111 2222 333');
    expect(await cardOf(chainOrder).getByTestId('payout-destination').innerText()).toBe(setup.address);
    await dismissToasts(page, lang);
    await shot(page, 'payouts-en-US-desktop.png');

    // Record the bank transfer: the reference is required, then the order is paid.
    const reference = `BCA-${Date.now()}`;
    await bankCard.getByRole('button', { name: a('payouts.recordBank'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('payouts.bankTitle', { number: bankOrder.number }), exact: true });
    await dialog.getByRole('button', { name: a('payouts.bankConfirm'), exact: true }).click();
    await dialog.getByText(serverText(lang, 'validation.enterBankReference'), { exact: true }).waitFor();
    await dialog.getByLabel(a('payouts.bankReference'), { exact: true }).fill(reference);
    await dialog.getByRole('button', { name: a('payouts.bankConfirm'), exact: true }).click();
    await toast(page, lang, a('payouts.done.paid', { number: bankOrder.number })).waitFor();
    // Paid orders leave the default list (pending disbursement).
    await expect.poll(() => bankCard.count()).toBe(0);

    // The member's bank withdrawals: success, with the reference.
    const paid = await memberOrder(session, 'withdrawalBankOrderList', bankOrder.id);
    expect(paid?.status).toBe('success');
    expect(paid?.bankReference).toBe(reference);

    // The paid filter shows it with the reference and how it was paid.
    await page.getByLabel(a('payouts.status'), { exact: true }).selectOption('success');
    await expect.poll(() => bankCard.innerText()).toContain(reference);
    expect(await bankCard.innerText()).toContain(a('payouts.methods.bank'));
    await page.getByLabel(a('payouts.status'), { exact: true }).selectOption('pendingDisbursement');
  }, 120_000);

  test('a BEP20 withdrawal paid by staff: another transfer refused with its message, the right one once confirmed', async () => {
    const { session, chainOrder } = setup;
    await openPayouts();
    // The hot wallet: its address and balance from the node.
    const hotWallet = page.getByRole('region', { name: a('hotWallet.title') });
    await expect.poll(() => hotWallet.innerText()).toContain(privateKeyToAccount(hotWalletKey).address);
    await expect.poll(() => hotWallet.innerText()).toContain('500.00');
    const chainCard = cardOf(chainOrder);
    await expect.poll(() => chainCard.innerText()).toContain(a('payouts.statuses.pendingDisbursement'));

    // Staff send from their own wallet. First a transfer of another amount: refused.
    const wrongHash = await chain.send(token, 'transfer', [memberAddress, 24n * tokenUnit]);
    await chain.mine(payoutConfirmations);
    await chainCard.getByRole('button', { name: a('payouts.recordChain'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('payouts.manualTitle', { number: chainOrder.number }), exact: true });
    const hashField = dialog.getByLabel(a('payouts.txHash'), { exact: true });
    const check = dialog.getByRole('button', { name: a('payouts.manualConfirm'), exact: true });
    await hashField.fill('0x1234');
    await check.click();
    await dialog.getByText(serverText(lang, 'validation.enterTxHash'), { exact: true }).waitFor();
    await hashField.fill(wrongHash);
    await check.click();
    await dialog.getByText(serverText(lang, 'errors.payout.txMismatch'), { exact: true }).waitFor();
    await shot(page, 'payouts-manual-mismatch-en-US-desktop.png', false);

    // The right transfer, before its confirmations: refused as unconfirmed, the dialog stays.
    const rightHash = await chain.send(token, 'transfer', [memberAddress, 25n * tokenUnit]);
    await hashField.fill(rightHash);
    await check.click();
    await dialog.getByText(serverPattern('errors.payout.txUnconfirmed')).waitFor();
    expect((await memberOrder(session, 'bscWithdrawalOrderList', chainOrder.id))?.status).toBe('pendingDisbursement');

    // Confirmed: accepted.
    await chain.mine(payoutConfirmations);
    await check.click();
    await toast(page, lang, a('payouts.done.paid', { number: chainOrder.number })).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const paid = await memberOrder(session, 'bscWithdrawalOrderList', chainOrder.id);
    expect(paid?.status).toBe('success');
    expect(paid?.txHash?.toLowerCase()).toBe(rightHash.toLowerCase());
    // One hash pays one order once.
    const again = await callApi(suite.baseUrl, 'payoutManualChain', { id: chainOrder.id, txHash: rightHash }, { token: setup.admin, loginType: 'STAFF' });
    expect(again.code).not.toBe(20000);

    // The paid list: the hash linked to the explorer, paid by a staff chain transfer.
    await page.getByLabel(a('payouts.status'), { exact: true }).selectOption('success');
    await chainCard.getByRole('link', { name: a('payouts.viewOnExplorer', { hash: paid!.txHash! }), exact: true }).waitFor();
    expect(await chainCard.innerText()).toContain(a('payouts.methods.manualChain'));
    await dismissToasts(page, lang);
    await shot(page, 'payouts-paid-en-US-desktop.png');
  }, 120_000);

  test('a BEP20 withdrawal paid from the hot wallet after a confirmation naming the amount and the address', async () => {
    const { session, admin } = setup;
    const addresses = await callOk<{ items: Array<{ id: string }> }>(suite.baseUrl, 'withdrawalAddressList', {}, { token: session });
    const order = await callOk<{ id: string; number: string }>(
      suite.baseUrl,
      'bscWithdrawal',
      {
        withdrawalType: 'USDT_BEP20',
        amount: '30',
        addressId: addresses.items[0]!.id,
        transactionPassword: member.transactionPassword,
        requestId: newRequestId('wd-hot'),
      },
      { token: session },
    );
    const review = await callOk<{ items: Array<{ id: string }> }>(
      suite.baseUrl,
      'reviewList',
      { queue: 'withdrawal', status: 'pending', pageSize: 50 },
      { token: admin, loginType: 'STAFF' },
    );
    await callOk(suite.baseUrl, 'reviewDecide', { ids: review.items.map((i) => i.id), decision: 'approve', reason: '' }, { token: admin, loginType: 'STAFF' });
    const balanceOf = () => chain.publicClient.readContract({ address: token, abi: erc20BalanceOf, functionName: 'balanceOf', args: [memberAddress] });
    const before = await balanceOf();

    await openPayouts();
    await page.getByLabel(a('payouts.status'), { exact: true }).selectOption('pendingDisbursement');
    const card = cardOf(order);
    await card.getByRole('button', { name: a('payouts.payHotWallet'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('payouts.hotWalletTitle', { number: order.number }), exact: true });
    const text = await dialog.innerText();
    expect(text).toContain(a('payouts.hotWalletBody', { amount: '30.00 USDT', chain: 'BEP20' }));
    expect(text).toContain(memberAddress);
    await dialog.getByRole('button', { name: a('payouts.hotWalletConfirm', { amount: '30.00 USDT' }), exact: true }).click();
    // Sent and waiting for confirmations, or already paid: either way the tokens left the hot wallet.
    await page
      .getByRole('region', { name: adminT(lang, 'toast.region') })
      .getByText(
        new RegExp(`^(${escapeRegExp(a('payouts.done.sent', { number: order.number }))}|${escapeRegExp(a('payouts.done.paid', { number: order.number }))})$`),
      )
      .waitFor();
    await expect.poll(balanceOf).toBe(before + 30n * tokenUnit);
    const status = (await memberOrder(session, 'bscWithdrawalOrderList', order.id))?.status;
    expect(['processing', 'success']).toContain(status);
  }, 120_000);

  test('an approved withdrawal rejected before payment: a reason code is required, the hold is released', async () => {
    const { session, admin } = setup;
    const available = async () => Number((await balancesOf(suite.baseUrl, session)).get('USDT')!.assetsAvailable);
    const before = await available();
    const accounts = await callOk<{ items: Array<{ id: string }> }>(suite.baseUrl, 'bankAccountList', {}, { token: session });
    const order = await callOk<{ id: string; number: string }>(
      suite.baseUrl,
      'withdrawal',
      {
        withdrawalType: 'BANK_CNY',
        amount: '50',
        bankAccountId: accounts.items[0]!.id,
        transactionPassword: member.transactionPassword,
        requestId: newRequestId('wd-reject'),
      },
      { token: session },
    );
    // 50 plus the 1 % fee are held.
    expect(await available()).toBeCloseTo(before - 50.5, 6);
    const review = await callOk<{ items: Array<{ id: string }> }>(
      suite.baseUrl,
      'reviewList',
      { queue: 'withdrawal', status: 'pending', pageSize: 50 },
      { token: admin, loginType: 'STAFF' },
    );
    await callOk(suite.baseUrl, 'reviewDecide', { ids: review.items.map((i) => i.id), decision: 'approve', reason: '' }, { token: admin, loginType: 'STAFF' });

    await openPayouts();
    await page.getByLabel(a('payouts.status'), { exact: true }).selectOption('pendingDisbursement');
    const card = cardOf(order);
    await card.getByRole('button', { name: a('payouts.reject'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('payouts.rejectTitle', { number: order.number }), exact: true });
    // It says what returns to whom: 50.50 USDT to alice.
    await expect.poll(() => dialog.innerText()).toContain(a('payouts.rejectBody', { total: '50.50 USDT', member: member.userName }));
    await dialog.getByRole('button', { name: a('payouts.rejectConfirm'), exact: true }).click();
    await dialog.getByText(a('reviews.chooseRejectReason'), { exact: true }).waitFor();
    await dialog.getByLabel(a('reviews.rejectReasonLabel'), { exact: true }).selectOption('destinationInvalid');
    await dialog.getByLabel(a('reviews.rejectNoteOptional'), { exact: true }).fill('The bank refused the transfer');
    await dialog.getByRole('button', { name: a('payouts.rejectConfirm'), exact: true }).click();
    await toast(page, lang, a('payouts.done.rejected', { number: order.number })).waitFor();
    await expect.poll(() => card.count()).toBe(0);
    const rejected = (
      await callOk<{ items: Array<{ id: string; status: string; rejectReasonCode: string | null; rejectReason: string | null }> }>(
        suite.baseUrl,
        'withdrawalBankOrderList',
        { pageSize: 20 },
        { token: session },
      )
    ).items.find((o) => o.id === order.id);
    expect(rejected).toMatchObject({ status: 'rejected', rejectReasonCode: 'destinationInvalid', rejectReason: 'The bank refused the transfer' });
    expect(await available()).toBeCloseTo(before, 6);
  }, 120_000);

  test('withdrawal.types is edited on the configuration page as JSON: a broken list refused, a changed minimum reaches the member', async () => {
    await page.goto('/admin/#/config');
    await waitForHeading(page, a('configPage.title'));
    // The withdrawal settings are named in words, none by its key alone.
    for (const key of ['types', 'pendingMax', 'autoPayout', 'hotWalletPayoutMax', 'hotWalletDailyMax', 'payoutConfirmations']) {
      await page.getByText(a(`config.withdrawal.${key}`), { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: a('configPage.editOf', { key: 'withdrawal.types' }), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: a('configPage.editTitle', { key: 'withdrawal.types' }), exact: true });
    // The editor explains the list's fields and starts from the current list, tall enough to read.
    await dialog.getByText(a('configPage.jsonHelp.withdrawal.types'), { exact: true }).waitFor();
    const value = dialog.getByLabel(a('configPage.newValue'), { exact: true });
    const current = JSON.parse(await value.inputValue()) as Array<{ withdrawalType: string; minimum: string; maximum: string }>;
    expect(current.map((t) => t.withdrawalType)).toEqual(['USDT_BEP20', 'USDT_TRC20', 'BANK_CNY']);
    expect(Number(await value.getAttribute('rows'))).toBeGreaterThanOrEqual(20);
    await dialog.getByLabel(a('form.reason'), { exact: true }).fill('e2e: larger BEP20 minimum');
    // Not JSON: refused in the browser.
    await value.fill('[{"withdrawalType": "USDT_BEP20",');
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await dialog.getByText(a('configPage.invalidJson'), { exact: true }).waitFor();
    // JSON, but a maximum below the minimum: the server refuses it, the message under the field.
    const broken = current.map((t) => (t.withdrawalType === 'USDT_BEP20' ? { ...t, minimum: '20', maximum: '15' } : t));
    await value.fill(JSON.stringify(broken, null, 2));
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    await dialog.getByText(serverText(lang, 'validation.enterValidValue'), { exact: true }).waitFor();
    await shot(page, 'config-withdrawal-types-en-US-desktop.png', false);
    const changed = current.map((t) => (t.withdrawalType === 'USDT_BEP20' ? { ...t, minimum: '20' } : t));
    await value.fill(JSON.stringify(changed, null, 2));
    await dialog.getByRole('button', { name: a('common.save'), exact: true }).click();
    // A control setting: the change waits for a second staff member, then reaches the member.
    await toast(page, lang, a('configPage.sentForApproval', { key: 'withdrawal.types' })).waitFor();
    await approvePendingSettingChanges();
    const types = await callOk<{ types: Array<{ withdrawalType: string; minimum: string }> }>(
      suite.baseUrl,
      'withdrawalConfigList',
      {},
      { token: setup.session },
    );
    expect(types.types.find((t) => t.withdrawalType === 'USDT_BEP20')?.minimum).toMatch(/^20(\.0+)?$/);

    // exchange.types uses the same editor, with its own explanation.
    await page.getByRole('button', { name: a('configPage.editOf', { key: 'exchange.types' }), exact: true }).click();
    const exchange = page.getByRole('dialog', { name: a('configPage.editTitle', { key: 'exchange.types' }), exact: true });
    await exchange.getByText(a('configPage.jsonHelp.exchange.types'), { exact: true }).waitFor();
    expect(JSON.parse(await exchange.getByLabel(a('configPage.newValue'), { exact: true }).inputValue())).toHaveLength(2);
    await exchange.getByRole('button', { name: a('common.cancel'), exact: true }).click();
  }, 120_000);

  test('the page on a 390x844 phone (zh-CN): every status, no sideways scrolling', async () => {
    const phoneLang: Language = 'zh-CN';
    const { context: phone, page: phonePage } = await suite.newPage('mobile', phoneLang);
    await staffLogin(phonePage, phoneLang, demoStaff.admin);
    await phonePage.goto('/admin/#/payouts');
    await waitForHeading(phonePage, adminT(phoneLang, 'payouts.title'));
    await phonePage.getByLabel(adminT(phoneLang, 'payouts.status'), { exact: true }).selectOption('');
    await phonePage.getByRole('article', { name: `${setup.chainOrder.number} ${member.userName}` }).waitFor();
    await dismissToasts(phonePage, phoneLang);
    await shot(phonePage, 'payouts-zh-CN-mobile.png');
    await phone.close();
  }, 120_000);
});

/** The pending review item of the chain withdrawal (the bank one is decided by then). */
async function reviewIdOf(admin: string): Promise<string> {
  const list = await callOk<{ items: Array<{ id: string; summary: Record<string, unknown> }> }>(
    suite.baseUrl,
    'reviewList',
    { queue: 'withdrawal', status: 'pending', pageSize: 50 },
    { token: admin, loginType: 'STAFF' },
  );
  const item = list.items.find((i) => i.summary.channel === 'chain');
  if (!item) throw new Error(`no pending chain withdrawal review: ${JSON.stringify(list.items.map((i) => i.summary))}`);
  return item.id;
}
