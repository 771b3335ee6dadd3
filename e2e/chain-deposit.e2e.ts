// Proves a USDT deposit on chain end to end in the browser, on desktop 1280x800 (en-US)
// and phone 390x844 (zh-CN): a local EVM node (ganache, in-process, 127.0.0.1) with an 18-decimal
// BEP20-style token; the server watches it (jobs on: the chain watcher runs every 10 seconds).
// The demo member opens /recharge, the USDT tab, reads the BEP20 deposit address on the page; the
// test sends 60 USDT to it on the chain; the deposit shows as confirming with its confirmations,
// then, after blocks are mined past the confirmations, as credited, and the member's USDT balance
// rises by exactly 60. Screenshots go to test-artifacts/screenshots/chain-deposit-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import { startLocalChain, type LocalChain } from '../apps/server/test/chain-token.ts';
import { testXpubs } from '../apps/server/test/chain-test-keys.ts';
import { balancesOf, callOk, memberToken } from './support/api';
import { demoMember, dismissToasts, horizontalOverflow, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { ledgerVerifyAfterHalt } from './support/server';
import { settle, shotsDir, useSuite } from './support/suite';

const confirmationsRequired = 3;
const depositUsdt = 60n;
const tokenUnit = 10n ** 18n;

let chain: LocalChain;
let token: Hex;
// Registered before the suite, so it runs after the suite has stopped the server (after-hooks run last first).
afterAll(async () => {
  await chain?.close();
});
const suite = useSuite({
  env: async () => {
    chain = await startLocalChain(0);
    token = await chain.deployToken(18);
    await chain.send(token, 'mint', [chain.accounts[0], 1_000n * tokenUnit]);
    return {
      // The chain watcher is a scheduled job (every 10 s); e2e servers otherwise run with jobs off.
      JOBS: 'on',
      CHAIN_BEP20_RPC_URL: chain.url,
      CHAIN_BEP20_TOKEN: token,
      CHAIN_BEP20_XPUB: testXpubs().BEP20,
      CHAIN_BEP20_CONFIRMATIONS: String(confirmationsRequired),
      CHAIN_BEP20_START_BLOCK: '0',
    };
  },
});

interface ChainDepositRow {
  txHash: string;
  status: string;
  amount: string;
  confirmations: number;
  confirmationsRequired: number;
}

async function shot(page: Page, file: string): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.evaluate(() => window.scrollTo(0, 0));
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage: true });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

/** /recharge with the USDT tab chosen; loaded afresh when the page is there already. */
async function openUsdtTab(page: Page, lang: Language): Promise<void> {
  if (new URL(page.url()).hash.startsWith('#/recharge')) await page.reload();
  else await page.goto('/#/recharge');
  await waitForHeading(page, t(lang, 'pages.recharge'));
  await page.locator('fieldset.deposit-tabs').getByText(t(lang, 'deposit.tabs.usdt'), { exact: true }).click();
  await page.getByText(t(lang, 'chainDeposit.yourAddress', { chain: t(lang, 'chainDeposit.chains.BEP20') }), { exact: true }).waitFor();
}

/** The member's chain deposit with this transaction, as the API reports it. */
async function depositOf(memberSession: string, txHash: string): Promise<ChainDepositRow | undefined> {
  const page = await callOk<{ items: ChainDepositRow[] }>(suite.baseUrl, 'bscDepositRecordList', { chain: 'BEP20', pageSize: 10 }, { token: memberSession });
  return page.items.find((d) => d.txHash.toLowerCase() === txHash.toLowerCase());
}

const cases: Array<[Language, Layout]> = [
  ['en-US', 'desktop'],
  ['zh-CN', 'mobile'],
];

describe('USDT deposit on chain (BEP20, local node)', () => {
  test.each(cases)(
    '%s %s: the address on the page receives 60 USDT, confirming, then credited',
    async (lang, layout) => {
      const memberSession = await memberToken(suite.baseUrl, demoMember);
      const before = Number((await balancesOf(suite.baseUrl, memberSession)).get('USDT')!.assetsAvailable);
      const { context, page } = await suite.memberPage(layout, lang);
      await dismissToasts(page, lang);
      await openUsdtTab(page, lang);

      // The address the member would copy: read from the page, as a member would.
      const address = (await page.locator('.deposit-address code.mono').first().innerText()).trim();
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await expect.poll(() => page.locator('.deposit-address').innerText()).toContain(t(lang, 'chainDeposit.confirmationsNote', { n: confirmationsRequired }));
      await page.locator('img.deposit-qr').waitFor();
      await shot(page, `chain-deposit-address-${lang}-${layout}.png`);

      // 60 USDT sent on the chain to that address (one block: the node mines each transaction).
      const txHash = await chain.send(token, 'transfer', [address as Hex, depositUsdt * tokenUnit]);

      // The watcher sees it: confirming, not yet credited.
      await expect.poll(async () => (await depositOf(memberSession, txHash))?.status, { timeout: 45_000, interval: 500 }).toBe('confirming');
      const seen = (await depositOf(memberSession, txHash))!;
      expect(seen.confirmationsRequired).toBe(confirmationsRequired);
      expect(seen.confirmations).toBeLessThan(confirmationsRequired);
      expect(Number((await balancesOf(suite.baseUrl, memberSession)).get('USDT')!.assetsAvailable)).toBe(before);

      await openUsdtTab(page, lang);
      const link = page.getByRole('link', { name: t(lang, 'chainDeposit.viewOnExplorer', { hash: txHash }), exact: true });
      const row = page.locator(layout === 'desktop' ? 'tbody tr' : 'li.list-card').filter({ has: link });
      await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain(t(lang, 'chainDeposit.statuses.confirming'));
      const rowText = await row.innerText();
      expect(rowText).toContain(t(lang, 'chainDeposit.confirmations', { n: seen.confirmations, required: confirmationsRequired }));
      expect(rowText).toContain('60');
      await shot(page, `chain-deposit-confirming-${lang}-${layout}.png`);

      // Blocks past the confirmations: the watcher credits it; the page (reading again while a
      // deposit confirms) shows it credited.
      await chain.mine(confirmationsRequired);
      await expect.poll(() => row.innerText(), { timeout: 60_000, interval: 500 }).toContain(t(lang, 'chainDeposit.statuses.credited'));
      expect((await depositOf(memberSession, txHash))?.status).toBe('credited');
      await expect.poll(async () => Number((await balancesOf(suite.baseUrl, memberSession)).get('USDT')!.assetsAvailable)).toBe(before + Number(depositUsdt));
      await shot(page, `chain-deposit-credited-${lang}-${layout}.png`);

      // Another watcher run does not credit it twice.
      await chain.mine(1);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(Number((await balancesOf(suite.baseUrl, memberSession)).get('USDT')!.assetsAvailable)).toBe(before + Number(depositUsdt));
      await context.close();
    },
    180_000,
  );

  test("the ledger is balanced after the credits (ledger verify on the test server's data)", async () => {
    // Rejects on a non-zero exit code, so getting here means exit 0.
    const stdout = await ledgerVerifyAfterHalt(suite.server);
    expect(stdout).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  });
});
