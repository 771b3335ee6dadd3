// Decision 028 (rendered with React DOM's server renderer since 039): the login page painted
// from HTML before any script of the app runs, and its hand-over to the app. The app's scripts
// are held back (a route that waits) or refused, so each test sees the page exactly as a slow
// phone does before the JavaScript arrives.
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  cspViolations,
  demoMember,
  heading,
  newDesktopContext,
  newMobileContext,
  pageErrors,
  waitForHashPath,
  waitForHeading,
  watchCspViolations,
} from './support/browser';
import { t, type Language } from './support/i18n';
import { useSuite } from './support/suite';

const suite = useSuite();

/** Holds every script of the app until `release()`; `refuse` fails them instead. */
async function holdScripts(context: BrowserContext, refuse = false): Promise<{ release: () => void }> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    if (refuse) return route.abort();
    await gate;
    return route.continue();
  });
  return { release };
}

const firstPaintText = (page: Page) => page.evaluate(() => document.getElementById('first-paint')?.textContent ?? null);

describe('first paint of the login page', () => {
  test('the page is served compressed, with the login page in every language and its script allowed by hash', async () => {
    const response = await fetch(`${suite.baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const html = await response.text();
    for (const lang of ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID'] satisfies Language[]) {
      const template = html.match(new RegExp(`<template data-first-paint="${lang}">([\\s\\S]*?)</template>`))?.[1];
      expect(template, lang).toBeDefined();
      expect(template).toContain(`>${t(lang, 'auth.login.title')}<`);
      expect(template).toContain(`>${t(lang, 'auth.login.submit')}<`);
      expect(template).toContain('href="#/forgot"');
    }
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).not.toContain('unsafe-inline');
    const plain = await fetch(`${suite.baseUrl}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  test("without any script the login form shows in the tab's language, and a member tab gets none", async () => {
    for (const [lang, stored] of [
      ['zh-CN', null],
      ['ja-JP', 'ja-JP'],
      ['zh-CN', 'xx" onload="alert(1)'],
    ] as const) {
      const context = await newMobileContext(suite.browser, suite.baseUrl);
      await watchCspViolations(context);
      if (stored) await context.addInitScript((value) => sessionStorage.setItem('lang', value), stored);
      await holdScripts(context, true);
      const page = await context.newPage();
      await page.goto('/#/login');
      await waitForHeading(page, t(lang, 'auth.login.title'));
      await expect(page.getByLabel(t(lang, 'auth.login.password'), { exact: true }).isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await cspViolations(page)).toEqual([]);
      await context.close();
    }

    // A member's tab (a session token) and the pages other than the login show no copy.
    for (const [hash, token] of [
      ['/#/index', 'some-token'],
      ['/#/login', 'some-token'],
      ['/#/register', null],
    ] as const) {
      const context = await newDesktopContext(suite.browser, suite.baseUrl);
      if (token) await context.addInitScript((value) => sessionStorage.setItem('token', value), token);
      await holdScripts(context, true);
      const page = await context.newPage();
      await page.goto(hash);
      expect(await firstPaintText(page), hash).toBe('');
      await context.close();
    }
  });

  test('what was typed and submitted before the app ran signs the member in once it has', async () => {
    for (const layout of ['desktop', 'mobile'] as const) {
      const context = await (layout === 'desktop' ? newDesktopContext : newMobileContext)(suite.browser, suite.baseUrl, { lang: 'en-US' });
      await watchCspViolations(context);
      const scripts = await holdScripts(context);
      const page = await context.newPage();
      await page.goto('/#/login', { waitUntil: 'commit' });
      await waitForHeading(page, t('en-US', 'auth.login.title'));
      await page.getByLabel(t('en-US', 'auth.login.userName'), { exact: true }).fill(demoMember.userName);
      await page.getByLabel(t('en-US', 'auth.login.password'), { exact: true }).fill(demoMember.password);
      await page.getByRole('button', { name: t('en-US', 'auth.login.submit'), exact: true }).click();
      // Held back: no navigation, the password never in the URL.
      await page.waitForTimeout(300);
      expect(page.url()).not.toContain(demoMember.password);
      expect(await page.evaluate(() => document.getElementById('first-paint')?.hasAttribute('data-submitted'))).toBe(true);

      scripts.release();
      await waitForHashPath(page, '/index', 30_000);
      await waitForHeading(page, t('en-US', 'dashboard.title'));
      expect(await page.evaluate(() => document.getElementById('first-paint'))).toBeNull();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await cspViolations(page)).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
  });

  test('the app takes over a half-filled form with the focus where it was, leaving one login page', async () => {
    const context = await newDesktopContext(suite.browser, suite.baseUrl, { lang: 'ko-KP' });
    const scripts = await holdScripts(context);
    const page = await context.newPage();
    await page.goto('/#/login', { waitUntil: 'commit' });
    await waitForHeading(page, t('ko-KP', 'auth.login.title'));
    const userName = page.getByLabel(t('ko-KP', 'auth.login.userName'), { exact: true });
    await userName.fill('demo');
    await userName.focus();

    scripts.release();
    await page.waitForFunction(() => document.getElementById('first-paint') === null, undefined, { timeout: 30_000 });
    expect(await heading(page, t('ko-KP', 'auth.login.title')).count()).toBe(1);
    expect(await userName.inputValue()).toBe('demo');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    // Typing goes on in the app's field.
    await page.keyboard.type('-x');
    expect(await userName.inputValue()).toBe('demo-x');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
