/**
 * Withdrawals (decision 019): on chain (USDT on BEP20 or TRC20) to one of the member's wallet
 * addresses, or to one of their bank accounts. The amount plus the fee are held (frozen) at the
 * request, with the transaction password; staff approve (four-eyes above the review threshold)
 * or reject (the hold is voided); then the order is paid out: BEP20 automatically from the hot
 * wallet within its limits, or by staff (a pasted transaction hash the server checks on chain,
 * or a bank reference), and only then are the holds posted.
 *
 * Status (spec section 4): pendingReview -> pendingDisbursement -> processing -> success, or
 * rejected from pendingReview or pendingDisbursement. A failed automatic payout goes back to
 * pendingDisbursement with its error, the hold untouched.
 */
import { z } from 'zod';
import { amountInput, currencyAmountOf, cursorInput, divideRounded, minorOf, parseAmount, unitMinor } from './numbers.ts';
import { withdrawalChains } from './chain-address.ts';
import { recordRejectReasonCodes, rejectNoteCharsMax } from './wallet.ts';

export const withdrawalChannels = ['chain', 'bank'] as const;
export type WithdrawalChannel = (typeof withdrawalChannels)[number];

export const withdrawalStatuses = ['pendingReview', 'pendingDisbursement', 'processing', 'success', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** How an order was paid: the hot wallet, staff pasting a hash of their own transfer, or a bank transfer. */
export const payoutMethods = ['hotWallet', 'manualChain', 'bank'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export const withdrawalLimits = {
  pageSizeMax: 50,
  bankReferenceCharsMax: 64,
} as const;

const transactionPassword = z
  .string('validation.enterTransactionPassword')
  .min(1, 'validation.enterTransactionPassword')
  .max(128, 'validation.enterTransactionPassword');
const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const withdrawalType = z.string('validation.chooseWithdrawalType').regex(/^[A-Z0-9_]{2,40}$/, 'validation.chooseWithdrawalType');

/**
 * One withdrawal type of `configList` (the staff setting `withdrawal.types`). Amounts are in the
 * type's points (USDT). fee = feeFixed + amount x feePercent / 100, rounded up to the minor unit;
 * the member's balance must cover amount + fee. multipleOf "0" means no step.
 */
export const withdrawalTypeEntry = z.object({
  withdrawalType: z.string(),
  channel: z.enum(withdrawalChannels),
  /** The chain of an on-chain type; null for a bank type. */
  chain: z.enum(withdrawalChains).nullable(),
  coinName: z.string(),
  feeFixed: z.string(),
  feePercent: z.string(),
  minimum: z.string(),
  maximum: z.string(),
  multipleOf: z.string(),
  /** A bank type pays out in this currency at `rate` units per point; null for a chain type. */
  currency: z.string().nullable(),
  rate: z.string().nullable(),
});
export type WithdrawalTypeEntry = z.infer<typeof withdrawalTypeEntry>;
export const withdrawalConfigListResponse = z.object({ types: z.array(withdrawalTypeEntry) });

/** The withdraw page's summary: what the member can withdraw now and what is on its way. */
export const withdrawalInfoResponse = z.object({
  coinName: z.string(),
  available: z.string(),
  frozen: z.string(),
  /** Amount + fee of the member's orders not yet paid or rejected. */
  pendingTotal: z.string(),
  pendingCount: z.number().int(),
  /** How many such orders a member may have at once (withdrawal.pendingMax): the page says so before the form. */
  pendingMax: z.number().int(),
});

/** bscWithdrawal: on chain, to one of the member's wallet addresses (of the type's chain). */
export const chainWithdrawalRequest = z.object({
  withdrawalType,
  amount: amountInput,
  addressId: z.string('validation.chooseAddress').regex(/^[A-Za-z0-9-]{1,64}$/, 'validation.chooseAddress'),
  transactionPassword,
});
/** withdrawal: to one of the member's bank accounts. */
export const bankWithdrawalRequest = z.object({
  withdrawalType,
  amount: amountInput,
  bankAccountId: z.string('validation.chooseBankAccount').regex(/^[A-Za-z0-9-]{1,64}$/, 'validation.chooseBankAccount'),
  transactionPassword,
});
export const withdrawalCreateResponse = z.object({ id: z.string(), number: z.string(), status: z.literal('pendingReview') });

export const withdrawalListRequest = z.object({
  status: z.enum(withdrawalStatuses).optional(),
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(withdrawalLimits.pageSizeMax).default(20),
});

export const withdrawalOrder = z.object({
  id: z.string(),
  number: z.string(),
  withdrawalType: z.string(),
  channel: z.enum(withdrawalChannels),
  chain: z.enum(withdrawalChains).nullable(),
  coinName: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** Where it goes: the address, or the bank account number (letters and digits). */
  destination: z.string(),
  /** For a bank order: the bank and the account holder; null on chain. */
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  /** For a bank order: what the member receives in `currency`. */
  currency: z.string().nullable(),
  localAmount: z.string().nullable(),
  status: z.enum(withdrawalStatuses),
  /** On chain once paid (or being paid): the transaction and its explorer page. */
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** A bank payout's reference (receipt number). */
  bankReference: z.string().nullable(),
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  paidAt: z.number().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrder>;
export const withdrawalListResponse = z.object({ items: z.array(withdrawalOrder), nextCursor: z.string().nullable() });

// Back-office: payouts of approved orders.

export const payoutListRequest = z.object({
  status: z.enum(['pendingDisbursement', 'processing', 'success']).optional(),
  channel: z.enum(withdrawalChannels).optional(),
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(withdrawalLimits.pageSizeMax).default(20),
});
export const payoutEntry = withdrawalOrder.extend({
  memberId: z.string(),
  memberName: z.string(),
  payoutMethod: z.enum(payoutMethods).nullable(),
  /** The last failed automatic attempt, for staff (never shown to members). */
  lastError: z.string().nullable(),
  /** Whether the hot wallet may pay it (chain and limits); why not otherwise. */
  hotWalletEligible: z.boolean(),
});
export type PayoutEntry = z.infer<typeof payoutEntry>;
export const payoutListResponse = z.object({ items: z.array(payoutEntry), nextCursor: z.string().nullable() });

/** Staff sent the tokens themselves: the server checks the hash on chain (token, recipient, amount). */
export const payoutManualChainRequest = z.object({
  id,
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'validation.enterTxHash'),
});
export const payoutBankRequest = z.object({
  id,
  bankReference: z.string().trim().min(1, 'validation.enterBankReference').max(withdrawalLimits.bankReferenceCharsMax, 'validation.textTooLong'),
});
/** Staff reject an approved order before it is paid (the hold is voided). */
export const payoutRejectRequest = z.object({
  id,
  // Every code, so a deposit's reason is answered review.reasonCodeNotForQueue like the review queue's.
  reasonCode: z.enum(recordRejectReasonCodes),
  reason: z.string().trim().max(rejectNoteCharsMax, 'validation.reasonTooLong').default(''),
});
/** Staff ask the hot wallet to pay one order now (the payout job does the same on its schedule). */
export const payoutHotWalletRequest = z.object({ id });
export const payoutResultResponse = z.object({ status: z.enum(withdrawalStatuses), txHash: z.string().nullable() });

export const hotWalletStatusResponse = z.object({
  /** Null when no hot wallet key is configured. */
  address: z.string().nullable(),
  chain: z.literal('BEP20'),
  tokenBalance: z.string().nullable(),
  /** Native coin (BNB) for gas, 18 decimals as text. */
  gasBalance: z.string().nullable(),
  perPayoutMax: z.string(),
  dailyMax: z.string(),
  /** Paid or under way in the last 24 hours. */
  dailyUsed: z.string(),
  autoPayout: z.boolean(),
  error: z.string().nullable(),
});

/**
 * The fee and the total a withdrawal of `amount` (points: the decimal text the portal has, or the
 * minor units the server parsed once at its edge) of `type` takes from the balance: feeFixed +
 * amount x feePercent / 100, the percent part rounded up to the minor unit.
 * The portal shows it as the member types and the server holds it; both use this one function.
 * Null when a number is not a valid amount. Minor units (scale 6).
 */
export function withdrawalFeeOf(amount: string | bigint, type: Pick<WithdrawalTypeEntry, 'feeFixed' | 'feePercent'>): { fee: bigint; total: bigint } | null {
  const a = typeof amount === 'bigint' ? amount : parseAmount(amount);
  const fixed = minorOf(type.feeFixed);
  const percent = minorOf(type.feePercent);
  if (a === null || fixed === null || percent === null) return null;
  const variable = divideRounded(a * percent, 100n * unitMinor, 'up');
  return { fee: fixed + variable, total: a + fixed + variable };
}

/**
 * What a bank withdrawal of `amount` points (text, or minor units) pays out in the type's
 * currency at `rate` units per point: exact arithmetic on minor units, rounded DOWN to the cent, so the platform never pays
 * out more than the points it takes (a deposit's `localAmountOf` rounds up for the mirror
 * reason). The portal shows it as the member types and the server stores it in the order; both
 * use this one function. Null when a number is not a valid amount.
 */
export function withdrawalLocalAmountOf(amount: string | bigint, rate: string): string | null {
  return currencyAmountOf(amount, rate, 'down');
}
