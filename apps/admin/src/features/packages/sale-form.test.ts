// Proves the "Open sale" and "Shares" forms map to the requests the server takes and name the field at fault:
// the window in local time, the end after the start, at most 30 days, the limit within the total, amounts, reasons.
import { describe, expect, it } from 'vitest';
import {
  emptySaleForm,
  fromLocalInput,
  saleState,
  sharesFormOf,
  toEquitySaveRequest,
  toLocalInput,
  toSaleOpenRequest,
  type SaleForm,
  type SharesForm,
} from './sale-form';

const good = (over: Partial<SaleForm> = {}): SaleForm => ({
  ...emptySaleForm(new Date(2026, 10, 24, 9, 0).getTime()),
  productId: 'p-1',
  price: '60.5',
  reason: 'weekend rush',
  ...over,
});

describe('sale form', () => {
  it('round-trips a local date-time and refuses what is not one', () => {
    const ms = new Date(2026, 10, 24, 9, 30).getTime();
    expect(toLocalInput(ms)).toBe('2026-11-24T09:30');
    expect(fromLocalInput('2026-11-24T09:30')).toBe(ms);
    expect(fromLocalInput('2026-02-31T09:30')).toBeNull();
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('opens a day-long sale starting in an hour by default, and maps a filled form to the request', () => {
    const mapped = toSaleOpenRequest(
      good({ minGrade: '2', isFlaggedOnly: true, total: '500', perMemberLimit: '3', units: '2', kind: 'flash', coinName: 'ASSETS_POINT' }),
    );
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.request).toMatchObject({
      kind: 'flash',
      productId: 'p-1',
      units: 2,
      price: '60.5',
      coinName: 'ASSETS_POINT',
      total: 500,
      perMemberLimit: 3,
      minGrade: 2,
      isFlaggedOnly: true,
      reason: 'weekend rush',
    });
    expect(mapped.request.startsAt).toBe(new Date(2026, 10, 24, 10, 0).getTime());
    expect(mapped.request.endsAt - mapped.request.startsAt).toBe(86_400_000);
    const any = toSaleOpenRequest(good());
    expect(any.ok && any.request.minGrade).toBe(null);
  });

  it('names each wrong field with its locale key', () => {
    const empty = toSaleOpenRequest({ ...good(), productId: '', price: '', reason: ' ', units: '0', total: 'ten', startsAt: '' });
    expect(empty).toEqual({
      ok: false,
      errors: { productId: 'product', price: 'amount', reason: 'reasonRequired', units: 'integer', total: 'integer', startsAt: 'dateTime' },
    });
    expect(toSaleOpenRequest(good({ price: '0' }))).toEqual({ ok: false, errors: { price: 'amountPositive' } });
    expect(toSaleOpenRequest(good({ price: '1.1234567' }))).toEqual({ ok: false, errors: { price: 'amount' } });
    expect(toSaleOpenRequest(good({ coinName: 'BTC' }))).toEqual({ ok: false, errors: { coinName: 'coin' } });
    expect(toSaleOpenRequest(good({ startsAt: '2026-11-24T10:00', endsAt: '2026-11-24T10:00' }))).toEqual({ ok: false, errors: { endsAt: 'endBeforeStart' } });
    expect(toSaleOpenRequest(good({ startsAt: '2026-11-01T10:00', endsAt: '2026-12-02T10:00' }))).toEqual({ ok: false, errors: { endsAt: 'windowTooLong' } });
    expect(toSaleOpenRequest(good({ total: '2', perMemberLimit: '3' }))).toEqual({ ok: false, errors: { perMemberLimit: 'limitOverTotal' } });
    expect(toSaleOpenRequest(good({ reason: 'x'.repeat(501) }))).toEqual({ ok: false, errors: { reason: 'reasonTooLong' } });
    expect(toSaleOpenRequest(good({ minGrade: '9' }))).toEqual({ ok: false, errors: { minGrade: 'integer' } });
  });

  it('tells upcoming, open and ended apart at the server clock', () => {
    const sale = { startsAt: 1_000, endsAt: 2_000 };
    expect(saleState(sale, 999)).toBe('upcoming');
    expect(saleState(sale, 1_000)).toBe('open');
    expect(saleState(sale, 1_999)).toBe('open');
    expect(saleState(sale, 2_000)).toBe('ended');
  });
});

describe('shares form', () => {
  const saved = {
    isConfigured: true,
    isOpen: true,
    price: '12.500000',
    coinName: 'USDT',
    totalIssued: 1000,
    sold: 40,
    maxPerMember: 50,
    bonusPerShare: '0.250000',
    bonusPeriodHours: 24,
  };
  const form = (over: Partial<SharesForm> = {}): SharesForm => ({ ...sharesFormOf(saved), reason: 'new terms', ...over });

  it('opens with the saved values as typed, or blanks when never saved', () => {
    expect(sharesFormOf(saved)).toEqual({
      price: '12.5',
      coinName: 'USDT',
      totalIssued: '1000',
      maxPerMember: '50',
      bonusPerShare: '0.25',
      bonusPeriodHours: '24',
      isOpen: true,
      reason: '',
    });
    expect(sharesFormOf({ ...saved, isConfigured: false, isOpen: false })).toMatchObject({ price: '', totalIssued: '', isOpen: false });
  });

  it('maps to the save request and refuses a total below the shares sold or a maximum above it', () => {
    expect(toEquitySaveRequest(form(), 40)).toEqual({
      ok: true,
      request: {
        price: '12.5',
        coinName: 'USDT',
        totalIssued: 1000,
        maxPerMember: 50,
        bonusPerShare: '0.25',
        bonusPeriodHours: 24,
        isOpen: true,
        reason: 'new terms',
      },
    });
    expect(toEquitySaveRequest(form({ totalIssued: '30', maxPerMember: '10' }), 40)).toEqual({ ok: false, errors: { totalIssued: 'belowSold' } });
    expect(toEquitySaveRequest(form({ maxPerMember: '1001' }), 40)).toEqual({ ok: false, errors: { maxPerMember: 'maxOverIssued' } });
    expect(toEquitySaveRequest(form({ reason: '' }), 40)).toEqual({ ok: false, errors: { reason: 'reasonRequired' } });
    expect(toEquitySaveRequest(form({ bonusPeriodHours: '0', bonusPerShare: 'abc' }), 40)).toEqual({
      ok: false,
      errors: { bonusPeriodHours: 'integer', bonusPerShare: 'amount' },
    });
    // A bonus of 0 switches it off; the price must stay above 0.
    expect(toEquitySaveRequest(form({ bonusPerShare: '0' }), 40)).toMatchObject({ ok: true, request: { bonusPerShare: '0' } });
    expect(toEquitySaveRequest(form({ price: '0' }), 40)).toEqual({ ok: false, errors: { price: 'amountPositive' } });
  });
});
