/**
 * The moves of a withdrawal order that touch money (decision 019), shared by the review handler,
 * the staff payouts and the hot-wallet job. Each runs inside the caller's transaction: the
 * status moves with a conditional update from the state the caller read (a second click, a
 * racing job or another process loses with `withdrawal.wrongState`), and the ledger change
 * happens in the same transaction, so an order is paid or rejected exactly once.
 */
import type { Tx } from '../../../db/index.ts';
import type { WithdrawalsTable } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import { formatMinor, type RejectReason } from '@pp/contract';
import { rejectColumns } from '../../../db/reject-reason.ts';
import { notify } from '../../engagement/notifications/index.ts';

export type WithdrawalRow = {
  [K in keyof WithdrawalsTable]: WithdrawalsTable[K] extends infer V ? (V extends bigint | number ? number | bigint : V) : never;
};

type StatusFields = Partial<
  Pick<
    WithdrawalsTable,
    | 'reject_code'
    | 'reject_note'
    | 'payout_method'
    | 'tx_hash'
    | 'raw_tx'
    | 'tx_nonce'
    | 'bank_reference'
    | 'paid_by_staff_id'
    | 'last_error'
    | 'decided_at'
    | 'processing_at'
    | 'paid_at'
  >
>;

/** Moves an order from one of `from` to `to` with `fields`; throws when it is no longer in `from`. */
export async function moveStatus(tx: Tx, id: string, from: readonly string[], to: string, fields: StatusFields = {}): Promise<void> {
  const moved = await tx
    .updateTable('withdrawals')
    .set({ status: to, ...fields })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) throw new AppError('withdrawal.wrongState');
}

export async function orderRow(tx: Tx, id: string): Promise<WithdrawalRow> {
  const row = await tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('withdrawal.notFound');
  return row;
}

/**
 * Paid: the order becomes success and both holds (amount and fee) are posted, so the member's
 * money leaves the ledger only once it has left the platform. `from` is pendingDisbursement for
 * a bank or manual payout, processing for a hot-wallet one.
 */
export async function markPaid(tx: Tx, ledger: LedgerRepository, order: WithdrawalRow, from: readonly string[], fields: StatusFields): Promise<void> {
  await moveStatus(tx, order.id, from, 'success', { ...fields, paid_at: fields.paid_at ?? Date.now() });
  settled(await ledger.resolvePending(order.hold_transfer_id, 'post', tx));
  if (order.fee_transfer_id) settled(await ledger.resolvePending(order.fee_transfer_id, 'post', tx));
  await notify(tx, order.member_id, 'withdrawalPaid', { amount: formatMinor(BigInt(order.amount)), coinName: order.coin_name, number: order.number });
}

/** Rejected (by review, or by staff before payment): both holds are voided and the reason kept for the member. */
export async function markRejected(tx: Tx, ledger: LedgerRepository, order: WithdrawalRow, from: readonly string[], reason: RejectReason): Promise<void> {
  await moveStatus(tx, order.id, from, 'rejected', { ...rejectColumns(reason), decided_at: Date.now() });
  settled(await ledger.resolvePending(order.hold_transfer_id, 'void', tx));
  if (order.fee_transfer_id) settled(await ledger.resolvePending(order.fee_transfer_id, 'void', tx));
  await notify(tx, order.member_id, 'withdrawalRejected', {
    amount: formatMinor(BigInt(order.amount)),
    coinName: order.coin_name,
    number: order.number,
    reasonCode: reason.code,
  });
}
