// Proves the product editor opens a saved product with its values in the fields, labelled in the staff member's
// language, sends nothing when it opens, and is one form whose only submit button is Save (so Enter in a field saves).
// Rendered to HTML in node: the unit project has no DOM, so typing, clicking and what a save sends are not reached here.
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductAdminEntry } from '@pp/contract';
import { escaped, formSubmitButtons, inputValue, isChecked, labelText, selectedValue, startI18n, text as t, textAreaValue } from '../../../test/static-html';
import { ProductDialog } from './product-dialog';

// The fake API client: any request made while the editor renders is recorded instead of sent.
const { apiCall } = vi.hoisted(() => ({ apiCall: vi.fn() }));
vi.mock('../../../lib/api-client', () => ({ apiCall, onSessionExpired: () => () => undefined }));

/** A special product on sale as the server lists it (amounts at their fixed scale). */
const saved: ProductAdminEntry = {
  id: 'p-1',
  kind: 'special',
  names: { 'en-US': 'Gold', 'ja-JP': 'ゴールド' },
  descriptions: { 'en-US': 'Shiny', 'ja-JP': '三十日間' },
  terms: {
    price: '100.000000',
    premium: '1.500000',
    fee: '2.000000',
    feeCoinName: 'REWARD_POINT',
    contractDays: 60,
    unlockDays: 30,
    effectiveDelayHours: 24,
    releasePercent: '0.8000',
    releasePeriodHours: 12,
    maxProfitPercent: '120.0000',
    maxReward: '0.000000',
    redeemFeePercent: '5.0000',
    redeemFeeUnlockedPercent: '1.0000',
    claimGuaranteePercent: '10.0000',
    drawCycleDays: 7,
  },
  payWith: [
    { coinName: 'USDT', maxPercent: '100.0000' },
    { coinName: 'ASSETS_POINT', maxPercent: '30.0000' },
  ],
  perMemberLimit: 5,
  totalLimit: 1000,
  sold: 12,
  isOnSale: true,
  minGrade: 2,
  isInviteOnly: true,
  invitedUserNames: ['alice', 'bob'],
  sortOrder: 3,
  version: 4,
  updatedAt: 1,
};

function render(entry: ProductAdminEntry | null): string {
  return renderToStaticMarkup(<ProductDialog target={{ entry }} onClose={() => undefined} gradeLabel={(level) => `grade-${level}`} />);
}

beforeAll(() => startI18n('ja-JP'));

describe('ProductDialog', () => {
  it('opens a saved product with each value in its field, in the staff language', () => {
    expect(i18next.language).toBe('ja-JP');
    const html = render(saved);
    expect(html).toContain(escaped(t('packages.editTitle', { name: 'ゴールド' })));
    // The terms as staff typed them, not at the server's fixed scale.
    expect(inputValue(html, 'product-price')).toBe('100');
    expect(inputValue(html, 'product-premium')).toBe('1.5');
    expect(inputValue(html, 'product-fee')).toBe('2');
    expect(selectedValue(html, 'product-feeCoinName')).toBe('REWARD_POINT');
    expect(inputValue(html, 'product-contractDays')).toBe('60');
    expect(inputValue(html, 'product-unlockDays')).toBe('30');
    expect(inputValue(html, 'product-effectiveDelayHours')).toBe('24');
    expect(inputValue(html, 'product-releasePercent')).toBe('0.8');
    expect(inputValue(html, 'product-releasePeriodHours')).toBe('12');
    expect(inputValue(html, 'product-maxProfitPercent')).toBe('120');
    expect(inputValue(html, 'product-maxReward')).toBe('0');
    expect(inputValue(html, 'product-redeemFeePercent')).toBe('5');
    expect(inputValue(html, 'product-redeemFeeUnlockedPercent')).toBe('1');
    expect(inputValue(html, 'product-claimGuaranteePercent')).toBe('10');
    expect(inputValue(html, 'product-drawCycleDays')).toBe('7');
    expect(selectedValue(html, 'product-payWith-0-coin')).toBe('USDT');
    expect(inputValue(html, 'product-payWith-0-percent')).toBe('100');
    expect(selectedValue(html, 'product-payWith-1-coin')).toBe('ASSETS_POINT');
    expect(inputValue(html, 'product-payWith-1-percent')).toBe('30');
    expect(inputValue(html, 'product-perMemberLimit')).toBe('5');
    expect(inputValue(html, 'product-totalLimit')).toBe('1000');
    expect(inputValue(html, 'product-sortOrder')).toBe('3');
    expect(selectedValue(html, 'product-kind')).toBe('special');
    expect(selectedValue(html, 'product-minGrade')).toBe('2');
    expect(isChecked(html, 'product-isOnSale')).toBe(true);
    expect(isChecked(html, 'product-isInviteOnly')).toBe(true);
    expect(textAreaValue(html, 'product-invitedUserNames')).toMatch(/^alice[,\s]+bob$/);
    // The texts open on the staff member's own language.
    expect(inputValue(html, 'product-name-ja-JP')).toBe('ゴールド');
    expect(textAreaValue(html, 'product-description-ja-JP')).toBe('三十日間');
    expect(html).not.toContain('id="product-name-en-US"');
    // Labels and hints in Japanese (the app has no fallback language: a missing text would show its key).
    expect(labelText(html, 'product-price')).toBe(t('packages.fields.price'));
    expect(t('packages.fields.price')).not.toBe('packages.fields.price');
    expect(html).toContain(escaped(t('packages.hints.totalLimitSold', { sold: 12 })));
  });

  it('sends nothing when it opens', () => {
    apiCall.mockClear();
    render(saved);
    render(null);
    expect(apiCall).not.toHaveBeenCalled();
  });

  it('is one form whose only submit button is Save, so Enter in any field saves', () => {
    for (const entry of [saved, null]) {
      const html = render(entry);
      const { form, submits } = formSubmitButtons(html);
      // Every field lives inside the form: Enter in a field outside it would not submit.
      for (const id of ['product-price', 'product-sortOrder', 'product-name-ja-JP', 'product-payWith-0-percent', 'product-totalLimit']) {
        expect(form).toContain(`id="${id}"`);
      }
      // A button without type="button" (a language tab, "remove") would be the one Enter presses.
      expect(submits).toHaveLength(1);
      expect(submits[0]!.attributes).toMatch(/\btype="submit"/);
      expect(submits[0]!.label).toBe(t('common.save'));
    }
  });
});
