/**
 * Withdrawals (decision 019), the member's side: the enabled types, the withdraw page's summary,
 * the request on chain or to a bank account, and the order lists. A request holds the amount and
 * the fee (two pending transfers, both frozen) in the same transaction that writes the order and
 * its review item, with the destination copied into the order, so nothing a member later changes
 * can redirect it. The review queue's handler moves an approved order to pending disbursement
 * (the holds stay) and voids both holds of a rejected one (order-state.ts).
 */
import crypto from 'node:crypto';
import {
  withdrawalFeeOf,
  withdrawalLocalAmountOf,
  type RejectReason,
  type WithdrawalOrder,
  type WithdrawalStatus,
  type WithdrawalTypeEntry,
  amountRuleBroken,
  formatMinor,
  parseAmount,
} from '@pp/contract';
import type { Db, Dialect, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { lockMember } from '../../../db/locks.ts';
import { once } from '../../../db/once.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { rejectColumns, rejectReasonFields, rejectReasonOf } from '../../../db/reject-reason.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { AddressService } from '../addresses/index.ts';
import type { BankAccountService } from '../bank-accounts/index.ts';
import { explorerTxUrl, type ChainSettings } from '../chain/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { ConfigValue } from '../../platform/config/index.ts';
import { refusalError, type LedgerRepository, type TransferRefusal } from '../../wallet/ledger/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import { markRejected, moveStatus, orderRow, type WithdrawalRow } from './order-state.ts';
import { inTransaction } from '../../../db/transaction.ts';

export type WithdrawalTypeSetting = ConfigValue<'withdrawal.types'>[number];

/** Orders that still hold the member's money: not yet paid, not rejected. */
export const waitingStatuses = ['pendingReview', 'pendingDisbursement', 'processing'] as const;

/** An order as both the member and staff see it; the explorer link only for a chain whose settings are configured. */
export function orderOf(r: WithdrawalRow, chains: readonly ChainSettings[]): WithdrawalOrder {
  const chain = r.chain ? chains.find((c) => c.chain === r.chain) : undefined;
  return {
    id: r.id,
    number: r.number,
    withdrawalType: r.withdrawal_type,
    channel: r.channel as WithdrawalOrder['channel'],
    chain: r.chain as WithdrawalOrder['chain'],
    coinName: r.coin_name,
    amount: formatMinor(BigInt(r.amount)),
    fee: formatMinor(BigInt(r.fee)),
    destination: r.destination,
    bankName: r.bank_name,
    accountName: r.account_name,
    currency: r.currency,
    localAmount: r.local_amount,
    status: r.status as WithdrawalStatus,
    txHash: r.tx_hash,
    explorerUrl: r.tx_hash && chain ? explorerTxUrl(chain, r.tx_hash) : null,
    bankReference: r.bank_reference,
    ...rejectReasonFields(rejectReasonOf(r)),
    createdAt: num(r.created_at),
    decidedAt: r.decided_at === null ? null : num(r.decided_at),
    paidAt: r.paid_at === null ? null : num(r.paid_at),
  };
}

/** The member's withdrawal orders (each channel's list), newest first (decision 052). */
const ordersPage = newestFirst('withdrawalOrderList');

interface CreateInput {
  withdrawalType: string;
  amount: string;
  transactionPassword: string;
  requestId: string;
}

export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly ledger: LedgerRepository,
    private readonly reviews: ReviewService,
    private readonly accounts: AccountService,
    private readonly settings: ConfigService,
    private readonly addresses: AddressService,
    private readonly bankAccounts: BankAccountService,
    private readonly chains: readonly ChainSettings[],
  ) {}

  /** The withdrawal queue's decisions; the composition hands them to the review service with every other queue's. */
  readonly reviewHandler: QueueHandler = {
    approve: (tx, item) => this.approve(tx, item),
    reject: (tx, item, _actor, reason) => this.reject(tx, item, reason),
  };

  async configList(): Promise<{ types: WithdrawalTypeEntry[] }> {
    const types = await this.settings.get('withdrawal.types');
    return { types: types.filter((t) => t.enabled).map(({ enabled: _enabled, ...entry }) => entry) };
  }

  async info(memberId: string) {
    const balances = await this.ledger.memberBalances(memberId);
    const pendingMax = await this.settings.get('withdrawal.pendingMax');
    const usdt = balances.get('USDT') ?? { available: 0n, frozen: 0n };
    // At most withdrawal.pendingMax rows: summed here, the same on both databases.
    const waiting = await this.db
      .selectFrom('withdrawals')
      .select(['amount', 'fee'])
      .where('member_id', '=', memberId)
      .where('status', 'in', [...waitingStatuses])
      .execute();
    const pendingTotal = waiting.reduce((sum, r) => sum + BigInt(r.amount) + BigInt(r.fee), 0n);
    return {
      coinName: 'USDT',
      available: formatMinor(usdt.available),
      frozen: formatMinor(usdt.frozen),
      pendingTotal: formatMinor(pendingTotal),
      pendingCount: waiting.length,
      pendingMax,
    };
  }

  /** bscWithdrawal: on chain, to one of the member's addresses on the type's chain. */
  createChain(memberId: string, input: CreateInput & { addressId: string }) {
    return this.create(memberId, 'chain', input.addressId, input);
  }

  /** withdrawal: to one of the member's bank accounts. */
  createBank(memberId: string, input: CreateInput & { bankAccountId: string }) {
    return this.create(memberId, 'bank', input.bankAccountId, input);
  }

  /** The type by name, if enabled and of the endpoint's channel; the amount checked against its rules. */
  private async quote(channel: 'chain' | 'bank', input: CreateInput): Promise<{ type: WithdrawalTypeSetting; amount: bigint; fee: bigint }> {
    const type = (await this.settings.get('withdrawal.types')).find((t) => t.withdrawalType === input.withdrawalType && t.enabled);
    if (!type) throw new AppError('withdrawal.typeUnknown', undefined, 'withdrawalType');
    if (type.channel !== channel) throw new AppError('request.invalid', undefined, 'withdrawalType', 'validation.chooseWithdrawalType');
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    const broken = amountRuleBroken(amount, type.minimum, type.multipleOf);
    if (broken) throw new AppError('request.invalid', { x: broken.x }, 'amount', broken.key);
    const maximum = parseAmount(type.maximum);
    if (maximum !== null && amount > maximum) throw new AppError('request.invalid', { x: type.maximum }, 'amount', 'validation.maximumAmount');
    const fee = withdrawalFeeOf(amount, type);
    if (!fee) throw new AppError('request.invalid', undefined, 'amount', 'validation.enterValidAmount');
    return { type, amount, fee: fee.fee };
  }

  private async create(
    memberId: string,
    channel: 'chain' | 'bank',
    destinationId: string,
    input: CreateInput,
  ): Promise<{ id: string; number: string; status: 'pendingReview' }> {
    const { type, amount, fee } = await this.quote(channel, input);
    // Before anything is written: a wrong password counts towards the lock and changes nothing else.
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const pendingMax = await this.settings.get('withdrawal.pendingMax');

    // Keyed once (db/once.ts) by what the member asked for: the password is left out, so a retry
    // with the password typed again is still the same request, and the amount is read as points,
    // so "30" and "30.00" are one request too. Sent again, or several times at once, it makes one
    // order with one pair of holds and answers it; the key with another amount or destination is
    // refused. Each endpoint is its own scope, as a chain and a bank order are different requests.
    const asked = { withdrawalType: input.withdrawalType, amount: formatMinor(amount), [channel === 'chain' ? 'addressId' : 'bankAccountId']: destinationId };
    const key = { scope: channel === 'chain' ? 'bscWithdrawal' : 'withdrawal', actor: memberId, requestId: input.requestId, input: asked };
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          // One member's requests take turns (PostgreSQL: the member's row locked until commit;
          // SQLite runs one write transaction at a time), so the waiting count below is exact and
          // a change of the destination cannot slip between its check and the order.
          await lockMember(tx, this.dialect, memberId);
          const waiting = await tx
            .selectFrom('withdrawals')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .where('member_id', '=', memberId)
            .where('status', 'in', [...waitingStatuses])
            .executeTakeFirstOrThrow();
          if (num(waiting.n) >= pendingMax) throw new AppError('withdrawal.tooManyPending', { max: pendingMax });
          const destination = await this.destinationOf(tx, memberId, channel, destinationId, type, amount);
          const id = crypto.randomUUID();
          const number = `WD${Date.now()}${crypto.randomInt(1000, 9999)}`;
          const member = { owner: memberId, coinName: type.coinName, purpose: 'available' };
          // Short of funds for the amount or its fee is the member's to fix; any other refusal is ours.
          const refused = (result: TransferRefusal) =>
            result === 'insufficientBalance' ? new AppError('request.invalid', undefined, 'amount', 'validation.insufficientBalance') : refusalError(result);
          const held = await this.ledger.transfer(
            {
              requestId: null,
              code: 'withdraw',
              coinName: type.coinName,
              amount,
              debit: member,
              credit: { owner: 'system', coinName: type.coinName, purpose: 'withdrawals' },
              isPending: true,
              memo: number,
            },
            tx,
          );
          if (!held.ok) throw refused(held.result);
          const hold = held.record;
          let feeHold = null;
          if (fee > 0n) {
            const feeHeld = await this.ledger.transfer(
              {
                requestId: null,
                code: 'withdrawFee',
                coinName: type.coinName,
                amount: fee,
                debit: member,
                credit: { owner: 'system', coinName: type.coinName, purpose: 'fees' },
                isPending: true,
                memo: number,
              },
              tx,
            );
            if (!feeHeld.ok) throw refused(feeHeld.result);
            feeHold = feeHeld.record;
          }
          const reviewId = await this.reviews.submit(tx, {
            queue: 'withdrawal',
            memberId,
            coinName: type.coinName,
            // The four-eyes threshold counts what leaves the member's balance.
            amount: amount + fee,
            subjectId: id,
            // A member made it; no staff member is its maker.
            createdByStaffId: null,
            summary: {
              withdrawalType: type.withdrawalType,
              channel,
              chain: type.chain,
              amount: formatMinor(amount),
              fee: formatMinor(fee),
              destination: destination.destination,
              bankName: destination.bankName,
              accountName: destination.accountName,
              currency: destination.currency,
              localAmount: destination.localAmount,
            },
            evidence: [],
          });
          await tx
            .insertInto('withdrawals')
            .values({
              id,
              number,
              member_id: memberId,
              withdrawal_type: type.withdrawalType,
              channel,
              chain: type.chain,
              coin_name: type.coinName,
              amount,
              fee,
              destination: destination.destination,
              destination_id: destinationId,
              bank_name: destination.bankName,
              account_name: destination.accountName,
              currency: destination.currency,
              rate: channel === 'bank' ? type.rate : null,
              local_amount: destination.localAmount,
              status: 'pendingReview',
              hold_transfer_id: hold.id,
              fee_transfer_id: feeHold?.id ?? null,
              review_id: reviewId,
              ...rejectColumns(null),
              payout_method: null,
              tx_hash: null,
              raw_tx: null,
              tx_nonce: null,
              bank_reference: null,
              paid_by_staff_id: null,
              last_error: null,
              created_at: Date.now(),
              decided_at: null,
              processing_at: null,
              paid_at: null,
            })
            .execute();
          return { id, number, status: 'pendingReview' as const };
        }),
      { groupCommit: true },
    );
  }

  /**
   * The destination as the order keeps it: the member's own, live, past its cooling-off, and for
   * a chain type an address on that chain; a bank order also gets what the member receives.
   */
  private async destinationOf(tx: Tx, memberId: string, channel: 'chain' | 'bank', destinationId: string, type: WithdrawalTypeSetting, amount: bigint) {
    if (channel === 'chain') {
      const address = await this.addresses.usableForWithdrawal(memberId, destinationId, tx);
      if (address.chain !== type.chain) throw new AppError('request.invalid', undefined, 'addressId', 'validation.addressWrongChain');
      return { destination: address.address, bankName: null, accountName: null, currency: null, localAmount: null };
    }
    const account = await this.bankAccounts.usableForWithdrawal(memberId, destinationId, tx);
    // Rounded down: the member is never promised more than the points taken (the portal shows the same).
    const localAmount = type.rate === null ? null : withdrawalLocalAmountOf(amount, type.rate);
    if (localAmount === null) throw new Error(`bad withdrawal rate on ${type.withdrawalType}`);
    return {
      destination: account.accountNumber,
      bankName: account.bankName,
      accountName: account.accountName,
      currency: type.currency,
      localAmount: localAmount as string | null,
    };
  }

  private async approve(tx: Tx, item: ReviewRow): Promise<void> {
    const order = await orderRow(tx, item.subject_id);
    await moveStatus(tx, order.id, ['pendingReview'], 'pendingDisbursement', { decided_at: Date.now() });
  }

  private async reject(tx: Tx, item: ReviewRow, reason: RejectReason): Promise<void> {
    const order = await orderRow(tx, item.subject_id);
    await markRejected(tx, this.ledger, order, ['pendingReview'], reason);
  }

  async list(
    memberId: string,
    channel: 'chain' | 'bank' | null,
    filter: { status?: WithdrawalStatus; cursor?: string; pageSize: number },
  ): Promise<{ items: WithdrawalOrder[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId);
    if (channel) query = query.where('channel', '=', channel);
    if (filter.status) query = query.where('status', '=', filter.status);
    const { items, nextCursor } = await keysetPage(query, ordersPage, filter.cursor, filter.pageSize);
    return { items: items.map((r) => orderOf(r, this.chains)), nextCursor };
  }
}
