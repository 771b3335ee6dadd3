import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Withdrawal orders (decision 019). The destination is copied into the order at the request, so
 * a later change of the member's address or bank account cannot redirect it. A request id is
 * unique per member (a retried submission makes one order); a payout transaction hash is unique
 * (one chain transfer pays one order); the signed raw transaction of a hot-wallet payout is
 * stored before it is broadcast, so a crash re-sends the same bytes instead of paying twice.
 */
export function withdrawals(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('withdrawals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('withdrawal_type', 'text', (c) => c.notNull())
        // chain | bank
        .addColumn('channel', 'text', (c) => c.notNull())
        // BEP20 | TRC20 for a chain order; null for a bank order.
        .addColumn('chain', 'text')
        .addColumn('coin_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        // The address (as the member saved it), or the bank account number.
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('destination_id', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text')
        .addColumn('account_name', 'text')
        .addColumn('currency', 'text')
        .addColumn('rate', 'text')
        .addColumn('local_amount', 'text')
        // pendingReview | pendingDisbursement | processing | success | rejected
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('hold_transfer_id', 'text', (c) => c.notNull().unique())
        // Null when the fee is 0.
        .addColumn('fee_transfer_id', 'text', (c) => c.unique())
        .addColumn('review_id', 'text', (c) => c.notNull())
        .addColumn('reject_reason', 'text')
        // hotWallet | manualChain | bank, once a payout starts or is recorded.
        .addColumn('payout_method', 'text')
        .addColumn('tx_hash', 'text', (c) => c.unique())
        .addColumn('raw_tx', 'text')
        .addColumn('tx_nonce', 'bigint')
        .addColumn('bank_reference', 'text')
        .addColumn('paid_by_staff_id', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('processing_at', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addUniqueConstraint('withdrawals_request', ['member_id', 'request_id'])
        .execute();
      await db.schema.createIndex('withdrawals_member').on('withdrawals').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'created_at']).execute();
    },
    async down() {
      throw new Error('migrations only go forward');
    },
  };
}
