// Proves the active-sessions list of the security centre in the browser (and that the login page and the first screen do not say "welcome back" to someone who may be new), desktop 1280x800 in en-US and phone 390x844 in zh-CN (and ja-JP on the phone): after a day of sign-ins without signing out, this device comes first and marked, the other devices newest first ten at a time with "load more", no ended or expired session listed, a loading placeholder while the list is on its way, "sign out all other devices" after a confirmation leaving the empty state; no horizontal overflow and no serious axe-core violation. Screenshots go to test-artifacts/screenshots/security-sessions-*.png.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, horizontalOverflow, login, toast, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const othersLive = 14;

/** One demo member per run, so the runs do not share sessions. */
const runs: Array<{ layout: Layout; lang: Language; member: { userName: string; password: string } }> = [
  { layout: 'desktop', lang: 'en-US', member: { userName: 'demo', password: 'Demo@12345' } },
  { layout: 'mobile', lang: 'zh-CN', member: { userName: 'bob', password: 'Bob@123456' } },
  { layout: 'mobile', lang: 'ja-JP', member: { userName: 'carol', password: 'Carol@12345' } },
];

const suite = useSuite();

/**
 * Writes a day of sign-ins the member never signed out of: `othersLive` live sessions an hour apart
 * from other devices, and three that must not be listed (signed out, past the absolute expiry,
 * idle too long), newer than every live one so that a list that showed them would show them first.
 */
function seedSessions(userName: string): { liveIps: string[]; deadIps: string[] } {
  const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { id } = db.prepare('select id from users where user_name = ?').get(userName) as { id: string };
    const insert = db.prepare(
      `insert into sessions (id, token_hash, user_id, login_type, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at)
       values (?, ?, ?, 'USER', ?, ?, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    const agents = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ];
    const row = (ip: string, createdAt: number, lastSeenAt: number, expiresAt: number, revokedAt: number | null, agent: string) =>
      insert.run(crypto.randomUUID(), crypto.randomBytes(32).toString('hex'), id, ip, agent, createdAt, lastSeenAt, expiresAt, revokedAt);
    const liveIps: string[] = [];
    for (let i = 0; i < othersLive; i++) {
      const ip = `198.51.100.${10 + i}`;
      liveIps.push(ip);
      row(ip, now - 60_000 - i * 3_600_000, now - 30_000, now + 3_600_000, null, agents[i % agents.length]!);
    }
    const deadIps = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    row(deadIps[0]!, now - 10_000, now - 10_000, now + 3_600_000, now - 5_000, agents[0]!);
    row(deadIps[1]!, now - 20_000, now - 20_000, now - 1, null, agents[1]!);
    row(deadIps[2]!, now - 30_000, now - 24 * 3_600_000, now + 3_600_000, null, agents[2]!);
    return { liveIps, deadIps };
  } finally {
    db.close();
  }
}

async function screenshot(page: Page, lang: Language, file: string, fullPage = true): Promise<void> {
  await dismissToasts(page, lang);
  await settle(page);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}

describe('active sessions', () => {
  test.each(runs)('this device first, the others paged newest first, and all others signed out ($layout, $lang)', async ({ layout, lang, member }) => {
    const { liveIps, deadIps } = seedSessions(member.userName);
    const { context, page } = await suite.newPage(layout, lang);
    // The login page and the first screen after it greet without "welcome back": this may be the first visit.
    await page.goto('/#/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    const backAgain = /welcome back|欢迎回来|おかえり|다시 오신|datang kembali/i;
    expect(await page.getByText(t(lang, 'auth.login.subtitle'), { exact: true }).innerText()).not.toMatch(backAgain);
    await login(page, lang, member);
    expect(await page.getByText(t(lang, 'dashboard.welcome', { name: member.userName }), { exact: true }).innerText()).not.toMatch(backAgain);

    // The list's first answer is held back a moment: the card shows its loading placeholder meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/app/security/sessionList', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#/setting/security');
    await waitForHeading(page, t(lang, 'security.title'));
    const card = page.getByRole('region', { name: t(lang, 'security.sessions.title'), exact: true });
    await card.getByRole('status', { name: t(lang, 'app.loading'), exact: true }).waitFor();
    // Later calls (the next page, the list after signing out) pass at once.
    release();

    // This device first, marked, and alone in its own list.
    const current = page.getByTestId('session-current');
    await current.waitFor();
    await expect.poll(() => current.getByText(t(lang, 'security.sessions.current'), { exact: true }).count()).toBe(1);
    const currentBox = (await current.boundingBox())!;
    await page.getByRole('heading', { name: t(lang, 'security.sessions.othersTitle', { count: othersLive }), exact: true }).waitFor();

    // The others: ten, newest sign-in first, then "load more" brings the rest; nothing ended is listed.
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(10);
    expect((await rows.first().boundingBox())!.y).toBeGreaterThan(currentBox.y);
    const ipsShown = async () =>
      (await rows.allInnerTexts()).map((text) => liveIps.find((ip) => text.includes(ip)) ?? deadIps.find((ip) => text.includes(ip)) ?? text);
    expect(await ipsShown()).toEqual(liveIps.slice(0, 10));
    await screenshot(page, lang, `security-sessions-${layout}-${lang}-first-page.png`);
    expect(await seriousViolations(page), 'sessions first page').toEqual([]);
    await page.getByRole('button', { name: t(lang, 'common.loadMore'), exact: true }).click();
    await expect.poll(() => rows.count()).toBe(othersLive);
    expect(await ipsShown()).toEqual(liveIps);
    await page.getByText(t(lang, 'common.noMore'), { exact: true }).first().waitFor();
    for (const ip of deadIps) expect(await page.getByText(ip).count()).toBe(0);

    // Sign out all other devices, after a confirmation.
    await page.getByRole('button', { name: t(lang, 'security.sessions.signOutOthers'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'security.sessions.confirmOthersTitle') });
    await dialog.waitFor();
    await screenshot(page, lang, `security-sessions-${layout}-${lang}-confirm.png`, false);
    expect(await seriousViolations(page), 'confirm all others').toEqual([]);
    await dialog.getByRole('button', { name: t(lang, 'security.sessions.confirm'), exact: true }).click();
    await toast(page, lang, t(lang, 'security.sessions.othersSignedOut', { count: othersLive })).waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByText(t(lang, 'security.sessions.none'), { exact: true }).waitFor();
    await page.getByRole('heading', { name: t(lang, 'security.sessions.othersTitle', { count: 0 }), exact: true }).waitFor();
    expect(await page.getByRole('button', { name: t(lang, 'security.sessions.signOutOthers'), exact: true }).count()).toBe(0);
    await current.waitFor();
    await screenshot(page, lang, `security-sessions-${layout}-${lang}-empty.png`);
    expect(await seriousViolations(page), 'sessions empty').toEqual([]);
    await context.close();
  });
});
