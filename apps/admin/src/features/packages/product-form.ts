/**
 * The product editor's state and its mapping to `productSave` (decision 020). The form keeps what
 * staff type (text, so "0.50" stays "0.50"); `toSaveRequest` checks what is obvious here (shapes,
 * ranges, the unlock day within the term, a payment mix that can cover the price) and names the
 * field at fault with a locale key. The server checks everything again and has the last word.
 */
import {
  coinNames,
  languages,
  packageKinds,
  packageLimits,
  parseAmount,
  unitMinor,
  type Language,
  type PackageKind,
  type ProductAdminEntry,
  type RequestOf,
} from '@pp/contract';

/** What the form makes; the idempotency key is added when it is sent (api/product-save.ts). */
export type ProductSaveRequest = Omit<RequestOf<'productSave'>, 'requestId'>;

/** Every PackageTerms field, in the order the editor shows them. */
export const termFields = [
  'price',
  'premium',
  'fee',
  'feeCoinName',
  'contractDays',
  'unlockDays',
  'effectiveDelayHours',
  'releasePercent',
  'releasePeriodHours',
  'maxProfitPercent',
  'maxReward',
  'redeemFeePercent',
  'redeemFeeUnlockedPercent',
  'claimGuaranteePercent',
  'drawCycleDays',
] as const;
export type TermField = (typeof termFields)[number];

type FieldKind = 'amount' | 'percent' | 'integer' | 'coin';
/** How each term is typed and its integer range (the contract's, so the client refuses what the server would). */
export const termKinds: Record<TermField, { kind: FieldKind; min?: number; max?: number }> = {
  price: { kind: 'amount' },
  premium: { kind: 'amount' },
  fee: { kind: 'amount' },
  feeCoinName: { kind: 'coin' },
  contractDays: { kind: 'integer', min: 1, max: packageLimits.contractDaysMax },
  unlockDays: { kind: 'integer', min: 0, max: packageLimits.contractDaysMax },
  effectiveDelayHours: { kind: 'integer', min: 0, max: 24 * 30 },
  releasePercent: { kind: 'percent' },
  releasePeriodHours: { kind: 'integer', min: 1, max: packageLimits.releasePeriodHoursMax },
  maxProfitPercent: { kind: 'percent' },
  maxReward: { kind: 'amount' },
  redeemFeePercent: { kind: 'percent' },
  redeemFeeUnlockedPercent: { kind: 'percent' },
  claimGuaranteePercent: { kind: 'percent' },
  drawCycleDays: { kind: 'integer', min: 0, max: 366 },
};

export const payWithRowsMax = 3;
export const invitedUserNamesMax = 1000;
export const userNameCharsMax = 64;
export const perMemberLimitMax = 1_000_000;
export const totalLimitMax = 100_000_000;
export const sortOrderMax = 10_000;
/** Grades a special product may require (spec section 3). */
export const minGradeLevels = [-1, 0, 1, 2, 3, 4, 5] as const;

export interface PayWithRow {
  coinName: string;
  maxPercent: string;
}

export interface ProductForm {
  id?: string;
  version?: number;
  kind: PackageKind;
  names: Record<Language, string>;
  descriptions: Record<Language, string>;
  terms: Record<TermField, string>;
  payWith: PayWithRow[];
  perMemberLimit: string;
  totalLimit: string;
  isOnSale: boolean;
  /** '' = any grade. */
  minGrade: string;
  isInviteOnly: boolean;
  /** As typed: names separated by commas, spaces or new lines. */
  invitedUserNames: string;
  sortOrder: string;
}

const perLanguage = (source: Record<string, string> = {}): Record<Language, string> =>
  Object.fromEntries(languages.map((language) => [language, source[language] ?? ''])) as Record<Language, string>;

/** A new product: sensible defaults staff change (a 30-day term, daily release, paid in USDT). */
export function emptyProductForm(): ProductForm {
  return {
    kind: 'normal',
    names: perLanguage(),
    descriptions: perLanguage(),
    terms: {
      price: '',
      premium: '0',
      fee: '0',
      feeCoinName: 'USDT',
      contractDays: '30',
      unlockDays: '0',
      effectiveDelayHours: '0',
      releasePercent: '',
      releasePeriodHours: '24',
      maxProfitPercent: '',
      maxReward: '0',
      redeemFeePercent: '0',
      redeemFeeUnlockedPercent: '0',
      claimGuaranteePercent: '0',
      drawCycleDays: '0',
    },
    payWith: [{ coinName: 'USDT', maxPercent: '100' }],
    perMemberLimit: '0',
    totalLimit: '0',
    isOnSale: false,
    minGrade: '',
    isInviteOnly: false,
    invitedUserNames: '',
    sortOrder: '0',
  };
}

/** "100.500000" (the server's fixed scale) as staff would type it: "100.5". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The editor for an existing product: its saved values as text. */
export function productFormOf(entry: ProductAdminEntry): ProductForm {
  const terms = Object.fromEntries(
    termFields.map((field) => {
      const value = String(entry.terms[field]);
      return [field, termKinds[field].kind === 'amount' || termKinds[field].kind === 'percent' ? trimDecimal(value) : value];
    }),
  ) as Record<TermField, string>;
  return {
    id: entry.id,
    version: entry.version,
    kind: entry.kind,
    names: perLanguage(entry.names),
    descriptions: perLanguage(entry.descriptions),
    terms,
    payWith: entry.payWith.map((row) => ({ coinName: row.coinName, maxPercent: trimDecimal(row.maxPercent) })),
    perMemberLimit: String(entry.perMemberLimit),
    totalLimit: String(entry.totalLimit),
    isOnSale: entry.isOnSale,
    minGrade: entry.minGrade === null ? '' : String(entry.minGrade),
    isInviteOnly: entry.isInviteOnly,
    invitedUserNames: entry.invitedUserNames.join('\n'),
    sortOrder: String(entry.sortOrder),
  };
}

/** Member names from what was typed: split on commas, semicolons and white space, empty ones dropped, each once. */
export function parseUserNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，、]+/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
}

/** Locale keys under packages.errors. */
export type FormErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'descriptionTooLong'
  | 'amount'
  | 'pricePositive'
  | 'percent'
  | 'percentOver100'
  | 'releasePositive'
  | 'maxProfitRange'
  | 'integer'
  | 'unlockAfterTerm'
  | 'coin'
  | 'coinTwice'
  | 'payWithCount'
  | 'payWithTotal'
  | 'userNameTooLong'
  | 'tooManyUserNames'
  | 'invitedRequired';

export type FormErrors = Partial<Record<string, FormErrorKey>>;
export type SaveMapping = { ok: true; request: ProductSaveRequest } | { ok: false; errors: FormErrors };

const amountPattern = /^\d{1,12}(\.\d{1,6})?$/;
const percentPattern = /^\d{1,5}(\.\d{1,4})?$/;
const integerPattern = /^\d{1,9}$/;

/** A percent text the pattern passed, compared exactly in minor units (the contract's scale). */
const percentUnits = (value: string): bigint => parseAmount(value) ?? 0n;
/** 100 % in those units. */
const hundredPercent = 100n * unitMinor;

const isPositiveAmount = (value: string) => /[1-9]/.test(value);

function integerOf(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!integerPattern.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** The request to send, or the errors by field path ("names", "terms.price", "payWith.1.maxPercent"). */
export function toSaveRequest(form: ProductForm): SaveMapping {
  const errors: FormErrors = {};
  const isKnownCoin = (coin: string) => (coinNames as readonly string[]).includes(coin);

  // Only the languages filled in are sent: the portal falls back from a missing one.
  const names: Partial<Record<Language, string>> = {};
  const descriptions: Partial<Record<Language, string>> = {};
  for (const language of languages) {
    const name = form.names[language].trim();
    const description = form.descriptions[language].trim();
    if (name.length > packageLimits.nameCharsMax) errors[`names.${language}`] = 'nameTooLong';
    if (description.length > packageLimits.descriptionCharsMax) errors[`descriptions.${language}`] = 'descriptionTooLong';
    if (name !== '') names[language] = name;
    if (description !== '') descriptions[language] = description;
  }
  if (Object.keys(names).length === 0) errors.names = 'nameRequired';

  const terms: Record<string, string | number> = {};
  for (const field of termFields) {
    const rule = termKinds[field];
    const text = form.terms[field].trim();
    const path = `terms.${field}`;
    if (rule.kind === 'amount') {
      if (!amountPattern.test(text)) errors[path] = 'amount';
      else if (field === 'price' && !isPositiveAmount(text)) errors[path] = 'pricePositive';
      terms[field] = text;
    } else if (rule.kind === 'percent') {
      if (!percentPattern.test(text)) errors[path] = 'percent';
      else if (field === 'maxProfitPercent' && (percentUnits(text) === 0n || percentUnits(text) > BigInt(packageLimits.maxProfitPercentMax) * unitMinor))
        errors[path] = 'maxProfitRange';
      else if (field === 'releasePercent' && percentUnits(text) === 0n) errors[path] = 'releasePositive';
      // A guarantee may exceed the principal on purpose (the server allows it); fees and releases may not.
      else if (field !== 'maxProfitPercent' && field !== 'claimGuaranteePercent' && percentUnits(text) > hundredPercent) errors[path] = 'percentOver100';
      terms[field] = text;
    } else if (rule.kind === 'coin') {
      if (!isKnownCoin(text)) errors[path] = 'coin';
      terms[field] = text;
    } else {
      const value = integerOf(text, rule.min ?? 0, rule.max ?? Number.MAX_SAFE_INTEGER);
      if (value === null) errors[path] = 'integer';
      terms[field] = value ?? 0;
    }
  }
  if (!errors['terms.unlockDays'] && !errors['terms.contractDays'] && Number(terms.unlockDays) > Number(terms.contractDays)) {
    errors['terms.unlockDays'] = 'unlockAfterTerm';
  }

  const payWith = form.payWith.map((row) => ({ coinName: row.coinName.trim(), maxPercent: row.maxPercent.trim() }));
  if (payWith.length < 1 || payWith.length > payWithRowsMax) errors.payWith = 'payWithCount';
  const seen = new Set<string>();
  let coverage = 0n;
  payWith.forEach((row, index) => {
    if (!isKnownCoin(row.coinName)) errors[`payWith.${index}.coinName`] = 'coin';
    else if (seen.has(row.coinName)) errors[`payWith.${index}.coinName`] = 'coinTwice';
    seen.add(row.coinName);
    if (!percentPattern.test(row.maxPercent) || percentUnits(row.maxPercent) === 0n) errors[`payWith.${index}.maxPercent`] = 'percent';
    else if (percentUnits(row.maxPercent) > hundredPercent) errors[`payWith.${index}.maxPercent`] = 'percentOver100';
    else coverage += percentUnits(row.maxPercent);
  });
  // The shares together must reach 100 %, or no payment could ever cover the price.
  if (!errors.payWith && coverage < hundredPercent && !Object.keys(errors).some((key) => key.startsWith('payWith.'))) errors.payWith = 'payWithTotal';

  const perMemberLimit = integerOf(form.perMemberLimit, 0, perMemberLimitMax);
  if (perMemberLimit === null) errors.perMemberLimit = 'integer';
  const totalLimit = integerOf(form.totalLimit, 0, totalLimitMax);
  if (totalLimit === null) errors.totalLimit = 'integer';
  const sortOrder = integerOf(form.sortOrder, 0, sortOrderMax);
  if (sortOrder === null) errors.sortOrder = 'integer';

  // Grade and invitations apply to special products only; the other kinds send none.
  const isSpecial = form.kind === 'special';
  const minGrade = isSpecial ? (minGradeLevels.find((level) => String(level) === form.minGrade.trim()) ?? null) : null;
  if (isSpecial && form.minGrade.trim() !== '' && minGrade === null) errors.minGrade = 'integer';
  const invited = isSpecial && form.isInviteOnly ? parseUserNames(form.invitedUserNames) : [];
  if (invited.some((name) => name.length > userNameCharsMax)) errors.invitedUserNames = 'userNameTooLong';
  else if (invited.length > invitedUserNamesMax) errors.invitedUserNames = 'tooManyUserNames';
  else if (isSpecial && form.isInviteOnly && invited.length === 0) errors.invitedUserNames = 'invitedRequired';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      ...(form.id ? { id: form.id, version: form.version } : {}),
      kind: (packageKinds as readonly string[]).includes(form.kind) ? form.kind : 'normal',
      names,
      descriptions,
      terms: terms as ProductSaveRequest['terms'],
      payWith,
      perMemberLimit: perMemberLimit ?? 0,
      totalLimit: totalLimit ?? 0,
      isOnSale: form.isOnSale,
      minGrade,
      isInviteOnly: isSpecial && form.isInviteOnly,
      invitedUserNames: invited,
      sortOrder: sortOrder ?? 0,
    },
  };
}

/**
 * The form field a server error belongs to: the server names request fields the way the request
 * has them ("terms.price", "payWith.0.maxPercent", "names.en-US"), which are the form's paths.
 */
export function formFieldOf(serverField: string | undefined): string | null {
  if (!serverField) return null;
  if (serverField.startsWith('names')) return serverField === 'names' || /^names\.[a-zA-Z-]+$/.test(serverField) ? serverField : 'names';
  if (serverField.startsWith('descriptions.')) return serverField;
  if (/^terms\.\w+$/.test(serverField)) return serverField;
  if (/^payWith(\.\d+(\.(coinName|maxPercent))?)?$/.test(serverField)) return /^payWith\.\d+$/.test(serverField) ? 'payWith' : serverField;
  if (['perMemberLimit', 'totalLimit', 'sortOrder', 'minGrade', 'kind'].includes(serverField)) return serverField;
  if (serverField.startsWith('invitedUserNames')) return 'invitedUserNames';
  return null;
}

/** The name of a product in the reader's language, else en-US, else any (as the portal does). */
export function productName(names: Record<string, string>, language: string): string {
  return names[language] || names['en-US'] || Object.values(names).find((name) => name !== '') || '';
}
