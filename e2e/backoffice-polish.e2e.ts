// Proves the staff back-office fits and agrees with itself, desktop 1280x800 in en-US and phone 390x844 in zh-CN: a review queue's badge and the list it opens show the same items (an item awaiting its second approval, approved first by this staff member, is counted and listed); the audit log's last column is inside the table at 1280; the support inbox fits a 390 px phone with a long message, and on a phone the reply hint leaves out "Enter sends" and Enter starts a new line; no serious axe-core violation. Screenshots go to test-artifacts/screenshots/backoffice-polish-*.png.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callOk, memberToken } from './support/api';
import { horizontalOverflow, waitForHeading, type Layout } from './support/browser';
import { adminT, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { settle, shotsDir, useSuite } from './support/suite';

const runs: Array<{ layout: Layout; lang: Language }> = [
  { layout: 'desktop', lang: 'en-US' },
  { layout: 'mobile', lang: 'zh-CN' },
];

const suite = useSuite();

beforeAll(async () => {
  // A member writes a long message without spaces to break on: the inbox's preview must be cut, not widen the page.
  const token = await memberToken(suite.baseUrl, { userName: 'alice', password: 'Alice@12345' });
  await callOk(suite.baseUrl, 'supportSend', { body: `你好，我的提现还没有到账，订单号是${'W2026120700000123456789'.repeat(3)}，请帮我查一下谢谢` }, { token });
  // A manual adjustment the admin approved first, now awaiting a second approver: the badge counts it.
  const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const adminId = (db.prepare("select id from staff where user_name = 'admin'").get() as { id: string }).id;
    const pattern = db.prepare("select * from review_items where queue = 'manualAdjustment' and status = 'pending' limit 1").get() as Record<string, unknown>;
    db.prepare(
      `insert into review_items (id, queue, status, member_id, coin_name, amount, subject_id, summary_json, evidence_json, first_approver_id, created_at)
       values (?, 'manualAdjustment', 'awaitingSecond', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      crypto.randomUUID(),
      pattern.member_id,
      pattern.coin_name,
      pattern.amount,
      crypto.randomUUID(),
      pattern.summary_json,
      pattern.evidence_json,
      adminId,
      Date.now(),
    );
  } finally {
    db.close();
  }
});

async function screenshot(page: Page, file: string): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage: true });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

describe('back-office polish', () => {
  test.each(runs)('badge and list agree, the audit log and the inbox fit ($layout, $lang)', async ({ layout, lang }) => {
    const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);
    const { context, page } = await suite.newPage(layout, lang);
    await staffLogin(page, lang, demoStaff.admin);

    // The queue's badge and its list: the same number, the item awaiting its second approval among them.
    await page.goto('/admin/#/reviews/manualAdjustment');
    await waitForHeading(page, a('reviews.title', { queue: a('queues.manualAdjustment') }));
    const tab = page.getByRole('link', { name: new RegExp(`^${a('queues.manualAdjustment')}`) }).first();
    await expect.poll(async () => Number((await tab.innerText()).match(/\d+/)?.[0] ?? 0)).toBeGreaterThan(1);
    const badge = Number((await tab.innerText()).match(/\d+/)![0]);
    const rows = page.getByRole('region', { name: a('reviews.items'), exact: true }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(badge);
    expect(await rows.filter({ hasText: a('reviews.status.awaitingSecond') }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByLabel(a('reviews.col.status'), { exact: true }).inputValue()).toBe('waiting');
    await screenshot(page, `backoffice-polish-${layout}-${lang}-queue.png`);
    expect(await seriousViolations(page), 'review queue').toEqual([]);

    // The audit log: on a desktop the last column (the "changes" button) is inside the table's visible part.
    await page.goto('/admin/#/audit');
    await waitForHeading(page, a('audit.title'));
    const lastButtons = page.locator('table tbody tr:not(.row-detail) td:last-child button');
    await expect.poll(() => lastButtons.count()).toBeGreaterThan(0);
    await settle(page);
    if (layout === 'desktop') {
      const fits = await page.evaluate(() => {
        const table = document.querySelector('table')!;
        const scroller = table.closest('.table-wrap') ?? table.parentElement!;
        const button = table.querySelector('tbody tr:not(.row-detail) td:last-child button')!;
        const visibleRight = scroller.getBoundingClientRect().left + scroller.clientWidth;
        return { scroll: scroller.scrollWidth - scroller.clientWidth, buttonRight: button.getBoundingClientRect().right, visibleRight };
      });
      expect(fits.scroll, 'the audit table scrolls sideways at 1280').toBeLessThanOrEqual(0);
      expect(fits.buttonRight).toBeLessThanOrEqual(fits.visibleRight);
    }
    await screenshot(page, `backoffice-polish-${layout}-${lang}-audit.png`);
    expect(await seriousViolations(page), 'audit log').toEqual([]);

    // The support inbox with a long message fits; on a phone the hint leaves out the Enter shortcut.
    await page.goto('/admin/#/support');
    await page.getByRole('heading', { name: a('support.title'), level: 1 }).waitFor();
    await page.getByRole('button', { name: /alice/ }).first().click();
    const reply = page.locator('#support-reply');
    await reply.waitFor();
    const max = 2000;
    const hint = page.locator('.chat-actions .field-hint');
    const hintText = await hint.innerText();
    if (layout === 'mobile') {
      expect(hintText).not.toBe(a('support.hint', { max }).trim());
      expect(hintText).toBe(a('support.limitHint', { max }));
      // Enter starts a new line on a phone; the send button sends.
      await reply.fill('line one');
      await reply.press('Enter');
      expect(await reply.inputValue()).toBe('line one\n');
      await reply.fill('');
    } else {
      expect(hintText).toBe(a('support.hint', { max }));
    }
    await screenshot(page, `backoffice-polish-${layout}-${lang}-support.png`);
    expect(await seriousViolations(page), 'support inbox').toEqual([]);
    await context.close();
  });
});
