/**
 * Bank reconciliation (decision 091). Staff import a bank statement (a CSV file read by the bank's
 * saved column mapping, or a CAMT.053 file); each new line is matched in the import's transaction:
 * a credit to a bank deposit (the amount the member transferred in local currency, the deposit's
 * receipt number inside the line's reference, booked within the date window around the deposit),
 * a debit to a paid bank withdrawal (its local amount, its payout reference when staff gave one,
 * booked within the window around the payout), else a debit that reverses an earlier credit of
 * the same amount and reference. What stays unmatched, on either side, is listed for the day;
 * staff link a line by hand or explain it with a note, then ask for the day's sign-off, which waits
 * on the `reconciliationDay` review queue for a second staff member (the review queues' one
 * approval rule decides who may approve). Every write is keyed once (db/once.ts) and audited.
 */
import crypto from 'node:crypto';
import { formatMinor, type BankMapping, type ReconDay, type ReconLine, type ReconRecord, type RequestOf, type StaffRole } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { once, requestKey } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { QueueHandler, ReviewService } from '../../platform/reviews/index.ts';
import { isUniqueViolation } from '../../wallet/ledger/index.ts';
import { parseCamt053, parseCsvStatement, referenceKey, type StatementLine } from './parse.ts';

const dayMs = 86_400_000;
/** A deposit is matched by a credit booked from 1 day before it was made to 3 days after; a payout by a debit from 1 day before it was paid to 3 after. */
export const matchWindowBeforeDays = 1;
export const matchWindowAfterDays = 3;
const scale6 = 10n ** 6n;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A local amount ("1083.60") as minor units at scale 6, or null. */
function localMinor(text: string | null): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec((text ?? '').trim());
  return m ? BigInt(m[1]!) * scale6 + BigInt((m[2] ?? '').padEnd(6, '0')) : null;
}

type LineRow = Awaited<ReturnType<ReconciliationService['lineRows']>>[number];

export class ReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly reviews: ReviewService,
  ) {}

  async mappings(): Promise<BankMapping[]> {
    const rows = await this.db.selectFrom('recon_bank_mappings').selectAll().orderBy('bank_name').execute();
    return rows.map(mappingOf);
  }

  /** Saves a bank's column mapping by the bank's name: a new one, or the bank's existing one changed. */
  async saveMapping(actor: Actor, body: RequestOf<'reconMappingSave'> & { requestId: string }): Promise<BankMapping> {
    return inTransaction(this.db, (tx) =>
      once(tx, requestKey('reconMappingSave', actor.id, body), async () => {
        const before = await tx.selectFrom('recon_bank_mappings').selectAll().where('bank_name', '=', body.bankName).executeTakeFirst();
        const values = {
          bank_name: body.bankName,
          delimiter: body.delimiter,
          decimal_separator: body.decimalSeparator,
          date_format: body.dateFormat,
          date_column: body.dateColumn,
          amount_column: body.amountColumn,
          reference_column: body.referenceColumn,
          counterparty_column: body.counterpartyColumn,
          updated_by: actor.id,
          updated_at: Date.now(),
        };
        const id = before?.id ?? crypto.randomUUID();
        if (before) await tx.updateTable('recon_bank_mappings').set(values).where('id', '=', id).execute();
        else
          await tx
            .insertInto('recon_bank_mappings')
            .values({ id, ...values })
            .execute();
        const saved = mappingOf({ id, ...values });
        await this.audit.record(tx, actor, {
          action: 'recon.mappingSave',
          targetType: 'reconMapping',
          targetId: id,
          before: before ? mappingOf(before) : null,
          after: saved,
          reason: body.bankName,
        });
        return saved;
      }),
    );
  }

  /** Reads the whole file first (a bad line refuses it all), then writes the statement, its new lines and their matches in one transaction. */
  async importStatement(actor: Actor, body: RequestOf<'reconImport'> & { requestId: string }) {
    let mapping: BankMapping | null = null;
    if (body.format === 'csv') {
      if (!body.mappingId) throw new AppError('recon.mappingNotFound');
      const row = await this.db.selectFrom('recon_bank_mappings').selectAll().where('id', '=', body.mappingId).executeTakeFirst();
      if (!row) throw new AppError('recon.mappingNotFound');
      mapping = mappingOf(row);
    }
    const lines = mapping ? parseCsvStatement(body.content, mapping) : parseCamt053(body.content);
    if (lines.length === 0) throw new AppError('recon.malformedFile');
    const fileHash = crypto.createHash('sha256').update(body.content).digest('base64url');
    // The key's input is the file's hash, not its text: the request log keeps no statement.
    const key = requestKey('reconImport', actor.id, { ...body, content: fileHash });
    try {
      return await inTransaction(this.db, (tx) => once(tx, key, () => this.importIn(tx, actor, body, mapping, lines, fileHash)));
    } catch (error) {
      // Two different request ids with the same file at once: the second loses on the unique hash.
      if (isUniqueViolation(error)) throw new AppError('recon.duplicateImport');
      throw error;
    }
  }

  private async importIn(tx: Tx, actor: Actor, body: RequestOf<'reconImport'>, mapping: BankMapping | null, lines: StatementLine[], fileHash: string) {
    const known = await tx.selectFrom('recon_statements').select('id').where('file_hash', '=', fileHash).executeTakeFirst();
    if (known) throw new AppError('recon.duplicateImport');
    const days = [...new Set(lines.map((l) => l.bookingDay))].sort();
    const closed = await tx.selectFrom('recon_days').select('day').where('day', 'in', days).where('status', '!=', 'open').executeTakeFirst();
    if (closed) throw new AppError('recon.dayClosed');
    const statementId = crypto.randomUUID();
    const now = Date.now();
    await tx
      .insertInto('recon_statements')
      .values({
        id: statementId,
        file_hash: fileHash,
        format: body.format,
        file_name: body.fileName.slice(0, 200),
        mapping_id: mapping?.id ?? null,
        line_count: lines.length,
        imported_by: actor.id,
        created_at: now,
      })
      .execute();
    const existing = new Set<string>();
    const keys = lines.map((l) => l.key);
    for (let i = 0; i < keys.length; i += 500)
      for (const r of await tx
        .selectFrom('recon_lines')
        .select('line_key')
        .where('line_key', 'in', keys.slice(i, i + 500))
        .execute())
        existing.add(r.line_key);
    const fresh = lines.filter((l) => !existing.has(l.key));
    for (const line of fresh) {
      const id = crypto.randomUUID();
      const match = await this.autoMatch(tx, line);
      await tx
        .insertInto('recon_lines')
        .values({
          id,
          statement_id: statementId,
          line_no: line.lineNo,
          line_key: line.key,
          booking_day: line.bookingDay,
          direction: line.direction,
          amount: line.amount,
          currency: line.currency,
          reference: line.reference,
          counterparty: line.counterparty,
          is_reversal: line.isReversal ? 1 : 0,
          status: match.status,
          record_type: match.recordType,
          record_id: match.recordId,
          reverses_line_id: match.reversesLineId,
          note: '',
          resolved_by: null,
          resolved_at: null,
          created_at: now,
        })
        .execute();
      if (match.reversesLineId) {
        // The reversed credit is settled by its reversal: whatever it had matched is free again.
        await tx
          .updateTable('recon_lines')
          .set({ status: 'reversal', record_type: null, record_id: null, reverses_line_id: id })
          .where('id', '=', match.reversesLineId)
          .execute();
      }
    }
    // Counted when all are written: a credit matched above may since have been reversed by a later line.
    const matched = Number(
      (
        await tx
          .selectFrom('recon_lines')
          .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
          .where('statement_id', '=', statementId)
          .where('status', '=', 'matched')
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const day of days)
      await tx
        .insertInto('recon_days')
        .values({ day, status: 'open', review_id: null, requested_by: null, signed_off_by: null, signed_off_at: null, updated_at: now })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
    const answer = { statementId, lines: fresh.length, matched, duplicateLines: lines.length - fresh.length, days };
    await this.audit.record(tx, actor, {
      action: 'recon.import',
      targetType: 'reconStatement',
      targetId: statementId,
      before: null,
      after: { ...answer, format: body.format, fileName: body.fileName, fileHash },
      reason: body.fileName,
    });
    return answer;
  }

  /** The record a new line matches, if any; the line's status follows. */
  private async autoMatch(
    tx: Tx,
    line: StatementLine,
  ): Promise<{
    status: 'unmatched' | 'matched' | 'reversal';
    recordType: 'deposit' | 'payout' | null;
    recordId: string | null;
    reversesLineId: string | null;
  }> {
    const none = { status: 'unmatched' as const, recordType: null, recordId: null, reversesLineId: null };
    const from = dayStart(line.bookingDay) - matchWindowAfterDays * dayMs;
    const to = dayStart(line.bookingDay) + (matchWindowBeforeDays + 1) * dayMs;
    const ref = referenceKey(line.reference);
    if (line.direction === 'credit' && !line.isReversal) {
      const candidates = await tx
        .selectFrom('bank_deposits')
        .leftJoin('recon_lines', (j) => j.onRef('recon_lines.record_id', '=', 'bank_deposits.id').on('recon_lines.record_type', '=', 'deposit'))
        .select(['bank_deposits.id', 'bank_deposits.local_amount', 'bank_deposits.receipt_number_key'])
        .where('bank_deposits.status', 'in', ['pendingReview', 'approved'])
        .where('bank_deposits.created_at', '>=', from)
        .where('bank_deposits.created_at', '<', to)
        .where('recon_lines.id', 'is', null)
        .orderBy('bank_deposits.created_at')
        .execute();
      const hit = candidates.find((d) => localMinor(d.local_amount) === line.amount && d.receipt_number_key !== '' && ref.includes(d.receipt_number_key));
      return hit ? { status: 'matched', recordType: 'deposit', recordId: hit.id, reversesLineId: null } : none;
    }
    if (line.direction === 'debit') {
      if (!line.isReversal) {
        const payouts = await tx
          .selectFrom('withdrawals')
          .leftJoin('recon_lines', (j) => j.onRef('recon_lines.record_id', '=', 'withdrawals.id').on('recon_lines.record_type', '=', 'payout'))
          .select(['withdrawals.id', 'withdrawals.local_amount', 'withdrawals.bank_reference'])
          .where('withdrawals.channel', '=', 'bank')
          .where('withdrawals.status', '=', 'success')
          .where('withdrawals.paid_at', '>=', from)
          .where('withdrawals.paid_at', '<', to)
          .where('recon_lines.id', 'is', null)
          .orderBy('withdrawals.paid_at')
          .execute();
        const hit = payouts.find((p) => localMinor(p.local_amount) === line.amount && (!p.bank_reference || ref.includes(referenceKey(p.bank_reference))));
        if (hit) return { status: 'matched', recordType: 'payout', recordId: hit.id, reversesLineId: null };
      }
      // A debit of a credit's amount and reference, booked the same day or later: the credit returned.
      const credits = await tx
        .selectFrom('recon_lines')
        .select(['id', 'reference'])
        .where('direction', '=', 'credit')
        .where('amount', '=', line.amount)
        .where('booking_day', '<=', line.bookingDay)
        .where('status', '!=', 'reversal')
        .orderBy('booking_day', 'desc')
        .execute();
      const reversed = credits.find((c) => referenceKey(c.reference) === ref && ref !== '');
      if (reversed) return { status: 'reversal', recordType: null, recordId: null, reversesLineId: reversed.id };
    }
    return none;
  }

  lineRows(db: Db | Tx, day: string) {
    return db
      .selectFrom('recon_lines')
      .leftJoin('bank_deposits', (j) => j.onRef('bank_deposits.id', '=', 'recon_lines.record_id').on('recon_lines.record_type', '=', 'deposit'))
      .leftJoin('withdrawals', (j) => j.onRef('withdrawals.id', '=', 'recon_lines.record_id').on('recon_lines.record_type', '=', 'payout'))
      .selectAll('recon_lines')
      .select(['bank_deposits.number as deposit_number', 'withdrawals.number as payout_number'])
      .where('recon_lines.booking_day', '=', day)
      .orderBy('recon_lines.created_at')
      .orderBy('recon_lines.line_no')
      .execute();
  }

  async day(day: string): Promise<ReconDay> {
    const [state, rows] = await Promise.all([
      this.db.selectFrom('recon_days').selectAll().where('day', '=', day).executeTakeFirst(),
      this.lineRows(this.db, day),
    ]);
    const from = dayStart(day);
    const to = from + dayMs;
    // What happened on the day that no line of any statement matched.
    const deposits = await this.db
      .selectFrom('bank_deposits')
      .innerJoin('users', 'users.id', 'bank_deposits.member_id')
      .leftJoin('recon_lines', (j) => j.onRef('recon_lines.record_id', '=', 'bank_deposits.id').on('recon_lines.record_type', '=', 'deposit'))
      .select([
        'bank_deposits.id',
        'bank_deposits.number',
        'users.user_name',
        'bank_deposits.local_amount',
        'bank_deposits.currency',
        'bank_deposits.receipt_number',
        'bank_deposits.created_at',
      ])
      .where('bank_deposits.status', '=', 'approved')
      .where('bank_deposits.created_at', '>=', from)
      .where('bank_deposits.created_at', '<', to)
      .where('recon_lines.id', 'is', null)
      .orderBy('bank_deposits.created_at')
      .limit(500)
      .execute();
    const payouts = await this.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.member_id')
      .leftJoin('recon_lines', (j) => j.onRef('recon_lines.record_id', '=', 'withdrawals.id').on('recon_lines.record_type', '=', 'payout'))
      .select([
        'withdrawals.id',
        'withdrawals.number',
        'users.user_name',
        'withdrawals.local_amount',
        'withdrawals.currency',
        'withdrawals.bank_reference',
        'withdrawals.paid_at',
      ])
      .where('withdrawals.channel', '=', 'bank')
      .where('withdrawals.status', '=', 'success')
      .where('withdrawals.paid_at', '>=', from)
      .where('withdrawals.paid_at', '<', to)
      .where('recon_lines.id', 'is', null)
      .orderBy('withdrawals.paid_at')
      .limit(500)
      .execute();
    const records: ReconRecord[] = [
      ...deposits.map((d) => ({
        type: 'deposit' as const,
        id: d.id,
        number: d.number,
        memberName: d.user_name,
        amount: d.local_amount,
        currency: d.currency,
        reference: d.receipt_number,
        at: num(d.created_at),
      })),
      ...payouts.map((p) => ({
        type: 'payout' as const,
        id: p.id,
        number: p.number,
        memberName: p.user_name,
        amount: p.local_amount ?? '',
        currency: p.currency ?? '',
        reference: p.bank_reference ?? '',
        at: num(p.paid_at),
      })),
    ];
    return {
      day,
      status: (state?.status ?? 'open') as ReconDay['status'],
      reviewId: state?.review_id ?? null,
      lines: rows.map(lineOf),
      unmatchedRecords: records,
    };
  }

  /** Links an unmatched line to a record by hand, or explains it with a note. */
  async resolve(actor: Actor, body: RequestOf<'reconResolve'> & { requestId: string }) {
    try {
      return await inTransaction(this.db, (tx) =>
        once(tx, requestKey('reconResolve', actor.id, body), async () => {
          const line = await tx.selectFrom('recon_lines').selectAll().where('id', '=', body.lineId).executeTakeFirst();
          if (!line) throw new AppError('recon.lineNotFound');
          if (line.status !== 'unmatched') throw new AppError('recon.lineResolved');
          const state = await tx.selectFrom('recon_days').select('status').where('day', '=', line.booking_day).executeTakeFirst();
          if (state && state.status !== 'open') throw new AppError('recon.dayClosed');
          let next: { status: 'linked' | 'explained'; record_type: string | null; record_id: string | null };
          if (body.action === 'link') {
            if (!body.recordType || !body.recordId) throw new AppError('recon.recordNotFound');
            await this.checkRecord(tx, line.direction, body.recordType, body.recordId);
            next = { status: 'linked', record_type: body.recordType, record_id: body.recordId };
          } else {
            if (!body.note) throw new AppError('request.invalid', undefined, 'note', 'validation.enterReason');
            next = { status: 'explained', record_type: null, record_id: null };
          }
          // Moves only from unmatched: a second staff member resolving the same line at once loses here.
          const moved = await tx
            .updateTable('recon_lines')
            .set({ ...next, note: body.note ?? '', resolved_by: actor.id, resolved_at: Date.now() })
            .where('id', '=', line.id)
            .where('status', '=', 'unmatched')
            .executeTakeFirst();
          if (moved.numUpdatedRows !== 1n) throw new AppError('recon.lineResolved');
          await this.audit.record(tx, actor, {
            action: 'recon.resolve',
            targetType: 'reconLine',
            targetId: line.id,
            before: { status: line.status },
            after: { status: next.status, recordType: next.record_type, recordId: next.record_id },
            reason: body.note ?? '',
          });
          return { lineId: line.id, status: next.status };
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('recon.recordTaken');
      throw error;
    }
  }

  private async checkRecord(tx: Tx, direction: string, type: 'deposit' | 'payout', id: string): Promise<void> {
    if (type === 'deposit') {
      const row = await tx.selectFrom('bank_deposits').select('status').where('id', '=', id).executeTakeFirst();
      if (!row || direction !== 'credit' || row.status === 'rejected') throw new AppError('recon.recordNotFound');
    } else {
      const row = await tx.selectFrom('withdrawals').select(['status', 'channel']).where('id', '=', id).executeTakeFirst();
      if (!row || direction !== 'debit' || row.channel !== 'bank' || row.status !== 'success') throw new AppError('recon.recordNotFound');
    }
    const taken = await tx.selectFrom('recon_lines').select('id').where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
    if (taken) throw new AppError('recon.recordTaken');
  }

  /** Every line of the day resolved: the day waits on the review queue for another staff member's approval. */
  async requestSignOff(actor: Actor, body: RequestOf<'reconSignOff'> & { requestId: string }) {
    return inTransaction(this.db, (tx) =>
      once(tx, requestKey('reconSignOff', actor.id, body), async () => {
        const state = await tx.selectFrom('recon_days').selectAll().where('day', '=', body.day).executeTakeFirst();
        if (!state) throw new AppError('recon.dayEmpty');
        if (state.status !== 'open') throw new AppError('recon.dayClosed');
        const counts = await tx
          .selectFrom('recon_lines')
          .select(['status', (eb) => eb.fn.countAll<number | bigint | string>().as('n')])
          .where('booking_day', '=', body.day)
          .groupBy('status')
          .execute();
        const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
        if ((byStatus.unmatched ?? 0) > 0) throw new AppError('recon.dayUnresolved');
        const reviewId = await this.reviews.submit(tx, {
          queue: 'reconciliationDay',
          memberId: '',
          coinName: '',
          amount: 0n,
          subjectId: body.day,
          createdByStaffId: actor.id,
          summary: {
            day: body.day,
            matched: byStatus.matched ?? 0,
            linked: byStatus.linked ?? 0,
            explained: byStatus.explained ?? 0,
            reversal: byStatus.reversal ?? 0,
          },
          evidence: [],
          // The maker never decides their own item: one approval by another staff member is the second pair of eyes.
          approvalsRequired: 1,
        });
        const moved = await tx
          .updateTable('recon_days')
          .set({ status: 'awaitingSignOff', review_id: reviewId, requested_by: actor.id, updated_at: Date.now() })
          .where('day', '=', body.day)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) throw new AppError('recon.dayClosed');
        await this.audit.record(tx, actor, {
          action: 'recon.signOffRequest',
          targetType: 'reconDay',
          targetId: body.day,
          before: { status: 'open' },
          after: { status: 'awaitingSignOff', reviewId },
          reason: body.day,
        });
        return { day: body.day, reviewId };
      }),
    );
  }

  /** The `reconciliationDay` queue's decisions: approval signs the day off, rejection opens it again. */
  readonly reviewHandler: QueueHandler = {
    permission: 'finance.reconcile',
    approve: async (tx, item, actor: Actor & { role: StaffRole }) => {
      const moved = await tx
        .updateTable('recon_days')
        .set({ status: 'signedOff', signed_off_by: actor.id, signed_off_at: Date.now(), updated_at: Date.now() })
        .where('day', '=', item.subject_id)
        .where('status', '=', 'awaitingSignOff')
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new AppError('recon.dayClosed');
      await this.audit.record(tx, actor, {
        action: 'recon.signOff',
        targetType: 'reconDay',
        targetId: item.subject_id,
        before: { status: 'awaitingSignOff' },
        after: { status: 'signedOff', reviewId: item.id },
        reason: item.subject_id,
      });
    },
    reject: async (tx, item) => {
      await tx
        .updateTable('recon_days')
        .set({ status: 'open', review_id: null, updated_at: Date.now() })
        .where('day', '=', item.subject_id)
        .where('status', '=', 'awaitingSignOff')
        .execute();
    },
  };
}

function mappingOf(r: {
  id: string;
  bank_name: string;
  delimiter: string;
  decimal_separator: string;
  date_format: string;
  date_column: string;
  amount_column: string;
  reference_column: string;
  counterparty_column: string;
  updated_at: number | bigint;
}): BankMapping {
  return {
    id: r.id,
    bankName: r.bank_name,
    delimiter: r.delimiter as BankMapping['delimiter'],
    decimalSeparator: r.decimal_separator as BankMapping['decimalSeparator'],
    dateFormat: r.date_format as BankMapping['dateFormat'],
    dateColumn: r.date_column,
    amountColumn: r.amount_column,
    referenceColumn: r.reference_column,
    counterpartyColumn: r.counterparty_column,
    updatedAt: num(r.updated_at),
  };
}

function lineOf(r: LineRow): ReconLine {
  return {
    id: r.id,
    statementId: r.statement_id,
    bookingDay: r.booking_day,
    direction: r.direction as ReconLine['direction'],
    amount: formatMinor(BigInt(r.amount)).replace(/(\.\d\d)0000$/, '$1'),
    currency: r.currency,
    reference: r.reference,
    counterparty: r.counterparty,
    status: r.status as ReconLine['status'],
    recordType: r.record_type as ReconLine['recordType'],
    recordId: r.record_id,
    recordNumber: r.deposit_number ?? r.payout_number ?? null,
    note: r.note,
  };
}
