/**
 * The member wallet: records, exchange and transfer. Money-moving calls carry a client-made
 * `requestId` (kept across retries of one submission) and the transaction password.
 */
import { z } from 'zod';
import { amountInput, cursorInput, timeFilterMs, divideRounded, formatMinor, multiplyRate, parsePoints, unitMinor } from './numbers.ts';
import { bonusCause } from './plan.ts';

export const coinNames = ['USDT', 'ASSETS_POINT', 'REWARD_POINT'] as const;
export type CoinName = (typeof coinNames)[number];

/** Transaction types of spec section 3; they are the ledger's transfer codes. */
export const transactionTypes = [
  'deposit',
  'withdraw',
  'airdrop',
  'underweight',
  'makeOver',
  'withdrawFee',
  'convert',
  'convertFee',
  'prizePoolBonus',
  'managerBonus',
  'sameLevelReward',
  'buyMatching',
  'rankingBonus',
  'sponsorshipBonus',
  'directBonus',
  'bonusFee',
  'algebraicBonus',
  'bonusFeeBonus',
  'internalTransfer',
  'performanceBonus',
  'activateBonus',
  // Packages (decision 020); the spec names no type for these movements.
  'packageFee',
  'packageRelease',
  'redeem',
  'redeemFee',
  'claimPayout',
  // The plan's purchase matching bonus (decision 022): buyMatching already names a package purchase.
  'buyMatchingBonus',
  // Scarce goods (decision 025): a rush code, a flash-sale package, shares bought, the share bonus.
  'purchaseCodeBuy',
  'flashSaleBuy',
  'equityBuy',
  'equityBonus',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Transaction statuses of spec section 4. */
export const transactionStatuses = [
  'success',
  'pendingReview',
  'pendingDisbursement',
  'withdrawalRejected',
  'processing',
  'notReceived',
  'failed',
  // A voided hold says why it was voided: the member cancelled it, or staff rejected it (with a reason).
  'cancelled',
  'rejected',
] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * How a record moved the member's money: points came in, went out, or moved between two of the
 * member's own accounts (available to fixed for a package principal), which changes neither the
 * total nor the member's wealth.
 */
export const recordMovements = ['in', 'out', 'move'] as const;
export type RecordMovement = (typeof recordMovements)[number];
export const memberAccountPurposes = ['available', 'fixed'] as const;
/**
 * Why staff rejected something, as a code the member reads translated, by the kind of item
 * rejected: a reason only makes sense for what it talks about, so a withdrawal is never refused
 * for an unreadable receipt (it has none) and a deposit never for a wrong destination.
 * - deposit: what staff check on a member's money coming in: that it arrived, the receipt, the amount.
 * - withdrawal: what staff check on money going out: the destination (bank account or address),
 *   the account holder's name against the member's, and the identity or compliance check a
 *   reviewer runs by hand. No "limit exceeded": the server refuses an order over the limits when
 *   it is made, so no reviewer meets one.
 * - general: every other queue (exchanges, staff adjustments, package claims, setting changes)
 *   has no document or destination to fault, only the reasons every item shares.
 * `duplicate`, `suspectedFraud` and `other` belong to every kind.
 */
export const rejectReasonCodesByKind = {
  deposit: ['notReceived', 'receiptUnreadable', 'amountMismatch', 'duplicate', 'suspectedFraud', 'other'],
  withdrawal: ['destinationInvalid', 'nameMismatch', 'complianceCheck', 'suspectedFraud', 'duplicate', 'other'],
  general: ['suspectedFraud', 'duplicate', 'other'],
} as const;
export type RejectReasonKind = keyof typeof rejectReasonCodesByKind;
/** Every reason code of every kind: what a stored rejection may carry, and what the member's lists show. */
export const recordRejectReasonCodes = [
  'notReceived',
  'receiptUnreadable',
  'amountMismatch',
  'destinationInvalid',
  'nameMismatch',
  'complianceCheck',
  'duplicate',
  'suspectedFraud',
  'other',
] as const;
export type RejectReasonCode = (typeof recordRejectReasonCodes)[number];
/** The longest note staff may add to a rejection's code, in characters. */
export const rejectNoteCharsMax = 500;
/**
 * Why something was rejected, as it travels from the staff's decision through the services to the
 * member's answer and into the audit trail: a code of the item's kind, which the member reads
 * translated, and the staff member's own words (empty when they wrote none). Never joined into one string.
 */
export const rejectReason = z.object({ code: z.enum(recordRejectReasonCodes), note: z.string().max(rejectNoteCharsMax) });
export type RejectReason = z.infer<typeof rejectReason>;
/** The review queues whose items are not of the general kind; a queue not named here is general. */
const reviewQueueReasonKinds: Readonly<Record<string, RejectReasonKind>> = { bankDeposit: 'deposit', chainDeposit: 'deposit', withdrawal: 'withdrawal' };
export const rejectReasonKindOf = (queue: string): RejectReasonKind => reviewQueueReasonKinds[queue] ?? 'general';
/** The reason codes an item of `queue` may be rejected with. */
export const rejectReasonCodesFor = (queue: string): readonly RejectReasonCode[] => rejectReasonCodesByKind[rejectReasonKindOf(queue)];
/** The codes every one of `queues` accepts, in the first queue's order: what one rejection of a mixed batch may use. */
export const rejectReasonCodesCommonTo = (queues: readonly string[]): readonly RejectReasonCode[] => {
  const [first, ...rest] = queues;
  if (first === undefined) return [];
  return rejectReasonCodesFor(first).filter((code) => rest.every((queue) => rejectReasonCodesFor(queue).includes(code)));
};

export const walletLimits = { pageSizeMax: 50 } as const;

const transactionPassword = z.string('validation.enterTransactionPassword').min(1, 'validation.enterTransactionPassword').max(128);
const cursor = cursorInput;
const pageSize = z.number().int().min(1).max(walletLimits.pageSizeMax).default(20);

/** The longest reference searched for: a request id or record id is a UUID, an exchange number or a hash shorter still. */
export const recordReferenceCharsMax = 100;
const recordReference = z
  .string()
  .trim()
  .min(1, 'validation.enterValidValue')
  .max(recordReferenceCharsMax, 'validation.enterValidValue')
  .regex(/^[\w.:-]+$/, 'validation.enterValidValue');

export const recordListRequest = z.object({
  status: z.enum(transactionStatuses).optional(),
  type: z.enum(transactionTypes).optional(),
  coinName: z.enum(coinNames).optional(),
  fromMs: timeFilterMs,
  toMs: timeFilterMs,
  /** Only records of this amount (either sign), as typed (decision 092). */
  amount: amountInput.optional(),
  /** Only the records a reference names: a record id, the request id of the member's action, or the id or number of what made it (decision 092). */
  reference: recordReference.optional(),
  cursor,
  pageSize,
});
export const recordEntry = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  coinName: z.string(),
  /** Signed: negative when points left the member's balance. */
  amount: z.string(),
  status: z.enum(transactionStatuses),
  createdAt: z.number(),
  /** Kept for older clients; newer ones show the structured fields below and this only for staff adjustments. */
  memo: z.string(),
  movement: z.enum(recordMovements),
  /** For a move: the member's account the points left and the one they reached. */
  fromAccount: z.enum(memberAccountPurposes).nullable(),
  toAccount: z.enum(memberAccountPurposes).nullable(),
  /** For a cancelled or rejected hold: the amount given back to the available balance. */
  returned: z.string().nullable(),
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  /** The reviewer's own words, when they wrote any. */
  rejectReason: z.string().nullable(),
  /** The exchange a convert record belongs to; the client names it by its two point types. */
  exchange: z.object({ number: z.string(), sourceCoin: z.string(), targetCoin: z.string() }).nullable(),
  /** The other member of a transfer (user name). */
  counterparty: z.string().nullable(),
  /** For a plan bonus (decision 022): what caused it. */
  bonus: bonusCause.nullable().optional(),
});
export type RecordEntry = z.infer<typeof recordEntry>;
export const recordListResponse = z.object({ items: z.array(recordEntry), nextCursor: z.string().nullable() });
export const recordTypeListResponse = z.array(z.object({ type: z.enum(transactionTypes) }));

/**
 * A month's statement (decision 092): per point type, the balance of all the member's accounts of
 * the type (available, frozen and fixed) at the month's start and end, what came in and what went
 * out in between, and the posted movements themselves, oldest first, each with the type's balance
 * after it. Months run in `communityMonthTimeZone`. opening + credits - debits = closing, and both
 * balances are the ledger's posted balances at those instants. At most `statementLinesMax` lines
 * are listed (`isTruncated` then); the figures always cover the whole month.
 */
export const statementLinesMax = 2000;
/** The first month a statement may be asked for; the last is the current one. */
export const statementFirstMonth = '2000-01';
export const statementMonth = z
  .string('validation.enterValidValue')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.enterValidValue')
  .refine((v) => v >= statementFirstMonth, 'validation.enterValidValue');
export const recordStatementRequest = z.object({ month: statementMonth });
export const statementCoin = z.object({ coinName: z.string(), opening: z.string(), credits: z.string(), debits: z.string(), closing: z.string() });
export const statementLine = z.object({
  id: z.string(),
  createdAt: z.number(),
  type: z.enum(transactionTypes),
  coinName: z.string(),
  /** Signed: negative when points left the member. */
  amount: z.string(),
  /** The point type's balance after this line. */
  balance: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;
export const recordStatementResponse = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** The month's first instant and the next month's, ms. */
  fromMs: z.number(),
  toMs: z.number(),
  coins: z.array(statementCoin),
  lines: z.array(statementLine),
  isTruncated: z.boolean(),
});
export type RecordStatement = z.infer<typeof recordStatementResponse>;

export const exchangeType = z.object({
  exchangeType: z.string(),
  sourceCoin: z.enum(coinNames),
  targetCoin: z.enum(coinNames),
  /** Target points per source point, decimal string. */
  rate: z.string(),
  feePercent: z.string(),
  minimum: z.string(),
  multipleOf: z.string(),
});
export type ExchangeType = z.infer<typeof exchangeType>;
export const exchangeCreateRequest = z.object({
  exchangeType: z.string('validation.chooseExchangeType').min(1, 'validation.chooseExchangeType').max(40),
  amount: amountInput,
  transactionPassword,
});
export const exchangeStatuses = ['pendingReview', 'approved', 'rejected', 'cancelled'] as const;
export const exchangeEntry = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.number(),
  exchangeType: z.string(),
  sourceCoin: z.string(),
  targetCoin: z.string(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  minimum: z.string(),
  status: z.enum(exchangeStatuses),
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  rejectReason: z.string().nullable(),
});
export type ExchangeEntry = z.infer<typeof exchangeEntry>;
export const exchangeListRequest = z.object({ cursor, pageSize });
export const exchangeListResponse = z.object({ items: z.array(exchangeEntry), nextCursor: z.string().nullable() });
/** The new exchange; `status` says whether it waits for staff or was approved at once (below exchange.autoApproveBelow). */
export const exchangeCreateResponse = z.object({ id: z.string(), status: z.enum(['pendingReview', 'approved']) });
export const exchangeCancelRequest = z.object({ exchangeId: z.string().max(64) });

export const transferConfig = z.object({
  transferTypes: z.array(z.literal('internalTransfer')),
  coins: z.array(z.enum(coinNames)),
  feePercent: z.string(),
  bonusPercent: z.string(),
  minimum: z.string(),
});
export type TransferConfig = z.infer<typeof transferConfig>;
export const transferCreateRequest = z.object({
  transferType: z.literal('internalTransfer'),
  toUserName: z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64),
  coinName: z.enum(coinNames, 'validation.choosePointType'),
  amount: amountInput,
  transactionPassword,
});
export const transferEntry = z.object({
  id: z.string(),
  createdAt: z.number(),
  direction: z.enum(['in', 'out']),
  fromUserName: z.string(),
  toUserName: z.string(),
  coinName: z.string(),
  amount: z.string(),
  fee: z.string(),
  bonus: z.string(),
  status: z.enum(['success']),
});
export type TransferEntry = z.infer<typeof transferEntry>;
export const transferListRequest = z.object({ direction: z.enum(['in', 'out']).optional(), cursor, pageSize });
export const transferListResponse = z.object({ items: z.array(transferEntry), nextCursor: z.string().nullable() });

/**
 * The recipient check before a transfer (decision 093): the member named, masked, and a drawn
 * avatar (no member uploads one: the name's first letter on a colour of their own). Counted per
 * member in the database (`transferLimits`), so it cannot list the members cheaply.
 */
export const transferLimits = { recipientChecksPerWindowMax: 30, recipientCheckWindowMs: 10 * 60_000, recentRecipientsMax: 5 } as const;
export const transferRecipientCheckRequest = z.object({ toUserName: transferCreateRequest.shape.toUserName });
export const recipientAvatar = z.object({ initial: z.string(), hue: z.number().int().min(0).max(359) });
export const transferRecipientCheckResponse = z.object({
  /** Null when no member has this name. */
  recipient: z.object({ maskedName: z.string(), avatar: recipientAvatar }).nullable(),
  /** The name is the member's own. */
  isSelf: z.boolean(),
});
export type TransferRecipientCheck = z.infer<typeof transferRecipientCheckResponse>;
/** The members this member last sent to, newest first, each once: their own history, so named in full. */
export const transferRecentRecipientsResponse = z.array(z.object({ userName: z.string(), avatar: recipientAvatar, lastSentAt: z.number() }));
export type RecentRecipient = z.infer<typeof transferRecentRecipientsResponse>[number];
export const idResponse = z.object({ id: z.string() });

/** Reward transfer codes: what counts as a member's revenue. */
export const revenueTypes = [
  'prizePoolBonus',
  'managerBonus',
  'sameLevelReward',
  'rankingBonus',
  'sponsorshipBonus',
  'directBonus',
  'algebraicBonus',
  'performanceBonus',
  'activateBonus',
  'bonusFeeBonus',
  'packageRelease',
  'buyMatchingBonus',
] as const satisfies readonly TransactionType[];
export const revenueSummaryResponse = z.array(z.object({ coinName: z.string(), total: z.string() }));

/**
 * The member's closing balance of each point type at the end of each of the last 30 or 90 days
 * (decision 041): all of the member's accounts of the type (available, frozen and fixed), read
 * back from the ledger's posted movements. Days run midnight to midnight in `timeZone`; `days`
 * holds each day's start (ms), oldest first, today last (its balance is the current one).
 */
export const balanceHistoryDays = [30, 90] as const;
export const balanceHistoryRequest = z.object({ days: z.literal(balanceHistoryDays, 'validation.enterValidValue') });
export const balanceHistoryResponse = z.object({
  timeZone: z.string(),
  days: z.array(z.number()),
  coins: z.array(z.object({ coinName: z.string(), balances: z.array(z.string()) })),
});
export type BalanceHistory = z.infer<typeof balanceHistoryResponse>;

/**
 * assetsValue: every balance (available + frozen + fixed) valued in USDT, and their sum. A point
 * type is valued at the exchange rate staff configured for it (`exchange.types`, before the
 * exchange's fee: the fee is the price of converting, not of holding); a point type with no
 * exchange to or from USDT has `value` null and is listed, never guessed.
 */
export const assetValueEntry = z.object({
  coinName: z.string(),
  total: z.string(),
  /** USDT per point; null when no rate is configured. */
  rate: z.string().nullable(),
  value: z.string().nullable(),
});
export const assetsValueResponse = z.object({
  currency: z.literal('USDT'),
  /** The sum of the valued balances, in USDT. */
  total: z.string(),
  coins: z.array(assetValueEntry),
  /** Point types held (total above 0) with no rate: not in `total`. */
  unvaluedCoins: z.array(z.string()),
});
export type AssetsValue = z.infer<typeof assetsValueResponse>;

/**
 * The USDT value of `total` minor units of `coinName`, from the configured exchange types: an
 * exchange from the point type to USDT gives USDT per point directly; failing that, one from USDT
 * to it gives points per USDT, divided. Rounded down, so the total never shows more than the
 * rates give. Null when neither exists (or a rate is 0 or malformed).
 */
export function usdtValueOf(
  coinName: string,
  total: bigint,
  types: ReadonlyArray<Pick<ExchangeType, 'sourceCoin' | 'targetCoin' | 'rate'>>,
): { rate: string; value: bigint } | null {
  if (coinName === 'USDT') return { rate: '1', value: total };
  const direct = types.find((t) => t.sourceCoin === coinName && t.targetCoin === 'USDT');
  if (direct) {
    const value = multiplyRate(total, direct.rate);
    const rate = parsePoints(direct.rate);
    if (value !== null && rate !== null && rate > 0n) return { rate: direct.rate, value };
  }
  const inverse = types.find((t) => t.sourceCoin === 'USDT' && t.targetCoin === coinName);
  const pointsPerUsdt = inverse ? parsePoints(inverse.rate) : null;
  if (pointsPerUsdt === null || pointsPerUsdt <= 0n) return null;
  // rate of one point in USDT, shown at the points scale; the value divides exactly once.
  return {
    rate: formatMinor(divideRounded(unitMinor * unitMinor, pointsPerUsdt, 'down')),
    value: divideRounded(total * unitMinor, pointsPerUsdt, 'down'),
  };
}

/** The whole assetsValue answer from the balances and the configured exchange types. */
export function assetsValueOf(
  balances: ReadonlyArray<{ coinName: string; assetsTotal: string }>,
  types: ReadonlyArray<Pick<ExchangeType, 'sourceCoin' | 'targetCoin' | 'rate'>>,
): AssetsValue {
  let sum = 0n;
  const unvaluedCoins: string[] = [];
  const coins = balances.map((b) => {
    const total = parsePoints(b.assetsTotal) ?? 0n;
    const valued = usdtValueOf(b.coinName, total, types);
    if (valued) sum += valued.value;
    else if (total > 0n) unvaluedCoins.push(b.coinName);
    return { coinName: b.coinName, total: b.assetsTotal, rate: valued?.rate ?? null, value: valued ? formatMinor(valued.value) : null };
  });
  return { currency: 'USDT', total: formatMinor(sum), coins, unvaluedCoins };
}
