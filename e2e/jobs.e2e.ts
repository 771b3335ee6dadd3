// Proves the back-office Jobs page: both scheduled jobs listed with their schedule and next run;
// "Run now" with a reason makes the job run (state Succeeded, marked as run by staff) and leaves
// an audit entry; the page fits a phone. Screenshots go to test-artifacts/screenshots/.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForHeading } from './support/browser';
import { adminT, type Language } from './support/i18n';
import { demoStaff, staffLogin } from './support/staff';
import { shotsDir, useSuite } from './support/suite';

const lang: Language = 'en-US';
const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);

// Jobs run in this server process (tests otherwise start servers with jobs off).
const suite = useSuite({ env: { JOBS: 'on' } });

async function openJobs(page: Page): Promise<void> {
  await page.goto('/admin/#/jobs');
  await waitForHeading(page, a('jobsPage.title'));
}

/** The job's row, by its title exactly ("Ledger verification" is also the start of "Ledger verification, full"). */
const jobRow = (page: Page, name: string) =>
  page
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child > span.block', { hasText: new RegExp(`^${escapeRegExp(a(`jobsPage.names.${name}`))}$`) }) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('jobs page', () => {
  test('lists the jobs and runs one now, with its audit entry', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    await staffLogin(page, lang, demoStaff.admin);
    await page
      .getByRole('link', { name: a('nav.jobs'), exact: true })
      .first()
      .click();
    await waitForHeading(page, a('jobsPage.title'));
    for (const name of ['ledger-verify', 'housekeeping']) {
      await expect.poll(() => jobRow(page, name).innerText()).toContain(a(`jobsPage.schedules.${name}`));
    }
    const row = jobRow(page, 'ledger-verify');
    await row.getByRole('button', { name: a('jobsPage.runNowTitle', { name: a('jobsPage.names.ledger-verify') }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(a('form.reason'), { exact: true }).fill('check the books after the e2e run');
    await dialog.getByRole('button', { name: a('jobsPage.runNow'), exact: true }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(a('jobsPage.state.succeeded'));
    expect(await row.innerText()).toContain(a('jobsPage.manualRun'));
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shotsDir, 'admin-jobs-desktop.png'), fullPage: true });

    await page.goto('/admin/#/audit');
    await expect.poll(() => page.locator('main').innerText()).toContain('check the books after the e2e run');
    await context.close();
  });

  test('fits a phone', async () => {
    const { context, page } = await suite.newPage('mobile', lang);
    await staffLogin(page, lang, demoStaff.admin);
    await openJobs(page);
    await expect.poll(() => jobRow(page, 'housekeeping').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: path.join(shotsDir, 'admin-jobs-mobile.png'), fullPage: true });
    await context.close();
  });
});
