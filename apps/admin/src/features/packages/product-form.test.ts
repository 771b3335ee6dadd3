// Proves the product editor sends exactly what productSave accepts, and names the field at fault for what it must not send.
import { describe, expect, it } from 'vitest';
import { endpoints, type ProductAdminEntry } from '@pp/contract';
import { emptyProductForm, formFieldOf, parseUserNames, productFormOf, productName, toSaveRequest, trimDecimal, type ProductForm } from './product-form';

function filledForm(change: (form: ProductForm) => void = () => {}): ProductForm {
  const form = emptyProductForm();
  form.names['en-US'] = '  Gold plan ';
  form.names['zh-CN'] = '黄金套餐';
  form.descriptions['en-US'] = 'Thirty days, daily rewards';
  form.terms.price = '100';
  form.terms.releasePercent = '0.5';
  form.terms.maxProfitPercent = '150';
  change(form);
  return form;
}

const saved: ProductAdminEntry = {
  id: 'p-1',
  kind: 'special',
  names: { 'en-US': 'Gold', 'ja-JP': 'ゴールド' },
  descriptions: { 'en-US': 'Shiny' },
  terms: {
    price: '100.000000',
    premium: '1.5',
    fee: '2',
    feeCoinName: 'USDT',
    contractDays: 60,
    unlockDays: 30,
    effectiveDelayHours: 24,
    releasePercent: '0.8',
    releasePeriodHours: 24,
    maxProfitPercent: '120',
    maxReward: '0',
    redeemFeePercent: '5',
    redeemFeeUnlockedPercent: '1',
    claimGuaranteePercent: '10',
    drawCycleDays: 7,
  },
  payWith: [
    { coinName: 'USDT', maxPercent: '100' },
    { coinName: 'ASSETS_POINT', maxPercent: '30' },
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

describe('toSaveRequest', () => {
  it('maps a new product to a request the contract accepts, texts trimmed, only the languages filled in', () => {
    const mapped = toSaveRequest(filledForm());
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(endpoints.productSave.request.safeParse({ ...mapped.request, requestId: 'form-test-request-1' }).success).toBe(true);
    expect(mapped.request.id).toBeUndefined();
    expect(mapped.request.names).toEqual({ 'zh-CN': '黄金套餐', 'en-US': 'Gold plan' });
    expect(mapped.request.descriptions).toEqual({ 'en-US': 'Thirty days, daily rewards' });
    expect(mapped.request.terms.contractDays).toBe(30);
    expect(mapped.request.terms.price).toBe('100');
    expect(mapped.request.minGrade).toBeNull();
    expect(mapped.request.invitedUserNames).toEqual([]);
  });

  it('round-trips a saved special product with its id, version, grade and invitations', () => {
    const mapped = toSaveRequest(productFormOf(saved));
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(endpoints.productSave.request.safeParse({ ...mapped.request, requestId: 'form-test-request-1' }).success).toBe(true);
    expect(mapped.request).toMatchObject({
      id: 'p-1',
      version: 4,
      kind: 'special',
      minGrade: 2,
      isInviteOnly: true,
      invitedUserNames: ['alice', 'bob'],
      perMemberLimit: 5,
      totalLimit: 1000,
      sortOrder: 3,
      isOnSale: true,
    });
    expect(mapped.request.terms).toEqual({ ...saved.terms, price: '100' });
    expect(mapped.request.payWith).toEqual(saved.payWith);
  });

  it('drops grade and invitations when the kind is not special', () => {
    const form = productFormOf(saved);
    form.kind = 'normal';
    const mapped = toSaveRequest(form);
    expect(mapped.ok && mapped.request).toMatchObject({ minGrade: null, isInviteOnly: false, invitedUserNames: [] });
  });

  it('keeps grade -1 as its own level', () => {
    const mapped = toSaveRequest(filledForm((f) => ((f.kind = 'special'), (f.minGrade = '-1'))));
    expect(mapped.ok && mapped.request.minGrade).toBe(-1);
  });

  it('names every wrong field with its reason', () => {
    const form = filledForm((f) => {
      f.names = { 'zh-CN': ' ', 'en-US': '', 'ja-JP': '', 'ko-KP': '', 'id-ID': 'x'.repeat(81) };
      f.terms.price = '0';
      f.terms.premium = '1.1234567';
      f.terms.releasePercent = '101';
      f.terms.maxProfitPercent = '10001';
      f.terms.contractDays = '10';
      f.terms.unlockDays = '11';
      f.terms.releasePeriodHours = '0';
      f.payWith = [
        { coinName: 'USDT', maxPercent: '50' },
        { coinName: 'USDT', maxPercent: '0' },
      ];
      f.perMemberLimit = '-1';
      f.sortOrder = '1.5';
    });
    const mapped = toSaveRequest(form);
    expect(mapped.ok).toBe(false);
    if (mapped.ok) return;
    expect(mapped.errors).toEqual({
      'names.id-ID': 'nameTooLong',
      'terms.price': 'pricePositive',
      'terms.premium': 'amount',
      'terms.releasePercent': 'percentOver100',
      'terms.maxProfitPercent': 'maxProfitRange',
      'terms.unlockDays': 'unlockAfterTerm',
      'terms.releasePeriodHours': 'integer',
      'payWith.1.coinName': 'coinTwice',
      'payWith.1.maxPercent': 'percent',
      perMemberLimit: 'integer',
      sortOrder: 'integer',
    });
  });

  it('wants a release above 0, and lets a guarantee pass 100 % as the server does', () => {
    const mapped = toSaveRequest(filledForm((f) => ((f.terms.releasePercent = '0'), (f.terms.claimGuaranteePercent = '120'))));
    expect(!mapped.ok && mapped.errors).toEqual({ 'terms.releasePercent': 'releasePositive' });
  });

  it('asks for a name when every language is empty', () => {
    const mapped = toSaveRequest(filledForm((f) => ((f.names['en-US'] = ''), (f.names['zh-CN'] = ''))));
    expect(!mapped.ok && mapped.errors.names).toBe('nameRequired');
  });

  it('refuses payment shares that cannot reach 100 %, and more than three lines', () => {
    const short = toSaveRequest(
      filledForm(
        (f) =>
          (f.payWith = [
            { coinName: 'USDT', maxPercent: '60' },
            { coinName: 'REWARD_POINT', maxPercent: '39.9999' },
          ]),
      ),
    );
    expect(!short.ok && short.errors.payWith).toBe('payWithTotal');
    const exact = toSaveRequest(
      filledForm(
        (f) =>
          (f.payWith = [
            { coinName: 'USDT', maxPercent: '60' },
            { coinName: 'REWARD_POINT', maxPercent: '40' },
          ]),
      ),
    );
    expect(exact.ok).toBe(true);
    const many = toSaveRequest(
      filledForm(
        (f) =>
          (f.payWith = [
            { coinName: 'USDT', maxPercent: '100' },
            { coinName: 'REWARD_POINT', maxPercent: '1' },
            { coinName: 'ASSETS_POINT', maxPercent: '1' },
            { coinName: 'USDT', maxPercent: '1' },
          ]),
      ),
    );
    expect(!many.ok && many.errors.payWith).toBe('payWithCount');
  });

  it('needs invited names for an invite-only special product', () => {
    const mapped = toSaveRequest(filledForm((f) => ((f.kind = 'special'), (f.isInviteOnly = true), (f.invitedUserNames = ' , \n'))));
    expect(!mapped.ok && mapped.errors.invitedUserNames).toBe('invitedRequired');
  });
});

describe('helpers', () => {
  it('splits invited names on commas, spaces and new lines, each once', () => {
    expect(parseUserNames('alice, bob\ncarol;  alice，dave')).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(parseUserNames('  ')).toEqual([]);
  });
  it('shows fixed-scale amounts as staff type them', () => {
    expect(trimDecimal('100.000000')).toBe('100');
    expect(trimDecimal('1.500000')).toBe('1.5');
    expect(trimDecimal('2500')).toBe('2500');
    expect(trimDecimal('0.000000')).toBe('0');
  });
  it('compares percents exactly, to the last place', () => {
    expect(toSaveRequest(filledForm((f) => (f.terms.releasePercent = '100'))).ok).toBe(true);
    const over = toSaveRequest(filledForm((f) => (f.terms.releasePercent = '100.0001')));
    expect(!over.ok && over.errors).toEqual({ 'terms.releasePercent': 'percentOver100' });
    const tiny = toSaveRequest(filledForm((f) => (f.terms.releasePercent = '0.0001')));
    expect(tiny.ok).toBe(true);
    const max = toSaveRequest(filledForm((f) => (f.terms.maxProfitPercent = '10000')));
    expect(max.ok).toBe(true);
    const pastMax = toSaveRequest(filledForm((f) => (f.terms.maxProfitPercent = '10000.0001')));
    expect(!pastMax.ok && pastMax.errors).toEqual({ 'terms.maxProfitPercent': 'maxProfitRange' });
    const justShort = toSaveRequest(
      filledForm(
        (f) =>
          (f.payWith = [
            { coinName: 'USDT', maxPercent: '99.9999' },
            { coinName: 'REWARD_POINT', maxPercent: '0.0001' },
          ]),
      ),
    );
    expect(justShort.ok).toBe(true);
  });
  it('maps server field names onto the form', () => {
    expect(formFieldOf('terms.price')).toBe('terms.price');
    expect(formFieldOf('payWith.1.maxPercent')).toBe('payWith.1.maxPercent');
    expect(formFieldOf('payWith.1')).toBe('payWith');
    expect(formFieldOf('names.ja-JP')).toBe('names.ja-JP');
    expect(formFieldOf('invitedUserNames.3')).toBe('invitedUserNames');
    expect(formFieldOf('version')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
  it('names a product in the reader language, else English, else any', () => {
    expect(productName({ 'en-US': 'Gold', 'ja-JP': 'ゴールド' }, 'ja-JP')).toBe('ゴールド');
    expect(productName({ 'en-US': 'Gold', 'ja-JP': '' }, 'ja-JP')).toBe('Gold');
    expect(productName({ 'ko-KP': '금' }, 'zh-CN')).toBe('금');
  });
});
