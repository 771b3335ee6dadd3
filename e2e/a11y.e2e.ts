// Proves the login, register and dashboard pages have no serious or critical axe-core accessibility violations, on desktop and on mobile.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { layouts, login, waitForHeading } from './support/browser';
import { t, type Language } from './support/i18n';
import { useSuite } from './support/suite';

const lang: Language = 'en-US';

const suite = useSuite();

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Runs axe on the page and returns the serious and critical violations, readable in a failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  // Make sure axe really looked at the page.
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
    );
}

describe('accessibility (axe-core)', () => {
  for (const layout of layouts) {
    test(`${layout}: login, register and dashboard have no serious or critical violations`, async () => {
      const { context, page } = await suite.newPage(layout, lang);
      const found: Record<string, string[]> = {};

      await page.goto('/#/register');
      await waitForHeading(page, t(lang, 'auth.register.title'));
      // Wait for the country options, so the form is complete when axe looks at it.
      await page.locator('select option[value="CN"]').waitFor({ state: 'attached' });
      await settle(page);
      found.register = await seriousViolations(page);

      await page.goto('/#/login');
      await waitForHeading(page, t(lang, 'auth.login.title'));
      await settle(page);
      found.login = await seriousViolations(page);

      await login(page, lang);
      await settle(page);
      found.dashboard = await seriousViolations(page);

      const report = Object.entries(found)
        .filter(([, list]) => list.length > 0)
        .map(([name, list]) => `${layout} ${name}:\n  ${list.join('\n  ')}`)
        .join('\n');
      expect(report, `serious or critical accessibility violations:\n${report}`).toBe('');
      await context.close();
    });
  }
});
