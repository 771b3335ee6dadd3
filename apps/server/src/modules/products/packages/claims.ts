/**
 * Insurance claims (decision 020). A holding that ended by its term having released less than
 * claimGuaranteePercent of its principal may claim the difference, rounded down, paid in the fee
 * coin from the system insurance pool: claim = principal x guarantee / 100 - released, when above
 * 0. One open claim per holding (`open_key` unique: the holding id while pending or approved,
 * null once rejected). Staff review it in the `packageClaim` queue; approval pays `claimPayout`
 * (system insurance -> member available) and ends the holding as `claimed`, rejection keeps the
 * reason. The claim's state moves with a conditional update in the review's transaction.
 */
import crypto from 'node:crypto';
import type { Language, PackageTerms, RejectReason } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { rejectColumns, rejectReasonFields, rejectReasonOf } from '../../../db/reject-reason.ts';
import { formatMinor, parseAmount, percentOfStrict } from '@pp/contract';
import { once } from '../../../db/once.ts';
import { isUniqueViolation } from '../../wallet/ledger/index.ts';
import { settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import { notify } from '../../engagement/notifications/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

export const claimQueue = 'packageClaim';

/** What a holding may claim now (minor units), or null when it may not. */
export function claimableAmount(h: {
  state: string;
  end_reason: string | null;
  terms: string | PackageTerms;
  principal: number | bigint;
  released: number | bigint;
}): bigint | null {
  if (h.state !== 'expired' || h.end_reason !== 'term') return null;
  const terms = typeof h.terms === 'string' ? (JSON.parse(h.terms) as PackageTerms) : h.terms;
  if ((parseAmount(terms.claimGuaranteePercent) ?? 0n) <= 0n) return null;
  const amount = percentOfStrict(BigInt(h.principal), terms.claimGuaranteePercent, 'down') - BigInt(h.released);
  return amount > 0n ? amount : null;
}

/** A product's name in the language, else en-US, else any. */
export function productName(namesJson: string | null | undefined, lang: Language): string {
  if (!namesJson) return '';
  const names = JSON.parse(namesJson) as Record<string, string>;
  return names[lang] || names['en-US'] || Object.values(names).find((n) => n) || '';
}

/** The member's insurance claims, newest first (decision 052). */
const claimsPage = newestFirst('claimList', 'package_claims.created_at', 'package_claims.id');

export class ClaimService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly reviews: ReviewService,
  ) {}

  /** The packageClaim queue's decisions; the composition hands them to the review service with every other queue's. */
  readonly reviewHandler: QueueHandler = {
    approve: (tx, item) => this.approve(tx, item),
    reject: (tx, item, _actor, reason) => this.reject(tx, item, reason),
  };

  async create(memberId: string, input: { holdingId: string; requestId: string }): Promise<{ id: string }> {
    // Keyed once (db/once.ts): a retry or a parallel duplicate is answered the first claim's id.
    const key = { scope: 'claimCreate', actor: memberId, requestId: input.requestId, input: { holdingId: input.holdingId } };
    const run = () =>
      inTransaction(
        this.db,
        (tx) =>
          once(tx, key, async () => {
            const holding = await tx
              .selectFrom('package_holdings')
              .select(['id', 'number', 'member_id', 'state', 'end_reason', 'terms', 'principal', 'released'])
              .where('id', '=', input.holdingId)
              .where('member_id', '=', memberId)
              .executeTakeFirst();
            if (!holding) throw new AppError('package.holdingNotFound');
            const open = await tx.selectFrom('package_claims').select('id').where('open_key', '=', holding.id).executeTakeFirst();
            if (open) throw new AppError('package.claimPending');
            const amount = claimableAmount(holding);
            if (amount === null) throw new AppError('package.notClaimable');
            const terms = JSON.parse(holding.terms) as PackageTerms;
            const id = crypto.randomUUID();
            const now = Date.now();
            const reviewId = await this.reviews.submit(tx, {
              queue: claimQueue,
              memberId,
              coinName: terms.feeCoinName,
              amount,
              subjectId: id,
              createdByStaffId: null,
              summary: {
                holdingNumber: holding.number,
                principal: formatMinor(BigInt(holding.principal)),
                released: formatMinor(BigInt(holding.released)),
                claimGuaranteePercent: terms.claimGuaranteePercent,
              },
              evidence: [],
            });
            await tx
              .insertInto('package_claims')
              .values({
                id,
                holding_id: holding.id,
                open_key: holding.id,
                member_id: memberId,
                coin_name: terms.feeCoinName,
                amount,
                state: 'pendingReview',
                review_id: reviewId,
                transfer_id: null,
                ...rejectColumns(null),
                created_at: BigInt(now),
                decided_at: null,
              })
              .execute();
            return { id };
          }),
        { groupCommit: true },
      );
    try {
      return await run();
    } catch (error) {
      // Two claims of the same holding at once under different request ids: the loser hit open_key.
      if (isUniqueViolation(error)) throw new AppError('package.claimPending');
      throw error;
    }
  }

  async list(memberId: string, cursor: string | undefined, pageSize: number, lang: Language) {
    const query = this.db
      .selectFrom('package_claims')
      .innerJoin('package_holdings', 'package_holdings.id', 'package_claims.holding_id')
      .leftJoin('package_products', 'package_products.id', 'package_holdings.product_id')
      .selectAll('package_claims')
      .select(['package_holdings.number as holding_number', 'package_products.names as product_names'])
      .where('package_claims.member_id', '=', memberId);
    const { items: page, nextCursor } = await keysetPage(query, claimsPage, cursor, pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        holdingId: r.holding_id,
        holdingNumber: r.holding_number,
        productName: productName(r.product_names, lang),
        amount: formatMinor(BigInt(r.amount)),
        coinName: r.coin_name,
        state: r.state as 'pendingReview' | 'approved' | 'rejected',
        ...rejectReasonFields(rejectReasonOf(r)),
        createdAt: num(r.created_at),
        decidedAt: r.decided_at === null ? null : num(r.decided_at),
      })),
      nextCursor,
    };
  }

  private async claimOf(tx: Tx, item: ReviewRow) {
    const claim = await tx.selectFrom('package_claims').selectAll().where('id', '=', item.subject_id).executeTakeFirst();
    if (!claim) throw new Error(`review ${item.id}: claim ${item.subject_id} not found`);
    return claim;
  }

  private async approve(tx: Tx, item: ReviewRow): Promise<void> {
    const claim = await this.claimOf(tx, item);
    const amount = BigInt(claim.amount);
    const payout = settled(
      await this.ledger.transfer(
        {
          requestId: `claim:${claim.id}`,
          code: 'claimPayout',
          coinName: claim.coin_name,
          amount,
          debit: { owner: 'system', coinName: claim.coin_name, purpose: 'insurance' },
          credit: { owner: claim.member_id, coinName: claim.coin_name, purpose: 'available' },
          isPending: false,
          memo: claim.holding_id,
        },
        tx,
      ),
    );
    const now = Date.now();
    const moved = await tx
      .updateTable('package_claims')
      .set({ state: 'approved', transfer_id: payout.id, decided_at: BigInt(now) })
      .where('id', '=', claim.id)
      .where('state', '=', 'pendingReview')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
    await tx.updateTable('package_holdings').set({ end_reason: 'claimed' }).where('id', '=', claim.holding_id).where('end_reason', '=', 'term').execute();
    await tx
      .insertInto('package_holding_events')
      .values({
        id: crypto.randomUUID(),
        holding_id: claim.holding_id,
        member_id: claim.member_id,
        type: 'claim',
        coin_name: claim.coin_name,
        amount,
        detail: claim.id,
        transfer_id: payout.id,
        at: BigInt(now),
      })
      .execute();
    await notify(tx, claim.member_id, 'claimApproved', { amount: formatMinor(amount), coinName: claim.coin_name });
  }

  private async reject(tx: Tx, item: ReviewRow, reason: RejectReason): Promise<void> {
    const claim = await this.claimOf(tx, item);
    const moved = await tx
      .updateTable('package_claims')
      .set({ state: 'rejected', open_key: null, ...rejectColumns(reason), decided_at: BigInt(Date.now()) })
      .where('id', '=', claim.id)
      .where('state', '=', 'pendingReview')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
    await notify(tx, claim.member_id, 'claimRejected', { reasonCode: reason.code });
  }
}
