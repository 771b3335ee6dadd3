// Proves the JavaScript a first visit to /#/login downloads is at most 120 KB gzip (the first-visit budget; React 19 with React DOM, decision 039) (each script body gzipped here at level 9, whatever encoding the server used), prints the figure, and that the page starts without errors.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { Response } from 'playwright-core';
import { waitForHeading } from './support/browser';
import { t, type Language } from './support/i18n';
import { useSuite } from './support/suite';

/**
 * The first-visit budget, 120 KB. The portal renders with React 19 and React DOM again (decision 039,
 * after 034's Preact at 54.5 KB): React DOM alone is about 60 KB of it.
 */
const budgetBytes = 120 * 1024;
const lang: Language = 'zh-CN';

const suite = useSuite();

describe('JavaScript budget', () => {
  test('a first visit to /#/login downloads at most 120 KB of gzipped JavaScript', async () => {
    // A fresh context: no cache, no stored language (the default zh-CN is what a first visitor gets).
    const { context, page } = await suite.newPage('desktop');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });

    await page.goto('/#/login', { waitUntil: 'networkidle' });
    await waitForHeading(page, t(lang, 'auth.login.title'));
    await page.getByLabel(t(lang, 'auth.login.userName'), { exact: true }).waitFor();
    await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(pageErrors, 'errors thrown while the page started').toEqual([]);

    const files: Array<{ name: string; raw: number; gzip: number }> = [];
    for (const response of scripts) {
      expect(response.status(), response.url()).toBe(200);
      const body = await response.body();
      files.push({ name: path.basename(new URL(response.url()).pathname), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const report = [
      `JavaScript of a first visit to /#/login: ${files.length} files, ${kb(total)} gzip (budget ${kb(budgetBytes)})`,
      ...files.map((f) => `  ${f.name.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`),
    ].join('\n');
    console.log(report);

    // The entry and the login page's own chunk must be among them, or nothing was measured.
    expect(
      files.some((f) => /^index-.*\.js$/.test(f.name)),
      report,
    ).toBe(true);
    expect(
      files.some((f) => /^login-.*\.js$/.test(f.name)),
      report,
    ).toBe(true);
    expect(total, report).toBeLessThanOrEqual(budgetBytes);
    await context.close();
  });

  test('every script of that visit is the same file whatever encoding the server picks (br, gzip, none)', async () => {
    const { context, page } = await suite.newPage('desktop');
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto('/#/login', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    const differing: string[] = [];
    for (const response of scripts) {
      const inBrowser = await response.body();
      for (const encoding of ['identity', 'gzip', 'br']) {
        // Node's fetch decodes gzip and br itself, so equal bodies mean equal files.
        const fetched = Buffer.from(await (await fetch(response.url(), { headers: { 'accept-encoding': encoding } })).arrayBuffer());
        if (!fetched.equals(inBrowser))
          differing.push(`${new URL(response.url()).pathname} (${encoding}: ${fetched.length} bytes, browser: ${inBrowser.length} bytes)`);
      }
    }
    expect(differing, 'scripts whose content depends on the encoding (stale .gz/.br files?)').toEqual([]);
    await context.close();
  });
});
