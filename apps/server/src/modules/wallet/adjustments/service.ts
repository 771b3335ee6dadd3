/**
 * Manual adjustments by staff (spec transaction types airdrop and underweight): the movement is
 * made at once as a pending transfer (a debit from a member is held, so it shows as frozen) and
 * put in the manualAdjustment review queue; approval posts it, rejection voids it.
 */
import type { Db, Tx } from '../../../db/index.ts';
import { once } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { AuditService, Actor } from '../../platform/audit/index.ts';
import { formatMinor, parseAmount } from '@pp/contract';
import { settled, type LedgerRepository } from '../ledger/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import type { AccountRepository } from '../../identity/accounts/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

export class AdjustmentService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly reviews: ReviewService,
    private readonly audit: AuditService,
    private readonly members: AccountRepository,
  ) {}

  /** The manualAdjustment queue's decisions; the composition hands them to the review service with every other queue's. */
  readonly reviewHandler: QueueHandler = {
    approve: (tx: Tx, item: ReviewRow) => this.ledger.resolvePending(item.subject_id, 'post', tx).then((outcome) => void settled(outcome)),
    reject: (tx: Tx, item: ReviewRow) => this.ledger.resolvePending(item.subject_id, 'void', tx).then((outcome) => void settled(outcome)),
  };

  async create(actor: Actor, input: { memberId: string; coinName: string; direction: 'credit' | 'debit'; amount: string; reason: string; requestId: string }) {
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    const member = await this.members.byId(input.memberId);
    if (!member) throw new AppError('member.notFound');
    const memberAccount = { owner: member.id, coinName: input.coinName, purpose: 'available' };
    const code = input.direction === 'credit' ? 'airdrop' : 'underweight';
    const systemAccount = { owner: 'system', coinName: input.coinName, purpose: code };
    // Keyed once (db/once.ts): eight parallel sends of one request make one pending transfer and
    // one review item, and every send is answered with them. The journal needs no key of its own.
    const key = { scope: 'adjustmentCreate', actor: actor.id, requestId: input.requestId, input };
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          const transfer = settled(
            await this.ledger.transfer(
              {
                requestId: null,
                code,
                coinName: input.coinName,
                amount,
                debit: input.direction === 'credit' ? systemAccount : memberAccount,
                credit: input.direction === 'credit' ? memberAccount : systemAccount,
                isPending: true,
                memo: input.reason,
              },
              tx,
            ),
          );
          const reviewId = await this.reviews.submit(tx, {
            queue: 'manualAdjustment',
            memberId: member.id,
            coinName: input.coinName,
            amount,
            subjectId: transfer.id,
            createdByStaffId: actor.id,
            summary: { direction: input.direction, code, requestedBy: actor.name },
            evidence: [{ label: 'reason', value: input.reason, isImage: false }],
          });
          await this.audit.record(tx, actor, {
            action: 'ledger.adjust.request',
            targetType: 'member',
            targetId: member.id,
            before: null,
            after: { code, coinName: input.coinName, amount: formatMinor(amount), transferId: transfer.id, reviewId },
            reason: input.reason,
          });
          return { reviewId, transferId: transfer.id };
        }),
      { groupCommit: true },
    );
  }
}
