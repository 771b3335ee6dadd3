/**
 * The "Open sale" and "Shares" forms (decision 025) and their mapping to `saleOpen` and
 * `equityConfigSave`. The forms keep what staff type (text); a zod schema checks what is obvious
 * here (shapes, ranges, the end after the start, at most 30 days, the per-member limit within the
 * total) and names the field at fault with a locale key under `packages.saleErrors`. The server
 * checks everything again and has the last word (its refusals name the same fields).
 */
import { z } from 'zod';
import { coinNames, saleKinds, scarceLimits, type EquityAdminConfig, type RequestOf, type SaleAdminEntry, type SaleKind } from '@pp/contract';
import { trimDecimal } from './product-form';

export type SaleOpenRequest = RequestOf<'saleOpen'>;
export type EquitySaveRequest = RequestOf<'equityConfigSave'>;

/** Locale keys under packages.saleErrors. */
export type SaleErrorKey =
  | 'product'
  | 'integer'
  | 'amount'
  | 'amountPositive'
  | 'coin'
  | 'dateTime'
  | 'endBeforeStart'
  | 'windowTooLong'
  | 'limitOverTotal'
  | 'maxOverIssued'
  | 'belowSold'
  | 'reasonRequired'
  | 'reasonTooLong';
export type SaleFormErrors = Partial<Record<string, SaleErrorKey>>;

/** Grades a sale may require (spec section 3); '' = any grade. */
export const saleGradeLevels = [0, 1, 2, 3, 4, 5] as const;
export const unitsMax = 1000;
export const reasonCharsMax = 500;

// ---- local date-times ----

/** "2026-11-24T09:30" in the staff member's time zone, for a datetime-local field. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a datetime-local value in the staff member's time zone, or null when it is not one. */
export function fromLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // 2026-02-31 rolls over: not a date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.getTime();
}

// ---- shared field schemas ----

const amountPattern = /^\d{1,12}(\.\d{1,6})?$/;
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'integer')
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'integer');
const amount = z.string().trim().regex(amountPattern, 'amount');
const positiveAmount = amount.refine((v) => /[1-9]/.test(v), 'amountPositive');
const coin = z.enum(coinNames, 'coin');
const reason = (isRequired: boolean) =>
  z
    .string()
    .trim()
    .max(reasonCharsMax, 'reasonTooLong')
    .refine((v) => !isRequired || v !== '', 'reasonRequired');

// ---- open a sale ----

export interface SaleForm {
  kind: SaleKind;
  productId: string;
  units: string;
  price: string;
  coinName: string;
  total: string;
  perMemberLimit: string;
  /** '' = any grade. */
  minGrade: string;
  isFlaggedOnly: boolean;
  /** datetime-local values. */
  startsAt: string;
  endsAt: string;
  reason: string;
}

/** A new sale: starting in an hour, for a day, one item per member, paid in USDT. */
export function emptySaleForm(now = Date.now()): SaleForm {
  const start = Math.ceil((now + 3_600_000) / 60_000) * 60_000;
  return {
    kind: 'code',
    productId: '',
    units: '1',
    price: '',
    coinName: 'USDT',
    total: '100',
    perMemberLimit: '1',
    minGrade: '',
    isFlaggedOnly: false,
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + 86_400_000),
    reason: '',
  };
}

export const saleFormSchema = z
  .object({
    kind: z.enum(saleKinds),
    productId: z.string().trim().min(1, 'product').max(64, 'product'),
    units: wholeNumber(1, unitsMax),
    price: positiveAmount,
    coinName: coin,
    total: wholeNumber(1, scarceLimits.totalMax),
    perMemberLimit: wholeNumber(1, scarceLimits.perMemberMax),
    minGrade: z.union([z.literal('').transform(() => null), z.enum(saleGradeLevels.map(String) as [string, ...string[]], 'integer').transform(Number)]),
    isFlaggedOnly: z.boolean(),
    startsAt: z.string().transform((v, ctx) => fromLocalInput(v) ?? (ctx.addIssue({ code: 'custom', message: 'dateTime' }), z.NEVER)),
    endsAt: z.string().transform((v, ctx) => fromLocalInput(v) ?? (ctx.addIssue({ code: 'custom', message: 'dateTime' }), z.NEVER)),
    reason: reason(true),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endBeforeStart' });
    else if (v.endsAt - v.startsAt > scarceLimits.windowMsMax) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'windowTooLong' });
    if (v.perMemberLimit > v.total) ctx.addIssue({ code: 'custom', path: ['perMemberLimit'], message: 'limitOverTotal' });
  });

/** The first error of each field, as locale keys. */
function errorsOf(error: z.ZodError): SaleFormErrors {
  const errors: SaleFormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= (isErrorKey(issue.message) ? issue.message : 'integer') as SaleErrorKey;
  }
  return errors;
}
const errorKeys: readonly string[] = [
  'product',
  'integer',
  'amount',
  'amountPositive',
  'coin',
  'dateTime',
  'endBeforeStart',
  'windowTooLong',
  'limitOverTotal',
  'maxOverIssued',
  'belowSold',
  'reasonRequired',
  'reasonTooLong',
];
const isErrorKey = (message: string) => errorKeys.includes(message);

export type SaleMapping = { ok: true; request: SaleOpenRequest } | { ok: false; errors: SaleFormErrors };

export function toSaleOpenRequest(form: SaleForm): SaleMapping {
  const parsed = saleFormSchema.safeParse(form);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, request: { ...parsed.data, coinName: parsed.data.coinName, minGrade: parsed.data.minGrade } };
}

/** The form field a server refusal belongs to (the request's field names are the form's). */
export function saleFieldOf(serverField: string | undefined): keyof SaleForm | null {
  const fields: ReadonlyArray<keyof SaleForm> = [
    'kind',
    'productId',
    'units',
    'price',
    'coinName',
    'total',
    'perMemberLimit',
    'minGrade',
    'startsAt',
    'endsAt',
    'reason',
  ];
  return fields.find((f) => f === serverField) ?? null;
}

/** Where a sale stands at the server's clock. */
export type SaleState = 'upcoming' | 'open' | 'ended';
export function saleState(sale: Pick<SaleAdminEntry, 'startsAt' | 'endsAt'>, serverTime: number): SaleState {
  if (serverTime < sale.startsAt) return 'upcoming';
  if (serverTime >= sale.endsAt) return 'ended';
  return 'open';
}

// ---- shares ----

export interface SharesForm {
  price: string;
  coinName: string;
  totalIssued: string;
  maxPerMember: string;
  bonusPerShare: string;
  bonusPeriodHours: string;
  isOpen: boolean;
  reason: string;
}

/** The form from the saved configuration; a configuration never saved opens with blanks to fill. */
export function sharesFormOf(config: EquityAdminConfig): SharesForm {
  if (!config.isConfigured)
    return { price: '', coinName: 'USDT', totalIssued: '', maxPerMember: '', bonusPerShare: '', bonusPeriodHours: '24', isOpen: config.isOpen, reason: '' };
  return {
    price: trimDecimal(config.price),
    coinName: config.coinName,
    totalIssued: String(config.totalIssued),
    maxPerMember: String(config.maxPerMember),
    bonusPerShare: trimDecimal(config.bonusPerShare),
    bonusPeriodHours: String(config.bonusPeriodHours),
    isOpen: config.isOpen,
    reason: '',
  };
}

export const sharesFormSchema = (sold: number) =>
  z
    .object({
      price: positiveAmount,
      coinName: coin,
      totalIssued: wholeNumber(1, scarceLimits.sharesMax),
      maxPerMember: wholeNumber(1, scarceLimits.sharesMax),
      // 0 switches the bonus off.
      bonusPerShare: amount,
      bonusPeriodHours: wholeNumber(1, scarceLimits.bonusPeriodHoursMax),
      isOpen: z.boolean(),
      reason: reason(true),
    })
    .superRefine((v, ctx) => {
      if (v.maxPerMember > v.totalIssued) ctx.addIssue({ code: 'custom', path: ['maxPerMember'], message: 'maxOverIssued' });
      if (v.totalIssued < sold) ctx.addIssue({ code: 'custom', path: ['totalIssued'], message: 'belowSold' });
    });

export type SharesMapping = { ok: true; request: EquitySaveRequest } | { ok: false; errors: SaleFormErrors };

export function toEquitySaveRequest(form: SharesForm, sold: number): SharesMapping {
  const parsed = sharesFormSchema(sold).safeParse(form);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, request: { ...parsed.data, coinName: parsed.data.coinName } };
}

export function sharesFieldOf(serverField: string | undefined): keyof SharesForm | null {
  const fields: ReadonlyArray<keyof SharesForm> = ['price', 'coinName', 'totalIssued', 'maxPerMember', 'bonusPerShare', 'bonusPeriodHours', 'isOpen', 'reason'];
  return fields.find((f) => f === serverField) ?? null;
}
