// The API reference in a browser: staff open it in the back-office, where Redoc draws the document
// the server generated (read through the staff session, posted into a same-origin frame), on a
// desktop and a phone; the public page is not found until published, then draws the same document
// under its own policy with no policy violation. Screenshots go to test-artifacts/screenshots/.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { callOk, newRequestId } from './support/api';
import { waitForHeading } from './support/browser';
import { adminT, type Language } from './support/i18n';
import { shotsDir, useSuite } from './support/suite';

const suite = useSuite();

/** Redoc has drawn the operations when the transfer call's path is on the page. */
async function drawn(target: Page | Frame): Promise<void> {
  await target.getByText('/api/app/transfer').first().waitFor({ timeout: 30_000 });
}

/**
 * Console errors of the page and its frames. Redoc's sidebar badge asks for its logo from the
 * vendor's CDN; the page's policy refuses it, which is what we want (the reference makes no request
 * outside this origin), so that one refusal is not an error here. Anything else is.
 */
const vendorLogoRefused = /^Loading the image 'https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg' violates the following Content Security Policy directive/;
function policyErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !vendorLogoRefused.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

describe('API reference', () => {
  for (const [layout, lang] of [
    ['desktop', 'en-US'],
    ['mobile', 'zh-CN'],
  ] as const satisfies readonly (readonly ['desktop' | 'mobile', Language])[]) {
    test(`staff read it in the back-office (${layout}, ${lang})`, async () => {
      const { context, page } = await suite.staffPage(layout, lang);
      const errors = policyErrors(page);
      await page.goto('/admin/#/api-reference');
      await waitForHeading(page, adminT(lang, 'apiReference.title'));
      await expect.poll(() => page.locator('main').innerText()).toContain(adminT(lang, 'apiReference.staffOnly'));
      const frame = page.frameLocator('iframe.api-reference-frame');
      await expect.poll(() => frame.getByText('/api/app/transfer').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(errors.join('\n')).toBe('');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await page.screenshot({ path: path.join(shotsDir, `admin-api-reference-${layout}-${lang}.png`) });
      await context.close();
    });
  }

  test('the public page is not found until published, then draws the document', async () => {
    const { context, page } = await suite.newPage('desktop', 'en-US');
    const errors = policyErrors(page);
    expect((await page.goto('/api-reference/'))?.status()).toBe(404);
    const staff = await suite.staff();
    await callOk(
      suite.baseUrl,
      'configUpdate',
      { requestId: newRequestId(), key: 'features.apiReferencePublic', value: true, reason: 'partners integrate' },
      staff,
    );
    errors.length = 0;
    expect((await page.goto('/api-reference/'))?.status()).toBe(200);
    await drawn(page);
    expect(errors.join('\n')).toBe('');
    await page.screenshot({ path: path.join(shotsDir, 'api-reference-public-desktop.png') });
    await callOk(
      suite.baseUrl,
      'configUpdate',
      { requestId: newRequestId(), key: 'features.apiReferencePublic', value: false, reason: 'partners done' },
      staff,
    );
    await context.close();
  });
});
