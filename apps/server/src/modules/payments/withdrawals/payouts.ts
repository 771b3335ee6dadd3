/**
 * Payouts of approved withdrawals, the staff side (decision 019): the list of what waits, is
 * under way or was paid, a bank payout recorded with its reference, and the rejection of an
 * approved order before it is paid. Each decision is one transaction with the order's status
 * move (from the state read, order-state.ts), the ledger change and the audit record. The hot
 * wallet and the checked chain hash are the chain payouts' (chain-payouts.ts).
 */
import type { PayoutEntry, PayoutMethod, RejectReason } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { ChainSettings } from '../chain/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { parseAmount, rejectReasonCodesByKind } from '@pp/contract';
import type { LedgerRepository } from '../../wallet/ledger/index.ts';
import { markPaid, markRejected, orderRow } from './order-state.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { orderOf } from './service.ts';
import { inTransaction } from '../../../db/transaction.ts';

const payoutStatuses = ['pendingDisbursement', 'processing', 'success'] as const;

/** Staff's payout list, newest order first (decision 052). */
const payoutsPage = newestFirst('payoutList', 'withdrawals.created_at', 'withdrawals.id');

export class PayoutService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly audit: AuditService,
    private readonly settings: ConfigService,
    private readonly chains: readonly ChainSettings[],
  ) {}

  async list(filter: {
    status?: (typeof payoutStatuses)[number];
    channel?: 'chain' | 'bank';
    cursor?: string;
    pageSize: number;
  }): Promise<{ items: PayoutEntry[]; nextCursor: string | null }> {
    let query = this.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.member_id')
      .selectAll('withdrawals')
      .select('users.user_name as member_name')
      .where('withdrawals.status', 'in', filter.status ? [filter.status] : [...payoutStatuses]);
    if (filter.channel) query = query.where('withdrawals.channel', '=', filter.channel);
    const { items: page, nextCursor } = await keysetPage(query, payoutsPage, filter.cursor, filter.pageSize);
    const hotWalletMax = parseAmount(await this.settings.get('withdrawal.hotWalletPayoutMax')) ?? 0n;
    return {
      items: page.map(({ member_name, ...r }) => ({
        ...orderOf(r, this.chains),
        memberId: r.member_id,
        memberName: member_name,
        payoutMethod: r.payout_method as PayoutMethod | null,
        lastError: r.last_error,
        hotWalletEligible: r.chain === 'BEP20' && r.status === 'pendingDisbursement' && BigInt(r.amount) <= hotWalletMax,
      })),
      nextCursor,
    };
  }

  /** Staff transferred the local amount to the member's bank account: the order is paid, both holds posted. */
  async payBank(actor: Actor, id: string, bankReference: string): Promise<{ status: 'success'; txHash: null }> {
    return inTransaction(
      this.db,
      async (tx) => {
        const order = await orderRow(tx, id);
        if (order.channel !== 'bank') throw new AppError('payout.notEligible');
        await markPaid(tx, this.ledger, order, ['pendingDisbursement'], { payout_method: 'bank', bank_reference: bankReference, paid_by_staff_id: actor.id });
        await this.audit.record(tx, actor, {
          action: 'payout.bank',
          targetType: 'withdrawal',
          targetId: order.id,
          before: { status: order.status },
          after: { status: 'success', bankReference },
          reason: bankReference,
        });
        return { status: 'success' as const, txHash: null };
      },
      { groupCommit: true },
    );
  }

  /** An approved order refused before payment: both holds voided, the reason kept for the member. */
  async reject(actor: Actor, id: string, reason: RejectReason): Promise<{ status: 'rejected'; txHash: string | null }> {
    // The same rule as the review queue's: the member reads the code, so only a withdrawal's reasons.
    if (!(rejectReasonCodesByKind.withdrawal as readonly string[]).includes(reason.code)) throw new AppError('review.reasonCodeNotForQueue');
    return inTransaction(
      this.db,
      async (tx) => {
        const order = await orderRow(tx, id);
        await markRejected(tx, this.ledger, order, ['pendingDisbursement'], reason);
        await this.audit.record(tx, actor, {
          action: 'payout.reject',
          targetType: 'withdrawal',
          targetId: order.id,
          before: { status: order.status },
          // The reason typed in the trail, as the review queue's rejections: the code shown translated, the words apart.
          after: { status: 'rejected', rejectReason: reason },
          reason: reason.note,
        });
        return { status: 'rejected' as const, txHash: order.tx_hash };
      },
      { groupCommit: true },
    );
  }
}
