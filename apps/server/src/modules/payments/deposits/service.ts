/**
 * Bank deposits (decision 016). The member transfers local currency to the configured bank
 * account, then sends the USD amount, the receipt number and the receipt file. The deposit is a
 * pending credit at once (transfer code `deposit`, system bankDeposit -> member available, shown
 * in the member's records as pending review) and an item of the bankDeposit review queue; staff
 * approval posts the credit, rejection voids it with the reason the member reads in their
 * language. The status moves with conditional updates in the same transaction as the ledger,
 * so each deposit is credited at most once. A receipt number or a receipt image seen on another
 * deposit (any member's) is flagged on the review item.
 */
import crypto from 'node:crypto';
import {
  localAmountOf,
  uploadLimits,
  uploadMimeTypes,
  type BankDepositConfig,
  type DepositRecord,
  type RejectReason,
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
import type { ConfigService } from '../../platform/config/index.ts';
import { settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import type { QueueHandler, ReviewRow, ReviewService } from '../../platform/reviews/index.ts';
import type { UploadRow, UploadService } from '../../platform/uploads/index.ts';
import { notify } from '../../engagement/notifications/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** Receipt numbers compared the way people retype them: case, spaces and dashes do not count. */
export function receiptNumberKey(receiptNumber: string): string {
  return receiptNumber.replace(/[\s\-_./]/g, '').toUpperCase();
}

/** Other deposits shown on a review item as possible duplicates; a few are enough to act on. */
const duplicatesShownMax = 5;

export interface DepositInput {
  amount: string;
  receiptNumber: string;
  receiptFileId: string;
  otherFileId?: string;
  requestId: string;
}

/** The member's bank deposits, newest first (decision 052). */
const depositsPage = newestFirst('depositRecordList');

export class BankDepositService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly reviews: ReviewService,
    private readonly uploads: UploadService,
    private readonly settings: ConfigService,
    private readonly dialect: Dialect,
  ) {
    // A deposit keeps its receipt and its other file for as long as it exists (decision 054).
    uploads.registerReference({ name: 'deposits.files', table: 'bank_deposits', columns: ['receipt_upload_id', 'other_upload_id'] });
  }

  /** The bankDeposit queue's decisions; the composition hands them to the review service with every other queue's. */
  readonly reviewHandler: QueueHandler = {
    approve: (tx, item) => this.settle(tx, item, 'approved', null),
    reject: (tx, item, _actor, reason) => this.settle(tx, item, 'rejected', reason),
  };

  async config(): Promise<BankDepositConfig> {
    const [recipient, currency, rate, window, minimum, maximum, multipleOf] = await Promise.all([
      this.settings.get('deposit.bankRecipient'),
      this.settings.get('deposit.bankCurrency'),
      this.settings.get('deposit.bankRate'),
      this.settings.get('deposit.bankWindow'),
      this.settings.get('deposit.minimumAmount'),
      this.settings.get('deposit.bankMaximumAmount'),
      this.settings.get('deposit.multipleOf'),
    ]);
    return {
      recipient,
      currency,
      rate,
      window,
      minimum,
      maximum,
      multipleOf,
      uploadBytesMax: uploadLimits.uploadBytesMax,
      mimeTypes: [...uploadMimeTypes],
      browserImageSidePx: uploadLimits.browserImageSidePx,
    };
  }

  byCredit(db: Db | Tx, creditTransferId: string) {
    return db.selectFrom('bank_deposits').selectAll().where('credit_transfer_id', '=', creditTransferId).executeTakeFirst();
  }

  async create(memberId: string, input: DepositInput): Promise<{ id: string; number: string; status: 'pendingReview' }> {
    const cfg = await this.config();
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    const broken = amountRuleBroken(amount, cfg.minimum, cfg.multipleOf);
    if (broken) throw new AppError('request.invalid', { x: broken.x }, 'amount', broken.key);
    const maximum = parseAmount(cfg.maximum);
    if (maximum !== null && maximum > 0n && amount > maximum) throw new AppError('request.invalid', { x: cfg.maximum }, 'amount', 'validation.maximumAmount');
    const localAmount = localAmountOf(input.amount, cfg.rate);
    if (localAmount === null) throw new Error(`bad deposit rate ${cfg.rate}`);
    const receipt = await this.uploads.ownedBy(input.receiptFileId, memberId);
    const other = input.otherFileId ? await this.uploads.ownedBy(input.otherFileId, memberId) : null;
    const pendingMax = await this.settings.get('deposit.bankPendingMax');

    // Keyed once (db/once.ts) by what the member sent, less the key itself: a retry after a lost
    // answer, or the same submission sent several times at once, makes one deposit and is
    // answered with it; the same key with another amount or receipt is refused.
    const { requestId, ...sent } = input;
    const key = { scope: 'deposit', actor: memberId, requestId, input: sent };
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          // One member's submissions take turns here (PostgreSQL: the member's row locked until
          // commit; SQLite runs one write transaction at a time), so the pending count below is
          // exact even when several arrive at once.
          await lockMember(tx, this.dialect, memberId);
          const pending = await tx
            .selectFrom('bank_deposits')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .where('member_id', '=', memberId)
            .where('status', '=', 'pendingReview')
            .executeTakeFirstOrThrow();
          if (num(pending.n) >= pendingMax) throw new AppError('deposit.tooManyPending', { count: pendingMax });
          const id = crypto.randomUUID();
          const number = `BD${Date.now()}${crypto.randomInt(1000, 9999)}`;
          // The credit waits as a pending transfer: the member sees it in the records, the balance
          // moves only when staff post it. The request log keys it, so the journal needs no key.
          const credit = settled(
            await this.ledger.transfer(
              {
                requestId: null,
                code: 'deposit',
                coinName: 'USDT',
                amount,
                debit: { owner: 'system', coinName: 'USDT', purpose: 'bankDeposit' },
                credit: { owner: memberId, coinName: 'USDT', purpose: 'available' },
                isPending: true,
                memo: number,
              },
              tx,
            ),
          );
          const duplicates = await this.duplicatesOf(tx, receiptNumberKey(input.receiptNumber), [receipt, ...(other ? [other] : [])]);
          const reviewId = await this.reviews.submit(tx, {
            queue: 'bankDeposit',
            memberId,
            coinName: 'USDT',
            amount,
            // The credit's id, so the member's records find why a rejected deposit was voided.
            subjectId: credit.id,
            createdByStaffId: null,
            summary: {
              depositNumber: number,
              receiptNumber: input.receiptNumber,
              currency: cfg.currency,
              rate: cfg.rate,
              localAmount,
              duplicateReceiptNumber: duplicates.byNumber.length > 0 ? duplicates.byNumber.join(', ') : null,
              duplicateImage: duplicates.byImage.length > 0 ? duplicates.byImage.join(', ') : null,
            },
            evidence: [
              { label: 'receiptFile', value: `upload:${receipt.id}`, isImage: receipt.mime_type.startsWith('image/') },
              ...(other ? [{ label: 'otherFile', value: `upload:${other.id}`, isImage: other.mime_type.startsWith('image/') }] : []),
            ],
          });
          await tx
            .insertInto('bank_deposits')
            .values({
              id,
              number,
              member_id: memberId,
              coin_name: 'USDT',
              amount,
              currency: cfg.currency,
              rate: cfg.rate,
              local_amount: localAmount,
              receipt_number: input.receiptNumber,
              receipt_number_key: receiptNumberKey(input.receiptNumber),
              receipt_upload_id: receipt.id,
              other_upload_id: other?.id ?? null,
              status: 'pendingReview',
              credit_transfer_id: credit.id,
              review_id: reviewId,
              ...rejectColumns(null),
              created_at: Date.now(),
              decided_at: null,
            })
            .execute();
          return { id, number, status: 'pendingReview' as const };
        }),
      { groupCommit: true },
    );
  }

  /**
   * Earlier deposits with the same receipt number, or with a file whose bytes (as sent or as
   * stored) match one of this deposit's: the same photo sent twice, re-sent as a screenshot of
   * itself is not caught, a byte-identical or identically re-encoded one is.
   */
  private async duplicatesOf(tx: Tx, numberKey: string, files: UploadRow[]): Promise<{ byNumber: string[]; byImage: string[] }> {
    const byNumber = await tx
      .selectFrom('bank_deposits')
      .select('number')
      .where('receipt_number_key', '=', numberKey)
      .orderBy('created_at', 'desc')
      .limit(duplicatesShownMax)
      .execute();
    const hashes = [...new Set(files.flatMap((f) => [f.sha256, f.original_sha256]))];
    const sameFiles = await tx
      .selectFrom('uploads')
      .select('id')
      .where((eb) => eb.or([eb('sha256', 'in', hashes), eb('original_sha256', 'in', hashes)]))
      .limit(100)
      .execute();
    const ids = [...new Set([...sameFiles.map((f) => f.id), ...files.map((f) => f.id)])];
    const byImage = await tx
      .selectFrom('bank_deposits')
      .select('number')
      .where((eb) => eb.or([eb('receipt_upload_id', 'in', ids), eb('other_upload_id', 'in', ids)]))
      .orderBy('created_at', 'desc')
      .limit(duplicatesShownMax)
      .execute();
    return { byNumber: byNumber.map((r) => r.number), byImage: byImage.map((r) => r.number) };
  }

  /** Approve posts the pending credit, reject voids it; the deposit's status moves once, with it. */
  private async settle(tx: Tx, item: ReviewRow, status: 'approved' | 'rejected', reason: RejectReason | null): Promise<void> {
    const deposit = await this.byCredit(tx, item.subject_id);
    if (!deposit) throw new Error(`no bank deposit for review item ${item.id}`);
    const moved = await tx
      .updateTable('bank_deposits')
      .set({ status, decided_at: Date.now(), ...rejectColumns(reason) })
      .where('id', '=', deposit.id)
      .where('status', '=', 'pendingReview')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
    settled(await this.ledger.resolvePending(deposit.credit_transfer_id, status === 'approved' ? 'post' : 'void', tx));
    await notify(tx, deposit.member_id, status === 'approved' ? 'depositCredited' : 'depositRejected', {
      amount: formatMinor(BigInt(deposit.amount)),
      coinName: deposit.coin_name,
      number: deposit.number,
    });
  }

  async list(memberId: string, filter: { status?: string; cursor?: string; pageSize: number }): Promise<{ items: DepositRecord[]; nextCursor: string | null }> {
    let query = this.db.selectFrom('bank_deposits').selectAll().where('member_id', '=', memberId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const { items: page, nextCursor } = await keysetPage(query, depositsPage, filter.cursor, filter.pageSize);
    return {
      items: page.map((r): DepositRecord => {
        return {
          id: r.id,
          number: r.number,
          channel: 'bank',
          coinName: r.coin_name,
          amount: formatMinor(BigInt(r.amount)),
          currency: r.currency,
          rate: r.rate,
          localAmount: r.local_amount,
          receiptNumber: r.receipt_number,
          receiptFileId: r.receipt_upload_id,
          otherFileId: r.other_upload_id,
          status: r.status as DepositRecord['status'],
          ...rejectReasonFields(rejectReasonOf(r)),
          createdAt: num(r.created_at),
          decidedAt: r.decided_at === null ? null : num(r.decided_at),
        };
      }),
      nextCursor,
    };
  }
}
