// The help centre in a browser, on a phone and a desktop, in two languages: the FAQ staff wrote
// (the demo's), searched by a word, an answer opened in place, no match said in words with the
// support hours, and the way into the chat; the chat links back and shows the hours when empty.
// Screenshots go to test-artifacts/screenshots/.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { waitForHeading } from './support/browser';
import { t, type Language } from './support/i18n';
import { seriousViolations, settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite();

const cases = [
  { layout: 'mobile', lang: 'zh-CN', word: '提现', question: '为什么我的提现还在处理中？' },
  { layout: 'desktop', lang: 'en-US', word: 'withdrawal', question: 'Why is my withdrawal still pending?' },
] as const satisfies ReadonlyArray<{ layout: 'mobile' | 'desktop'; lang: Language; word: string; question: string }>;

describe('help centre', () => {
  for (const c of cases) {
    test(`search, answer and the way to the chat (${c.layout}, ${c.lang})`, async () => {
      const { context, page } = await suite.memberPage(c.layout, c.lang);
      await page.goto('/#/help');
      await waitForHeading(page, t(c.lang, 'help.title'));
      const questions = page.locator('.help-question');
      await expect.poll(() => questions.count()).toBe(5);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shotsDir, `help-centre-${c.layout}-${c.lang}.png`), fullPage: true });

      const search = page.getByLabel(t(c.lang, 'help.searchLabel'));
      await search.fill(c.word);
      await expect.poll(() => questions.allInnerTexts()).toEqual([c.question]);
      // The one match opens by itself; its answer is on the page.
      await expect.poll(() => page.locator('details.help-entry[open] .content-html').count()).toBe(1);
      await page.screenshot({ path: path.join(shotsDir, `help-centre-search-${c.layout}-${c.lang}.png`), fullPage: true });

      await search.fill('zzqx');
      await expect.poll(() => page.locator('main').innerText()).toContain(t(c.lang, 'help.noMatch', { query: 'zzqx' }));
      const hours = page.locator('.help-ask .support-hours');
      await expect.poll(() => hours.innerText()).toContain('09:00');
      expect(await hours.innerText()).toContain('UTC+08:00');
      expect(await hours.innerText()).not.toContain('Asia/Shanghai');

      await page.getByRole('button', { name: t(c.lang, 'help.askButton') }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByText(t(c.lang, 'support.chat.empty')).count()).toBe(1);
      expect(await dialog.locator('.support-hours').innerText()).toContain('21:00');
      await page.screenshot({ path: path.join(shotsDir, `help-chat-empty-${c.layout}-${c.lang}.png`) });
      await dialog.getByRole('link', { name: t(c.lang, 'support.chat.helpLink') }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await waitForHeading(page, t(c.lang, 'help.title'));
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await context.close();
    });
  }
});
