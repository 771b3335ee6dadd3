// Proves the route guard of spec section 2: without a token every member route lands on /login and only the public routes open; unknown paths show the 404 page; "/" goes to /index, which is /login logged out and the dashboard logged in.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPath, login, sessionItem, waitForHashPath, waitForHeading } from './support/browser';
import { t, type Language } from './support/i18n';
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
] as const;

/** Each public route and the h1 it shows. */
const publicRoutes: ReadonlyArray<readonly [string, string]> = [
  ['/login', 'auth.login.title'],
  ['/register', 'auth.register.title'],
  ['/forgot', 'auth.forgot.title'],
  ['/terms/reg', 'terms.title'],
  ['/404', 'notFound.title'],
];

const suite = useSuite();

/** A full page load of a hash route (not an in-app navigation), so every check starts cold. */
async function open(page: Page, route: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/#${route}`);
}

describe('route guard', () => {
  test('without a token every member route lands on /login', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    const landed: Record<string, string> = {};
    for (const route of memberRoutes) {
      await open(page, route);
      await waitForHeading(page, t(lang, 'auth.login.title'));
      landed[route] = hashPath(page);
    }
    expect(landed).toEqual(Object.fromEntries(memberRoutes.map((r) => [r, '/login'])));
    expect(await sessionItem(page, 'token')).toBeNull();

    // The guard also runs on navigations inside the app, not only on the first load.
    await page.evaluate(() => {
      window.location.hash = '#/records';
    });
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await context.close();
  });

  // Decision 014: the member shell asks for the frame's data while it loads, but React Router loads
  // a route's code while the guard still runs; without a token nothing may be asked for (an answer
  // 87321 would reload the page 1.5 s later, wiping whatever the visitor had typed on the login).
  test('without a token a member route asks the API nothing and the login page is not reloaded', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    const api: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/#/index');
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await page.waitForTimeout(3000);
    expect(api, 'API calls without a token').toEqual([]);
    expect(loads, 'page loads').toBe(1);
    expect(hashPath(page)).toBe('/login');
    await context.close();
  });

  test('without a token the public routes open', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    for (const [route, titleKey] of publicRoutes) {
      await open(page, route);
      await waitForHeading(page, t(lang, titleKey));
      expect(hashPath(page), `the public route ${route}`).toBe(route);
    }
    await context.close();
  });

  test('an unknown path shows the 404 page, logged out and logged in', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    await open(page, '/no-such-page');
    await waitForHeading(page, t(lang, 'notFound.title'));
    expect(hashPath(page)).toBe('/404');
    await page.getByText(t(lang, 'notFound.body'), { exact: true }).waitFor();

    await login(page, lang);
    await open(page, '/index/deeper/still-unknown');
    await waitForHeading(page, t(lang, 'notFound.title'));
    expect(hashPath(page)).toBe('/404');
    await context.close();
  });

  test('"/" goes to /index: the login page when logged out, the dashboard when logged in', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    await page.goto('/');
    // The login page painted from HTML shows at once on "/" (decision 028); the app then moves the address to /login.
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await open(page, '/');
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));

    await login(page, lang);
    await open(page, '/');
    await waitForHashPath(page, '/index');
    await waitForHeading(page, t(lang, 'dashboard.title'));
    await page.goto('about:blank');
    await page.goto('/');
    await waitForHashPath(page, '/index');
    await waitForHeading(page, t(lang, 'dashboard.title'));
    await context.close();
  });

  test('with a token every member route opens where it was asked for', async () => {
    const { context, page } = await suite.memberPage('desktop', lang);
    const landed: Record<string, string> = {};
    for (const route of memberRoutes) {
      await open(page, route);
      // The member frame (its main navigation) is shown, not the login form.
      await page.getByRole('navigation', { name: t(lang, 'nav.main'), exact: true }).waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      landed[route] = hashPath(page);
    }
    expect(landed).toEqual(Object.fromEntries(memberRoutes.map((r) => [r, r])));
    expect(await page.getByLabel(t(lang, 'auth.login.password'), { exact: true }).count()).toBe(0);
    await context.close();
  });
});
