/**
 * USDT deposits on chain (decision 017): each member's permanent deposit address per chain, the
 * chain deposit history (`bscDepositRecordList`, both chains), and the back-office chain health.
 */
import { z } from 'zod';
import { cursorInput } from './numbers.ts';
import { recordRejectReasonCodes } from './wallet.ts';

export const depositChains = ['BEP20', 'TRC20'] as const;
export type DepositChain = (typeof depositChains)[number];
/**
 * confirming: seen on chain, waiting for its confirmations; credited: in the member's balance;
 * belowMinimum: received but under the deposit minimum, so not credited; received: confirmed but
 * refused by the ledger's balance ceiling, left to staff; heldForReview: confirmed but above the
 * one-movement ceiling, so never credited: held in the staff queue `chainDeposit` (decision 037);
 * rejected: such a deposit staff closed (the funds handled off-system), with their reason.
 */
export const chainDepositStatuses = ['confirming', 'credited', 'belowMinimum', 'received', 'heldForReview', 'rejected'] as const;
export type ChainDepositStatus = (typeof chainDepositStatuses)[number];

export const chainLimits = { pageSizeMax: 50 } as const;

export const depositChainEntry = z.object({
  chain: z.enum(depositChains),
  /** The smallest deposit that is credited, in USDT. */
  minimum: z.string(),
  confirmations: z.number().int(),
  /** The token contract members must send (EIP-55 or TRON base58check). */
  tokenAddress: z.string(),
});
export type DepositChainEntry = z.infer<typeof depositChainEntry>;
export const depositChainListResponse = z.array(depositChainEntry);

export const depositAddressRequest = z.object({ chain: z.enum(depositChains) });
export const depositAddressResponse = z.object({
  chain: z.enum(depositChains),
  address: z.string(),
  minimum: z.string(),
  confirmations: z.number().int(),
  tokenAddress: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddressResponse>;

export const chainDepositListRequest = z.object({
  chain: z.enum(depositChains).optional(),
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(chainLimits.pageSizeMax).default(20),
});
export const chainDepositEntry = z.object({
  id: z.string(),
  chain: z.enum(depositChains),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /**
   * USDT as a decimal string, at least 6 places: the credited amount (scale 6, rounded down); for
   * a deposit above the one-movement ceiling the exact amount sent (raw units / 10^decimals,
   * every significant place, any size), which no points column holds.
   */
  amount: z.string(),
  status: z.enum(chainDepositStatuses),
  /** Confirmations so far, at most `confirmationsRequired`. */
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  isBelowMinimum: z.boolean(),
  seenAt: z.number(),
  settledAt: z.number().nullable(),
  explorerUrl: z.string(),
  /** Status rejected: the reason staff chose (translated by the portal) and their own words. */
  rejectReasonCode: z.enum(recordRejectReasonCodes).nullable(),
  rejectReason: z.string().nullable(),
});
export type ChainDepositEntry = z.infer<typeof chainDepositEntry>;
export const chainDepositListResponse = z.object({ items: z.array(chainDepositEntry), nextCursor: z.string().nullable() });

export const chainHealthEntry = z.object({
  chain: z.enum(depositChains),
  isConfigured: z.boolean(),
  tokenAddress: z.string().nullable(),
  confirmations: z.number().int(),
  /** The last block whose logs are all read (-1: none yet). */
  lastBlock: z.number(),
  headBlock: z.number(),
  lagBlocks: z.number(),
  headSeenAt: z.number(),
  lastRunAt: z.number(),
  lastError: z.string().nullable(),
  lastErrorAt: z.number(),
  reorgCount: z.number().int(),
  confirmingCount: z.number().int(),
});
export type ChainHealthEntry = z.infer<typeof chainHealthEntry>;
export const chainHealthResponse = z.array(chainHealthEntry);
