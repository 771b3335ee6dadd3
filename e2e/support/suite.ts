/**
 * What a browser test file opens with, in one call: `const suite = useSuite()` at the top of
 * the file starts the server and launches the one headless Chromium of the file side by side
 * (beforeAll), makes the screenshot folder, and stops both after the file's last test (afterAll).
 * The file's own beforeAll hooks run after it (vitest runs them in the order they are written),
 * with `suite.server` and `suite.browser` ready.
 *
 * A test then asks for what it needs: a context of a layout (`suite.newPage`), one already signed
 * in as a member through the login form (`suite.memberPage`), a back-office tab signed in through
 * the staff form (`suite.staffPage`), or a staff session for API calls (`suite.staff`). The staff
 * session is made once per file and member through the API (password, then the authenticator code),
 * not through a page: it is what setup needs, and each sign-in spends a TOTP step (a third within
 * one 30-second step waits for the clock).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callOk } from './api';
import { closeBrowser, demoMember, launchBrowser, login, newContext, type ContextOptions, type Layout } from './browser';
import type { Language } from './i18n';
import { repoRoot, startServer, type RunningServer } from './server';
import { demoStaff, staffLogin, totpCode, type StaffCredentials } from './staff';

export const shotsDir = path.join(repoRoot, 'test-artifacts/screenshots');

export interface SuiteOptions {
  /** Extra environment for the server (e.g. `{ JOBS: 'on' }`); a function is called in beforeAll, before the server starts. */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** How long the start may take (ms); vitest's hook timeout of the e2e project when absent. */
  timeout?: number;
}

/** Call options of a staff session for `callApi`/`callOk`. */
export interface StaffSession {
  token: string;
  loginType: 'STAFF';
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's address, e.g. http://127.0.0.1:40123. */
  readonly baseUrl: string;
  /** A fresh context of the layout with one page (in the language, unless `lang` is left out). */
  newPage(layout: Layout, lang?: Language, options?: ContextOptions): Promise<OpenPage>;
  /** `newPage`, then the member's sign-in through the portal's login form (the dashboard shown). */
  memberPage(layout: Layout, lang: Language, member?: { userName: string; password: string }, options?: ContextOptions): Promise<OpenPage>;
  /** `newPage`, then the staff sign-in through the back-office's login form (the dashboard shown). */
  staffPage(layout: Layout, lang: Language, staff?: StaffCredentials): Promise<OpenPage>;
  /** A staff session through the API, made once per file and staff member (the account must have its authenticator enrolled). */
  staff(who?: StaffCredentials & { totpSecret: string }): Promise<StaffSession>;
}

export function useSuite(options: SuiteOptions = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const staffSessions = new Map<string, Promise<StaffSession>>();

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    // Both start at once; each is assigned even when the other fails, so afterAll cleans up.
    const launching = launchBrowser();
    try {
      server = await startServer(typeof options.env === 'function' ? await options.env() : options.env);
    } finally {
      browser = await launching;
    }
  }, options.timeout);

  afterAll(async () => {
    await closeBrowser(browser);
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started: use suite.${what} inside a test or hook`);
    return value;
  };

  const suite: Suite = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get baseUrl() {
      return suite.server.baseUrl;
    },
    async newPage(layout, lang, contextOptions = {}) {
      const context = await newContext(suite.browser, suite.baseUrl, layout, lang ? { lang, ...contextOptions } : contextOptions);
      return { context, page: await context.newPage() };
    },
    async memberPage(layout, lang, member = demoMember, contextOptions) {
      const opened = await suite.newPage(layout, lang, contextOptions);
      await login(opened.page, lang, member);
      return opened;
    },
    async staffPage(layout, lang, staff = demoStaff.admin) {
      const opened = await suite.newPage(layout, lang);
      await staffLogin(opened.page, lang, staff);
      return opened;
    },
    staff(who = demoStaff.admin) {
      let session = staffSessions.get(who.userName);
      if (!session) {
        session = staffApiLogin(suite.baseUrl, who);
        staffSessions.set(who.userName, session);
        session.catch(() => staffSessions.delete(who.userName));
      }
      return session;
    },
  };
  return suite;
}

/** A staff sign-in through the API: password first, then the authenticator code. */
async function staffApiLogin(baseUrl: string, staff: StaffCredentials & { totpSecret: string }): Promise<StaffSession> {
  const first = await callOk<{ challengeId: string }>(
    baseUrl,
    'staffLogin',
    { userName: staff.userName, password: staff.password, loginType: 'STAFF' },
    { loginType: 'STAFF' },
  );
  const session = await callOk<{ token: string }>(
    baseUrl,
    'staffTotpVerify',
    { challengeId: first.challengeId, code: await totpCode(staff.totpSecret) },
    { loginType: 'STAFF' },
  );
  return { token: session.token, loginType: 'STAFF' };
}

/** Fonts loaded, nothing busy, the network quiet: ready to read or photograph. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Serious and critical axe-core violations on the page, readable in a failure message. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n` + v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n'));
}
