// Proves content and notifications (decision 023) in the browser, on desktop 1280x800
// (en-US, demo) and phone 390x844 (zh-CN, alice): staff publish an announcement in two languages
// and each member reads it in their own; staff upload a banner image through the back-office (its
// file name a script payload) and the banner shows on the dashboard; staff edit the terms in the
// back-office and members read that version on /terms and /terms/reg; a bank deposit approved by
// staff creates a notification whose unread count shows on the header's bell and drops to none
// after reading. Every content field carries a stored-XSS payload (announcement title and body,
// banner title and link, document body, uploaded file name): the pages load and no script ran
// (window.__xss stays undefined, no dialog opened). The new screens have no serious axe-core
// violation and show in all five languages. Screenshots go to test-artifacts/screenshots/content-*.png.
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, callOk, memberToken, newRequestId } from './support/api';
import { dismissToasts, horizontalOverflow, login, sessionItem, toast, waitForHeading, type Layout } from './support/browser';
import { adminT, languages, serverText, t, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { seriousViolations, settle, shotsDir, useSuite } from './support/suite';

const xssImg = '<img src=x onerror="window.__xss=1">';
const xssBody = `<p>Body ${xssImg}<script>window.__xss=2</script><a href="javascript:window.__xss=3">click me</a><svg onload="window.__xss=4"></svg></p>`;
const cases: Record<Layout, { lang: Language; member: { userName: string; password: string }; title: string }> = {
  desktop: { lang: 'en-US', member: { userName: 'demo', password: 'Demo@12345' }, title: 'E2E maintenance tonight' },
  mobile: { lang: 'zh-CN', member: { userName: 'alice', password: 'Alice@12345' }, title: 'E2E 今晚维护' },
};

const suite = useSuite();
let staff: { token: string; loginType: 'STAFF' };

async function shot(page: Page, lang: Language, file: string): Promise<void> {
  await dismissToasts(page, lang).catch(() => undefined);
  await settle(page);
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(shotsDir, file), fullPage: true });
}

/** Watches a page for any sign that a payload ran: a dialog, or the flag the payloads set. */
function guard(page: Page): { dialogs: string[]; check: () => Promise<void> } {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    async check() {
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    },
  };
}

beforeAll(async () => {
  const now = Date.now();
  const { context: staffContext, page: staffPage } = await suite.newPage('desktop', 'en-US');
  await staffLogin(staffPage, 'en-US', demoStaff.admin);
  staff = { token: (await sessionItem(staffPage, 'adminToken')) ?? '', loginType: 'STAFF' };
  const staffGuard = guard(staffPage);
  // An announcement in two languages, and one whose every field is a payload (pinned, so it is on the dashboard).
  await callOk(
    suite.baseUrl,
    'announcementSave',
    {
      translations: {
        'en-US': { title: cases.desktop.title, body: '<p>The site pauses from 02:00 to 03:00. See <a href="/package">packages</a>.</p>' },
        'zh-CN': { title: cases.mobile.title, body: '<p>02:00 至 03:00 暂停服务。</p>' },
      },
      isPinned: false,
      publishAt: now - 60_000,
      expiresAt: null,
    },
    staff,
  );
  await callOk(
    suite.baseUrl,
    'announcementSave',
    {
      translations: { 'en-US': { title: `${xssImg}XSS title`, body: xssBody }, 'zh-CN': { title: `${xssImg}XSS 标题`, body: xssBody } },
      isPinned: true,
      publishAt: now - 60_000,
      expiresAt: null,
    },
    staff,
  );
  // A banner link that is a script is refused by the server.
  const refused = await callApi(
    suite.baseUrl,
    'bannerSave',
    {
      translations: { 'en-US': { title: 'x', imageId: 'none', linkUrl: 'javascript:window.__xss=1' } },
      sortOrder: 0,
      isActive: true,
      publishAt: 0,
      expiresAt: null,
    },
    staff,
  );
  expect(refused.error).toBe('request.invalid');

  // The banner through the back-office: the file's name is a payload.
  await staffPage.goto('/admin/#/content?tab=banners');
  await waitForHeading(staffPage, adminT('en-US', 'content.pageTitle'));
  await staffPage.getByRole('button', { name: adminT('en-US', 'content.newBanner'), exact: true }).click();
  await staffPage.getByLabel(adminT('en-US', 'content.language'), { exact: true }).selectOption('en-US');
  const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  await staffPage.locator('#banner-image').setInputFiles({ name: `${xssImg}.png`, mimeType: 'image/png', buffer: png });
  await staffPage.getByText(/^Image: /).waitFor();
  await staffPage.locator('#banner-title').fill(`${xssImg}Spring offer`);
  await staffPage.locator('#banner-link').fill('/package');
  // An end before the start is refused with its reason in the form (the form says it before sending, the server likewise); cleared, the banner saves.
  const publishValue = await staffPage.locator('#banner-publish').inputValue();
  await staffPage.locator('#banner-expires').fill(publishValue.replace(/^(\d{4})/, (year) => String(Number(year) - 1)));
  await staffPage.getByRole('button', { name: adminT('en-US', 'content.save'), exact: true }).click();
  await staffPage.getByText(serverText('en-US', 'errors.content.expiryBeforePublish'), { exact: true }).waitFor();
  await staffPage.locator('#banner-expires').fill('');
  await staffPage.getByRole('button', { name: adminT('en-US', 'content.save'), exact: true }).click();
  await toast(staffPage, 'en-US', adminT('en-US', 'content.saved')).waitFor();
  expect(await seriousViolations(staffPage)).toEqual([]);
  await staffPage.screenshot({ path: path.join(shotsDir, 'content-admin-banners.png'), fullPage: true });

  // The terms through the back-office (the in-page confirmation accepted), with a payload in the body.
  await staffPage.goto('/admin/#/content?tab=documents');
  await staffPage.getByLabel(adminT('en-US', 'content.document'), { exact: true }).selectOption('terms');
  await staffPage.getByLabel(adminT('en-US', 'content.language'), { exact: true }).selectOption('en-US');
  await staffPage.locator('#document-title').fill('E2E Terms of use');
  await staffPage.locator('#document-body').fill(`<h2>Staff-edited terms</h2><p>Version from the back-office.</p>${xssBody}`);
  await staffPage.getByRole('button', { name: adminT('en-US', 'content.publish'), exact: true }).click();
  const confirmDialog = staffPage.getByRole('dialog', { name: adminT('en-US', 'content.publish') });
  await confirmDialog.getByText(adminT('en-US', 'content.confirmPublish', { language: 'English' })).waitFor();
  await confirmDialog.getByRole('button', { name: adminT('en-US', 'content.publish'), exact: true }).click();
  await toast(staffPage, 'en-US', adminT('en-US', 'content.published')).waitFor();
  await staffPage.getByRole('cell', { name: 'E2E Terms of use' }).waitFor();
  expect(await seriousViolations(staffPage)).toEqual([]);
  await staffPage.screenshot({ path: path.join(shotsDir, 'content-admin-documents.png'), fullPage: true });
  await staffPage.goto('/admin/#/content');
  await staffPage.getByRole('table').waitFor();
  expect(await seriousViolations(staffPage)).toEqual([]);
  await staffGuard.check();
  await staffContext.close();
  for (const [kind, lang, title] of [
    ['terms', 'zh-CN', 'E2E 使用条款'],
    ['regTerms', 'en-US', 'E2E Registration terms'],
    ['regTerms', 'zh-CN', 'E2E 注册条款'],
    ['whitePaper', 'en-US', 'E2E White paper'],
    ['whitePaper', 'zh-CN', 'E2E 白皮书'],
  ] as const) {
    // A new version over whatever is there (the demo data publishes a white paper in every language).
    const [latest] = await callOk<Array<{ version: number }>>(suite.baseUrl, 'documentVersions', { kind, lang }, staff);
    await callOk(suite.baseUrl, 'documentPublish', { kind, lang, baseVersion: latest?.version ?? 0, title, body: `<p>${title}</p>${xssBody}` }, staff);
  }
}, 240_000);

/** A bank deposit of the member, approved by staff through the API. */
async function approvedDeposit(member: { userName: string; password: string }): Promise<string> {
  const token = await memberToken(suite.baseUrl, member);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
  const file = await callOk<{ id: string }>(suite.baseUrl, 'uploadCreate', { fileName: 'receipt.jpg', content: photo.toString('base64') }, { token });
  const made = await callOk<{ number: string }>(
    suite.baseUrl,
    'deposit',
    { amount: '100', receiptNumber: `E2E-${member.userName}`, receiptFileId: file.id, requestId: newRequestId() },
    { token },
  );
  const list = await callOk<{ items: Array<{ id: string; summary: Record<string, unknown> }> }>(
    suite.baseUrl,
    'reviewList',
    { queue: 'bankDeposit', status: 'pending', pageSize: 100 },
    staff,
  );
  const item = list.items.find((i) => i.summary.depositNumber === made.number)!;
  await callOk(suite.baseUrl, 'reviewDecide', { ids: [item.id], decision: 'approve' }, staff);
  return made.number;
}

describe.each(['desktop', 'mobile'] as const)('content and notifications on %s', (layout) => {
  const { lang, member, title } = cases[layout];

  test('announcements, banner, documents and a notification, with every payload inert', async () => {
    const { context, page } = await suite.newPage(layout, lang);
    const g = guard(page);
    // /terms/reg before signing in: the staff version in the member's language.
    await page.goto('/#/terms/reg');
    await waitForHeading(page, lang === 'en-US' ? 'E2E Registration terms' : 'E2E 注册条款');
    expect(await seriousViolations(page)).toEqual([]);
    await g.check();
    await shot(page, lang, `content-terms-reg-${layout}.png`);

    await login(page, lang, member);
    // The dashboard: the banner (its alt text the escaped title) and the announcements in the member's language.
    const banner = page.locator('.banner img');
    await banner.waitFor();
    expect(await banner.getAttribute('alt')).toBe(`${xssImg}Spring offer`);
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await g.check();
    await shot(page, lang, `content-dashboard-${layout}.png`);
    await banner.click();
    await waitForHeading(page, t(lang, 'pages.package'));

    // The announcement list beside the notifications, and the announcement itself.
    await page.goto('/#/notification?tab=announcements');
    await waitForHeading(page, t(lang, 'pages.notification'));
    await page.getByRole('link', { name: title, exact: true }).click();
    await waitForHeading(page, title);
    await page.goto('/#/notification?tab=announcements');
    await page.getByRole('link', { name: /XSS/ }).click();
    // The javascript: link lost its href on the server: it is text now, and a click runs nothing.
    await page.getByText('click me', { exact: true }).click();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await g.check();
    await shot(page, lang, `content-announcement-${layout}.png`);

    // The terms staff edited (the zh-CN reader gets the zh-CN version), and the white paper.
    await page.goto('/#/terms');
    await waitForHeading(page, lang === 'en-US' ? 'E2E Terms of use' : 'E2E 使用条款');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/#/white-paper');
    await waitForHeading(page, lang === 'en-US' ? 'E2E White paper' : 'E2E 白皮书');
    expect(await seriousViolations(page)).toEqual([]);
    await g.check();
    await shot(page, lang, `content-white-paper-${layout}.png`);

    // A deposit approved by staff: the bell counts it, reading it clears the count. What the demo
    // data told the member before is read first, so the count starts at none.
    await callOk(suite.baseUrl, 'notificationReadAll', {}, { token: await memberToken(suite.baseUrl, member) });
    const depositNumber = await approvedDeposit(member);
    await page.goto('/#/index');
    const badge = page.getByTestId('unread-badge');
    await page.reload();
    await badge.waitFor();
    expect(await badge.innerText()).toBe('1');
    await page.getByRole('link', { name: t(lang, 'notifications.buttonUnread', { count: 1 }), exact: true }).click();
    await waitForHeading(page, t(lang, 'pages.notification'));
    const entry = page.locator('.notification-unread');
    await entry.waitFor();
    expect(await entry.innerText()).toContain(depositNumber);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, lang, `content-notifications-${layout}.png`);
    await page.getByRole('button', { name: t(lang, 'notifications.markAllRead'), exact: true }).click();
    await badge.waitFor({ state: 'detached' });
    // The list refetches on its own; the badge may clear first.
    await expect.poll(() => page.locator('.notification-unread').count(), { timeout: 10_000 }).toBe(0);
    await g.check();
    await context.close();
  }, 180_000);
});

describe('the new screens in every language', () => {
  test.each(languages)(
    '%s',
    async (lang) => {
      const { context, page } = await suite.memberPage('desktop', lang, { userName: 'bob', password: 'Bob@123456' });
      await page.goto('/#/notification');
      await waitForHeading(page, t(lang, 'pages.notification'));
      await page.getByText(t(lang, 'notifications.empty'), { exact: true }).waitFor();
      await page.locator('label.segment', { hasText: t(lang, 'notifications.tabs.announcements') }).click();
      // The tab follows the click through a state update (and the address): poll, a busy machine may take a moment.
      await expect.poll(() => page.getByRole('radio', { name: t(lang, 'notifications.tabs.announcements'), exact: true }).isChecked()).toBe(true);
      await page.getByRole('heading', { name: t(lang, 'notifications.tabs.announcements'), level: 2 }).waitFor();
      await page.goto('/#/index');
      await page.getByRole('heading', { name: t(lang, 'announcements.title'), level: 2 }).waitFor();
      await context.close();
    },
    120_000,
  );
});
