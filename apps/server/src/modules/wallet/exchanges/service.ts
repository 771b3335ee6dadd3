/**
 * Exchange of one point type for another (transfer code convert). The source amount is held at
 * once (a pending transfer: it shows as frozen) and waits in the exchange review queue; below the
 * setting exchange.autoApproveBelow it is taken and paid out at once instead (decision 011).
 * Approval posts the hold and credits the target points net of the fee (convert + convertFee);
 * rejection by staff or cancellation by the member voids the hold. Each happens exactly once:
 * the review item's status and the exchange's status move with conditional updates in the same
 * transaction as the ledger change.
 */
import crypto from 'node:crypto';
import type { ExchangeEntry, ExchangeType, RejectReason } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { once } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { amountRuleBroken, formatMinor, multiplyRateStrict, parseAmount, percentOfStrict } from '@pp/contract';
import { refusalError, settled, type LedgerRepository } from '../ledger/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { rejectColumns, rejectReasonFields, rejectReasonOf } from '../../../db/reject-reason.ts';
import { notify } from '../../engagement/notifications/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

type ExchangeRow = NonNullable<Awaited<ReturnType<ExchangeService['byHold']>>>;

/** The member's exchanges, newest first (decision 052). */
const exchangesPage = newestFirst('exchangeList');

export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly reviews: ReviewService,
    private readonly accounts: AccountService,
    private readonly settings: ConfigService,
  ) {}

  /** The exchange queue's decisions; the composition hands them to the review service with every other queue's. */
  readonly reviewHandler: QueueHandler = {
    approve: (tx, item) => this.approve(tx, item),
    reject: (tx, item, _actor, reason) => this.reject(tx, item, reason),
  };

  types(): Promise<ExchangeType[]> {
    return this.settings.get('exchange.types');
  }

  byHold(tx: Tx | Db, holdId: string) {
    return tx.selectFrom('exchanges').selectAll().where('hold_transfer_id', '=', holdId).executeTakeFirst();
  }

  /** Works out the fee and the amount received; throws the validation message a member sees. */
  quote(type: ExchangeType, amount: bigint) {
    const broken = amountRuleBroken(amount, type.minimum, type.multipleOf);
    if (broken) throw new AppError('request.invalid', { x: broken.x }, 'amount', broken.key);
    const gross = multiplyRateStrict(amount, type.rate);
    const fee = percentOfStrict(gross, type.feePercent, 'up');
    if (gross - fee <= 0n) throw new AppError('request.invalid', { x: type.minimum }, 'amount', 'validation.minimumAmount');
    return { gross, fee, received: gross - fee };
  }

  async create(
    memberId: string,
    input: { exchangeType: string; amount: string; transactionPassword: string; requestId: string },
  ): Promise<{ id: string; status: 'pendingReview' | 'approved' }> {
    const type = (await this.types()).find((t) => t.exchangeType === input.exchangeType);
    if (!type) throw new AppError('request.invalid', undefined, 'exchangeType', 'validation.chooseExchangeType');
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    const { fee, received } = this.quote(type, amount);
    // Below the configured amount nobody reviews: the source points are taken at once (posted,
    // not held) and the target points paid in the same transaction (decision 011).
    const isAutoApproved = amount < (parseAmount(await this.settings.get('exchange.autoApproveBelow')) ?? 0n);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    // Keyed once (db/once.ts): parallel sends and retries of one request hold the points once and
    // are all answered with the first exchange. The input is the business request only, so a retry
    // with the transaction password typed again is still the same request.
    const key = { scope: 'exchangeCreate', actor: memberId, requestId: input.requestId, input: { exchangeType: type.exchangeType, amount } };
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          const held = await this.ledger.transfer(
            {
              requestId: null,
              code: 'convert',
              coinName: type.sourceCoin,
              amount,
              debit: { owner: memberId, coinName: type.sourceCoin, purpose: 'available' },
              credit: { owner: 'system', coinName: type.sourceCoin, purpose: 'exchange' },
              isPending: !isAutoApproved,
              memo: type.exchangeType,
            },
            tx,
          );
          if (!held.ok) {
            throw held.result === 'insufficientBalance'
              ? new AppError('request.invalid', undefined, 'amount', 'validation.insufficientBalance')
              : refusalError(held.result);
          }
          const hold = held.record;
          const id = crypto.randomUUID();
          const reviewId = await this.reviews.submit(tx, {
            queue: 'exchange',
            memberId,
            coinName: type.sourceCoin,
            amount,
            subjectId: id,
            // A member made it; no staff member is its maker.
            createdByStaffId: null,
            summary: {
              exchangeType: type.exchangeType,
              sourceCoin: type.sourceCoin,
              targetCoin: type.targetCoin,
              rate: type.rate,
              fee: formatMinor(fee),
              received: formatMinor(received),
              ...(isAutoApproved ? { autoApproved: true } : {}),
            },
            evidence: [],
          });
          // The review item is kept, already approved, so the queue's history shows every exchange and why it needed no one.
          if (isAutoApproved) await tx.updateTable('review_items').set({ status: 'approved', decided_at: Date.now() }).where('id', '=', reviewId).execute();
          const number = `EX${Date.now()}${crypto.randomInt(1000, 9999)}`;
          await tx
            .insertInto('exchanges')
            .values({
              id,
              number,
              member_id: memberId,
              exchange_type: type.exchangeType,
              source_coin: type.sourceCoin,
              target_coin: type.targetCoin,
              amount,
              fee,
              received,
              rate: type.rate,
              minimum: type.minimum,
              status: isAutoApproved ? 'approved' : 'pendingReview',
              hold_transfer_id: hold.id,
              review_id: reviewId,
              ...rejectColumns(null),
              created_at: Date.now(),
              decided_at: isAutoApproved ? Date.now() : null,
            })
            .execute();
          if (isAutoApproved) await this.payOut(tx, { member_id: memberId, target_coin: type.targetCoin, received, fee, number });
          const status: 'pendingReview' | 'approved' = isAutoApproved ? 'approved' : 'pendingReview';
          return { id, status };
        }),
      { groupCommit: true },
    );
  }

  private async mustGet(tx: Tx, id: string): Promise<ExchangeRow> {
    const row = await tx.selectFrom('exchanges').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('exchange.notFound');
    return row;
  }

  private async settle(tx: Tx, exchange: ExchangeRow, status: 'approved' | 'rejected' | 'cancelled', rejectReason: RejectReason | null) {
    const moved = await tx
      .updateTable('exchanges')
      .set({ status, decided_at: Date.now(), ...rejectColumns(rejectReason) })
      .where('id', '=', exchange.id)
      .where('status', '=', 'pendingReview')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('exchange.notPending');
  }

  private async approve(tx: Tx, item: ReviewRow): Promise<void> {
    const exchange = await this.mustGet(tx, item.subject_id);
    await this.settle(tx, exchange, 'approved', null);
    settled(await this.ledger.resolvePending(exchange.hold_transfer_id, 'post', tx));
    await this.payOut(tx, exchange);
    await notify(tx, exchange.member_id, 'exchangeApproved', {
      number: exchange.number,
      amount: formatMinor(BigInt(exchange.received)),
      coinName: exchange.target_coin,
    });
  }

  /** The target points, net of the fee, from the exchange pool to the member; the fee to the fees account. */
  private async payOut(tx: Tx, exchange: Pick<ExchangeRow, 'member_id' | 'target_coin' | 'received' | 'fee' | 'number'>): Promise<void> {
    const target = exchange.target_coin;
    const pool = { owner: 'system', coinName: target, purpose: 'exchange' };
    settled(
      await this.ledger.transfer(
        {
          requestId: null,
          code: 'convert',
          coinName: target,
          amount: BigInt(exchange.received),
          debit: pool,
          credit: { owner: exchange.member_id, coinName: target, purpose: 'available' },
          isPending: false,
          memo: exchange.number,
        },
        tx,
      ),
    );
    if (BigInt(exchange.fee) > 0n) {
      settled(
        await this.ledger.transfer(
          {
            requestId: null,
            code: 'convertFee',
            coinName: target,
            amount: BigInt(exchange.fee),
            debit: pool,
            credit: { owner: 'system', coinName: target, purpose: 'fees' },
            isPending: false,
            memo: exchange.number,
          },
          tx,
        ),
      );
    }
  }

  private async reject(tx: Tx, item: ReviewRow, reason: RejectReason): Promise<void> {
    const exchange = await this.mustGet(tx, item.subject_id);
    await this.settle(tx, exchange, 'rejected', reason);
    settled(await this.ledger.resolvePending(exchange.hold_transfer_id, 'void', tx));
    await notify(tx, exchange.member_id, 'exchangeRejected', { number: exchange.number });
  }

  /**
   * The member cancels while the exchange waits for review; a cancel of an exchange already
   * cancelled is fine. With the member's request id it is keyed once (db/once.ts), so parallel
   * sends of one cancel are all answered alike instead of the losers being told it is not pending.
   */
  async cancel(memberId: string, exchangeId: string, requestId: string | null = null): Promise<{ ok: true }> {
    return inTransaction(
      this.db,
      (tx) => {
        const work = () => this.cancelIn(tx, memberId, exchangeId);
        return requestId === null ? work() : once(tx, { scope: 'exchangeCancel', actor: memberId, requestId, input: { exchangeId } }, work);
      },
      { groupCommit: true },
    );
  }

  private async cancelIn(tx: Tx, memberId: string, exchangeId: string): Promise<{ ok: true }> {
    const exchange = await this.mustGet(tx, exchangeId);
    if (exchange.member_id !== memberId) throw new AppError('exchange.notFound');
    if (exchange.status === 'cancelled') return { ok: true };
    // The review item moves first and only from a waiting state: staff deciding at the same moment lose or win whole.
    const claimed = await tx
      .updateTable('review_items')
      .set({ status: 'cancelled', decided_at: Date.now() })
      .where('id', '=', exchange.review_id)
      .where('status', 'in', ['pending', 'awaitingSecond'])
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) throw new AppError('exchange.notPending');
    await this.settle(tx, exchange, 'cancelled', null);
    settled(await this.ledger.resolvePending(exchange.hold_transfer_id, 'void', tx));
    return { ok: true };
  }

  async list(memberId: string, cursor: string | undefined, pageSize: number): Promise<{ items: ExchangeEntry[]; nextCursor: string | null }> {
    const query = this.db.selectFrom('exchanges').selectAll().where('member_id', '=', memberId);
    const { items: page, nextCursor } = await keysetPage(query, exchangesPage, cursor, pageSize);
    return {
      items: page.map((r) => {
        return {
          id: r.id,
          number: r.number,
          createdAt: num(r.created_at),
          exchangeType: r.exchange_type,
          sourceCoin: r.source_coin,
          targetCoin: r.target_coin,
          amount: formatMinor(BigInt(r.amount)),
          fee: formatMinor(BigInt(r.fee)),
          received: formatMinor(BigInt(r.received)),
          minimum: r.minimum,
          status: r.status as ExchangeEntry['status'],
          ...rejectReasonFields(rejectReasonOf(r)),
        };
      }),
      nextCursor,
    };
  }
}
