// Proves, on a phone (390x844) and a desktop (1280x800), in zh-CN and en-US:
// - the withdraw page says up front that the member already has the most open withdrawals
//   (withdrawal.pendingMax, 3 by default) and keeps the form's submit disabled, instead of
//   telling it after the form, the password and the confirmation;
// - the deposit page names the review window's time zone in the member's language with its UTC
//   offset, never the raw "Asia/Shanghai".
// The three open withdrawals are rows written into the server's SQLite file (a test-only step:
// making them through the API needs a payout destination past its 24-hour cooling-off).
// Screenshots: test-artifacts/screenshots/member-limits-<page>-<layout>-<lang>.png.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, login, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const layouts: readonly Layout[] = ['mobile', 'desktop'];
const langs: readonly Language[] = ['zh-CN', 'en-US'];

const suite = useSuite();

beforeAll(async () => {
  const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
  try {
    const member = db.prepare(`select id from users where user_name = 'demo'`).get() as { id: string };
    const insert = db.prepare(
      `insert into withdrawals (id, number, member_id, withdrawal_type, channel, chain, coin_name, amount, fee, destination, destination_id,
        status, hold_transfer_id, fee_transfer_id, review_id, created_at)
       values (?, ?, ?, 'USDT_BEP20', 'chain', 'BEP20', 'USDT', 10000000, 1000000, '0x0000000000000000000000000000000000000001', ?, 'pendingReview', ?, null, ?, ?)`,
    );
    for (let i = 0; i < 3; i++)
      insert.run(crypto.randomUUID(), `WDE2E${i}`, member.id, crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), Date.now() - i * 1000);
  } finally {
    db.close();
  }
});

async function shot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(shotsDir, file), fullPage: false });
  expect(fs.statSync(path.join(shotsDir, file)).size).toBeGreaterThan(5000);
}

describe.each(layouts)('on %s', (layout) => {
  test.each(langs)('%s: the withdrawal limit is said before the form, and the deposit window names its zone', async (lang) => {
    const { context, page } = await suite.newPage(layout, lang);
    try {
      await login(page, lang);
      await dismissToasts(page, lang);

      await page.goto('/#/withdraw');
      await waitForHeading(page, t(lang, 'pages.withdraw'));
      await settle(page);
      const notice = page.getByTestId('withdraw-limit');
      await expect.poll(() => notice.textContent()).toBe(t(lang, 'withdraw.limitReached', { max: '3' }));
      const submit = page.getByRole('button', { name: t(lang, 'withdraw.submit'), exact: true });
      expect(await submit.isDisabled()).toBe(true);
      // The notice is in the first screen, above the form it explains.
      const box = await notice.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThan(page.viewportSize()!.height);
      await notice.scrollIntoViewIfNeeded();
      await shot(page, `member-limits-withdraw-${layout}-${lang}.png`);

      await page.goto('/#/recharge');
      await waitForHeading(page, t(lang, 'pages.recharge'));
      await settle(page);
      const zoneName = lang === 'zh-CN' ? '中国标准时间' : 'China Standard Time';
      const hint = page.locator('.field-hint', { hasText: zoneName });
      await expect.poll(() => hint.count()).toBe(1);
      const text = (await hint.textContent()) ?? '';
      expect(text).toContain('UTC+08:00');
      expect(await page.locator('body').innerText()).not.toContain('Asia/Shanghai');
      await hint.scrollIntoViewIfNeeded();
      await shot(page, `member-limits-deposit-${layout}-${lang}.png`);
    } finally {
      await context.close();
    }
  });
});
