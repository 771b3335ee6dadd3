// Proves the live support chat and the game in the browser (decision 024), on desktop 1280x800
// (en-US, demo) and phone 390x844 (zh-CN, alice): the member opens customer service from the
// settings menu (desktop) or the header menu (phone) and writes a message carrying a stored-XSS
// payload plus an image whose file name carries another; staff, in a second browser context,
// see it in the back-office inbox, assign it to themselves and answer; the answer reaches the
// member over the socket without a reload; both reload and nothing is lost; no script ran
// (window.__xss stays undefined, no dialog). The game: moves change the board and the score.
// axe-core finds no serious or critical violation on the chat, the inbox and the game.
// Screenshots go to test-artifacts/screenshots/support-*.png and game-*.png.
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { login, type Layout } from './support/browser';
import { adminT, t, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { shotsDir, useSuite } from './support/suite';

const payload = '<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1</script>';
const filePayload = '"><img src=x onerror=window.__xss=1>.png';

const cases: Record<Layout, { lang: Language; member: { userName: string; password: string } }> = {
  desktop: { lang: 'en-US', member: { userName: 'demo', password: 'Demo@12345' } },
  mobile: { lang: 'zh-CN', member: { userName: 'alice', password: 'Alice@12345' } },
};

const suite = useSuite();

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

/** Fails the test when any page of the context opens a dialog (alert, confirm, prompt). */
function watchDialogs(page: Page, fired: string[]): void {
  page.on('dialog', (dialog) => {
    fired.push(dialog.message());
    void dialog.dismiss();
  });
}

async function openChat(page: Page, layout: Layout, lang: Language): Promise<void> {
  await page.getByRole('button', { name: t(lang, layout === 'desktop' ? 'nav.settingsMenu' : 'nav.openMenu'), exact: true }).click();
  // The menu's entry (the home may show a customer-service entry of its own).
  await page
    .locator('.menu-panel:not([hidden])')
    .getByRole('button', { name: new RegExp(t(lang, 'nav.customerService')) })
    .click();
  await page.getByRole('dialog', { name: t(lang, 'support.title') }).waitFor();
}

describe.each(['desktop', 'mobile'] as const)('support chat and game on %s', (layout) => {
  const { lang, member } = cases[layout];

  test('member and staff chat in two contexts, across reloads, with hostile text kept inert', async () => {
    const dialogs: string[] = [];
    const { context: memberContext, page } = await suite.newPage(layout, lang);
    watchDialogs(page, dialogs);
    await login(page, lang, member);
    await openChat(page, layout, lang);
    const chat = page.getByRole('dialog', { name: t(lang, 'support.title') });

    // A message with a stored-XSS payload, then an image whose name carries another.
    const text = `${member.userName} ${payload}`;
    await chat.getByLabel(t(lang, 'support.chat.messageLabel')).fill(text);
    await chat.getByRole('button', { name: t(lang, 'support.chat.send'), exact: true }).click();
    await expect.poll(() => chat.getByTestId('chat-message').filter({ hasText: text }).count(), { timeout: 15_000 }).toBe(1);
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    await chat.locator('input[type=file]').setInputFiles({ name: filePayload, mimeType: 'image/png', buffer: png });
    await chat.getByRole('button', { name: t(lang, 'support.chat.send'), exact: true }).click();
    await expect.poll(() => chat.getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(2);
    await chat.getByTestId('chat-message').last().getByRole('button').click();
    await chat.locator('img.chat-image').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    await page.screenshot({ path: path.join(shotsDir, `support-member-${layout}.png`) });

    // Staff, in another context, find it in the inbox, assign it to themselves and answer.
    const { context: staffContext, page: staffPage } = await suite.newPage('desktop', 'en-US');
    watchDialogs(staffPage, dialogs);
    await staffLogin(staffPage, 'en-US', demoStaff.admin);
    await staffPage.goto('/admin/#/support');
    await staffPage.getByRole('heading', { name: adminT('en-US', 'support.title'), level: 1 }).waitFor();
    await staffPage
      .getByRole('button', { name: new RegExp(`^${member.userName}\\b`) })
      .first()
      .click();
    const thread = staffPage.getByRole('region', { name: adminT('en-US', 'support.with', { name: member.userName }) });
    await expect.poll(() => thread.getByTestId('chat-message').filter({ hasText: text }).count(), { timeout: 15_000 }).toBe(1);
    await thread.getByRole('button', { name: adminT('en-US', 'support.assignToMe') }).click();
    await expect.poll(() => thread.getByLabel(adminT('en-US', 'support.assignee')).inputValue()).not.toBe('');
    const reply = `Hello ${member.userName}, we are on it`;
    await thread.getByLabel(adminT('en-US', 'support.reply')).fill(reply);
    await thread.getByRole('button', { name: adminT('en-US', 'support.send'), exact: true }).click();
    expect(await seriousViolations(staffPage)).toEqual([]);
    await staffPage.screenshot({ path: path.join(shotsDir, `support-inbox-${layout}.png`) });

    // The reply reaches the open chat through the socket, without a reload.
    await expect.poll(() => chat.getByTestId('chat-message').filter({ hasText: reply }).count(), { timeout: 15_000 }).toBe(1);

    // Both reload: nothing lost, nothing ran.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await openChat(page, layout, lang);
    await expect.poll(() => chat.getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(3);
    expect(await chat.getByTestId('chat-message').allInnerTexts()).toEqual([
      expect.stringContaining(text),
      expect.stringContaining(t(lang, 'support.chat.you')),
      expect.stringContaining(reply),
    ]);
    await staffPage.reload();
    await staffPage
      .getByRole('button', { name: new RegExp(`^${member.userName}\\b`) })
      .first()
      .click();
    await expect.poll(() => thread.getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(3);
    await thread.getByTestId('chat-message').nth(1).getByRole('button').click();
    await thread.locator('img.chat-image').waitFor();
    for (const p of [page, staffPage]) expect(await p.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await staffPage.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await staffContext.close();
    await memberContext.close();
  }, 180_000);

  test('the game is playable with the keyboard and the buttons, and the score changes', async () => {
    const { context, page } = await suite.memberPage(layout, lang, member);
    await page.goto('/#/game');
    await page.getByRole('heading', { name: t(lang, 'game.title'), level: 1 }).waitFor();
    const board = page.getByTestId('game-board');
    const score = page.getByTestId('game-score');
    const initialScore = await score.innerText();
    expect(initialScore).toBe(t(lang, 'game.score', { score: 0 }));
    const before = await board.innerText();
    await board.focus();
    const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
    let moves = 0;
    while ((await score.innerText()) === initialScore && moves < 200) {
      await page.keyboard.press(keys[moves % 4]!);
      moves++;
    }
    expect(await score.innerText()).not.toBe(initialScore);
    expect(await board.innerText()).not.toBe(before);
    const afterKeys = await board.innerText();
    for (const name of ['game.left', 'game.up', 'game.right', 'game.down']) await page.getByRole('button', { name: t(lang, name), exact: true }).click();
    expect(await board.innerText()).not.toBe(afterKeys);
    await page.getByText(t(lang, 'game.identity', { name: member.userName })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shotsDir, `game-${layout}.png`), fullPage: true });
    await context.close();
  }, 120_000);
});
