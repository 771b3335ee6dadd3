/**
 * Review queues: one mechanism for every kind of item a person must approve (manual adjustments
 * now; exchanges, bank deposits and withdrawals plug in later through a QueueHandler). Each
 * decision is its own transaction: the item's status moves with a conditional update, so an item
 * is decided once even when two staff members click at the same time, and the handler's money
 * effect (post or void the pending transfer) happens in the same transaction. Above the
 * configured amount an approval needs a second, different staff member with the finance role.
 * The staff member who made an item never decides it, at any amount (decision 007).
 */
import crypto from 'node:crypto';
import { rejectOnlyReviewQueues, type ReviewItem, type StaffRole, formatMinor, parseAmount } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import type { AuditService, Actor } from '../audit/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';

export interface QueueHandler {
  approve(tx: Tx, item: ReviewRow): Promise<void>;
  reject(tx: Tx, item: ReviewRow): Promise<void>;
}

export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewService['row']>>>;
export type Decision = 'approve' | 'reject';
export type DecideOutcome = { id: string; outcome: 'approved' | 'rejected' | 'awaitingSecond' | 'refused'; error?: string };

export const reviewQueues = ['manualAdjustment', 'exchange', 'bankDeposit', 'withdrawal', 'packageClaim', 'chainDeposit'] as const;

/** A review queue, newest item first (decision 052). */
const reviewItemsPage = newestFirst('reviewList', 'review_items.created_at', 'review_items.id');

export class ReviewService {
  private readonly handlers = new Map<string, QueueHandler>();

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly config: ConfigService,
  ) {}

  register(queue: string, handler: QueueHandler): void {
    this.handlers.set(queue, handler);
  }

  row(id: string, db: Db | Tx = this.db) {
    return db.selectFrom('review_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Puts an item in a queue; call inside the transaction that made the pending transfer.
   * `amountExact`: an amount no points column holds (a chain deposit above the movement ceiling,
   * decision 037), kept as an exact decimal string; `amount` must be 0 then.
   */
  async submit(
    tx: Tx,
    input: {
      queue: string;
      memberId: string;
      coinName: string;
      amount: bigint;
      amountExact?: string;
      subjectId: string;
      createdByStaffId: string | null;
      summary: Record<string, string | number | boolean | null>;
      evidence: Array<{ label: string; value: string; isImage: boolean }>;
    },
  ): Promise<string> {
    if (input.amountExact !== undefined && (input.amount !== 0n || !/^\d+\.\d+$/.test(input.amountExact)))
      throw new Error('an exact amount goes with amount 0, as a decimal string');
    const id = crypto.randomUUID();
    await tx
      .insertInto('review_items')
      .values({
        id,
        queue: input.queue,
        status: 'pending',
        member_id: input.memberId,
        coin_name: input.coinName,
        amount: input.amount,
        subject_id: input.subjectId,
        summary_json: JSON.stringify(input.summary),
        evidence_json: JSON.stringify(input.evidence),
        first_approver_id: null,
        created_by_staff_id: input.createdByStaffId,
        reject_reason: null,
        created_at: Date.now(),
        decided_at: null,
        amount_exact: input.amountExact ?? null,
      })
      .execute();
    return id;
  }

  async list(filter: { queue: string; status?: string; memberName?: string; cursor?: string; pageSize: number }) {
    let query = this.db
      .selectFrom('review_items')
      .innerJoin('users', 'users.id', 'review_items.member_id')
      .selectAll('review_items')
      .select('users.user_name as member_name')
      .where('review_items.queue', '=', filter.queue);
    if (filter.status) query = query.where('review_items.status', '=', filter.status);
    if (filter.memberName) query = query.where('users.user_name_key', '=', filter.memberName.trim().toLowerCase());
    const { items: page, nextCursor } = await keysetPage(query, reviewItemsPage, filter.cursor, filter.pageSize);
    const items = await this.toItems(page.map((r) => ({ row: r, memberName: r.member_name })));
    return { items, nextCursor };
  }

  async detail(id: string): Promise<ReviewItem> {
    const row = await this.row(id);
    if (!row) throw new AppError('review.notFound');
    const member = await this.db.selectFrom('users').select('user_name').where('id', '=', row.member_id).executeTakeFirst();
    const [item] = await this.toItems([{ row, memberName: member?.user_name ?? '' }]);
    return item!;
  }

  async waitingCounts(): Promise<Array<{ queue: string; waiting: number }>> {
    // Kept with the items by migration 040's triggers (decision 057): a handful of stripe rows,
    // not a count of every waiting item.
    const rows = await this.db
      .selectFrom('review_waiting')
      .select(['queue', (eb) => eb.fn.sum<bigint | number | string>('waiting').as('waiting')])
      .groupBy('queue')
      .execute();
    const counts = new Map(rows.map((r) => [r.queue, Number(r.waiting)]));
    return reviewQueues.map((queue) => ({ queue, waiting: counts.get(queue) ?? 0 }));
  }

  /** One query for the decisions of the whole page and one read of the threshold, not one per item. */
  private async toItems(entries: Array<{ row: ReviewRow; memberName: string }>): Promise<ReviewItem[]> {
    if (entries.length === 0) return [];
    const decisions = await this.db
      .selectFrom('review_decisions')
      .selectAll()
      .where(
        'item_id',
        'in',
        entries.map((e) => e.row.id),
      )
      .orderBy('at')
      .execute();
    const threshold = parseAmount(await this.config.get('reviews.fourEyesAmount')) ?? 0n;
    return entries.map(({ row, memberName }) => {
      const [code, ...rest] = (row.reject_reason ?? '').split('|');
      return {
        id: row.id,
        queue: row.queue,
        status: row.status as ReviewItem['status'],
        memberId: row.member_id,
        memberName,
        amount: row.amount_exact ?? formatMinor(BigInt(row.amount)),
        coinName: row.coin_name,
        summary: JSON.parse(row.summary_json) as ReviewItem['summary'],
        evidence: JSON.parse(row.evidence_json) as ReviewItem['evidence'],
        createdAt: num(row.created_at),
        decisions: decisions
          .filter((d) => d.item_id === row.id)
          .map((d) => ({ staffName: d.staff_name, decision: d.decision as Decision, reason: d.reason, at: num(d.at) })),
        rejectReason: row.reject_reason === null ? null : rest.join('|'),
        rejectReasonCode: row.reject_reason === null ? null : ((code || 'other') as ReviewItem['rejectReasonCode']),
        // An item that can never be approved (decision 037) needs no second approval either.
        needsSecondApproval: !rejectOnlyReviewQueues.includes(row.queue) && BigInt(row.amount) > threshold,
      };
    });
  }

  async decide(
    ids: string[],
    decision: Decision,
    reasonCode: string | undefined,
    reason: string,
    actor: Actor & { role: StaffRole },
  ): Promise<DecideOutcome[]> {
    const results: DecideOutcome[] = [];
    const threshold = parseAmount(await this.config.get('reviews.fourEyesAmount')) ?? 0n;
    for (const id of [...new Set(ids)]) {
      try {
        results.push({ id, outcome: await this.decideOne(id, decision, reasonCode, reason, actor, threshold) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, outcome: 'refused', error: error.key });
      }
    }
    return results;
  }

  private async decideOne(
    id: string,
    decision: Decision,
    reasonCode: string | undefined,
    reason: string,
    actor: Actor & { role: StaffRole },
    threshold: bigint,
  ) {
    if (decision === 'reject' && !reason && !reasonCode) throw new AppError('review.reasonRequired');
    return inTransaction(this.db, async (tx) => {
      const item = await this.row(id, tx);
      if (!item) throw new AppError('review.notFound');
      const handler = this.handlers.get(item.queue);
      if (!handler) throw new Error(`no handler for queue ${item.queue}`);
      if (item.status !== 'pending' && item.status !== 'awaitingSecond') throw new AppError('review.notPending');
      // A reject-only queue's items are never approved, not even as a first of two approvals: its
      // one queue holds chain deposits above the one-movement ceiling (decision 037), hence the key.
      if (decision === 'approve' && rejectOnlyReviewQueues.includes(item.queue)) throw new AppError('ledger.amountTooLarge');
      // Approving or rejecting: the maker of a money item is never one of its deciders.
      if (item.created_by_staff_id !== null && item.created_by_staff_id === actor.id) throw new AppError('review.ownItem');
      const now = Date.now();
      let next: 'approved' | 'rejected' | 'awaitingSecond';
      if (decision === 'reject') {
        next = 'rejected';
      } else if (BigInt(item.amount) > threshold) {
        if (item.status === 'pending') {
          next = 'awaitingSecond';
        } else {
          if (item.first_approver_id === actor.id) throw new AppError('review.sameApprover');
          if (actor.role !== 'finance') throw new AppError('review.secondNeedsFinance');
          next = 'approved';
        }
      } else {
        next = 'approved';
      }
      // The status moves only from what we read: a second click, or another staff member, loses here.
      const moved = await tx
        .updateTable('review_items')
        .set({
          status: next,
          ...(next === 'awaitingSecond' ? { first_approver_id: actor.id } : { decided_at: now }),
          ...(next === 'rejected' ? { reject_reason: `${reasonCode ?? 'other'}|${reason}` } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', item.status)
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
      if (next === 'approved') await handler.approve(tx, item);
      if (next === 'rejected') await handler.reject(tx, item);
      await tx
        .insertInto('review_decisions')
        .values({
          id: crypto.randomUUID(),
          item_id: id,
          staff_id: actor.id,
          staff_name: actor.name,
          decision,
          reason: reasonCode ? `${reasonCode}: ${reason}` : reason,
          at: now,
        })
        .execute();
      await this.audit.record(tx, actor, {
        action: `review.${decision}`,
        targetType: `review:${item.queue}`,
        targetId: id,
        before: { status: item.status },
        after: { status: next },
        reason: reasonCode ? `${reasonCode}: ${reason}` : reason,
      });
      return next;
    });
  }
}
