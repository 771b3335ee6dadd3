// Proves the plan editor (a new version, opened from the version in force) shows that version's values in its
// fields, labelled in the staff member's language, with the effective time an hour ahead; sends nothing when it
// opens; and is one form whose only submit button is "Review the changes", so Enter in a field submits.
// Rendered to HTML in node: the unit project has no DOM, so typing, clicking and what a save sends are not reached here.
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultPlan, type PlanDocument } from '@pp/contract';
import { escaped, formSubmitButtons, inputValue, isChecked, labelText, selectedValue, startI18n, text as t } from '../../../test/static-html';
import { VersionDialog } from './version-dialog';

// The fake API client: any request made while the editor renders is recorded instead of sent.
const { apiCall } = vi.hoisted(() => ({ apiCall: vi.fn() }));
vi.mock('../../../lib/api-client', () => ({ apiCall, onSessionExpired: () => () => undefined }));

/** The version in force as the server answers it (amounts at a fixed scale), with values of its own. */
const inForce: PlanDocument = {
  ...defaultPlan,
  directBonus: { percent: '12.5000' },
  buyMatching: { percent: '7.0000' },
  sponsorshipBonus: { amount: '5.000000', minVolume: '250.000000' },
  managerDepth: 40,
  rankingBonus: { ...defaultPlan.rankingBonus, poolPercent: '1.2500' },
  caps: { countAgainstHoldings: false, memberPeriodMax: '900.000000' },
  flagRules: { protected: null, buyPurchaseCodeStatus: { minGrade: 2, minOwnHolding: null, minPerformance: '10000', minDirectInvites: 3 } },
};

function render(): string {
  return renderToStaticMarkup(<VersionDialog base={{ version: 7, document: inForce }} isOpen onClose={() => undefined} />);
}

/** "2026-03-04T05:06" in this process's time zone, worked out apart from the editor's own conversion. */
function localMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

beforeAll(() => startI18n('zh-CN'));
afterEach(() => vi.useRealTimers());

describe('VersionDialog', () => {
  it('opens with the values of the version in force, in the staff language', () => {
    expect(i18next.language).toBe('zh-CN');
    const html = render();
    expect(html).toContain(escaped(t('plan.versions.newTitle')));
    // Rates and amounts as staff type them, not at the server's fixed scale.
    expect(inputValue(html, 'plan-directPercent')).toBe('12.5');
    expect(inputValue(html, 'plan-buyMatchingPercent')).toBe('7');
    expect(inputValue(html, 'plan-sponsorshipAmount')).toBe('5');
    expect(inputValue(html, 'plan-sponsorshipMinVolume')).toBe('250');
    expect(inputValue(html, 'plan-managerDepth')).toBe('40');
    expect(inputValue(html, 'plan-rankingPoolPercent')).toBe('1.25');
    expect(inputValue(html, 'plan-capsMemberPeriodMax')).toBe('900');
    expect(isChecked(html, 'plan-capsCountAgainstHoldings')).toBe(false);
    expect(selectedValue(html, 'plan-coinName')).toBe('REWARD_POINT');
    expect(selectedValue(html, 'plan-rankingMeasure')).toBe('directVolume');
    // Each generation line, each grade threshold and each ranking share in its own field.
    expect(inputValue(html, 'plan-generations-0-generation')).toBe('2');
    expect(inputValue(html, 'plan-generations-3-percent')).toBe('1');
    expect(inputValue(html, 'plan-generations-3-minGrade')).toBe('3');
    expect(inputValue(html, 'plan-grades-1-minPerformance')).toBe('10000');
    expect(inputValue(html, 'plan-grades-1-directCount')).toBe('2');
    expect(inputValue(html, 'plan-grades-0-directGrade')).toBe('');
    expect(inputValue(html, 'plan-rankingShares-0')).toBe('40');
    expect(inputValue(html, 'plan-flagRules-buyPurchaseCodeStatus-minDirectInvites')).toBe('3');
    expect(inputValue(html, 'plan-flagRules-buyPurchaseCodeStatus-minOwnHolding')).toBe('');
    // Labels in Chinese (the app has no fallback language: a missing text would show its key).
    expect(labelText(html, 'plan-directPercent')).toBe(t('plan.editor.fields.directPercent'));
    expect(t('plan.editor.fields.directPercent')).not.toBe('plan.editor.fields.directPercent');
    expect(labelText(html, 'plan-effectiveAt')).toBe(t('plan.versions.effectiveAt'));
  });

  it('proposes an effective time one hour from now, in local time', () => {
    const now = new Date(2026, 2, 4, 5, 6, 30).getTime();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    expect(inputValue(render(), 'plan-effectiveAt')).toBe(localMinute(now + 60 * 60_000));
  });

  it('sends nothing when it opens', () => {
    apiCall.mockClear();
    render();
    expect(apiCall).not.toHaveBeenCalled();
  });

  it('is one form whose only submit button is its action, so Enter in any field submits', () => {
    const { form, submits } = formSubmitButtons(render());
    // Every field lives inside the form: Enter in a field outside it would not submit.
    for (const id of [
      'plan-effectiveAt',
      'plan-note',
      'plan-directPercent',
      'plan-generations-0-percent',
      'plan-rankingShares-4',
      'plan-capsMemberPeriodMax',
    ]) {
      expect(form).toContain(`id="${id}"`);
    }
    // A button without type="button" (add or remove a line, the JSON view) would be the one Enter presses.
    expect(submits).toHaveLength(1);
    expect(submits[0]!.attributes).toMatch(/\btype="submit"/);
    expect(submits[0]!.label).toBe(t('plan.editor.review'));
  });
});
