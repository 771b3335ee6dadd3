// Proves logout (spec section 4): a message, the token cleared, a reload to /login, the old session refused by the server afterwards, and the 10-second balance refresh that runs only while logged in.
import { describe, expect, test } from 'vitest';
import { hashPath, waitForHeading, login, recordApi, sessionItem, sleep, waitForHashPath, watchToasts } from './support/browser';
import { serverText, t, type Language } from './support/i18n';
import { useSuite } from './support/suite';

const lang: Language = 'en-US';
const assetsListPath = '/api/app/assets/assetsList';

const suite = useSuite();

describe('logout', () => {
  test('the balances refresh every 10 s while logged in; logout shows a message, clears the token, reloads to /login and stops the refresh', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    const api = recordApi(context);
    await login(page, lang);
    // The first load of the balances is part of showing the dashboard.
    await expect.poll(() => api.calls(assetsListPath).length).toBeGreaterThanOrEqual(1);
    const firstLoads = api.calls(assetsListPath).length;

    await sleep(25_000);
    const calls = api.calls(assetsListPath);
    expect(calls.every((c) => c.method === 'POST')).toBe(true);
    const refreshes = calls.length - firstLoads;
    expect(refreshes, 'refreshes of the balances within 25 s after the first load').toBeGreaterThanOrEqual(2);
    expect(refreshes, 'refreshes of the balances within 25 s after the first load').toBeLessThanOrEqual(3);
    const gaps = calls
      .slice(firstLoads - 1)
      .map((c, i, all) => (i === 0 ? null : c.at - all[i - 1]!.at))
      .filter((g) => g !== null);
    console.log(`assetsList: ${firstLoads} call(s) on the first load, then ${refreshes} in 25 s; gaps ${gaps.join(', ')} ms`);
    for (const gap of gaps) {
      expect(gap, `gaps between balance refreshes (ms): ${gaps.join(', ')}`).toBeGreaterThan(8500);
      expect(gap, `gaps between balance refreshes (ms): ${gaps.join(', ')}`).toBeLessThan(12_500);
    }

    expect(await sessionItem(page, 'token')).not.toBeNull();
    const loaded = page.waitForEvent('load', { timeout: 20_000 });
    const logoutButton = page
      .getByRole('banner')
      .first()
      .getByRole('button', { name: t(lang, 'nav.logout'), exact: true });
    // The message shows for 1 s before the reload: recorded as it appears, not polled for.
    const toastsSeen = await watchToasts(page, t(lang, 'toast.region'));
    await logoutButton.click();
    await expect.poll(toastsSeen).toContain(t(lang, 'auth.logout.done'));
    expect(await sessionItem(page, 'token')).toBeNull();
    await loaded;
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    expect(await sessionItem(page, 'token')).toBeNull();
    expect(api.calls('/api/app/user/logout')).toHaveLength(1);

    const loggedOutAt = Date.now();
    await sleep(12_000);
    expect(api.calls(assetsListPath, loggedOutAt), 'balance refreshes after logout').toHaveLength(0);
    expect(hashPath(page)).toBe('/login');
    api.stop();
    await context.close();
  });

  test('after logout the old session is refused: the server answers 401 / 87321 and the app goes back to /login', async () => {
    const { context, page } = await suite.memberPage('desktop', lang);
    const oldToken = await sessionItem(page, 'token');
    expect(oldToken).toBeTruthy();

    const loaded = page.waitForEvent('load', { timeout: 20_000 });
    await page
      .getByRole('banner')
      .first()
      .getByRole('button', { name: t(lang, 'nav.logout'), exact: true })
      .click();
    await loaded;
    await waitForHeading(page, t(lang, 'auth.login.title'));

    // Put the old token back, as someone who copied it would, and open a member page.
    const api = recordApi(context);
    await page.evaluate((token) => sessionStorage.setItem('token', token), oldToken!);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    // The message shows until the reload back to /login: recorded as it appears, not polled for.
    const toastsSeen = await watchToasts(page, t(lang, 'toast.region'));
    await page.evaluate(() => {
      window.location.hash = '#/index';
    });

    await expect.poll(toastsSeen).toContain(t(lang, 'api.expired'));
    await expect.poll(() => api.responses.filter((r) => r.path.startsWith('/api/app/')).length).toBeGreaterThan(0);
    const answers = await Promise.all(
      api.responses.filter((r) => r.path.startsWith('/api/app/')).map(async (r) => ({ path: r.path, status: r.status, code: (await r.body)?.code })),
    );
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer, 'a call made with the logged-out token').toMatchObject({ status: 401, code: 87321 });
    // The server's own message for it says the same as the app's catalogue.
    const messages = await Promise.all(api.responses.filter((r) => r.path.startsWith('/api/app/')).map(async (r) => (await r.body)?.message));
    expect(new Set(messages)).toEqual(new Set([serverText(lang, 'errors.auth.expired')]));

    await reloaded;
    await waitForHashPath(page, '/login');
    await waitForHeading(page, t(lang, 'auth.login.title'));
    expect(await sessionItem(page, 'token')).toBeNull();
    api.stop();
    await context.close();
  });
});
