// The member portal renders with React DOM, like the back-office (no alias to another
// renderer). In Chromium, the app's root of /#/login, a signed-in member's /#/index and /admin/
// carries React DOM's container mark (createRoot's `__reactContainer$…`), the page's heading is a
// node React DOM made (`__reactFiber$…`), and nothing carries Preact's marks (`__k` on a container,
// `__P` on a vnode parent). The painted copy of the first load (decision 039) is gone by then.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { login, waitForHeading } from './support/browser';
import { adminT, t } from './support/i18n';
import { useSuite } from './support/suite';

const suite = useSuite();

interface Ownership {
  hasReactContainer: boolean;
  headingIsReactNode: boolean;
  preactMarks: string[];
  paintedCopyLeft: boolean;
}

function ownership(page: Page): Promise<Ownership> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    const heading = root?.querySelector('h1') ?? null;
    const keys = (node: object | null) => (node ? Object.keys(node) : []);
    const preactMarks = [root, heading].flatMap((node) => keys(node).filter((k) => k === '__k' || k === '__P' || k === '_children'));
    return {
      hasReactContainer: keys(root).some((k) => k.startsWith('__reactContainer$')),
      headingIsReactNode: keys(heading).some((k) => k.startsWith('__reactFiber$')),
      preactMarks,
      paintedCopyLeft: document.getElementById('first-paint') !== null,
    };
  });
}

const owned: Ownership = { hasReactContainer: true, headingIsReactNode: true, preactMarks: [], paintedCopyLeft: false };

describe('React DOM owns the DOM', () => {
  test('member /#/login and, signed in, /#/index', async () => {
    const { context, page } = await suite.newPage('desktop', 'en-US');
    await page.goto('/#/login');
    await waitForHeading(page, t('en-US', 'auth.login.title'));
    // The app's own heading, after the hand-over from the painted copy.
    await page.waitForFunction(() => document.getElementById('first-paint') === null && document.querySelector('#root h1') !== null);
    expect(await ownership(page)).toEqual(owned);

    await login(page, 'en-US');
    await page.waitForFunction(() => document.getElementById('first-paint') === null && document.querySelector('#root h1') !== null);
    expect(await ownership(page)).toEqual(owned);
    await context.close();
  });

  test('back-office /admin/', async () => {
    const { context, page } = await suite.newPage('desktop', 'en-US');
    await page.goto('/admin/#/login');
    await waitForHeading(page, adminT('en-US', 'login.title'));
    expect(await ownership(page)).toEqual(owned);
    await context.close();
  });
});
