/**
 * Review queues: one mechanism for every kind of item a person must approve (manual adjustments,
 * exchanges, bank and held chain deposits, withdrawals, package claims, setting changes). The
 * module that owns a queue exports its QueueHandler, and the composition hands this service one
 * typed map of them when it makes it: a queue without a handler does not compile, and no module
 * registers itself at run time (decision 077). Each
 * decision is its own transaction: the item's status moves with a conditional update, so an item
 * is decided once even when two staff members click at the same time, and the handler's money
 * effect (post or void the pending transfer) happens in the same transaction. Above the
 * configured amount an approval needs a second, different staff member with the finance role.
 * The staff member who made an item never decides it, at any amount (decision 007).
 *
 * Decision 061: the number of approvals is frozen on the item when it is made (a setting raised
 * later changes nothing for it), and every decision goes through `approvalRefusal`, the one
 * approval rule, which also answers `canApprove` in the lists.
 */
import crypto from 'node:crypto';
import {
  rejectOnlyReviewQueues,
  rejectReasonCodesFor,
  roleCan,
  type ErrorKey,
  type RejectReason,
  type RejectReasonCode,
  type ReviewItem,
  type StaffPermission,
  type StaffRole,
  formatMinor,
  parseAmount,
} from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { once } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { AuditService, Actor } from '../audit/index.ts';
import type { ConfigService } from '../config/index.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import { reasonCodeOf, rejectColumns, rejectReasonFields, rejectReasonOf } from '../../../db/reject-reason.ts';

export interface QueueHandler {
  /** `actor` is the staff member whose approval completes the item (a setting change is written in their name). */
  approve(tx: Tx, item: ReviewRow, actor: Actor & { role: StaffRole }): Promise<void>;
  /** `reason` is what the staff member chose and wrote, already kept on the item; the handler keeps it on its own row. */
  reject(tx: Tx, item: ReviewRow, actor: Actor & { role: StaffRole }, reason: RejectReason): Promise<void>;
  /** A permission every decider of this queue needs besides reviews.decide (a setting change: the config one). */
  permission?: StaffPermission;
}

/**
 * Days during which a staff account an admin made cannot approve that admin's items (decision
 * 061): the admin chose its password and could enrol its authenticator himself, so for a while it
 * is not a second person for him. After that its holder has signed in and changed what they must.
 */
export const newStaffDays = 7;
const newStaffMs = newStaffDays * 24 * 60 * 60 * 1000;

/** The staff member deciding, with what the rule needs to know about them. */
export interface Decider extends Actor {
  role: StaffRole;
  /** The admin who made this account within the last `newStaffDays`, else null. */
  madeBy: string | null;
}

/**
 * The one approval rule (decision 061): the error key that refuses `decider` this decision on
 * `item`, or null when they may make it. Every decision path calls it, and the lists call it for
 * `canApprove`, so no path can walk around it. It reads only the item's frozen rule, never a
 * live setting.
 */
export function approvalRefusal(
  item: Pick<ReviewRow, 'queue' | 'status' | 'created_by_staff_id' | 'first_approver_id' | 'approvals_required'>,
  decision: Decision,
  decider: Decider,
  handler: Pick<QueueHandler, 'permission'> | undefined,
): ErrorKey | null {
  if (item.status !== 'pending' && item.status !== 'awaitingSecond') return 'review.notPending';
  // A reject-only queue's items are never approved, not even as a first of two approvals: its
  // one queue holds chain deposits above the one-movement ceiling (decision 037), hence the key.
  if (decision === 'approve' && rejectOnlyReviewQueues.includes(item.queue)) return 'ledger.amountTooLarge';
  if (handler?.permission && !roleCan(decider.role, handler.permission)) return 'auth.forbidden';
  // Approving or rejecting: the maker of an item is never one of its deciders.
  if (item.created_by_staff_id !== null && item.created_by_staff_id === decider.id) return 'review.ownItem';
  // Nor an account its maker (or its first approver) made days ago: the same person's other hands.
  if (decider.madeBy !== null && (decider.madeBy === item.created_by_staff_id || decider.madeBy === item.first_approver_id))
    return 'review.approverMadeByMaker';
  if (item.status === 'awaitingSecond') {
    // Whatever completes an item waiting for its second approval is a second person's act.
    if (item.first_approver_id === decider.id) return 'review.sameApprover';
    if (decision === 'approve' && decider.role !== 'finance') return 'review.secondNeedsFinance';
  }
  return null;
}

/** Where an approval takes the item under its frozen rule. */
function approvedStatus(item: Pick<ReviewRow, 'status' | 'approvals_required'>): 'approved' | 'awaitingSecond' {
  return item.status === 'pending' && Number(item.approvals_required) >= 2 ? 'awaitingSecond' : 'approved';
}

export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewService['row']>>>;
export type Decision = 'approve' | 'reject';
export type DecideOutcome = { id: string; outcome: 'approved' | 'rejected' | 'awaitingSecond' | 'refused'; error?: string };

export const reviewQueues = [
  'manualAdjustment',
  'exchange',
  'bankDeposit',
  'withdrawal',
  'packageClaim',
  'chainDeposit',
  'settingChange',
  'reconciliationDay',
] as const;
export type ReviewQueue = (typeof reviewQueues)[number];

/** Each queue's decisions, from the module that owns the queue: one entry per queue, none missing. */
export type ReviewHandlers = { readonly [Q in ReviewQueue]: QueueHandler };

/** A review queue, newest item first (decision 052). */
const reviewItemsPage = newestFirst('reviewList', 'review_items.created_at', 'review_items.id');

export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly config: ConfigService,
    private readonly handlers: ReviewHandlers,
  ) {}

  /** The handler of an item's queue; none for a queue name this build does not know (a row not written by `submit`). */
  private handlerOf(queue: string): QueueHandler | undefined {
    return Object.hasOwn(this.handlers, queue) ? this.handlers[queue as ReviewQueue] : undefined;
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
      queue: ReviewQueue;
      memberId: string;
      coinName: string;
      amount: bigint;
      amountExact?: string;
      subjectId: string;
      createdByStaffId: string | null;
      summary: Record<string, string | number | boolean | null>;
      evidence: Array<{ label: string; value: string; isImage: boolean }>;
      /** A queue whose items are not amounts (a setting change) gives its own rule; otherwise the four-eyes amount decides. */
      approvalsRequired?: 1 | 2;
    },
  ): Promise<string> {
    if (input.amountExact !== undefined && (input.amount !== 0n || !/^\d+\.\d+$/.test(input.amountExact)))
      throw new Error('an exact amount goes with amount 0, as a decimal string');
    // The rule is read in the item's own transaction and kept on it (decision 061).
    const threshold = parseAmount(await this.config.get('reviews.fourEyesAmount', tx)) ?? 0n;
    const approvalsRequired =
      input.approvalsRequired ?? (!rejectOnlyReviewQueues.includes(input.queue) && (input.amountExact !== undefined || input.amount > threshold) ? 2 : 1);
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
        ...rejectColumns(null),
        created_at: Date.now(),
        decided_at: null,
        amount_exact: input.amountExact ?? null,
        approvals_required: approvalsRequired,
        four_eyes_amount: threshold,
      })
      .execute();
    return id;
  }

  async list(filter: { queue: string; status?: string; memberName?: string; cursor?: string; pageSize: number }, viewer: Actor & { role: StaffRole }) {
    // A left join: a setting change concerns no member.
    let query = this.db
      .selectFrom('review_items')
      .leftJoin('users', 'users.id', 'review_items.member_id')
      .selectAll('review_items')
      .select('users.user_name as member_name')
      .where('review_items.queue', '=', filter.queue);
    // "waiting" is the set the queue's badge counts (review_waiting): pending and awaiting a second approval.
    if (filter.status === 'waiting') query = query.where('review_items.status', 'in', ['pending', 'awaitingSecond']);
    else if (filter.status) query = query.where('review_items.status', '=', filter.status);
    if (filter.memberName) query = query.where('users.user_name_key', '=', filter.memberName.trim().toLowerCase());
    const { items: page, nextCursor } = await keysetPage(query, reviewItemsPage, filter.cursor, filter.pageSize);
    const items = await this.toItems(
      page.map((r) => ({ row: r, memberName: r.member_name ?? '' })),
      await this.decider(viewer),
    );
    return { items, nextCursor };
  }

  async detail(id: string, viewer: Actor & { role: StaffRole }): Promise<ReviewItem> {
    const row = await this.row(id);
    if (!row) throw new AppError('review.notFound');
    const member = await this.db.selectFrom('users').select('user_name').where('id', '=', row.member_id).executeTakeFirst();
    const [item] = await this.toItems([{ row, memberName: member?.user_name ?? '' }], await this.decider(viewer));
    return item!;
  }

  /**
   * The staff member with who made their account, when an admin made it in the last
   * `newStaffDays` (the staff.create audit row names the admin). One primary-key read, and one
   * audit read only for a new account.
   */
  async decider(staff: Actor & { role: StaffRole }, db: Db | Tx = this.db): Promise<Decider> {
    const row = await db.selectFrom('staff').select('created_at').where('id', '=', staff.id).executeTakeFirst();
    let madeBy: string | null = null;
    if (row && Date.now() - num(row.created_at) < newStaffMs) {
      const made = await db
        .selectFrom('audit_log')
        .select('actor_id')
        .where('action', '=', 'staff.create')
        .where('target_id', '=', staff.id)
        .executeTakeFirst();
      madeBy = made?.actor_id ?? null;
    }
    return { ...staff, madeBy };
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

  /** One query for the decisions of the whole page, not one per item; each item's own frozen rule. */
  private async toItems(entries: Array<{ row: ReviewRow; memberName: string }>, viewer: Decider): Promise<ReviewItem[]> {
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
    return entries.map(({ row, memberName }) => {
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
          .map((d) => ({ staffName: d.staff_name, decision: d.decision as Decision, reasonCode: reasonCodeOf(d.reason_code), note: d.note, at: num(d.at) })),
        ...rejectReasonFields(rejectReasonOf(row)),
        // An item that can never be approved (decision 037) needs no second approval either.
        needsSecondApproval: !rejectOnlyReviewQueues.includes(row.queue) && Number(row.approvals_required) >= 2,
        approvalsRequired: Number(row.approvals_required),
        canApprove: roleCan(viewer.role, 'reviews.decide') && approvalRefusal(row, 'approve', viewer, this.handlerOf(row.queue)) === null,
      };
    });
  }

  async decide(
    ids: string[],
    decision: Decision,
    reasonCode: RejectReasonCode | undefined,
    reason: string,
    actor: Actor & { role: StaffRole },
    /**
     * The client's idempotency key: each item's decision is keyed once with it (db/once.ts), so a
     * retry whose first answer was lost is answered with what was decided, not `review.notPending`.
     */
    requestId: string | null = null,
  ): Promise<DecideOutcome[]> {
    const results: DecideOutcome[] = [];
    const decider = await this.decider(actor);
    for (const id of [...new Set(ids)]) {
      try {
        results.push({ id, outcome: await this.decideOne(id, decision, reasonCode, reason, decider, requestId) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A setting change whose value no longer passes its checks says which check (decision 061).
        results.push({ id, outcome: 'refused', error: error.key === 'request.invalid' && error.validation ? error.validation : error.key });
      }
    }
    return results;
  }

  private async decideOne(id: string, decision: Decision, reasonCode: RejectReasonCode | undefined, reason: string, actor: Decider, requestId: string | null) {
    if (decision === 'reject' && !reason && !reasonCode) throw new AppError('review.reasonRequired');
    const key = requestId ? { scope: 'reviewDecide', actor: actor.id, requestId: `${requestId}:${id}`, input: { decision, reasonCode, reason } } : null;
    return inTransaction(this.db, (tx) =>
      key ? once(tx, key, () => this.decideIn(tx, id, decision, reasonCode, reason, actor)) : this.decideIn(tx, id, decision, reasonCode, reason, actor),
    );
  }

  /** One item's decision inside `tx`: the approval rule, the status move, the queue's handler, the trail. */
  private async decideIn(tx: Tx, id: string, decision: Decision, reasonCode: RejectReasonCode | undefined, reason: string, actor: Decider) {
    const item = await this.row(id, tx);
    if (!item) throw new AppError('review.notFound');
    const handler = this.handlerOf(item.queue);
    if (!handler) throw new Error(`no handler for queue ${item.queue}`);
    const refusal = approvalRefusal(item, decision, actor, handler);
    if (refusal) throw new AppError(refusal);
    // The member reads the code translated: only a reason of this kind of item says something true.
    if (decision === 'reject' && reasonCode !== undefined && !(rejectReasonCodesFor(item.queue) as readonly string[]).includes(reasonCode))
      throw new AppError('review.reasonCodeNotForQueue');
    const now = Date.now();
    const next: 'approved' | 'rejected' | 'awaitingSecond' = decision === 'reject' ? 'rejected' : approvedStatus(item);
    // The reason travels typed: the queue's handler copies these columns onto its own row.
    const rejectReason: RejectReason | null = next === 'rejected' ? { code: reasonCode ?? 'other', note: reason } : null;
    // The status moves only from what we read: a second click, or another staff member, loses here.
    const moved = await tx
      .updateTable('review_items')
      .set({
        status: next,
        ...(next === 'awaitingSecond' ? { first_approver_id: actor.id } : { decided_at: now }),
        ...(rejectReason ? rejectColumns(rejectReason) : {}),
      })
      .where('id', '=', id)
      .where('status', '=', item.status)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new AppError('review.notPending');
    const decidedBy = { id: actor.id, name: actor.name, ip: actor.ip, role: actor.role };
    if (next === 'approved') await handler.approve(tx, item, decidedBy);
    if (rejectReason) await handler.reject(tx, item, decidedBy, rejectReason);
    await tx
      .insertInto('review_decisions')
      .values({
        id: crypto.randomUUID(),
        item_id: id,
        staff_id: actor.id,
        staff_name: actor.name,
        decision,
        // Typed like the item's own reason: the code apart from the words (decision 082).
        reason_code: rejectReason?.code ?? null,
        note: reason,
        at: now,
      })
      .execute();
    await this.audit.record(tx, actor, {
      action: `review.${decision}`,
      targetType: `review:${item.queue}`,
      targetId: id,
      before: { status: item.status },
      // A rejection's reason typed in the trail, so the back-office shows its code translated and the words apart.
      after: rejectReason ? { status: next, rejectReason } : { status: next },
      reason,
    });
    return next;
  }
}
