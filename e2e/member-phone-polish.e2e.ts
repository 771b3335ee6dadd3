// Proves four member-experience fixes on a phone (390x844, touch) and on a desktop (1280x800), in
// zh-CN and en-US:
// - the home's money actions (deposit, withdraw, transfer, exchange, in the total's card) start
//   within the first screen (above the phone's tab bar), in the app and in the copy painted before
//   the app, at the same place, so the hand-over does not jump;
// - the package page opened from a link (/#/package?tab=jackpot, and the home's Claims entry)
//   shows the asked tab inside the scrolling tab row's visible box, checked (the row is a radio
//   group: the checked radio is its selected state), with a selected style, and a fade at an edge
//   where the row scrolls on;
// - every cell of the 2048 board is the same square, so no row changes height after a move;
// - the support chat shows "Enter sends" only with a fine pointer (not on the phone) and has one
//   Close control.
// Screenshots: test-artifacts/screenshots/member-phone-polish-<page>-<width>-<lang>.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { dismissToasts, login, newContext, waitForHeading, type Layout } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const layouts: ReadonlyArray<{ layout: Layout; width: number; height: number }> = [
  { layout: 'mobile', width: 390, height: 844 },
  { layout: 'desktop', width: 1280, height: 800 },
];
const langs: readonly Language[] = ['zh-CN', 'en-US'];
/** The support chat's message limit (packages/contract supportLimits.messageCharsMax). */
const chatMax = 2000;

const suite = useSuite();
let entry: string;

beforeAll(async () => {
  const html = await (await fetch(`${suite.baseUrl}/`)).text();
  entry = /"entry":"(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] ?? '';
});

async function shot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: path.join(shotsDir, file) });
  expect(fs.statSync(path.join(shotsDir, file)).size).toBeGreaterThan(5000);
}

/** Holds the app's entry script until `release()`, so the painted copy can be measured alone. */
async function holdEntry(context: BrowserContext): Promise<() => void> {
  expect(entry).toMatch(/^\/assets\/index-/);
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(
    (url) => url.pathname === entry,
    async (route) => {
      await gate;
      return route.continue();
    },
  );
  return release;
}

/** The top of the money actions' card and its first entry's bottom, the page scrolled to its top. */
async function quickActionsPlace(page: Page, scope: string): Promise<{ top: number; firstBottom: number } | null> {
  return page.evaluate((selector) => {
    window.scrollTo(0, 0);
    const list = document.querySelector(`${selector} ul.primary-actions`);
    const card = list?.closest('section') ?? list;
    const first = list?.querySelector('li');
    if (!card || !first) return null;
    return { top: Math.round(card.getBoundingClientRect().top), firstBottom: Math.round(first.getBoundingClientRect().bottom) };
  }, scope);
}

/** Each row's height and each cell's width and height on the 2048 board. */
const boardCells = (board: Locator) =>
  board.evaluate((el) =>
    Array.from(el.children, (cell) => {
      const r = cell.getBoundingClientRect();
      return { top: Math.round(r.top * 10) / 10, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10, text: cell.textContent ?? '' };
    }),
  );

function expectSquareEqualCells(cells: Awaited<ReturnType<typeof boardCells>>, what: string): void {
  expect(cells, what).toHaveLength(16);
  const rowHeights = [0, 1, 2, 3].map((row) => cells.slice(row * 4, row * 4 + 4).map((c) => c.height));
  const first = cells[0]!;
  for (const [i, c] of cells.entries()) {
    expect(Math.abs(c.height - first.height), `${what}: row ${Math.floor(i / 4) + 1} heights ${JSON.stringify(rowHeights)}`).toBeLessThanOrEqual(0.5);
    expect(Math.abs(c.width - c.height), `${what}: cell ${i} is ${c.width}x${c.height}, not square`).toBeLessThanOrEqual(0.5);
  }
}

for (const { layout, width, height } of layouts) {
  for (const lang of langs) {
    const name = `${width}-${lang}`;
    describe(`member polish at ${width}x${height} in ${lang}`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await newContext(suite.browser, suite.baseUrl, layout, { lang });
        page = await context.newPage();
        await login(page, lang);
        await dismissToasts(page, lang);
      });

      afterAll(async () => {
        await context?.close();
      });

      test('the quick actions start within the first screen, in the painted copy and in the app, at the same place', async () => {
        const region = page.getByRole('region', { name: t(lang, 'dashboard.quickActions'), exact: true });
        await region.getByRole('listitem').first().waitFor();
        await settle(page);
        const place = await quickActionsPlace(page, '#root');
        console.log(`[${name}] quick actions in the app: ${JSON.stringify(place)} (screen ${height} px)`);
        expect(place, 'the quick actions on the home').not.toBeNull();
        expect(place!.top, "the quick actions' top").toBeLessThan(height);
        // Their first row can be tapped without scrolling: above the phone's tab bar.
        const tabBar = layout === 'mobile' ? await page.getByRole('navigation', { name: t(lang, 'nav.tabs'), exact: true }).boundingBox() : null;
        expect(place!.firstBottom, 'the first quick action row ends on the first screen').toBeLessThanOrEqual(tabBar ? tabBar.y : height);
        await shot(page, `member-phone-polish-home-${name}.png`);

        // The copy painted before the app (boot/member-paint) has them at the same place, and the
        // app's page that replaces it too.
        const release = await holdEntry(context);
        try {
          await page.reload({ waitUntil: 'commit' });
          await page
            .locator('#first-paint')
            .getByRole('heading', { level: 1, name: t(lang, 'dashboard.title') })
            .waitFor();
          const copyPlace = await quickActionsPlace(page, '#first-paint');
          console.log(`[${name}] quick actions in the painted copy: ${JSON.stringify(copyPlace)}`);
          await shot(page, `member-phone-polish-home-copy-${name}.png`);
          expect(copyPlace, 'the quick actions in the painted copy').toEqual(place);
        } finally {
          release();
          await context.unrouteAll({ behavior: 'ignoreErrors' });
        }
        await page.waitForFunction(() => document.getElementById('first-paint') === null, undefined, { timeout: 30_000 });
        await page.locator('#root ul.quick-actions li').first().waitFor();
        expect(await quickActionsPlace(page, '#root'), 'the quick actions after the hand-over').toEqual(place);
      });

      for (const opened of ['link', 'claims entry'] as const) {
        test(`the package tab asked for by the ${opened} is in view, checked and marked selected`, async () => {
          const tab = opened === 'link' ? 'jackpot' : 'claims';
          await page.goto('/#/index');
          await waitForHeading(page, t(lang, 'dashboard.title'));
          if (opened === 'link') {
            await page.goto('/#/package?tab=jackpot');
          } else {
            const home = page.getByRole('region', { name: t(lang, 'dashboard.quickActions'), exact: true });
            await home.getByRole('link', { name: t(lang, 'dashboard.claim'), exact: true }).click();
          }
          await waitForHeading(page, t(lang, 'pages.package'));
          const row = page.getByRole('group', { name: t(lang, 'packages.tabs.label'), exact: true });
          const radio = row.getByRole('radio', { name: t(lang, `packages.tabs.${tab}`), exact: true });
          await radio.waitFor({ state: 'attached' });
          await settle(page);
          const seen = await row.evaluate(
            (el, label) => {
              const box = el.getBoundingClientRect();
              const labels = Array.from(el.querySelectorAll('label'));
              const chosen = labels.find((l) => l.textContent === label)!;
              const other = labels.find((l) => l !== chosen)!;
              const r = chosen.getBoundingClientRect();
              const style = (e: Element) => {
                const s = getComputedStyle(e);
                return `${s.backgroundColor} ${s.color} ${s.fontWeight} ${s.borderBottomColor}`;
              };
              const mask = getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage;
              return {
                row: [Math.round(box.left), Math.round(box.right)],
                tab: [Math.round(r.left), Math.round(r.right)],
                scrolls: el.scrollWidth > el.clientWidth + 1,
                mask,
                selectedStyle: style(chosen),
                otherStyle: style(other),
                current: chosen.getAttribute('aria-current'),
              };
            },
            t(lang, `packages.tabs.${tab}`),
          );
          console.log(`[${name}] ${tab} tab opened by the ${opened}: ${JSON.stringify(seen)}`);
          expect(await radio.isChecked(), `the ${tab} radio is checked`).toBe(true);
          expect(seen.tab[0], `the ${tab} tab's left edge inside the row ${JSON.stringify(seen.row)}`).toBeGreaterThanOrEqual(seen.row[0]! - 1);
          expect(seen.tab[1], `the ${tab} tab's right edge inside the row ${JSON.stringify(seen.row)}`).toBeLessThanOrEqual(seen.row[1]! + 1);
          expect(seen.selectedStyle, 'the selected tab looks different from the others').not.toBe(seen.otherStyle);
          // A row that scrolls says so with a fade at the edge where more tabs are.
          if (seen.scrolls) expect(seen.mask, 'the scrolling row has a fade at its edge').toMatch(/gradient/);
          if (opened === 'link') await shot(page, `member-phone-polish-package-${name}.png`);
        });
      }

      test("the 2048 board's rows keep one height before and after a move", async () => {
        await page.goto('/#/game');
        await waitForHeading(page, t(lang, 'game.title'));
        const board = page.getByRole('group', { name: t(lang, 'game.board'), exact: true });
        await board.waitFor();
        await settle(page);
        const before = await boardCells(board);
        console.log(`[${name}] 2048 row heights before a move: ${JSON.stringify([0, 4, 8, 12].map((i) => before[i]!.height))}`);
        expectSquareEqualCells(before, 'before a move');
        await board.focus();
        // A move that changes the board (one of the four always does on a new board).
        let after = before;
        for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
          await page.keyboard.press(key);
          after = await boardCells(board);
          if (after.some((c, i) => c.text !== before[i]!.text)) break;
        }
        expect(after.map((c) => c.text)).not.toEqual(before.map((c) => c.text));
        console.log(`[${name}] 2048 row heights after a move: ${JSON.stringify([0, 4, 8, 12].map((i) => after[i]!.height))}`);
        expectSquareEqualCells(after, 'after a move');
        expect(
          after.map((c) => c.top),
          'no row moved',
        ).toEqual(before.map((c) => c.top));
        await shot(page, `member-phone-polish-game-${name}.png`);
      });

      test('the chat says "Enter sends" only with a fine pointer and has one Close', async () => {
        await page.goto('/#/index');
        await waitForHeading(page, t(lang, 'dashboard.title'));
        const home = page.getByRole('region', { name: t(lang, 'dashboard.quickActions'), exact: true });
        await home.getByRole('button', { name: t(lang, 'dashboard.customerService'), exact: true }).click();
        const chat = page.getByRole('dialog', { name: t(lang, 'support.title'), exact: true });
        await chat.getByLabel(t(lang, 'support.chat.messageLabel'), { exact: true }).waitFor();
        const text = await chat.innerText();
        const enterSends = t(lang, 'support.chat.hint', { max: chatMax });
        const closes = await chat.getByRole('button', { name: t(lang, 'common.close'), exact: true }).count();
        console.log(`[${name}] chat: "Enter sends" hint shown: ${text.includes(enterSends)}; Close controls: ${closes}`);
        if (layout === 'mobile') {
          expect(text, 'the phone chat').not.toContain(enterSends);
          if (lang === 'en-US') expect(text).not.toContain('Enter sends');
          // Without the shortcut, Enter keeps its meaning on a touch screen: a new line, nothing sent.
          const box = chat.getByLabel(t(lang, 'support.chat.messageLabel'), { exact: true });
          await box.fill('line one');
          await box.press('Enter');
          expect(await box.inputValue(), 'Enter on a touch screen').toBe('line one\n');
          await box.fill('');
        } else {
          expect(text, 'the desktop chat').toContain(enterSends);
        }
        expect(closes, 'Close controls in the chat').toBe(1);
        await shot(page, `member-phone-polish-chat-${name}.png`);
        await chat
          .getByRole('button', { name: t(lang, 'common.close'), exact: true })
          .first()
          .click();
        await chat.waitFor({ state: 'hidden' });
      });
    });
  }
}
