/**
 * Headless Chromium for the e2e tests: one browser per test file, a context per layout,
 * a login helper for the demo member, and a recorder of the /api/ traffic.
 * Only the system Chromium is used; nothing is ever downloaded.
 */
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { exactly, t, type Language } from './i18n';

export const chromiumPath = '/usr/bin/chromium';

export const demoMember = { userName: 'demo', password: 'Demo@12345' } as const;

export type Layout = 'desktop' | 'mobile';
export const layouts: readonly Layout[] = ['desktop', 'mobile'];

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
  await browser.close();
}

const errorsByPage = new WeakMap<Page, string[]>();

/** Uncaught errors of the page's scripts so far (for failure messages). */
export function pageErrors(page: Page): string[] {
  return errorsByPage.get(page) ?? [];
}

export interface ContextOptions {
  /** Stored as sessionStorage 'lang' before the app starts, unless a language is stored already. */
  lang?: Language;
}

export async function newContext(browser: Browser, baseUrl: string, layout: Layout, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: viewports[layout],
    ...(layout === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  context.on('page', (page) => {
    const errors: string[] = [];
    errorsByPage.set(page, errors);
    page.on('pageerror', (error) => errors.push(error.message));
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  if (options.lang) await presetLanguage(context, options.lang);
  return context;
}

export const newDesktopContext = (browser: Browser, baseUrl: string, options?: ContextOptions) => newContext(browser, baseUrl, 'desktop', options);
export const newMobileContext = (browser: Browser, baseUrl: string, options?: ContextOptions) => newContext(browser, baseUrl, 'mobile', options);

/**
 * Stores `lang` in sessionStorage before any script of the app runs, unless the tab already has
 * a language (so a switch made in the app is not undone by the next reload).
 */
export async function presetLanguage(target: BrowserContext | Page, lang: Language): Promise<void> {
  await target.addInitScript((language: string) => {
    try {
      if (location.protocol.startsWith('http') && !sessionStorage.getItem('lang')) sessionStorage.setItem('lang', language);
    } catch {
      // An opaque origin (about:blank) has no storage.
    }
  }, lang);
}

/** Collects every CSP violation the context's pages report, from their first script on (read with `cspViolations`). */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** The CSP violations the page reported so far (`watchCspViolations`). */
export const cspViolations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** The route part of the page's URL: "/login" for http://host/#/login?x=1. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return (hash.split('?')[0] ?? '') || '/';
}

export async function waitForHashPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (url.hash.replace(/^#/, '').split('?')[0] || '/') === path, { timeout, waitUntil: 'commit' });
}

export function sessionItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

/** The page's one h1 with this exact text. */
export function heading(page: Page, text: string) {
  return page.getByRole('heading', { level: 1, name: exactly(text) });
}

/**
 * Waits for the page's h1 with this text. On a timeout the error also names the URL, the h1
 * shown instead and any uncaught script error, so a blank or broken page is easy to tell apart.
 */
export async function waitForHeading(page: Page, text: string, timeout?: number): Promise<void> {
  try {
    await heading(page, text).waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .getByRole('heading', { level: 1 })
      .allInnerTexts()
      .catch(() => []);
    const errors = pageErrors(page);
    throw new Error(
      `no h1 "${text}" at ${page.url()} (h1 shown: ${JSON.stringify(shown)}; script errors: ${JSON.stringify(errors)}): ${(error as Error).message}`,
    );
  }
}

/** A message in the toast region (role status for success, alert for errors). */
export function toast(page: Page, lang: Language, text: string) {
  return page.getByRole('region', { name: t(lang, 'toast.region') }).getByText(text, { exact: true });
}

/**
 * Records every message that appears in the toast region from now on, however briefly: a toast
 * lives 3 s, or 1 s before a reload (logout, a language switch, an expired session), and a polling
 * wait on a busy machine can miss it (seen in CI: the logout message and the deposit message). A
 * MutationObserver reports each text to the test as it appears, through a binding, so what was
 * seen outlives a reload of the page. The region is found by its name now (`regionName`: the
 * portal's or the back-office's text) and then followed as an element, so a language switch that
 * renames it does not lose it. Returns a reader of the texts seen so far (success and error alike,
 * so a failure can say what was shown instead).
 */
export async function watchToasts(page: Page, regionName: string): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  const binding = `__toastSeen${Math.random().toString(36).slice(2)}`;
  await page.exposeFunction(binding, (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.evaluate(
    ({ name, binding }) => {
      const region = Array.from(document.querySelectorAll('[role="region"]')).find((r) => r.getAttribute('aria-label') === name);
      if (!region) throw new Error(`no toast region named "${name}"`);
      const report = (window as unknown as Record<string, (text: string) => Promise<void>>)[binding]!;
      const sent = new Set<string>();
      const collect = () => {
        for (const text of Array.from(region.querySelectorAll('.toast-text'))) {
          const value = text.textContent ?? '';
          if (value !== '' && !sent.has(value)) {
            sent.add(value);
            void report(value);
          }
        }
      };
      collect();
      new MutationObserver(collect).observe(region, { childList: true, subtree: true, characterData: true });
    },
    { name: regionName, binding },
  );
  return async () => [...seen];
}

/** Closes every message in the toast region with its close button (clean screenshots). */
export async function dismissToasts(page: Page, lang: Language): Promise<void> {
  const close = page.getByRole('region', { name: t(lang, 'toast.region') }).getByRole('button', { name: t(lang, 'toast.close'), exact: true });
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await page.waitForFunction(
    (name) => !document.querySelector(`[role="region"][aria-label="${name}"] [role="status"], [role="region"][aria-label="${name}"] [role="alert"]`),
    t(lang, 'toast.region'),
    { timeout: 5000 },
  );
}

/** Logs in through the login form and waits for the dashboard. */
export async function login(page: Page, lang: Language, member: { userName: string; password: string } = demoMember): Promise<void> {
  if (hashPath(page) !== '/login' || !new URL(page.url()).protocol.startsWith('http')) await page.goto('/#/login');
  await waitForHeading(page, t(lang, 'auth.login.title'));
  await page.getByLabel(t(lang, 'auth.login.userName'), { exact: true }).fill(member.userName);
  await page.getByLabel(t(lang, 'auth.login.password'), { exact: true }).fill(member.password);
  await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).click();
  await waitForHashPath(page, '/index');
  await waitForHeading(page, t(lang, 'dashboard.title'));
}

export interface ApiRequest {
  /** Full URL. */
  url: string;
  /** URL path, e.g. /api/app/assets/assetsList. */
  path: string;
  method: string;
  /** Lower-cased request header names, as the page sent them. */
  headers: Record<string, string>;
  /** Date.now() when the browser issued the request. */
  at: number;
  request: Request;
}

export interface ApiResponse {
  path: string;
  status: number;
  at: number;
  /** The JSON envelope (code, message, data, error); null when it could not be read. */
  body: Promise<{ code?: number; message?: string; error?: string } | null>;
}

export interface ApiRecorder {
  requests: ApiRequest[];
  responses: ApiResponse[];
  /** Requests to one path, optionally only those issued at or after `since`. */
  calls: (path: string, since?: number) => ApiRequest[];
  clear: () => void;
  stop: () => void;
}

/** Records every /api/ request (URL, method and headers) and response of a context or page. */
export function recordApi(target: BrowserContext | Page): ApiRecorder {
  const requests: ApiRequest[] = [];
  const responses: ApiResponse[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    requests.push({ url: request.url(), path: url.pathname, method: request.method(), headers: request.headers(), at: Date.now(), request });
  };
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const body = response.json().then(
      (value: unknown) => (typeof value === 'object' && value !== null ? (value as { code?: number }) : null),
      () => null,
    );
    responses.push({ path: url.pathname, status: response.status(), at: Date.now(), body });
  };
  target.on('request', onRequest);
  target.on('response', onResponse);
  return {
    requests,
    responses,
    calls: (path, since = 0) => requests.filter((r) => r.path === path && r.at >= since),
    clear: () => {
      requests.length = 0;
      responses.length = 0;
    },
    stop: () => {
      target.off('request', onRequest);
      target.off('response', onResponse);
    },
  };
}

/**
 * The page's width against the viewport's (no horizontal overflow when scrollWidth <= innerWidth).
 * A phone context (isMobile) widens its layout viewport to fit a page that overflows, and
 * window.innerWidth grows with it; the width the context was opened with is the real screen.
 */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  const measured = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  const screen = page.viewportSize()?.width ?? measured.innerWidth;
  return { scrollWidth: measured.scrollWidth, innerWidth: Math.min(screen, measured.innerWidth) };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
