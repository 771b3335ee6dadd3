// Proves the compensation plan in the browser (decision 022): the portal's plan chart
// and ranking pages in en-US on a 1280x800 desktop and in zh-CN on a 390x844 phone (no sideways
// scrolling), drawn from the live plan and the month's purchases; then in the back-office staff
// add a plan version through the editor's form on the desktop (en-US) and on the phone (zh-CN):
// a refused value shows its error under the field, one rate and one generation are changed, the
// change list shows exactly those two before it is saved; then staff dry-run the day of two purchases (moved to yesterday by
// test-only time travel in the server's SQLite file) and pay it; the totals of the real run equal
// the dry run's, demo's records show the direct bonus with its cause, and the ledger verifies.
// Screenshots go to test-artifacts/screenshots/plan-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { callOk, memberToken, newRequestId } from './support/api';
import { dismissToasts, horizontalOverflow, sessionItem, waitForHeading, type Layout } from './support/browser';
import { adminT, t, type Language } from './support/i18n';
import { ledgerVerifyAfterHalt } from './support/server';
import { demoStaff, staffLogin } from './support/staff';
import { shotsDir, useSuite } from './support/suite';

const dayMs = 86_400_000;
const suite = useSuite();

const terms = {
  price: '100',
  premium: '0',
  fee: '0',
  feeCoinName: 'USDT',
  contractDays: 180,
  unlockDays: 30,
  effectiveDelayHours: 24,
  releasePercent: '0.5',
  releasePeriodHours: 24,
  maxProfitPercent: '200',
  maxReward: '0',
  redeemFeePercent: '5',
  redeemFeeUnlockedPercent: '1',
  claimGuaranteePercent: '0',
  drawCycleDays: 7,
};
const yesterdayDate = new Date(Date.now() - dayMs).toISOString().slice(0, 10);
const yesterday = `day:${yesterdayDate}`;

beforeAll(async () => {
  const staff = await suite.staff();
  const product = await callOk<{ id: string }>(
    suite.baseUrl,
    'productSave',
    {
      kind: 'normal',
      names: { 'en-US': 'E2E Plan', 'zh-CN': 'E2E 奖金' },
      descriptions: { 'zh-CN': '', 'en-US': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': '' },
      terms,
      payWith: [{ coinName: 'USDT', maxPercent: '100' }],
      perMemberLimit: 0,
      totalLimit: 0,
      minGrade: null,
      sortOrder: 9,
      isOnSale: true,
      isInviteOnly: false,
      invitedUserNames: [],
    },
    staff,
  );
  // demo (alice's referrer) holds 1 unit: room for 200 of bonuses; alice buys 3 units (300).
  for (const [member, units] of [
    [{ userName: 'demo', password: 'Demo@12345', tx: 'Demo@123456' }, 1],
    [{ userName: 'alice', password: 'Alice@12345', tx: 'Alice@123456' }, 3],
  ] as const) {
    const token = await memberToken(suite.baseUrl, { userName: member.userName, password: member.password });
    await callOk(
      suite.baseUrl,
      'buyMatching',
      {
        productId: product.id,
        quantity: units,
        payments: [{ coinName: 'USDT', amount: String(units * 100) }],
        transactionPassword: member.tx,
        requestId: newRequestId(),
      },
      { token },
    );
  }
  // Test-only time travel: the two purchases happened yesterday, so yesterday's period has ended.
  const db = new Database(path.join(suite.server.dataDir, 'portal.db'), { fileMustExist: true, timeout: 5000 });
  try {
    const moved = db
      .prepare("update package_holding_events set at = at - ? where type = 'buy' and holding_id in (select id from package_holdings where product_id = ?)")
      .run(dayMs, product.id).changes;
    expect(moved).toBe(2);
  } finally {
    db.close();
  }
}, 180_000);

async function shot(page: Page, lang: Language, file: string): Promise<void> {
  await dismissToasts(page, lang);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal overflow on ${file}`).toBeLessThanOrEqual(innerWidth);
  const target = path.join(shotsDir, file);
  await page.screenshot({ path: target, fullPage: true });
  expect(fs.statSync(target).size).toBeGreaterThan(5000);
}

const cases: Array<{ layout: Layout; lang: Language }> = [
  { layout: 'desktop', lang: 'en-US' },
  { layout: 'mobile', lang: 'zh-CN' },
];

describe.each(cases)('plan chart and ranking ($layout, $lang)', ({ layout, lang }) => {
  test('the plan chart draws the live plan; the ranking lists the month with names masked', async () => {
    const { context, page } = await suite.memberPage(layout, lang);
    await page.goto('/#/plan');
    await waitForHeading(page, t(lang, 'plan.title'));
    const grades = page.getByTestId('plan-grades').locator('li');
    await expect.poll(() => grades.count()).toBe(5);
    await expect.poll(() => grades.first().innerText()).toContain(t(lang, 'plan.gradeNames.5'));
    // Version 1: generation 1 is the 10 % direct bonus, then generations 2 to 5.
    const generations = page.getByTestId('plan-generations').locator('li');
    await expect.poll(() => generations.count()).toBe(5);
    expect(await generations.first().innerText()).toContain(t(lang, 'plan.generationDirect'));
    expect(await generations.first().innerText()).toContain('10%');
    await shot(page, lang, `plan-chart-${layout}-${lang}.png`);

    await page.goto('/#/ranking');
    await waitForHeading(page, t(lang, 'ranking.title'));
    // demo's direct invite alice bought 300 this month (or last, on the first of a month).
    const month = new Date(Date.now() - dayMs).getUTCMonth() === new Date().getUTCMonth() ? 'current' : 'last';
    if (month === 'last') await page.getByText(t(lang, 'ranking.last'), { exact: true }).click();
    const first = page.getByTestId('ranking-list').locator('li').first();
    await expect.poll(() => first.innerText(), { timeout: 15_000 }).toContain('d***o');
    expect(await first.innerText()).toContain(t(lang, 'ranking.me'));
    expect(await page.getByTestId('ranking-mine').innerText()).toContain('1');
    await shot(page, lang, `ranking-${layout}-${lang}.png`);
    // The other month answers too (empty or not), without an error.
    await page.getByText(t(lang, month === 'current' ? 'ranking.last' : 'ranking.current'), { exact: true }).click();
    await page.getByTestId('ranking-mine').waitFor();
    await context.close();
  });
});

describe('back-office: plan editor and payouts', () => {
  const lang: Language = 'en-US';
  const a = (key: string, params?: Record<string, string | number>) => adminT(lang, key, params);

  // Each layout adds one version through the form (versions 2 and 3, both scheduled an hour ahead,
  // so yesterday's period below still pays under version 1).
  const editorCases: Array<{ layout: Layout; lang: Language; direct: string; versionsBefore: number }> = [
    { layout: 'desktop', lang: 'en-US', direct: '12', versionsBefore: 1 },
    { layout: 'mobile', lang: 'zh-CN', direct: '11', versionsBefore: 2 },
  ];
  /** The staff session of the last editor test, reused below (a second sign-in waits for a new authenticator code). */
  let staffToken = '';
  test.each(editorCases)(
    'staff add a version through the form: a field error, one rate and one generation changed, the change list confirmed ($layout, $lang)',
    async ({ layout, lang: l, direct, versionsBefore }) => {
      const b = (key: string, params?: Record<string, string | number>) => adminT(l, key, params);
      const { context, page } = await suite.newPage(layout, l);
      await staffLogin(page, l, demoStaff.admin);
      await page.goto('/admin/#/plan');
      await waitForHeading(page, b('plan.title'));
      const rows = page.getByTestId('plan-versions').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(versionsBefore);
      await page.getByRole('button', { name: b('plan.versions.new'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: b('plan.versions.newTitle'), exact: true });
      // Opened from the version in force (version 1), every value in its own field.
      await dialog.getByText(b('plan.editor.intro', { version: 1 }), { exact: true }).waitFor();
      await dialog.getByLabel(b('plan.versions.note'), { exact: true }).fill(`E2E ${layout}: direct bonus ${direct} %`);
      await dialog.getByTestId('plan-section-direct').locator('summary').click();
      const directField = dialog.getByLabel(b('plan.editor.fields.directPercent'), { exact: true });
      expect(await directField.inputValue()).toBe('10');
      // A value out of range is refused under its field, in the staff member's language.
      await directField.fill('120');
      await dialog.getByRole('button', { name: b('plan.editor.review'), exact: true }).click();
      await expect.poll(() => dialog.locator('#plan-directPercent-error').innerText()).toBe(b('plan.editor.errors.percentOver100'));
      await directField.fill(direct);
      await dialog.getByTestId('plan-section-algebraic').locator('summary').click();
      const generation3 = dialog.locator('#plan-generations-1-percent');
      expect(await generation3.inputValue()).toBe('3');
      await generation3.fill('3.5');
      // The read-only JSON view shows the document the form would save.
      await dialog.getByRole('button', { name: b('plan.editor.jsonView'), exact: true }).click();
      const json = await dialog.getByRole('region', { name: b('plan.editor.jsonView'), exact: true }).innerText();
      expect(JSON.parse(json)).toMatchObject({
        directBonus: { percent: direct },
        algebraicBonus: { generations: expect.arrayContaining([{ generation: 3, percent: '3.5', minGrade: 1 }]) },
      });
      await dialog.getByRole('button', { name: b('plan.editor.formView'), exact: true }).click();
      expect(await dialog.locator('#plan-generations-1-percent').inputValue()).toBe('3.5');
      await dialog.getByTestId('plan-section-grades').locator('summary').click();
      await dialog.getByTestId('plan-section-direct').scrollIntoViewIfNeeded();
      await shot(page, l, `plan-admin-editor-${layout}-${l}.png`);

      await dialog.getByRole('button', { name: b('plan.editor.review'), exact: true }).click();
      const changes = dialog.getByTestId('plan-changes').locator('li');
      await expect.poll(() => changes.count()).toBe(2);
      const percent = (value: string) => b('plan.editor.values.percent', { value });
      const first = await changes.nth(0).innerText();
      expect(first).toContain(b('plan.editor.changes.directPercent'));
      expect(first).toContain(`${percent('10')} → ${percent(direct)}`);
      const second = await changes.nth(1).innerText();
      expect(second).toContain(b('plan.editor.changes.generationPercent', { generation: 3 }));
      expect(second).toContain(`${percent('3')} → ${percent('3.5')}`);
      await shot(page, l, `plan-admin-changes-${layout}-${l}.png`);
      await dialog.getByRole('button', { name: b('plan.editor.confirmSave'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => rows.count()).toBe(versionsBefore + 1);
      expect(await rows.first().innerText()).toContain(`E2E ${layout}: direct bonus ${direct} %`);
      expect(await rows.first().innerText()).toContain(b('plan.versions.scheduled'));
      staffToken = (await sessionItem(page, 'adminToken')) ?? '';
      await context.close();
    },
  );

  test('the saved versions hold exactly the two changes', async () => {
    const staff = { token: staffToken, loginType: 'STAFF' as const };
    const list = await callOk<{
      items: Array<{
        version: number;
        document: {
          directBonus: { percent: string };
          algebraicBonus: { generations: Array<{ generation: number; percent: string }> };
          bonusFee: { percent: string };
        };
      }>;
    }>(suite.baseUrl, 'planVersionList', {}, staff);
    const byVersion = new Map(list.items.map((v) => [v.version, v.document]));
    expect(byVersion.get(2)?.directBonus.percent).toMatch(/^12(\.0+)?$/);
    expect(byVersion.get(3)?.directBonus.percent).toMatch(/^11(\.0+)?$/);
    for (const version of [2, 3]) {
      const doc = byVersion.get(version)!;
      expect(doc.algebraicBonus.generations.find((g) => g.generation === 3)?.percent).toMatch(/^3\.50*$/);
      expect(doc.algebraicBonus.generations).toHaveLength(4);
      expect(doc.bonusFee.percent).toBe(byVersion.get(1)!.bonusFee.percent);
    }
  });

  test('staff dry-run a period, then pay it; the real run equals the dry run', async () => {
    const { context, page } = await suite.newPage('desktop', lang);
    await staffLogin(page, lang, demoStaff.admin);
    await page.goto('/admin/#/plan');
    await waitForHeading(page, a('plan.title'));
    const rows = page.getByTestId('plan-versions').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await shot(page, lang, 'plan-admin-versions.png');

    await page.getByRole('tab', { name: a('plan.tabs.payouts') }).click();
    const period = page.locator(`tr[data-period="${yesterday}"]`);
    await period.getByRole('button', { name: a('plan.payouts.dryRun'), exact: true }).click();
    const result = page.getByTestId('plan-run-result');
    await expect.poll(() => result.innerText()).toContain(a('plan.payouts.dryRunTitle', { period: a('plan.payouts.kinds.day', { value: yesterdayDate }) }));
    // alice's 300 under version 1: demo's direct bonus 30, fee 1.5, paid 28.5.
    const direct = result.locator('tr[data-type="directBonus"] .total-paid');
    expect(await direct.innerText()).toContain('28.5');
    const dryTotals = await page.getByTestId('plan-totals').innerText();
    await shot(page, lang, 'plan-admin-dry-run.png');

    await period.getByRole('button', { name: a('plan.payouts.pay'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: a('plan.payouts.pay'), exact: true })
      .click();
    await expect
      .poll(() => result.innerText(), { timeout: 20_000 })
      .toContain(a('plan.payouts.runTitle', { period: a('plan.payouts.kinds.day', { value: yesterdayDate }) }));
    expect(await page.getByTestId('plan-totals').innerText()).toBe(dryTotals);
    await expect.poll(() => period.innerText()).toContain(a('plan.payouts.states.paid'));
    await shot(page, lang, 'plan-admin-paid.png');
    await context.close();

    // demo's records: the direct bonus, and its cause (alice, purchase, 10 %).
    const token = await memberToken(suite.baseUrl, { userName: 'demo', password: 'Demo@12345' });
    const records = await callOk<{ items: Array<{ amount: string; bonus: { sourceUserName: string; ratePercent: string; gross: string } | null }> }>(
      suite.baseUrl,
      'assetsRecordList',
      { type: 'directBonus', pageSize: 10 },
      { token },
    );
    const bonus = records.items.find((r) => r.bonus !== null);
    expect(bonus).toMatchObject({ amount: '28.500000', bonus: { sourceUserName: 'alice', ratePercent: '10', gross: '30.000000' } });
  });

  test('the ledger verifies after the payouts', async () => {
    const stdout = await ledgerVerifyAfterHalt(suite.server);
    expect(stdout).toMatch(/^ledger balanced: \d+ accounts, \d+ transfers$/m);
  });
});
