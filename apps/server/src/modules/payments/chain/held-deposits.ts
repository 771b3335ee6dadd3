/**
 * Chain deposits above the one-movement ceiling (decision 037). The ledger never moves more than
 * 10^14 minor units at once (decision 008): that ceiling is what keeps every sum it computes exact,
 * so such a deposit is never credited, neither at once nor in parts. The watcher holds it instead
 * (`heldForReview`, in the same transaction as its settling) and puts it in the `chainDeposit`
 * review queue with its exact amount (from the raw on-chain value and the token's decimals, as a
 * decimal string: it can pass any points column), chain, transaction hash and member. Staff can
 * only close it with a reason (reject: the deposit reads `rejected`, the funds are handled off the
 * platform); an approval is refused. The ledger is never touched.
 */
import { amountMaxMinor, formatMinor, pointsScale, rescale, type RejectReason } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { rejectReasonOf } from '../../../db/reject-reason.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { notify } from '../../engagement/notifications/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import { explorerTxUrl, type ChainSettings } from './settings.ts';

/** Raw token units to points minor units (scale 6), rounded down. */
export function minorOfRaw(raw: bigint, decimals: number): bigint {
  return rescale(raw, decimals, pointsScale, 'down');
}

/** The review queue of held chain deposits (one of contract `rejectOnlyReviewQueues`). */
export const heldDepositQueue = 'chainDeposit';

/**
 * raw / 10^decimals exactly, as a decimal string with at least the points scale's 6 places and
 * every significant place beyond: 150000000000000000000000000 at 18 decimals -> "150000000.000000".
 */
export function exactAmountOfRaw(raw: bigint, decimals: number): string {
  if (raw < 0n || !Number.isInteger(decimals) || decimals < 0) throw new Error('a raw amount is a non-negative integer with non-negative decimals');
  const unit = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (raw % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${raw / unit}.${fraction.padEnd(pointsScale, '0')}`;
}

/** Whether a raw token amount is more than one movement may credit (rounded down to points first, as a credit is). */
export function isAboveMovementCeiling(raw: bigint, decimals: number): boolean {
  return minorOfRaw(raw, decimals) > amountMaxMinor;
}

/** The columns of a chain deposit a review item is made from. */
export interface HeldDepositRow {
  id: string;
  chain: string;
  tx_hash: string;
  log_index: number | bigint;
  block_number: number | bigint;
  member_id: string;
  from_address: string;
  to_address: string;
  amount_raw: string;
}

export class HeldChainDeposits {
  /** The chainDeposit queue's decisions; the composition hands them to the review service with every other queue's. */
  static readonly reviewHandler: QueueHandler = {
    // The review service refuses first (reject-only queue); this stays as the last word.
    approve: () => Promise.reject(new AppError('ledger.amountTooLarge')),
    reject: (tx, item) => HeldChainDeposits.reject(tx, item),
  };

  constructor(private readonly reviews: ReviewService) {}

  /** Puts a held deposit in the staff queue; call in the transaction that moved it to heldForReview. */
  async enqueue(tx: Tx, d: HeldDepositRow, s: ChainSettings): Promise<string> {
    return this.reviews.submit(tx, {
      queue: heldDepositQueue,
      memberId: d.member_id,
      coinName: 'USDT',
      // No points column holds it: the item's amount is 0 (nothing sums it) and the exact one is text.
      amount: 0n,
      amountExact: exactAmountOfRaw(BigInt(d.amount_raw), s.tokenDecimals),
      subjectId: d.id,
      createdByStaffId: null,
      summary: {
        chain: d.chain,
        hash: d.tx_hash,
        logIndex: num(d.log_index),
        blockNumber: num(d.block_number),
        address: d.to_address,
        fromAddress: d.from_address,
        amountRaw: d.amount_raw,
        tokenDecimals: s.tokenDecimals,
        ceiling: formatMinor(amountMaxMinor),
      },
      evidence: [{ label: 'explorer', value: explorerTxUrl(s, d.tx_hash), isImage: false }],
    });
  }

  /** Staff closed it: the deposit reads rejected (once), the member is told; the ledger is untouched. */
  private static async reject(tx: Tx, item: ReviewRow): Promise<void> {
    const moved = await tx
      .updateTable('chain_deposits')
      .set({ status: 'rejected' })
      .where('id', '=', item.subject_id)
      .where('status', '=', 'heldForReview')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
    const d = await tx.selectFrom('chain_deposits').select(['member_id', 'chain', 'tx_hash']).where('id', '=', item.subject_id).executeTakeFirstOrThrow();
    await notify(tx, d.member_id, 'depositRejected', {
      amount: item.amount_exact ?? formatMinor(BigInt(item.amount)),
      coinName: 'USDT',
      number: `${d.chain} ${d.tx_hash.slice(0, 10)}…${d.tx_hash.slice(-6)}`,
    });
  }
}

/** The review items (exact amount, reason) of held or rejected deposits, by deposit id. */
export async function heldItemsOf(db: Db, depositIds: string[]): Promise<Map<string, { amountExact: string | null; rejectReason: RejectReason | null }>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_items')
    .select(['subject_id', 'amount_exact', 'reject_code', 'reject_note'])
    .where('queue', '=', heldDepositQueue)
    .where('subject_id', 'in', depositIds)
    .execute();
  return new Map(rows.map((r) => [r.subject_id, { amountExact: r.amount_exact, rejectReason: rejectReasonOf(r) }]));
}
