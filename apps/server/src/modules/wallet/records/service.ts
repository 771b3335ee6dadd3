/**
 * A member's transaction records: the ledger transfers that touch any of the member's accounts,
 * newest first, keyset-paged on the journal order. A pending transfer shows as pending review
 * until it is posted (success) or voided. A voided hold says what happened to the money: the
 * member cancelled it or staff rejected it (with the reason code), and the amount returned to
 * the available balance. A transfer between two of the member's own accounts (available to
 * fixed) is a move, neither a gain nor a loss. A withdrawal's two holds (amount and fee) show
 * the order's status instead: pending review, pending disbursement, processing, success, or
 * withdrawal rejected with the reason (decision 019). Packages (decision 020): the principal moving
 * available -> fixed (buyMatching) and back (redeem) is a move; a holding given to another member
 * (makeOver) leaves the sender's fixed balance and reaches the receiver's, naming the other side.
 */
import {
  revenueTypes,
  type BonusCause,
  type BonusType,
  type RecordEntry,
  type RejectReason,
  type TransactionStatus,
  type TransactionType,
  endpoints,
  formatMinor,
  parseAmount,
} from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { num } from '../../../db/index.ts';
import { cursorAfter, decodeCursor, keysetCondition, type Keyset } from '../../../db/keyset.ts';
import { rejectReasonFields, rejectReasonOf } from '../../../db/reject-reason.ts';

export interface RecordFilter {
  status?: TransactionStatus;
  type?: TransactionType;
  coinName?: string;
  fromMs?: number;
  toMs?: number;
  /** An amount as typed: records of this amount, in or out (decision 092). */
  amount?: string;
  /** A record id, a request id of the member's, or the id or number of what made the record. */
  reference?: string;
  cursor?: string;
  pageSize: number;
}

/** The member's keyed writes: where a request id the member kept can be looked up by its primary key. */
const memberKeyedScopes = Object.entries(endpoints)
  .filter(([, e]) => e.keyed && e.auth === 'member')
  .map(([name]) => name);

const memberPurposes = new Set(['available', 'fixed']);
/** Ledger codes of the plan's bonuses (decision 022). */
const bonusCodeSet = new Set<string>([
  'directBonus',
  'sponsorshipBonus',
  'algebraicBonus',
  'sameLevelReward',
  'managerBonus',
  'performanceBonus',
  'rankingBonus',
  'buyMatchingBonus',
  'activateBonus',
  'bonusFeeBonus',
]);
const asPurpose = (purpose: string | undefined) => (purpose === 'available' || purpose === 'fixed' ? purpose : null);

/**
 * The records' keyset (decision 052): the journal order, newest first. The member's page and the
 * staff's member ledger are one list, so one cursor: the last seq shown, in the helper's format.
 * The page is merged from one index range per account and side (decision 046), so it is not one
 * query for `keysetPage`; each range takes the helper's condition and the cursor is its encoding.
 */
export const recordsKeyset: Keyset = { list: 'records', keys: [{ column: 'ledger_transfers.seq', kind: 'int' }] };

/**
 * The records of a time range or of one type: newest first by the transfer's time, then its seq. A
 * range a year back, read in seq order, walked the account's (account, seq) index through the
 * whole year since (210 ms p50 for the long-history member at 10,000,000 transfers); in time order
 * each leg is a seek into the (account, created_at, seq) indexes of migration 038 that stops
 * after the page. A cursor of this order is its own list: one of the other order is refused.
 */
export const recordsByTimeKeyset: Keyset = {
  list: 'records-by-time',
  keys: [
    { column: 'ledger_transfers.created_at', kind: 'int', field: 'created_at' },
    { column: 'ledger_transfers.seq', kind: 'int', field: 'seq' },
  ],
};

export class RecordService {
  constructor(private readonly db: Db) {}

  async list(memberId: string, filter: RecordFilter): Promise<{ items: RecordEntry[]; nextCursor: string | null }> {
    // A cursor this list did not make is refused before anything is read, whatever the member has.
    // A time range or a type is read in time order (migrations 038 and 042): each leg a seek into
    // (account, created_at, seq) or (account, code, created_at, seq) that stops after the page, also
    // for a type and a month together. Only the unfiltered and status lists keep the journal order.
    const isByTime = filter.fromMs !== undefined || filter.toMs !== undefined || Boolean(filter.type);
    const keyset = isByTime ? recordsByTimeKeyset : recordsKeyset;
    const after = decodeCursor(keyset, filter.cursor);
    const accounts = await this.db.selectFrom('ledger_accounts').select(['id', 'purpose', 'coin_name']).where('owner', '=', memberId).execute();
    if (accounts.length === 0) return { items: [], nextCursor: null };
    // A status filter reads the account's holds in one state (decision 048): the partial
    // (account, state, seq) indexes of migration 031 hold only holds (kind 'pending'), so a
    // status the member has never or rarely had is a seek, not a walk of the account's history.
    // What the hold belongs to is looked up a row at a time through the unique hold and fee
    // columns, never as a list of every withdrawal or exchange the member ever had.
    const held = (state: 'pending' | 'voided') =>
      sql<boolean>`${sql.ref('ledger_transfers.kind')} = 'pending' and ${sql.ref('ledger_transfers.state')} = ${sql.lit(state)}`;
    // A withdrawal in one of the given statuses holds this transfer (its amount or its fee).
    const isWithdrawalHold = (statuses: string[]) => (eb: ExpressionBuilder<Database, 'ledger_transfers'>) =>
      eb.or(
        (['hold_transfer_id', 'fee_transfer_id'] as const).map((column) =>
          eb.exists(
            eb
              .selectFrom('withdrawals')
              .select(sql.lit(1).as('one'))
              .whereRef(`withdrawals.${column}`, '=', 'ledger_transfers.id')
              .where('withdrawals.status', 'in', statuses),
          ),
        ),
      );
    const isCancelledExchange = (eb: ExpressionBuilder<Database, 'ledger_transfers'>) =>
      eb.exists(
        eb
          .selectFrom('exchanges')
          .select(sql.lit(1).as('one'))
          .whereRef('exchanges.hold_transfer_id', '=', 'ledger_transfers.id')
          .where('exchanges.status', '=', 'cancelled'),
      );
    let query = this.db.selectFrom('ledger_transfers').selectAll('ledger_transfers').where('kind', 'in', ['posted', 'pending']);
    if (filter.reference !== undefined) {
      // A reference becomes the few transfers it names, each found by a unique column; the legs
      // below still read only the member's own accounts, so another member's reference finds nothing.
      const ids = await this.transfersNamedBy(memberId, filter.reference);
      if (ids.length === 0) return { items: [], nextCursor: null };
      query = query.where('ledger_transfers.id', 'in', ids);
    }
    if (filter.amount !== undefined) {
      const minor = parseAmount(filter.amount);
      if (minor === null || minor <= 0n) return { items: [], nextCursor: null };
      query = query.where('amount', '=', minor);
    }
    if (filter.type) query = query.where('code', '=', filter.type);
    if (filter.coinName) query = query.where('coin_name', '=', filter.coinName);
    if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('created_at', '<=', filter.toMs);
    if (filter.status === 'success') query = query.where((eb) => eb.or([eb('kind', '=', 'posted'), eb('state', '=', 'posted')]));
    else if (filter.status === 'pendingReview')
      query = query.where(held('pending')).where((eb) => eb.not(isWithdrawalHold(['pendingDisbursement', 'processing'])(eb)));
    else if (filter.status === 'pendingDisbursement' || filter.status === 'processing')
      query = query.where(held('pending')).where(isWithdrawalHold([filter.status]));
    else if (filter.status === 'withdrawalRejected') query = query.where(held('voided')).where(isWithdrawalHold(['rejected']));
    // "failed" is what older clients call every voided hold; newer ones ask for the reason.
    else if (filter.status === 'failed') query = query.where(held('voided'));
    else if (filter.status === 'cancelled') query = query.where(held('voided')).where(isCancelledExchange);
    else if (filter.status === 'rejected')
      query = query.where(held('voided')).where((eb) => eb.and([eb.not(isCancelledExchange(eb)), eb.not(isWithdrawalHold(['rejected'])(eb))]));
    else if (filter.status) return { items: [], nextCursor: null };
    if (after) query = query.where(keysetCondition(keyset, after));
    // One page per account and side, each a range of its (account, seq) index read newest first,
    // merged here: a member's long history costs a page a leg, not a sort of every transfer the
    // member ever had (decision 046). A transfer between two of the member's accounts comes twice.
    const legs = await Promise.all(
      accounts
        .filter((a) => !filter.coinName || a.coin_name === filter.coinName)
        .flatMap((a) =>
          (['debit_account_id', 'credit_account_id'] as const).map((side) =>
            (isByTime ? query.where(side, '=', a.id).orderBy('created_at', 'desc') : query.where(side, '=', a.id))
              .orderBy('seq', 'desc')
              .limit(filter.pageSize + 1)
              .execute(),
          ),
        ),
    );
    const merged = new Map(legs.flat().map((r) => [r.id, r]));
    // Newest first in the keyset's order: (created_at, seq) for a time range, else seq.
    const sortFields = isByTime ? (['created_at', 'seq'] as const) : (['seq'] as const);
    const newerFirst = (x: Record<(typeof sortFields)[number], unknown>, y: Record<(typeof sortFields)[number], unknown>) => {
      for (const field of sortFields) {
        const [a, b] = [BigInt(String(x[field])), BigInt(String(y[field]))];
        if (a !== b) return b > a ? 1 : -1;
      }
      return 0;
    };
    const rows = [...merged.values()].sort(newerFirst).slice(0, filter.pageSize + 1);
    const page = rows.slice(0, filter.pageSize);
    const purposeOf = new Map(accounts.map((a) => [a.id, a.purpose]));
    const context = await this.contextOf(memberId, page);
    return {
      items: page.map((r): RecordEntry => {
        const debitPurpose = purposeOf.get(r.debit_account_id);
        const creditPurpose = purposeOf.get(r.credit_account_id);
        const isMove = memberPurposes.has(debitPurpose ?? '') && memberPurposes.has(creditPurpose ?? '');
        const isOut = !isMove && debitPurpose !== undefined;
        const amount = BigInt(r.amount);
        // A move is signed for the available balance, so older clients no longer show it as a gain.
        const leavesAvailable = isOut || (isMove && debitPurpose === 'available');
        const exchange = context.exchangeByHold.get(r.id) ?? context.exchangeByNumber.get(r.memo);
        const review = context.reviewBySubject.get(r.id);
        const withdrawal = context.withdrawalByHold.get(r.id);
        let status: TransactionStatus;
        let reason: RejectReason | null = null;
        if (withdrawal) {
          // The order says where the money is: waiting, being paid, paid out, or back.
          status = withdrawal.status === 'rejected' ? 'withdrawalRejected' : (withdrawal.status as TransactionStatus);
          if (withdrawal.status === 'rejected') reason = rejectReasonOf(withdrawal);
        } else if (r.kind === 'posted' || r.state === 'posted') status = 'success';
        else if (r.state === 'pending') status = 'pendingReview';
        else if (exchange?.status === 'cancelled' || review?.status === 'cancelled') status = 'cancelled';
        else if (exchange?.status === 'rejected' || review?.status === 'rejected') {
          status = 'rejected';
          reason = (exchange && rejectReasonOf(exchange)) ?? (review && rejectReasonOf(review)) ?? null;
        } else status = 'failed';
        const isVoided = r.state === 'voided';
        const transfer = r.code === 'internalTransfer' ? context.transferById.get(r.id) : undefined;
        // A holding given to another member (makeOver): its history line names the other side.
        const holdingCounterparty = r.code === 'makeOver' ? (context.makeOverById.get(r.id) ?? null) : null;
        return {
          id: r.id,
          type: r.code as TransactionType,
          coinName: r.coin_name,
          amount: formatMinor(leavesAvailable ? -amount : amount),
          status,
          createdAt: num(r.created_at),
          memo: r.memo,
          movement: isMove ? 'move' : isOut ? 'out' : 'in',
          fromAccount: isMove ? asPurpose(debitPurpose) : null,
          toAccount: isMove ? asPurpose(creditPurpose) : null,
          // A voided hold on the member's own money gave it all back; a voided credit never arrived.
          returned: isVoided && isOut ? formatMinor(amount) : null,
          ...rejectReasonFields(reason),
          exchange: exchange ? { number: exchange.number, sourceCoin: exchange.source_coin, targetCoin: exchange.target_coin } : null,
          counterparty: transfer ? (transfer.from_id === memberId ? transfer.toName : transfer.fromName) : holdingCounterparty,
          bonus: context.bonusByTransfer.get(r.id) ?? null,
        };
      }),
      nextCursor: rows.length > filter.pageSize ? cursorAfter(keyset, page[page.length - 1]!) : null,
    };
  }

  /**
   * The ledger transfers a reference names (decision 092): the transfer itself (its id or the
   * ledger request id), or what the member's keyed request made (request_log's answer id), a
   * member transfer, an exchange or a withdrawal by id or number, and then that thing's transfers.
   * Every step is a seek on a primary or unique key; what belongs to someone else is dropped by the
   * member's own legs in `list`.
   */
  private async transfersNamedBy(memberId: string, reference: string): Promise<string[]> {
    const names = new Set<string>([reference]);
    const logged = await this.db
      .selectFrom('request_log')
      .select('result_json')
      .where('scope', 'in', memberKeyedScopes)
      .where('actor', '=', memberId)
      .where('request_id', '=', reference)
      .execute();
    for (const row of logged) {
      try {
        const answer = JSON.parse(row.result_json ?? 'null') as unknown;
        if (answer && typeof answer === 'object' && 'id' in answer && typeof answer.id === 'string') names.add(answer.id);
      } catch {
        // An answer that is not JSON names nothing.
      }
    }
    const list = [...names];
    const [direct, byRequest, transfers, exchanges, withdrawals] = await Promise.all([
      this.db.selectFrom('ledger_transfers').select('id').where('id', 'in', list).execute(),
      this.db.selectFrom('ledger_transfers').select('id').where('request_id', 'in', list).execute(),
      this.db.selectFrom('member_transfers').select('transfer_id').where('id', 'in', list).execute(),
      this.db
        .selectFrom('exchanges')
        .select(['hold_transfer_id', 'member_id'])
        .where((eb) => eb.or([eb('id', 'in', list), eb('number', 'in', list)]))
        .execute(),
      this.db
        .selectFrom('withdrawals')
        .select(['hold_transfer_id', 'fee_transfer_id', 'member_id'])
        .where((eb) => eb.or([eb('id', 'in', list), eb('number', 'in', list)]))
        .execute(),
    ]);
    const ids = new Set<string>([...direct.map((r) => r.id), ...byRequest.map((r) => r.id), ...transfers.map((r) => r.transfer_id)]);
    for (const e of exchanges) if (e.member_id === memberId && e.hold_transfer_id) ids.add(e.hold_transfer_id);
    for (const w of withdrawals) {
      if (w.member_id !== memberId) continue;
      if (w.hold_transfer_id) ids.add(w.hold_transfer_id);
      if (w.fee_transfer_id) ids.add(w.fee_transfer_id);
    }
    return [...ids].slice(0, 50);
  }

  /** What the page's rows need from the features that made them, in one query per feature. */
  private async contextOf(memberId: string, page: ReadonlyArray<{ id: string; code: string; memo: string; state: string }>) {
    const converts = page.filter((r) => r.code === 'convert');
    const voided = page.filter((r) => r.state === 'voided').map((r) => r.id);
    const transferIds = page.filter((r) => r.code === 'internalTransfer').map((r) => r.id);
    const withdrawalIds = page.filter((r) => r.code === 'withdraw' || r.code === 'withdrawFee').map((r) => r.id);
    const makeOverIds = page.filter((r) => r.code === 'makeOver').map((r) => r.id);
    const bonusIds = page.filter((r) => bonusCodeSet.has(r.code)).map((r) => r.id);
    // Exchanges and withdrawals are found by their unique hold, fee and number columns (the page's
    // ids, one seek each, a UNION ALL of one select per column) and kept only when they are the
    // member's. With the member in the WHERE, SQLite read every withdrawal of a long-history member
    // through member_id (75 ms at factor 1); with an OR of the two columns, it scanned the table.
    const ownedBy = <Row extends { member_id: string }>(rows: Row[]) => rows.filter((r) => r.member_id === memberId);
    const exchangeColumns = ['member_id', 'hold_transfer_id', 'number', 'status', 'reject_code', 'reject_note', 'source_coin', 'target_coin'] as const;
    const withdrawalColumns = ['member_id', 'hold_transfer_id', 'fee_transfer_id', 'status', 'reject_code', 'reject_note'] as const;
    const [exchanges, reviews, transfers, withdrawals, makeOvers, bonuses] = await Promise.all([
      converts.length === 0
        ? []
        : this.db
            .selectFrom('exchanges')
            .select(exchangeColumns)
            .where(
              'hold_transfer_id',
              'in',
              converts.map((r) => r.id),
            )
            .unionAll(
              this.db
                .selectFrom('exchanges')
                .select(exchangeColumns)
                .where(
                  'number',
                  'in',
                  converts.map((r) => r.memo),
                ),
            )
            .execute()
            .then(ownedBy),
      voided.length === 0
        ? []
        : this.db.selectFrom('review_items').select(['subject_id', 'status', 'reject_code', 'reject_note']).where('subject_id', 'in', voided).execute(),
      transferIds.length === 0
        ? []
        : this.db
            .selectFrom('member_transfers')
            .innerJoin('users as sender', 'sender.id', 'member_transfers.from_id')
            .innerJoin('users as recipient', 'recipient.id', 'member_transfers.to_id')
            .select(['member_transfers.transfer_id', 'member_transfers.from_id', 'sender.user_name as fromName', 'recipient.user_name as toName'])
            .where('member_transfers.transfer_id', 'in', transferIds)
            .execute(),
      withdrawalIds.length === 0
        ? []
        : this.db
            .selectFrom('withdrawals')
            .select(withdrawalColumns)
            .where('hold_transfer_id', 'in', withdrawalIds)
            .unionAll(this.db.selectFrom('withdrawals').select(withdrawalColumns).where('fee_transfer_id', 'in', withdrawalIds))
            .execute()
            .then(ownedBy),
      makeOverIds.length === 0
        ? []
        : this.db
            .selectFrom('package_holding_events')
            .select(['transfer_id', 'detail'])
            .where('member_id', '=', memberId)
            .where('transfer_id', 'in', makeOverIds)
            .execute(),
      // A plan bonus names its cause (decision 022).
      bonusIds.length === 0
        ? []
        : this.db
            .selectFrom('plan_bonus_lines')
            .leftJoin('users as source', 'source.id', 'plan_bonus_lines.source_member_id')
            .selectAll('plan_bonus_lines')
            .select('source.user_name as source_name')
            .where('plan_bonus_lines.member_id', '=', memberId)
            .where('plan_bonus_lines.transfer_id', 'in', bonusIds)
            .execute(),
    ]);
    return {
      exchangeByHold: new Map(exchanges.map((e) => [e.hold_transfer_id, e])),
      exchangeByNumber: new Map(exchanges.map((e) => [e.number, e])),
      reviewBySubject: new Map(reviews.map((r) => [r.subject_id, r])),
      transferById: new Map(transfers.map((t) => [t.transfer_id, t])),
      bonusByTransfer: new Map(
        bonuses.flatMap((b): Array<[string, BonusCause]> =>
          b.transfer_id
            ? [
                [
                  b.transfer_id,
                  {
                    bonusType: b.bonus_type as BonusType,
                    periodKey: b.period_key,
                    planVersion: num(b.plan_version),
                    sourceUserName: b.source_name ?? null,
                    sourceEvent: b.source_event,
                    sourceAt: b.source_at === null ? null : num(b.source_at),
                    base: formatMinor(BigInt(b.base)),
                    ruleValue: num(b.rule_value),
                    ratePercent: b.rate_percent,
                    gross: formatMinor(BigInt(b.gross)),
                    capped: formatMinor(BigInt(b.capped)),
                    fee: formatMinor(BigInt(b.fee)),
                    paid: formatMinor(BigInt(b.paid)),
                  },
                ],
              ]
            : [],
        ),
      ),
      makeOverById: new Map(makeOvers.flatMap((e) => (e.transfer_id && e.detail ? [[e.transfer_id, e.detail] as const] : []))),
      withdrawalByHold: new Map(
        withdrawals.flatMap((w) => [[w.hold_transfer_id, w] as const, ...(w.fee_transfer_id ? [[w.fee_transfer_id, w] as const] : [])]),
      ),
    };
  }
}

/**
 * Total revenue per point type: the posted reward credits (revenueTypes) to any of the member's
 * accounts, read from the totals the journal keeps per account and code (revenue_totals, migration
 * 034, decision 049): a few rows a member, however long their history.
 */
export async function revenueSummary(db: Db, memberId: string): Promise<Array<{ coinName: string; total: string }>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .innerJoin('revenue_totals', 'revenue_totals.account_id', 'ledger_accounts.id')
    .select(['ledger_accounts.coin_name as coin', 'revenue_totals.code', 'revenue_totals.amount'])
    .where('ledger_accounts.owner', '=', memberId)
    .execute();
  const counted = new Set<string>(revenueTypes);
  const totals = new Map<string, bigint>();
  for (const r of rows) if (counted.has(r.code)) totals.set(r.coin, (totals.get(r.coin) ?? 0n) + BigInt(r.amount));
  const coins = await db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
  return coins.map((c) => ({ coinName: c.coin_name, total: formatMinor(totals.get(c.coin_name) ?? 0n) }));
}
