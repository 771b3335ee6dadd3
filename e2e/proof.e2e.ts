// The proof of liabilities in a browser (decision 088): staff run the snapshot job, a member opens
// /proof on a desktop and a phone in two languages, checks their leaf in the browser (Web Crypto),
// downloads the proof and the standalone verifier (docs/proof/verify.mjs) accepts the file.
// Screenshots go to test-artifacts/screenshots/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { callApi, callOk } from './support/api';
import { waitForHeading } from './support/browser';
import { t, type Language } from './support/i18n';
import { settle, shotsDir, useSuite } from './support/suite';

const suite = useSuite({ env: { JOBS: 'on' } });
const verifier = path.resolve(import.meta.dirname, '../docs/proof/verify.mjs');

describe('proof of liabilities', () => {
  test('staff run the snapshot job; the document is published', async () => {
    const staff = await suite.staff();
    await callOk(suite.baseUrl, 'jobRunNow', { name: 'proof-snapshot', reason: 'publish the first proof' }, staff);
    await expect
      .poll(async () => (await callApi<{ document: { memberCount: number } | null }>(suite.baseUrl, 'proofPublished')).data?.document?.memberCount ?? 0, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
  });

  test('a visitor reads the published snapshot on /liabilities (mobile, ja-JP)', async () => {
    const { context, page } = await suite.newPage('mobile', 'ja-JP');
    await page.goto('/#/liabilities');
    await waitForHeading(page, t('ja-JP', 'proofPublic.title'));
    await expect.poll(() => page.getByTestId('proof-root').innerText()).toMatch(/^[0-9a-f]{64}$/);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await settle(page);
    await page.screenshot({ path: path.join(shotsDir, 'proof-public-mobile-ja-JP.png') });
    await context.close();
  });

  for (const [layout, lang] of [
    ['desktop', 'en-US'],
    ['mobile', 'en-US'],
    ['desktop', 'zh-CN'],
    ['mobile', 'zh-CN'],
  ] as const satisfies readonly (readonly ['desktop' | 'mobile', Language])[]) {
    test(`a member verifies their leaf and downloads the proof (${layout}, ${lang})`, async () => {
      const { context, page } = await suite.memberPage(layout, lang);
      await page.goto('/#/proof');
      await waitForHeading(page, t(lang, 'proof.title'));
      await page.getByTestId('proof-verify').click();
      await expect.poll(() => page.getByTestId('proof-result').innerText(), { timeout: 15_000 }).toBe(t(lang, 'proof.verified'));
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // The sign-in toast gone, then the page from its top (the published snapshot) and at the check's result.
      await expect.poll(() => page.locator('.toast-stack > *').count(), { timeout: 15_000 }).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await page.screenshot({ path: path.join(shotsDir, `proof-${layout}-${lang}.png`) });
      await page.getByTestId('proof-result').scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: path.join(shotsDir, `proof-verified-${layout}-${lang}.png`) });
      if (layout === 'desktop' && lang === 'en-US') {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proof-download').click()]);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-proof-e2e-'));
        const file = path.join(dir, download.suggestedFilename());
        await download.saveAs(file);
        const run = spawnSync(process.execPath, [verifier, file], { encoding: 'utf8' });
        expect(run.stdout).toContain('1 proof(s) verified');
        expect(run.status).toBe(0);
        // The verifier the page links is the same file.
        const served = await page.evaluate(async () => (await fetch('/proof-verify.mjs')).text());
        expect(served).toBe(fs.readFileSync(verifier, 'utf8'));
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await context.close();
    });
  }
});
