// Proves the member wallet screens on desktop 1280x800 and mobile 390x844: an exchange on /details holds the points (frozen up) until it is cancelled after 'Confirm cancel exchange?'; a transfer demo -> alice with its confirmation shows in both histories and in alice's balance; every records filter on /records narrows the rows to what the server holds, with load more and the details; the transfer entry appears in the side nav (desktop) and the menu (mobile) once carol's ASSETS_POINT rise above 0; and at the end `ledger:verify` finds the books balanced.
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { balancesOf, callOk, memberToken, newRequestId } from './support/api';
import { demoMember, horizontalOverflow, layouts, login, newContext, toast, waitForHashPath, waitForHeading, type Layout } from './support/browser';
import { exactly, serverText, t, type Language } from './support/i18n';
import { ledgerVerifyAfterHalt } from './support/server';
import { useSuite } from './support/suite';

const lang: Language = 'en-US';
const alice = { userName: 'alice', password: 'Alice@12345' } as const;
const carol = { userName: 'carol', password: 'Carol@12345' } as const;
const demoTxPassword = 'Demo@123456';
/** Point types by their translated names (decision 011: never the bare AP or RP). */
const coinLabel = { USDT: t(lang, 'coins.USDT'), ASSETS_POINT: t(lang, 'coins.ASSETS_POINT'), REWARD_POINT: t(lang, 'coins.REWARD_POINT') } as const;

const suite = useSuite();
const contexts: BrowserContext[] = [];

async function memberPage(layout: Layout, member: { userName: string; password: string }): Promise<Page> {
  const context = await newContext(suite.browser, suite.baseUrl, layout, { lang });
  contexts.push(context);
  const page = await context.newPage();
  await login(page, lang, member);
  return page;
}

/** A shown amount ("12,850.75", "−0.12", "+25.00") as minor units at scale 6, exactly. */
function toMinor(text: string): bigint {
  const clean = text.replace(/\u2212/g, '-').replace(/[^\d.+-]/g, '');
  const match = /^([+-]?)(\d+)(?:\.(\d{0,6}))?$/.exec(clean);
  if (!match) throw new Error(`not an amount: "${text}"`);
  const minor = BigInt(match[2]!) * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] === '-' ? -minor : minor;
}
const units = (whole: number) => BigInt(whole) * 1_000_000n;

/** The value beside a <dt> label in a description list inside `scope`. */
function fieldValue(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: exactly(label) }).locator('xpath=following-sibling::dd[1]');
}

/** One point type's card of the account overview (available, frozen, fixed). */
function assetCard(page: Page, coin: keyof typeof coinLabel): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: coinLabel[coin], exact: true }) });
}

async function balanceShown(page: Page, coin: keyof typeof coinLabel, part: 'available' | 'frozen'): Promise<bigint> {
  return toMinor(await fieldValue(assetCard(page, coin), t(lang, `assets.${part}`)).innerText());
}

async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${what}`).toBeLessThanOrEqual(innerWidth);
}

/** The transfer entry of the navigation: the side nav on desktop, the header menu on a phone. */
async function transferEntry(page: Page, layout: Layout): Promise<Locator> {
  if (layout === 'desktop') {
    return page.getByRole('navigation', { name: t(lang, 'nav.section'), exact: true }).getByRole('link', { name: t(lang, 'nav.transfer'), exact: true });
  }
  const menuButton = page.getByRole('button', { name: t(lang, 'nav.openMenu'), exact: true });
  if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
  // The menu's own links: Notices is always there, so the menu is open when it shows.
  const notices = page.getByRole('link', { name: t(lang, 'nav.notices'), exact: true });
  await notices.waitFor();
  return notices.locator('xpath=ancestor::ul[1]').getByRole('link', { name: t(lang, 'nav.transfer'), exact: true });
}

/** Every record of demo's (or anyone's) records list for a filter, counted through the API. */
async function recordCount(token: string, filter: Record<string, string | number> = {}): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await callOk<{ items: unknown[]; nextCursor: string | null }>(
      suite.baseUrl,
      'assetsRecordList',
      { ...filter, pageSize: 50, ...(cursor ? { cursor } : {}) },
      { token },
    );
    count += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}

interface ShownRecord {
  type: string;
  wallet: string;
  amount: string;
  status: string;
}

/** The rows of /records as shown: a table on desktop, cards on a phone. */
async function shownRecords(page: Page, layout: Layout): Promise<ShownRecord[]> {
  if (layout === 'desktop') {
    const rows = page.getByRole('table', { name: t(lang, 'records.title') }).locator('tbody tr');
    return (await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())))).map(
      ([, type = '', wallet = '', amount = '', status = '']) => ({ type, wallet, amount, status }),
    );
  }
  // A card's first row is the type and amount, the row with the status badge names the wallet; a
  // line between them may say where the money went (decision 011).
  const cards = page.getByRole('main').getByRole('listitem').getByRole('button', { name: /./ });
  return cards.evaluateAll((buttons) =>
    buttons.map((button) => {
      const text = (selector: string, within: Element = button) => (within.querySelector(selector) as HTMLElement | null)?.innerText.trim() ?? '';
      const metaRow = Array.from(button.querySelectorAll('.list-card-row')).find((row) => row.querySelector('.badge')) ?? button;
      const meta = (metaRow.firstElementChild as HTMLElement | null)?.innerText.trim() ?? '';
      return { type: text('.list-card-title'), amount: text('.amount'), wallet: meta.split(' · ')[0] ?? '', status: text('.badge', metaRow) };
    }),
  );
}

/** Waits until the records list has settled (not busy) and returns its rows. */
async function settledRecords(page: Page, layout: Layout): Promise<ShownRecord[]> {
  await page.waitForFunction(() => document.querySelectorAll('main [aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  return shownRecords(page, layout);
}

describe('wallet', () => {
  for (const layout of layouts) {
    test(`${layout}: an exchange on /details is held (frozen) while pending review, and cancelling it gives the points back`, async () => {
      const amount = layout === 'desktop' ? 21 : 23;
      const page = await memberPage(layout, demoMember);
      await page.goto('/#/details');
      await waitForHeading(page, t(lang, 'wallet.title'));
      await assetCard(page, 'USDT').waitFor();
      const frozenBefore = await balanceShown(page, 'USDT', 'frozen');
      const availableBefore = await balanceShown(page, 'USDT', 'available');

      await page.getByLabel(t(lang, 'exchange.type'), { exact: true }).selectOption('USDT_TO_ASSETS');
      const amountField = page.getByLabel(t(lang, 'exchange.amountIn', { coin: 'USDT' }), { exact: true });
      // The form checks the type's minimum (10) before sending.
      await amountField.fill('5');
      await page.getByLabel(t(lang, 'exchange.transactionPassword'), { exact: true }).fill(demoTxPassword);
      await page.getByRole('button', { name: t(lang, 'exchange.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'validation.minimumAmount', { x: '10' }), { exact: true }).waitFor();
      expect(await amountField.getAttribute('aria-invalid')).toBe('true');

      await amountField.fill(String(amount));
      // The preview: 2 % fee taken from the target points.
      const fee = (amount * 2) / 100;
      await page.getByText(`${fee.toFixed(2)} ${coinLabel.ASSETS_POINT}`, { exact: true }).waitFor();
      // Nothing is sent on the first click: the confirmation shows what moves and the fee, as a transfer's does.
      await page.getByRole('button', { name: t(lang, 'exchange.submit'), exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t(lang, 'exchange.confirmTitle'), exact: true });
      await confirm.waitFor();
      const summary = await confirm.getByTestId('exchange-confirm').innerText();
      expect(summary).toContain(t(lang, 'exchange.deducted'));
      expect(summary).toContain(`${amount}.00 ${coinLabel.USDT}`);
      expect(summary).toContain(`${fee.toFixed(2)} ${coinLabel.ASSETS_POINT}`);
      expect(summary).toContain(`${(amount - fee).toFixed(2)} ${coinLabel.ASSETS_POINT}`);
      // Back: nothing was sent, the balance is as it was.
      await confirm.getByRole('button', { name: t(lang, 'exchange.back'), exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await balanceShown(page, 'USDT', 'frozen')).toBe(frozenBefore);
      await page.getByRole('button', { name: t(lang, 'exchange.submit'), exact: true }).click();
      await confirm.getByRole('button', { name: t(lang, 'exchange.confirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'exchange.submitted')).waitFor();

      // The newest exchange card: pending review, with its cancel button.
      const card = page.getByRole('listitem').filter({ hasText: `${amount}.00 ${coinLabel.USDT} → ${coinLabel.ASSETS_POINT}` });
      await card.waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.innerText()).toContain(t(lang, 'exchange.statuses.pendingReview'));
      expect((await fieldValue(card, t(lang, 'exchange.received')).innerText()).trim()).toBe(`${(amount - fee).toFixed(2)} ${coinLabel.ASSETS_POINT}`);
      const number = (await fieldValue(card, t(lang, 'exchange.number')).innerText()).trim();
      expect(number).toMatch(/^EX\d+$/);
      // The amount is held: frozen up, available down, by exactly the amount.
      await expect.poll(() => balanceShown(page, 'USDT', 'frozen')).toBe(frozenBefore + units(amount));
      expect(await balanceShown(page, 'USDT', 'available')).toBe(availableBefore - units(amount));
      await expectNoOverflow(page, `/details (${layout})`);

      await card.getByRole('button', { name: t(lang, 'exchange.cancelNamed', { number }), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'exchange.confirmCancel'), exact: true });
      await dialog.getByText(t(lang, 'exchange.cancelSummary', { number, amount: `${amount}.00`, coin: coinLabel.USDT }), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: t(lang, 'exchange.cancelConfirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'exchange.cancelled')).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => card.innerText()).toContain(t(lang, 'exchange.statuses.cancelled'));
      expect(await card.getByRole('button', { name: t(lang, 'exchange.cancelNamed', { number }), exact: true }).count()).toBe(0);
      await expect.poll(() => balanceShown(page, 'USDT', 'frozen')).toBe(frozenBefore);
      expect(await balanceShown(page, 'USDT', 'available')).toBe(availableBefore);

      // The server holds the same.
      const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
      const list = await callOk<{ items: Array<{ number: string; status: string; amount: string }> }>(suite.baseUrl, 'exchangeList', {}, { token });
      expect(list.items.find((x) => x.number === number)).toMatchObject({ status: 'cancelled', amount: `${amount}.000000` });
      await page.context().close();
    });
  }

  for (const layout of layouts) {
    test(`${layout}: a transfer demo -> alice with confirmation shows as sent for demo and as received for alice, whose balance rose`, async () => {
      const amount = layout === 'desktop' ? 12 : 14;
      const fee = (amount * 1) / 100;
      // Alice first, on her wallet page, to see her balance before.
      const alicePage = await memberPage(layout, alice);
      await alicePage.goto('/#/details');
      await waitForHeading(alicePage, t(lang, 'wallet.title'));
      await assetCard(alicePage, 'USDT').waitFor();
      const aliceBefore = await balanceShown(alicePage, 'USDT', 'available');

      const page = await memberPage(layout, demoMember);
      const demoBefore = await balanceShown(page, 'USDT', 'available');
      // demo holds registration points, so the transfer entry is in the navigation.
      await (await transferEntry(page, layout)).click();
      await waitForHashPath(page, '/transfer');
      await waitForHeading(page, t(lang, 'transfer.title'));

      expect(await page.getByLabel(t(lang, 'transfer.transferType'), { exact: true }).inputValue()).toBe('internalTransfer');
      const recipient = page.getByLabel(t(lang, 'transfer.toUserName'), { exact: true });
      // Not to oneself: refused before anything is sent.
      await recipient.fill('demo');
      await page.getByLabel(t(lang, 'transfer.coinName'), { exact: true }).selectOption('USDT');
      await page.getByLabel(t(lang, 'transfer.amount'), { exact: true }).fill(String(amount));
      await page.getByLabel(t(lang, 'transfer.transactionPassword'), { exact: true }).fill(demoTxPassword);
      await page.getByRole('button', { name: t(lang, 'transfer.submit'), exact: true }).click();
      await page.getByText(serverText(lang, 'errors.transfer.toSelf'), { exact: true }).waitFor();

      await recipient.fill('alice');
      await page.getByRole('button', { name: t(lang, 'transfer.submit'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'transfer.confirmTitle'), exact: true });
      await dialog.waitFor();
      expect((await fieldValue(dialog, t(lang, 'transfer.toUserName')).innerText()).trim()).toBe('alice');
      expect((await fieldValue(dialog, t(lang, 'transfer.amount')).innerText()).trim()).toBe(`${amount}.00 USDT`);
      expect((await fieldValue(dialog, t(lang, 'transfer.fee')).innerText()).trim()).toBe(`${fee.toFixed(2)} USDT`);
      expect((await fieldValue(dialog, t(lang, 'transfer.debited')).innerText()).trim()).toBe(`${(amount + fee).toFixed(2)} USDT`);
      await dialog.getByRole('button', { name: t(lang, 'transfer.confirm'), exact: true }).click();
      await toast(page, lang, t(lang, 'transfer.done')).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // demo's history: the newest transfer went to alice; it is among the sent, not the received.
      const sentRow = (p: Page) =>
        layout === 'desktop'
          ? p
              .getByRole('group', { name: t(lang, 'transfer.history') })
              .locator('tbody tr')
              .filter({ hasText: `${amount}.00` })
          : p
              .getByRole('main')
              .getByRole('listitem')
              .filter({ hasText: t(lang, 'transfer.sentTo', { name: 'alice' }) })
              .filter({ hasText: `${amount}.00 USDT` });
      await sentRow(page).first().waitFor();
      if (layout === 'desktop') {
        const cells = (await sentRow(page).first().locator('td').allInnerTexts()).map((s) => s.trim());
        expect(cells.slice(1, 6)).toEqual(['demo', 'alice', 'USDT', `${amount}.00`, `${fee.toFixed(2)}`]);
      }
      await direction(page, 'out');
      await expect.poll(() => sentRow(page).count()).toBe(1);
      await direction(page, 'in');
      await page.waitForFunction(() => document.querySelectorAll('main [aria-busy="true"]').length === 0);
      await expect.poll(() => sentRow(page).count()).toBe(0);
      await expectNoOverflow(page, `/transfer (${layout})`);
      // demo paid the amount and the fuel fee.
      await page.goto('/#/details');
      await expect.poll(() => balanceShown(page, 'USDT', 'available')).toBe(demoBefore - units(amount) - BigInt(Math.round(fee * 1_000_000)));

      // alice: her balance rose by the amount (no bonus configured), and the transfer is received.
      await alicePage.reload();
      await waitForHeading(alicePage, t(lang, 'wallet.title'));
      await expect.poll(() => balanceShown(alicePage, 'USDT', 'available')).toBe(aliceBefore + units(amount));
      await alicePage.goto('/#/transfer');
      await waitForHeading(alicePage, t(lang, 'transfer.title'));
      await direction(alicePage, 'in');
      const received =
        layout === 'desktop'
          ? alicePage
              .getByRole('group', { name: t(lang, 'transfer.history') })
              .locator('tbody tr')
              .filter({ hasText: `${amount}.00` })
          : alicePage
              .getByRole('main')
              .getByRole('listitem')
              .filter({ hasText: t(lang, 'transfer.receivedFrom', { name: 'demo' }) })
              .filter({ hasText: `${amount}.00 USDT` });
      await expect.poll(() => received.count()).toBe(1);
      if (layout === 'desktop') {
        const cells = (await received.locator('td').allInnerTexts()).map((s) => s.trim());
        expect(cells.slice(1, 5)).toEqual(['demo', 'alice', 'USDT', `${amount}.00`]);
      }
      await alicePage.context().close();
      await page.context().close();
    });
  }

  for (const layout of layouts) {
    test(`${layout}: each records filter on /records narrows the rows to what the server holds; load more; details`, async () => {
      const token = await memberToken(suite.baseUrl, demoMember);
      // More than two pages of records: small transfers to bob add two records each (amount and fee).
      for (let i = 0; (await recordCount(token)) < 45 && i < 20; i++) {
        await callOk(
          suite.baseUrl,
          'transferCreate',
          {
            transferType: 'internalTransfer',
            toUserName: 'bob',
            coinName: 'USDT',
            amount: '1',
            transactionPassword: demoTxPassword,
            requestId: newRequestId('records'),
          },
          { token },
        );
      }
      const total = await recordCount(token);
      expect(total).toBeGreaterThanOrEqual(45);

      const page = await memberPage(layout, demoMember);
      await page.goto('/#/records');
      await waitForHeading(page, t(lang, 'records.title'));
      const loadMore = page.getByRole('button', { name: t(lang, 'common.loadMore'), exact: true });
      const noMore = page.getByText(t(lang, 'common.noMore'), { exact: true });
      const empty = page.getByText(t(lang, 'records.emptyFiltered'), { exact: true });

      // Unfiltered: 20 a page, newest first; load more until the end.
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(20);
      await loadMore.click();
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(40);
      await loadMore.click();
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(Math.min(total, 60));
      if (total <= 60) await noMore.waitFor();
      await expectNoOverflow(page, `/records (${layout})`);

      const filters = page.getByRole('search', { name: t(lang, 'records.filters'), exact: true });
      const select = (key: string) => filters.getByLabel(t(lang, key), { exact: true });
      const expectRows = async (filter: Record<string, string | number>, check: (row: ShownRecord) => boolean, what: string) => {
        const expected = await recordCount(token, filter);
        expect(expected, `${what}: the server has records for this filter`).toBeGreaterThan(0);
        expect(expected, `${what}: the filter narrows the list`).toBeLessThan(total);
        await expect.poll(async () => (await settledRecords(page, layout)).length, { message: what }).toBe(Math.min(expected, 20));
        const rows = await settledRecords(page, layout);
        expect(
          rows.filter((row) => !check(row)),
          `${what}: rows that do not match`,
        ).toEqual([]);
      };

      // Transaction type.
      await select('records.type').selectOption('airdrop');
      await expectRows({ type: 'airdrop' }, (r) => r.type === t(lang, 'records.types.airdrop'), 'type airdrop');
      // Wallet type on top of it: airdrops in reward points only.
      await select('records.walletType').selectOption('REWARD_POINT');
      await expectRows(
        { type: 'airdrop', coinName: 'REWARD_POINT' },
        (r) => r.type === t(lang, 'records.types.airdrop') && r.wallet === coinLabel.REWARD_POINT,
        'type airdrop, wallet RP',
      );
      await select('records.type').selectOption('');
      await expectRows({ coinName: 'REWARD_POINT' }, (r) => r.wallet === coinLabel.REWARD_POINT, 'wallet RP');
      await select('records.walletType').selectOption('');
      // Status: what waits for review (demo's held debit and exchange).
      await select('records.status').selectOption('pendingReview');
      await expectRows({ status: 'pendingReview' }, (r) => r.status === t(lang, 'records.statuses.pendingReview'), 'status pending review');
      // Type and status: the transfers' fuel fees that succeeded, signed negative.
      await select('records.status').selectOption('success');
      await select('records.type').selectOption('bonusFee');
      await expectRows(
        { status: 'success', type: 'bonusFee' },
        (r) => r.type === t(lang, 'records.types.bonusFee') && r.status === t(lang, 'records.statuses.success') && toMinor(r.amount) < 0n,
        'status success, type fuel fee',
      );
      // Cleared: the list as it was, with the pages loaded before (the cached query).
      await filters.getByRole('button', { name: t(lang, 'records.reset'), exact: true }).click();
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(Math.min(total, 60));

      // Dates, in the browser's own time zone: everything happened today.
      const day = (offset: number) => page.evaluate((d) => new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA'), offset);
      const [yesterday, today, tomorrow] = [await day(-1), await day(0), await day(1)];
      const from = filters.getByLabel(t(lang, 'records.fromDay'), { exact: true });
      const to = filters.getByLabel(t(lang, 'records.toDay'), { exact: true });
      await from.fill(tomorrow);
      await empty.waitFor();
      expect(await shownRecords(page, layout)).toEqual([]);
      await from.fill(today);
      await to.fill(today);
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(20);
      await loadMore.waitFor();
      await from.fill('');
      await to.fill(yesterday);
      await empty.waitFor();
      await from.fill(today);
      await page.getByText(t(lang, 'records.rangeInverted'), { exact: true }).first().waitFor();
      // Cleared: the list as it was, with the pages loaded before (the cached query).
      await filters.getByRole('button', { name: t(lang, 'records.reset'), exact: true }).click();
      await expect.poll(async () => (await settledRecords(page, layout)).length).toBe(Math.min(total, 60));

      // The details of the newest record (a transfer's fuel fee to bob).
      const first = (await shownRecords(page, layout))[0]!;
      if (layout === 'desktop') {
        await page
          .getByRole('table', { name: t(lang, 'records.title') })
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: new RegExp(`^${t(lang, 'records.details')}`) })
          .click();
      } else {
        await page.getByRole('main').getByRole('listitem').first().getByRole('button').click();
      }
      const details = page.getByRole('dialog', { name: t(lang, 'records.detailsTitle'), exact: true });
      await details.waitFor();
      expect((await fieldValue(details, t(lang, 'records.type')).innerText()).trim()).toBe(first.type);
      expect((await fieldValue(details, t(lang, 'records.amount')).innerText()).trim()).toBe(first.amount);
      expect((await fieldValue(details, t(lang, 'records.number')).innerText()).trim()).toMatch(/\S{8,}/);
      await details.getByRole('button', { name: t(lang, 'common.close'), exact: true }).click();
      await details.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  }

  test('desktop and mobile: the transfer entry appears once ASSETS_POINT is above 0 (carol)', async () => {
    const [desktop, mobile] = await Promise.all([memberPage('desktop', carol), memberPage('mobile', carol)]);
    // carol holds nothing: no transfer entry in the side nav nor in the menu.
    const desktopEntry = await transferEntry(desktop, 'desktop');
    await desktop
      .getByRole('navigation', { name: t(lang, 'nav.section'), exact: true })
      .getByRole('link', { name: t(lang, 'nav.records'), exact: true })
      .waitFor();
    expect(await desktopEntry.count()).toBe(0);
    const mobileEntry = await transferEntry(mobile, 'mobile');
    expect(await mobileEntry.count()).toBe(0);
    await assetCardOrEmpty(desktop);

    // demo sends carol registration points (transfer.coins allows ASSETS_POINT).
    const demoToken = await memberToken(suite.baseUrl, demoMember);
    await callOk(
      suite.baseUrl,
      'transferCreate',
      {
        transferType: 'internalTransfer',
        toUserName: 'carol',
        coinName: 'ASSETS_POINT',
        amount: '5',
        transactionPassword: demoTxPassword,
        requestId: newRequestId('carol'),
      },
      { token: demoToken },
    );
    const carolToken = await memberToken(suite.baseUrl, carol);
    expect((await balancesOf(suite.baseUrl, carolToken)).get('ASSETS_POINT')?.assetsAvailable).toBe('5.000000');

    // The balances refresh every 10 s: the entry appears without a reload, in both layouts.
    const startedAt = Date.now();
    await Promise.all([desktopEntry.waitFor({ timeout: 13_000 }), mobileEntry.waitFor({ timeout: 13_000 })]);
    expect(Date.now() - startedAt).toBeLessThan(13_000);
    await mobileEntry.click();
    await waitForHashPath(mobile, '/transfer');
    await waitForHeading(mobile, t(lang, 'transfer.title'));
    await desktopEntry.click();
    await waitForHashPath(desktop, '/transfer');
    await waitForHeading(desktop, t(lang, 'transfer.title'));
    const option = desktop.getByLabel(t(lang, 'transfer.coinName'), { exact: true }).locator('option[value="ASSETS_POINT"]');
    await expect.poll(() => option.innerText()).toBe(t(lang, 'transfer.coinOption', { coin: coinLabel.ASSETS_POINT, amount: '5.00' }));
    await desktop.context().close();
    await mobile.context().close();
  });

  test("the ledger is balanced after all of it (npm run ledger:verify on the test server's data)", async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    // Rejects on a non-zero exit code, so getting here means exit 0.
    const stdout = await ledgerVerifyAfterHalt(suite.server);
    expect(stdout).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  });
});

/** Chooses a direction of the transfer history (radios drawn as a segmented control). */
async function direction(page: Page, choice: 'all' | 'in' | 'out'): Promise<void> {
  const group = page.getByRole('group', { name: t(lang, 'transfer.direction'), exact: true });
  // The radio itself is visually hidden; its label is what a person clicks.
  await group.getByText(t(lang, `transfer.directions.${choice}`), { exact: true }).click();
  await expect.poll(() => group.getByRole('radio', { name: t(lang, `transfer.directions.${choice}`), exact: true }).isChecked()).toBe(true);
}

/** carol's wallet shows her zero balances (or the empty state) before she is credited. */
async function assetCardOrEmpty(page: Page): Promise<void> {
  await page.goto('/#/details');
  await waitForHeading(page, t(lang, 'wallet.title'));
  const ap = assetCard(page, 'ASSETS_POINT');
  await ap
    .or(page.getByText(t(lang, 'assets.empty'), { exact: true }))
    .first()
    .waitFor();
  if ((await ap.count()) > 0) expect(await balanceShown(page, 'ASSETS_POINT', 'available')).toBe(0n);
}
