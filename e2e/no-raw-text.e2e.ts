// Proves that no page of the member portal or the back-office shows an internal code (USDT_TO_ASSETS, ASSETS_POINT, an untranslated key such as user.txLocked) or English words in zh-CN, ja-JP, ko-KP and id-ID: the demo member and the demo admin visit every route in each language, and the visible text is checked against the words of the en-US locale files that the language's own files do not use.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { login, newContext, sessionItem, waitForHeading } from './support/browser';
import { serverMessages } from '@pp/contract/messages/index';
import { adminT, t, type Language } from './support/i18n';
import { repoRoot } from './support/server';
import { callOk } from './support/api';
import { demoStaff, staffLogin } from './support/staff';
import { useSuite } from './support/suite';

/**
 * Indonesian is checked too: its words are Latin, but a word it shares with English ("status",
 * "total") is in its own locale file and therefore allowed, like any word a locale itself uses.
 */
const checkedLanguages: readonly Language[] = ['zh-CN', 'ja-JP', 'ko-KP', 'id-ID'];

/** Member routes that need a session (apps/web/src/app/paths.ts), except the 404 page. */
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
  '/plan',
  '/ranking',
];
/** Back-office routes (apps/admin/src/app/paths.ts); the member page is added once its id is known. */
const adminRoutes = [
  '/dashboard',
  '/reviews',
  '/reviews/exchange',
  '/reviews/manualAdjustment',
  '/reviews/withdrawal',
  '/payouts',
  '/members',
  '/config',
  '/audit',
  '/staff',
  '/packages',
  '/packages?tab=sales',
  '/packages?tab=shares',
  '/plan',
  '/plan?tab=payouts',
];

/**
 * Words that are the same in every language: the brand's point type and networks, and the names
 * of the demo accounts shown as data, and the country code CN of the members list.
 */
const allowedWords = new Set([
  'usdt',
  'trc20',
  'bep20',
  'trc',
  'bep',
  'demo',
  'alice',
  'bob',
  'admin',
  'finance',
  'support',
  'viewer',
  'ex',
  'id',
  'ip',
  'totp',
  'cn',
]);

/** An internal code: two or more capitals joined by underscores (USDT_TO_ASSETS, ASSETS_POINT). */
const internalCode = /\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g;

type Tree = { [key: string]: string | Tree };
/** A locale's texts; for the portal with its member texts (locales/member/) beside it. */
function readLocale(app: 'web' | 'admin', lang: Language): Tree {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps', app, 'src/locales', file), 'utf8')) as Tree;
  return app === 'web' ? { main: read(`${lang}.json`), member: read(`member/${lang}.json`) } : read(`${lang}.json`);
}
/** The server's messages of a language (their texts, not the English names of their keys). */
const contractMessages = (lang: Language): string[] => values(serverMessages[lang] as unknown as Tree);

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

/**
 * Latin words of a text, lower-cased, without {{placeholders}}. A run of letters touching digits
 * or underscores is part of an id, a number or a code ("4be2" in a UUID, "TRC20", the "TO" of
 * USDT_TO_ASSETS, which is reported as a code), not a word.
 */
function wordsOf(text: string): string[] {
  const words = text.replace(/\{\{\w+\}\}/g, ' ').match(/(?<![A-Za-z0-9_])[A-Za-z][A-Za-z']+(?![A-Za-z0-9_])/g) ?? [];
  return words.map((w) => w.toLowerCase().replace(/'s$/, ''));
}

/** Words of a locale: everything its web, back-office and server message files say. */
function localeWords(lang: Language): Set<string> {
  const texts = [...values(readLocale('web', lang)), ...values(readLocale('admin', lang)), ...contractMessages(lang)];
  return new Set(texts.flatMap(wordsOf));
}

const englishWords = localeWords('en-US');

/** The top-level keys of the locale files: a visible "records.statuses.cancelled" is a missing translation. */
const webRoots = Object.values(readLocale('web', 'en-US')).flatMap((tree) => Object.keys(tree));
const keyRoots = [...new Set([...webRoots, ...Object.keys(readLocale('admin', 'en-US')), 'errors', 'validation'])];
const dottedKey = new RegExp(`\\b(?:${keyRoots.join('|')})\\.[a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9]+)*\\b`, 'g');

/**
 * What a reader sees, without the text that is data rather than interface: what people wrote
 * (reasons, notes, user names, a setting's stored value: data-user-content) and an identifier
 * shown on purpose under its translated name (a setting's key, an audit action: data-technical).
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const element of Array.from(clone.querySelectorAll('[data-user-content], [data-technical], script, style, noscript'))) element.remove();
    // innerText needs layout: measure the clone in place of the body, hidden from view.
    clone.style.position = 'absolute';
    clone.style.left = '-100000px';
    document.documentElement.appendChild(clone);
    const text = clone.innerText;
    clone.remove();
    return text;
  });
}

/** The problems of one page: internal codes, untranslated keys and English words. */
function problemsOf(text: string, allowed: Set<string>): string[] {
  // E-mail addresses and links are data, whatever language they are in.
  const cleaned = text.replace(/\S+@\S+\.\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  const problems = [...(cleaned.match(internalCode) ?? []).map((c) => `code ${c}`), ...(cleaned.match(dottedKey) ?? []).map((k) => `key ${k}`)];
  // A code or key is reported once, as such, not again for the English words in it.
  for (const word of new Set(wordsOf(cleaned.replace(internalCode, ' ').replace(dottedKey, ' ')))) {
    if (englishWords.has(word) && !allowed.has(word) && !allowedWords.has(word)) problems.push(`English "${word}"`);
  }
  return problems;
}

/** Nothing busy and the network quiet: every text the route will show is on screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

const suite = useSuite();
/** One tab holds both sessions (the portal's token and the back-office's) and switches language. */
let page: Page;
let demoMemberId = '';

beforeAll(async () => {
  const context = await newContext(suite.browser, suite.baseUrl, 'desktop', { lang: checkedLanguages[0] });
  page = await context.newPage();
  await login(page, checkedLanguages[0]!);
  await staffLogin(page, checkedLanguages[0]!, demoStaff.admin);
  // The demo member's page in the back-office, found through the member search.
  await page.goto(`/admin/#/members?q=demo`);
  await waitForHeading(page, adminT(checkedLanguages[0]!, 'members.title'));
  const link = page.getByRole('link', { name: 'demo', exact: true });
  await link.first().waitFor();
  demoMemberId = decodeURIComponent(((await link.first().getAttribute('href')) ?? '').split('/').pop() ?? '');
  // The demo data has no sales: staff open a rush starting in an hour (its countdown) and a flash
  // sale open now, so /code, /package and /index show their sale cards in every language.
  // The tab's staff session (a second sign-in would reuse the authenticator's step, which is refused).
  const staff = { token: (await sessionItem(page, 'adminToken')) ?? '', loginType: 'STAFF' as const };
  const [product] = await callOk<Array<{ id: string }>>(suite.baseUrl, 'productAdminList', {}, staff);
  for (const [kind, startsAt] of [
    ['code', Date.now() + 3_600_000],
    ['flash', Date.now() - 1_000],
  ] as const) {
    await callOk(
      suite.baseUrl,
      'saleOpen',
      {
        kind,
        productId: product!.id,
        units: 1,
        price: '20',
        coinName: 'USDT',
        total: 10,
        perMemberLimit: 2,
        minGrade: null,
        isFlaggedOnly: false,
        startsAt,
        endsAt: startsAt + 86_400_000,
        reason: 'e2e: every language',
      },
      staff,
    );
  }
}, 120_000);

/** Opens a route in a language (stored as the tab's language, as the language menu does). */
async function visit(lang: Language, url: string): Promise<string> {
  await page.evaluate((language) => sessionStorage.setItem('lang', language), lang);
  await page.goto(url);
  await page.reload();
  await settle(page);
  return visibleText(page);
}

test('the check finds what the tour of the pages must not show, and lets data through', () => {
  const ja = localeWords('ja-JP');
  expect(problemsOf('会員レベル Regular member', ja)).toEqual(['English "regular"', 'English "member"']);
  expect(problemsOf('交換 USDT_TO_ASSETS · ASSETS_POINT', ja)).toEqual(['code USDT_TO_ASSETS', 'code ASSETS_POINT']);
  expect(problemsOf('エラー user.txLocked', ja)).toEqual(['key user.txLocked']);
  expect(problemsOf('demo · 1,000.00 USDT · TRC20 · d***o@example.com · 4be2-11aa', ja)).toEqual([]);
});

describe.each(checkedLanguages)('no raw codes or English in %s', (lang) => {
  const allowed = localeWords(lang);

  test('member portal: every route', async () => {
    const found: string[] = [];
    for (const route of memberRoutes) {
      const text = await visit(lang, `/#${route}`);
      expect(text.trim().length, `${route} shows nothing`).toBeGreaterThan(20);
      found.push(...problemsOf(text, allowed).map((p) => `${route}: ${p}`));
    }
    // The records dialog of the cancelled exchange says what happened, in words.
    await visit(lang, '/#/records');
    await page
      .getByRole('button', { name: new RegExp(t(lang, 'records.statuses.cancelled')) })
      .or(page.locator('tr.row-link', { hasText: t(lang, 'records.statuses.cancelled') }))
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    found.push(...problemsOf(await visibleText(page), allowed).map((p) => `/records dialog: ${p}`));
    expect(found).toEqual([]);
  }, 180_000);

  test('back-office: every route', async () => {
    const found: string[] = [];
    for (const route of [...adminRoutes, `/members/${encodeURIComponent(demoMemberId)}`]) {
      const text = await visit(lang, `/admin/#${route}`);
      expect(text.trim().length, `${route} shows nothing`).toBeGreaterThan(20);
      found.push(...problemsOf(text, allowed).map((p) => `${route}: ${p}`));
    }
    // A review's detail: its summary names the exchange type and point types, and formats the fee.
    await visit(lang, '/admin/#/reviews/exchange');
    await page
      .getByRole('button', { name: adminT(lang, 'reviews.details'), exact: true })
      .or(page.locator('tbody button').first())
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    found.push(...problemsOf(await visibleText(page), allowed).map((p) => `/reviews/exchange detail: ${p}`));
    expect(found).toEqual([]);
  }, 180_000);
});
