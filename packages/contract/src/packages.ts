/**
 * Packages (decision 020): insurance-style holdings bought with points. The principal is locked in
 * the member's fixed balance; the holding releases rewards (REWARD_POINT) each period until its
 * maximum reward or the end of its contract term; then the principal comes back to available.
 *
 * A product is the staff's catalogue entry; a holding copies the product's terms when it is sold
 * (and again when it is upgraded or refilled), so a later change of the product never changes a
 * holding that exists.
 *
 * Holding states (spec section 4): `fixed` (fixed term) -> `unlocked` (shown as flexible) ->
 * `expired` (terminated: term over, maximum reward reached, redeemed or claimed). A product the
 * member holds none of is `notPurchased`. Effectiveness: `pending` until `effectiveAt`, then
 * `active`; rewards are released only while active.
 *
 * Amounts are points at scale 6 as decimal strings; every point type pays at par (1 point of any
 * allowed type pays 1 point of price). Percentages are decimal strings (e.g. "0.5" = 0.5 %).
 */
import { z } from 'zod';
import { requestId } from './request-id.ts';
import { amountInput, cursorInput } from './numbers.ts';
import { recordRejectReasonCodes } from './wallet.ts';
import { languages } from './languages.ts';

export const packageKinds = ['normal', 'special', 'experience'] as const;
export type PackageKind = (typeof packageKinds)[number];

export const holdingStates = ['fixed', 'unlocked', 'expired'] as const;
export type HoldingState = (typeof holdingStates)[number];
/** The state a product shows to a member: their newest holding of it, or notPurchased. */
export const productMemberStates = ['notPurchased', ...holdingStates] as const;
export type ProductMemberState = (typeof productMemberStates)[number];

export const effectivenessStates = ['pending', 'active'] as const;
export type EffectivenessState = (typeof effectivenessStates)[number];

/** How a holding ended when it is expired; null while it lives. */
export const holdingEndReasons = ['term', 'maxReward', 'redeemed', 'transferred', 'claimed'] as const;
export type HoldingEndReason = (typeof holdingEndReasons)[number];

/** Where a holding came from. */
export const holdingSources = ['purchase', 'activation', 'transfer'] as const;

export const activationStates = ['notActivated', 'activated'] as const;
export const claimStates = ['pendingReview', 'approved', 'rejected'] as const;
export type ClaimState = (typeof claimStates)[number];
export const drawStates = ['notDrawn', 'drawn'] as const;
export const jackpotStates = ['inProgress', 'completed'] as const;

/** Every line of a holding's history (details page and payment records). */
export const holdingEventTypes = [
  'buy',
  'upgrade',
  'fill',
  'add',
  'fee',
  'premium',
  'release',
  'reinvest',
  'unlock',
  'expire',
  'redeem',
  'redeemFee',
  'transferOut',
  'transferIn',
  'activate',
  'claim',
  'prize',
] as const;
export type HoldingEventType = (typeof holdingEventTypes)[number];

/**
 * Why `checkBuyInsurance` (and a refused buy) says no, as codes the portal translates; the server's
 * refusals use the same words as error keys (`package.<reason>`).
 */
export const buyRefusalReasons = [
  'saleClosed',
  'notFound',
  'memberLimit',
  'totalLimit',
  'insufficientBalance',
  'grade',
  'notInvited',
  'experienceUsed',
  'paymentMix',
  'paymentTotal',
] as const;
export type BuyRefusalReason = (typeof buyRefusalReasons)[number];

/** Ceilings of what staff and members may enter (decision 008 style: every sum stays exact). */
export const packageLimits = {
  /** Units bought in one call. */
  quantityMax: 1000,
  contractDaysMax: 3650,
  releasePeriodHoursMax: 24 * 366,
  /** A product's maximum profit: 10,000 % of its price. */
  maxProfitPercentMax: 10_000,
  nameCharsMax: 80,
  descriptionCharsMax: 2000,
  pageSizeMax: 50,
  /** Winners of one jackpot draw. */
  winnersMax: 100,
  activationCodeChars: 16,
  /** History lines a details page returns per page. */
  eventsPageMax: 100,
} as const;

const transactionPassword = z
  .string('validation.enterTransactionPassword')
  .min(1, 'validation.enterTransactionPassword')
  .max(128, 'validation.enterTransactionPassword');
const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const pageSize = z.number().int().min(1).max(packageLimits.pageSizeMax).default(20);
const quantity = z
  .number('validation.quantityPositive')
  .int('validation.quantityPositive')
  .min(1, 'validation.quantityPositive')
  .max(packageLimits.quantityMax, 'validation.purchaseLimitExceeded');
const coinName = z.string().regex(/^[A-Z_]{2,20}$/);
const percent = z.string().regex(/^\d{1,5}(\.\d{1,4})?$/);
const amount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/);

/** What pays a price: per point type, its amount. The amounts add up to the price to pay. */
export const payment = z.object({ coinName, amount: amountInput });
export const payments = z.array(payment).min(1, 'validation.enterAmount').max(3);
export type Payment = z.infer<typeof payment>;

/** A point type that may pay a product's principal, and at most which share of it. */
export const payWithEntry = z.object({ coinName, maxPercent: percent });

/** The terms a holding is sold under (copied from the product at the sale). */
export const packageTerms = z.object({
  /** Principal of one unit, locked in the fixed balance. */
  price: amount,
  /** Insurance premium per unit, paid to the insurance pool (funds claims); not refunded. */
  premium: amount,
  /** Purchase fee per unit, paid to the platform (a share of it funds the jackpot). */
  fee: amount,
  /** The point type premium and fee are paid in. */
  feeCoinName: coinName,
  contractDays: z.number().int().min(1).max(packageLimits.contractDaysMax),
  /** Days after the start when the holding becomes unlocked (flexible); <= contractDays. */
  unlockDays: z.number().int().min(0).max(packageLimits.contractDaysMax),
  /** Hours after the purchase before rewards start (effectiveness pending -> active). */
  effectiveDelayHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  /** Reward per period, percent of the principal, paid in REWARD_POINT. */
  releasePercent: percent,
  releasePeriodHours: z.number().int().min(1).max(packageLimits.releasePeriodHoursMax),
  /** Rewards stop at price x maxProfitPercent / 100 ... */
  maxProfitPercent: percent,
  /** ... or at this amount per unit, whichever is lower ("0" = no absolute cap). */
  maxReward: amount,
  /** Redeem fee, percent of the principal, during the fixed term and once unlocked. */
  redeemFeePercent: percent,
  redeemFeeUnlockedPercent: percent,
  /** Insurance: a holding that ends by its term having released less than this percent of its principal may claim the difference ("0" = no claims). */
  claimGuaranteePercent: percent,
  /** Jackpot: the draw cycle in days the holding takes part in (0 = none). */
  drawCycleDays: z.number().int().min(0).max(366),
});
export type PackageTerms = z.infer<typeof packageTerms>;

/** One product of `matchingList`, in the caller's language. */
export const productEntry = z.object({
  id: z.string(),
  kind: z.enum(packageKinds),
  name: z.string(),
  description: z.string(),
  terms: packageTerms,
  payWith: z.array(payWithEntry),
  /** Units one member may hold in total over time (0 = no limit). */
  perMemberLimit: z.number().int(),
  /** Units that may be sold in total (0 = no limit), and sold so far. */
  totalLimit: z.number().int(),
  sold: z.number().int(),
  isOnSale: z.boolean(),
  /** Special products: the lowest grade that may buy (null = any), and whether an invitation is needed. */
  minGrade: z.number().int().nullable(),
  isInviteOnly: z.boolean(),
  /** The member's newest holding of it decides this. */
  memberState: z.enum(productMemberStates),
  /** Units the member bought so far (for the per-member limit). */
  memberUnits: z.number().int(),
  /** Whether the caller may buy now, and why not (the same answer as checkBuyInsurance for 1 unit). */
  canBuy: z.boolean(),
  refusal: z.enum(buyRefusalReasons).nullable(),
  sortOrder: z.number().int(),
});
export type ProductEntry = z.infer<typeof productEntry>;
export const productListResponse = z.object({ items: z.array(productEntry), autoTopUp: z.boolean() });

export const principalEntry = z.object({ coinName: z.string(), amount: z.string() });

/** One holding of `buyMatchingList` and the head of `insuranceDetailInfo`. */
export const holdingEntry = z.object({
  id: z.string(),
  number: z.string(),
  productId: z.string(),
  productName: z.string(),
  kind: z.enum(packageKinds),
  units: z.number().int(),
  /** Principal locked now, in total and per point type (the fixed balance it holds). */
  principal: z.string(),
  principals: z.array(principalEntry),
  terms: packageTerms,
  /** The reward cap of this holding (min of the ratio and the absolute cap, times units). */
  rewardCap: z.string(),
  released: z.string(),
  state: z.enum(holdingStates),
  effectiveness: z.enum(effectivenessStates),
  endReason: z.enum(holdingEndReasons).nullable(),
  source: z.enum(holdingSources),
  startedAt: z.number(),
  effectiveAt: z.number(),
  unlockAt: z.number(),
  expiresAt: z.number(),
  endedAt: z.number().nullable(),
  nextReleaseAt: z.number().nullable(),
  /** Whether a claim may be filed now, and the claim's amount. */
  claimable: z.string().nullable(),
  createdAt: z.number(),
});
export type HoldingEntry = z.infer<typeof holdingEntry>;

export const holdingListRequest = z.object({ state: z.enum(holdingStates).optional(), cursor: cursorInput, pageSize });
export const holdingListResponse = z.object({ items: z.array(holdingEntry), nextCursor: z.string().nullable() });

export const holdingEvent = z.object({
  id: z.string(),
  type: z.enum(holdingEventTypes),
  coinName: z.string(),
  /** Signed from the member's view: negative when points left the member. */
  amount: z.string(),
  /** For release: the period number; for upgrade: the product before; for transfers: the other member. */
  detail: z.string().nullable(),
  at: z.number(),
});
export type HoldingEvent = z.infer<typeof holdingEvent>;
export const holdingDetailRequest = z.object({ holdingId: id, cursor: cursorInput });
export const holdingDetailResponse = z.object({
  holding: holdingEntry,
  events: z.array(holdingEvent),
  nextCursor: z.string().nullable(),
  /**
   * The reward released so far at the end of each of the last 30 days, oldest first, today last
   * (decision 041: the release chart); days start at `day` (ms) in the community's time zone.
   * Only on the first page (no cursor); later pages give an empty list.
   */
  releaseDays: z.array(z.object({ day: z.number(), released: z.string() })),
});

/** Payment records (every money line of every holding of the member), newest first. */
export const paymentRecordListRequest = z.object({ type: z.enum(holdingEventTypes).optional(), cursor: cursorInput, pageSize });
export const paymentRecordEntry = holdingEvent.extend({ holdingId: z.string(), holdingNumber: z.string(), productName: z.string() });
export const paymentRecordListResponse = z.object({ items: z.array(paymentRecordEntry), nextCursor: z.string().nullable() });

export const checkBuyRequest = z.object({ productId: id, quantity });
export const checkBuyResponse = z.object({
  isAllowed: z.boolean(),
  reason: z.enum(buyRefusalReasons).nullable(),
  /** What one purchase of `quantity` costs: principal (payable in the mix), premium and fee (in feeCoinName). */
  principal: z.string(),
  premium: z.string(),
  fee: z.string(),
  /** Units the member may still buy and units left in total (null = no limit). */
  memberRemaining: z.number().int().nullable(),
  totalRemaining: z.number().int().nullable(),
});

export const buyRequest = z.object({ productId: id, quantity, payments, transactionPassword });
export const holdingIdResponse = z.object({ holdingId: z.string() });
export const upgradeRequest = z.object({ holdingId: id, toProductId: id, payments, transactionPassword });
/** Refill an expired holding (top-up, `fillingPositions`): the same units again under the product's current terms. */
export const fillRequest = z.object({ holdingId: id, payments, transactionPassword });
/** Add units to a live holding (`addWarehouse`). */
export const addRequest = z.object({ holdingId: id, quantity, payments, transactionPassword });

export const redeemFeeRequest = z.object({ holdingId: id });
export const redeemFeeResponse = z.object({
  feePercent: z.string(),
  principal: z.string(),
  fee: z.string(),
  /** Per point type: principal, fee and what comes back to available. */
  lines: z.array(z.object({ coinName: z.string(), principal: z.string(), fee: z.string(), receive: z.string() })),
  receive: z.string(),
});
export const redeemRequest = z.object({ holdingId: id, transactionPassword });
export const holdingTransferRequest = z.object({
  holdingId: id,
  toUserName: z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64),
  transactionPassword,
});
export const autoTopUpRequest = z.object({ status: z.boolean() });

/** Activation codes: buy a package for someone (a code), activated by a member name and the code. */
export const activationCodeBuyRequest = z.object({ productId: id, quantity, payments, transactionPassword });
export const activationCodeEntry = z.object({
  id: z.string(),
  /** Shown in full only to its buyer. */
  code: z.string(),
  productId: z.string(),
  productName: z.string(),
  units: z.number().int(),
  principal: z.string(),
  state: z.enum(activationStates),
  activationUserName: z.string().nullable(),
  activatedAt: z.number().nullable(),
  holdingId: z.string().nullable(),
  createdAt: z.number(),
});
export const activationCodeBuyResponse = activationCodeEntry;
export const activationCodeListRequest = z.object({ state: z.enum(activationStates).optional(), cursor: cursorInput, pageSize });
export const activationCodeListResponse = z.object({ items: z.array(activationCodeEntry), nextCursor: z.string().nullable() });
export const activationCodeActivateRequest = z.object({
  /** The member the package is for (oneself or another). */
  userName: z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64),
  code: z.string('validation.enterActivationCode').trim().min(1, 'validation.enterActivationCode').max(32, 'validation.enterActivationCode'),
});

/** Insurance claims. */
export const claimCreateRequest = z.object({ holdingId: id });
export const claimEntry = z.object({
  id: z.string(),
  holdingId: z.string(),
  holdingNumber: z.string(),
  productName: z.string(),
  amount: z.string(),
  coinName: z.string(),
  state: z.enum(claimStates),
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export const claimListRequest = z.object({ cursor: cursorInput, pageSize });
export const claimListResponse = z.object({ items: z.array(claimEntry), nextCursor: z.string().nullable() });

/**
 * Jackpot draws: each cycle publishes sha256(seed) when it opens and the seed when it is drawn;
 * anyone can recompute the winners (`drawWinners` in draw.ts, `npm run jackpot:verify`).
 */
export const jackpotCycleEntry = z.object({
  id: z.string(),
  number: z.number().int(),
  startsAt: z.number(),
  endsAt: z.number(),
  /** hex sha256 of the seed, published at the start. */
  seedCommitment: z.string(),
  /** hex seed, published once drawn. */
  seed: z.string().nullable(),
  drawState: z.enum(drawStates),
  state: z.enum(jackpotStates),
  pool: z.string(),
  coinName: z.string(),
  eligibleCount: z.number().int(),
  winners: z.array(z.object({ holdingNumber: z.string(), userName: z.string(), prize: z.string() })),
});
export type JackpotCycleEntry = z.infer<typeof jackpotCycleEntry>;
export const jackpotInfoResponse = z.object({
  /** What the pool holds now (the next draw pays prizePercent of it). */
  pool: z.string(),
  coinName: z.string(),
  current: jackpotCycleEntry.nullable(),
  recent: z.array(jackpotCycleEntry),
});
/** The member's own jackpot records: each cycle one of their holdings took part in. */
export const jackpotRecordEntry = z.object({
  cycleId: z.string(),
  cycleNumber: z.number().int(),
  holdingNumber: z.string(),
  drawState: z.enum(drawStates),
  state: z.enum(jackpotStates),
  isWinner: z.boolean(),
  prize: z.string(),
  endsAt: z.number(),
});
export const jackpotRecordListRequest = z.object({ cursor: cursorInput, pageSize });
export const jackpotRecordListResponse = z.object({ items: z.array(jackpotRecordEntry), nextCursor: z.string().nullable() });

// ---- Back-office: the catalogue ----

// Partial: a product needs one language at least, not all five (a zod 4 record over an enum wants every key).
const translatedText = (max: number) => z.partialRecord(z.enum(languages), z.string().max(max)).refine((v) => Object.keys(v).length > 0);

export const productAdminEntry = z.object({
  id: z.string(),
  kind: z.enum(packageKinds),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  terms: packageTerms,
  payWith: z.array(payWithEntry),
  perMemberLimit: z.number().int(),
  totalLimit: z.number().int(),
  sold: z.number().int(),
  isOnSale: z.boolean(),
  minGrade: z.number().int().nullable(),
  isInviteOnly: z.boolean(),
  /** Member names invited to an invite-only special product. */
  invitedUserNames: z.array(z.string()),
  sortOrder: z.number().int(),
  version: z.number().int(),
  updatedAt: z.number(),
});
export type ProductAdminEntry = z.infer<typeof productAdminEntry>;
export const productSaveRequest = z.object({
  /** Absent: a new product. */
  id: id.optional(),
  /** The version read; a save over a newer version is refused (config.staleVersion). */
  version: z.number().int().min(0).optional(),
  kind: z.enum(packageKinds),
  names: translatedText(packageLimits.nameCharsMax),
  descriptions: z.partialRecord(z.enum(languages), z.string().max(packageLimits.descriptionCharsMax)),
  terms: packageTerms,
  payWith: z.array(payWithEntry).min(1).max(3),
  perMemberLimit: z.number().int().min(0).max(1_000_000),
  totalLimit: z.number().int().min(0).max(100_000_000),
  isOnSale: z.boolean(),
  minGrade: z.number().int().min(-1).max(5).nullable(),
  isInviteOnly: z.boolean(),
  invitedUserNames: z.array(z.string().max(64)).max(1000),
  sortOrder: z.number().int().min(0).max(10_000),
  // Kept here as well as added by staffWriteEndpoint: the server's catalogue types its input from this schema.
  requestId,
});
export const productAdminListResponse = z.array(productAdminEntry);
export const holdingAdminListRequest = z.object({
  userName: z.string().max(64).optional(),
  state: z.enum(holdingStates).optional(),
  cursor: cursorInput,
  pageSize,
});
export const holdingAdminEntry = holdingEntry.extend({ userName: z.string() });
export const holdingAdminListResponse = z.object({ items: z.array(holdingAdminEntry), nextCursor: z.string().nullable() });
export const jackpotAdminListResponse = z.array(jackpotCycleEntry);
