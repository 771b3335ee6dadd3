// Proves every page of both apps works under the Content-Security-Policy: each route renders its
// content with no policy violation and no script error, and the pages carry the security headers.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { cspViolations, login, newDesktopContext, newMobileContext, pageErrors, watchCspViolations } from './support/browser';
import { demoStaff, staffLogin } from './support/staff';
import type { Language } from './support/i18n';
import { useSuite } from './support/suite';

const lang: Language = 'en-US';

const memberRoutes = [
  '/index',
  '/user-info',
  '/package',
  '/records',
  '/recharge',
  '/withdraw',
  '/invite-tree',
  '/setting',
  '/terms',
  '/notification',
  '/details',
  '/code',
  '/equity',
  '/transfer',
];
const publicRoutes = ['/login', '/register', '/forgot', '/terms/reg', '/404'];
const adminRoutes = ['/dashboard', '/reviews', '/members', '/config', '/audit', '/staff'];

const suite = useSuite();

/** Visits each route in the open app (an in-app hash change) and waits until it shows a heading. */
async function visitAll(page: Page, base: string, routes: string[]): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const route of routes) {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#${route}`);
    await page.waitForFunction(() => (document.querySelector('main h1, h1')?.textContent ?? '').trim().length > 0, undefined, { timeout: 15_000 });
    // Let lazy chunks, images and queries of the page settle before reading the reports.
    await page.waitForLoadState('networkidle');
    const seen = await cspViolations(page);
    if (seen.length > 0) problems[`${base}${route}`] = seen.join('; ');
  }
  return problems;
}

describe('content security policy', () => {
  test('the apps and the API answer with the security headers', async () => {
    for (const url of ['/', '/admin/', '/envelope-key.json']) {
      const response = await fetch(`${suite.baseUrl}${url}`);
      await response.arrayBuffer();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
      expect(response.headers.get('permissions-policy'), url).toContain('camera=()');
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
    }
  });

  for (const layout of ['desktop', 'mobile'] as const) {
    test(`every member page works under the policy (${layout})`, async () => {
      const context = await (layout === 'desktop' ? newDesktopContext : newMobileContext)(suite.browser, suite.baseUrl, { lang });
      await watchCspViolations(context);
      const page = await context.newPage();
      await page.goto('/#/login');
      const publicProblems = await visitAll(page, '', publicRoutes);
      await page.goto('/#/login');
      await login(page, lang);
      const memberProblems = await visitAll(page, '', memberRoutes);
      expect({ ...publicProblems, ...memberProblems }).toEqual({});
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }

  test('every back-office page works under the policy', async () => {
    const context = await newDesktopContext(suite.browser, suite.baseUrl, { lang });
    await watchCspViolations(context);
    const page = await context.newPage();
    await staffLogin(page, lang, demoStaff.admin);
    expect(await visitAll(page, '/admin', adminRoutes)).toEqual({});
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
