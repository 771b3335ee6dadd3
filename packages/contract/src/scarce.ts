/**
 * Scarce goods (decision 025): purchase-code rushes (`/code`), flash sales of packages (`/package`,
 * `/index`) and shares (`/equity`).
 *
 * A rush or a flash sale is a "sale": a product, a price per item (it becomes the package
 * principal), a time window, a total and a per-member limit. The page counts down from
 * `serverTime`, never the phone's clock. The member arms a purchase with the transaction password
 * (`armPurchase`), which gives a short-lived, single-use permit; the purchase at the start carries
 * the permit instead of the password. Every refusal is a key the portal translates
 * (`scarce.<reason>`).
 */
import { z } from 'zod';
import { amountInput, amountInputOrZero, cursorInput } from './numbers.ts';

export const saleKinds = ['code', 'flash'] as const;
export type SaleKind = (typeof saleKinds)[number];

/** Why a purchase is refused; the server's error keys are `scarce.<reason>`. */
export const saleRefusalReasons = ['tooEarly', 'tooLate', 'soldOut', 'memberLimit', 'notEligible', 'permitInvalid', 'notFound', 'insufficientBalance'] as const;
export type SaleRefusalReason = (typeof saleRefusalReasons)[number];

export const scarceLimits = {
  /** Items in one sale. */
  totalMax: 1_000_000,
  perMemberMax: 1000,
  /** A sale window at most 30 days. */
  windowMsMax: 30 * 86_400_000,
  /** A permit lives this long after arming (or after the start, when armed before it). */
  permitMs: 10 * 60_000,
  pageSizeMax: 50,
  /** Shares: totals and per-member maximum. */
  sharesMax: 1_000_000_000,
  sharesPerBuyMax: 1_000_000,
  bonusPeriodHoursMax: 24 * 366,
} as const;

const transactionPassword = z
  .string('validation.enterTransactionPassword')
  .min(1, 'validation.enterTransactionPassword')
  .max(128, 'validation.enterTransactionPassword');
const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const pageSize = z.number().int().min(1).max(scarceLimits.pageSizeMax).default(20);
const userName = z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64);
const code = z.string('validation.enterActivationCode').trim().min(1, 'validation.enterActivationCode').max(32, 'validation.enterActivationCode');

export const saleEntry = z.object({
  id: z.string(),
  kind: z.enum(saleKinds),
  productId: z.string(),
  productName: z.string(),
  units: z.number().int(),
  price: z.string(),
  coinName: z.string(),
  total: z.number().int(),
  left: z.number().int(),
  perMemberLimit: z.number().int(),
  startsAt: z.number(),
  endsAt: z.number(),
  /** What the member bought of it so far. */
  bought: z.number().int(),
  /** Null when the member may take part; otherwise why not. */
  refusal: z.enum(saleRefusalReasons).nullable(),
  /** Until when the member's armed permit is valid; null when not armed (or used). */
  armedUntil: z.number().nullable(),
});
export type SaleEntry = z.output<typeof saleEntry>;
/** The sales open now or soon, with the server's clock for the countdown. */
export const saleListRequest = z.object({ kind: z.enum(saleKinds) });
export const saleListResponse = z.object({ serverTime: z.number(), items: z.array(saleEntry) });

export const armPurchaseRequest = z.object({ saleId: id, transactionPassword });
export const armPurchaseResponse = z.object({ permit: z.string(), expiresAt: z.number(), serverTime: z.number() });
export const salePurchaseRequest = z.object({ saleId: id, permit: z.string().min(16).max(128) });
export const salePurchaseResponse = z.object({ purchaseId: z.string(), codeId: z.string().nullable(), holdingId: z.string().nullable() });

/** A purchase code the member bought in a rush. */
export const purchaseCodeStates = ['notActivated', 'activated'] as const;
export const purchaseCodeEntry = z.object({
  id: z.string(),
  code: z.string(),
  productName: z.string(),
  units: z.number().int(),
  price: z.string(),
  coinName: z.string(),
  state: z.enum(purchaseCodeStates),
  /** Who the code was activated for: oneself, or the member it was given to. */
  activationUserName: z.string().nullable(),
  isGiven: z.boolean(),
  holdingId: z.string().nullable(),
  createdAt: z.number(),
  activatedAt: z.number().nullable(),
});
export const purchaseCodeRecordListRequest = z.object({ state: z.enum(purchaseCodeStates).optional(), cursor: cursorInput, pageSize });
export const purchaseCodeRecordListResponse = z.object({ items: z.array(purchaseCodeEntry), nextCursor: z.string().nullable() });
export const activatePurchaseCodeRequest = z.object({ code });
export const givePurchaseCodeRequest = z.object({ code, toUserName: userName });
export const purchaseCodeActivateResponse = z.object({ holdingId: z.string() });

/** Back-office: open a rush or a flash sale (audited). */
export const saleOpenRequest = z.object({
  kind: z.enum(saleKinds),
  productId: id,
  units: z.number().int().min(1).max(1000),
  price: amountInput,
  coinName: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']),
  total: z.number().int().min(1).max(scarceLimits.totalMax),
  perMemberLimit: z.number().int().min(1).max(scarceLimits.perMemberMax),
  minGrade: z.number().int().min(0).max(100).nullable(),
  isFlaggedOnly: z.boolean(),
  startsAt: z.number().int().min(0),
  endsAt: z.number().int().min(0),
  reason: z.string().trim().max(500).default(''),
});
export const saleAdminEntry = saleEntry
  .omit({ bought: true, refusal: true, armedUntil: true })
  .extend({ sold: z.number().int(), minGrade: z.number().nullable(), isFlaggedOnly: z.boolean(), createdAt: z.number() });
export type SaleAdminEntry = z.output<typeof saleAdminEntry>;
/** Back-office: every sale, newest first, paged; product names in the staff member's language. */
export const saleAdminListRequest = z.object({ kind: z.enum(saleKinds).optional(), cursor: cursorInput, pageSize });
export const saleAdminListResponse = z.object({ serverTime: z.number(), items: z.array(saleAdminEntry), nextCursor: z.string().nullable() });
/** Back-office: end a sale now (audited `scarce.saleClose`); a sale already ended is `scarce.alreadyEnded`. */
export const saleCloseRequest = z.object({
  saleId: id,
  reason: z.string('validation.enterReason').trim().min(1, 'validation.enterReason').max(500, 'validation.reasonTooLong'),
});

/** Shares (/equity). */
export const equityInfoResponse = z.object({
  isOpen: z.boolean(),
  price: z.string(),
  coinName: z.string(),
  totalIssued: z.number(),
  /** Shares sold and given as bonus so far. */
  sold: z.number(),
  maxPerMember: z.number(),
  bonusPerShare: z.string(),
  bonusPeriodHours: z.number(),
  purchased: z.number(),
  /** Bonus points received so far (the bonus rule pays points per share and period). */
  bonus: z.string(),
  totalOwned: z.number(),
});
export const equityBuyRequest = z.object({ shares: z.number().int().min(1).max(scarceLimits.sharesPerBuyMax), transactionPassword });
export const equityBuyResponse = z.object({ recordId: z.string() });
export const equityRecordKinds = ['buy', 'bonus'] as const;
export const equityRecordEntry = z.object({
  id: z.string(),
  kind: z.enum(equityRecordKinds),
  shares: z.number(),
  amount: z.string(),
  coinName: z.string(),
  period: z.number().nullable(),
  createdAt: z.number(),
});
export const equityRecordListRequest = z.object({ cursor: cursorInput, pageSize });
export const equityRecordListResponse = z.object({ items: z.array(equityRecordEntry), nextCursor: z.string().nullable() });
export const equityConfigSaveRequest = z.object({
  price: amountInput,
  coinName: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']),
  totalIssued: z.number().int().min(1).max(scarceLimits.sharesMax),
  maxPerMember: z.number().int().min(1).max(scarceLimits.sharesMax),
  /** 0 pays no bonus (the bonus job skips its periods). */
  bonusPerShare: amountInputOrZero,
  bonusPeriodHours: z.number().int().min(1).max(scarceLimits.bonusPeriodHoursMax),
  /** Whether members see and may buy shares (the setting `features.equityBuyStatus`); unchanged when absent. */
  isOpen: z.boolean().optional(),
  reason: z.string().trim().max(500).default(''),
});
/** Back-office: the share configuration for the form (`isConfigured` false: never saved, defaults shown). */
export const equityAdminConfig = equityInfoResponse.omit({ purchased: true, bonus: true, totalOwned: true }).extend({ isConfigured: z.boolean() });
export type EquityAdminConfig = z.output<typeof equityAdminConfig>;
