/**
 * The one service behind a member's withdrawal destinations (decision 015): wallet addresses and
 * bank accounts differ only in their columns, their duplicate rule, their limit setting and their
 * words. Adding or changing one needs the transaction password, starts its cooling-off and
 * e-mails the member; the count per member is limited under a member lock; every change leaves a
 * history row. `usableForWithdrawal` is what the withdrawal flow asks before it pays anyone.
 */
import crypto from 'node:crypto';
import type { ErrorKey } from '@pp/contract';
import type { Db, Dialect, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { lockMember } from '../../../db/locks.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { isUniqueViolation } from '../../wallet/ledger/index.ts';
import { mailTime, type SecurityService } from '../../identity/security/index.ts';
import { mailChange, recordChange, usableFromAfterChange, type ChangeContext, type DestinationKind } from './destination-changes.ts';

/** The columns both destination tables have. */
export interface DestinationRow {
  id: string;
  member_id: string;
  created_at: number | bigint;
  updated_at: number | bigint;
  usable_from: number | bigint;
  deleted_at: number | bigint | null;
}

/** The fields every destination entry of the contract has. */
export interface DestinationTimes {
  id: string;
  createdAt: number;
  updatedAt: number;
  usableFrom: number;
  isUsable: boolean;
}

/** What makes one kind of destination: its table, its own columns and how it reads and shows them. */
export interface DestinationSpec<Row extends DestinationRow, Entry extends DestinationTimes, Input> {
  kind: DestinationKind;
  table: 'member_withdrawal_addresses' | 'member_bank_accounts';
  maxSetting: 'withdrawal.addressesMax' | 'withdrawal.bankAccountsMax';
  /** The kind's own columns of a request, checked and in their stored form. */
  fieldsOf(input: Input): Partial<Row>;
  /** Whether `row` and these fields are the same destination (a member may not have it twice). */
  isSameDestination(row: Row, fields: Partial<Row>): boolean;
  /** The kind's own fields of the entry. */
  entryOf(row: Row): Omit<Entry, keyof DestinationTimes>;
  /** What the change history keeps. */
  snapshot(row: Row): Record<string, unknown>;
  /** How the security e-mail names it. */
  mailDetail(row: Row): string;
}

export class DestinationService<Row extends DestinationRow, Entry extends DestinationTimes, Input> {
  constructor(
    private readonly spec: DestinationSpec<Row, Entry, Input>,
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly accounts: AccountService,
    private readonly settings: ConfigService,
    private readonly security: SecurityService,
    private readonly now: () => number = Date.now,
  ) {}

  async list(memberId: string) {
    const rows = await this.liveRows(this.db, memberId);
    return {
      items: rows.map((r) => this.entry(r)),
      limit: await this.settings.get(this.spec.maxSetting),
      coolingOffHours: await this.settings.get('withdrawal.addressCoolingOffHours'),
    };
  }

  async add(memberId: string, input: Input & { transactionPassword: string }, context: ChangeContext): Promise<Entry> {
    const fields = this.spec.fieldsOf(input);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const row = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const max = await this.settings.get(this.spec.maxSetting, tx);
      const live = await this.liveRows(tx, memberId);
      if (live.some((r) => this.spec.isSameDestination(r, fields))) throw this.error('duplicate');
      if (live.length >= max) throw this.error('limitReached', { max });
      const now = this.now();
      const created = {
        id: crypto.randomUUID(),
        member_id: memberId,
        ...fields,
        created_at: now,
        updated_at: now,
        usable_from: await usableFromAfterChange(this.settings, now, tx),
        deleted_at: null,
      } as Row;
      await tx
        .insertInto(this.spec.table)
        .values(created as never)
        .execute();
      await recordChange(
        tx,
        { memberId, kind: this.spec.kind, destinationId: created.id, action: 'add', before: null, after: this.spec.snapshot(created), at: now },
        context,
      );
      return created;
    });
    await mailChange(this.security, memberId, this.spec.kind, 'add', this.spec.mailDetail(row), num(row.usable_from), context);
    return this.entry(row);
  }

  async update(memberId: string, input: Input & { id: string; transactionPassword: string }, context: ChangeContext): Promise<Entry> {
    const fields = this.spec.fieldsOf(input);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const result = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const live = await this.liveRows(tx, memberId);
      const before = live.find((r) => r.id === input.id);
      if (!before) throw this.error('notFound');
      // Saving it unchanged changes nothing: no new cooling-off, no e-mail. Any field counts as a
      // change: a new holder name can send a payout to someone else as surely as a new number.
      const isUnchanged = Object.entries(fields).every(([column, value]) => before[column as keyof Row] === value);
      if (isUnchanged) return { row: before, isChanged: false };
      if (live.some((r) => r.id !== input.id && this.spec.isSameDestination(r, fields))) throw this.error('duplicate');
      const now = this.now();
      const after = { ...before, ...fields, updated_at: now, usable_from: await usableFromAfterChange(this.settings, now, tx) } as Row;
      const updated = await tx
        .updateTable(this.spec.table)
        .set({ ...fields, updated_at: after.updated_at, usable_from: after.usable_from } as never)
        .where('id', '=', before.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw this.error('notFound');
      await recordChange(
        tx,
        {
          memberId,
          kind: this.spec.kind,
          destinationId: before.id,
          action: 'update',
          before: this.spec.snapshot(before),
          after: this.spec.snapshot(after),
          at: now,
        },
        context,
      );
      return { row: after, isChanged: true };
    });
    if (result.isChanged)
      await mailChange(this.security, memberId, this.spec.kind, 'update', this.spec.mailDetail(result.row), num(result.row.usable_from), context);
    return this.entry(result.row);
  }

  async remove(memberId: string, id: string, context: ChangeContext): Promise<void> {
    const removed = await this.write(async (tx) => {
      const row = await this.liveRow(tx, memberId, id);
      if (!row) throw this.error('notFound');
      const now = this.now();
      const deleted = await tx.updateTable(this.spec.table).set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (Number(deleted.numUpdatedRows) !== 1) throw this.error('notFound');
      await recordChange(
        tx,
        { memberId, kind: this.spec.kind, destinationId: id, action: 'delete', before: this.spec.snapshot(row), after: null, at: now },
        context,
      );
      return row;
    });
    await mailChange(this.security, memberId, this.spec.kind, 'delete', this.spec.mailDetail(removed), null, context);
  }

  /**
   * The member's live destination by id, if a withdrawal may use it now: otherwise `<kind>.notFound`
   * (unknown, deleted or another member's) or `<kind>.coolingOff` with the time it becomes usable.
   */
  async usableForWithdrawal(memberId: string, id: string, db: Db | Tx = this.db): Promise<Entry> {
    const row = await this.liveRow(db, memberId, id);
    if (!row) throw this.error('notFound');
    const entry = this.entry(row);
    if (!entry.isUsable) throw this.error('coolingOff', { time: mailTime(entry.usableFrom), usableFrom: entry.usableFrom });
    return entry;
  }

  private entry(row: Row): Entry {
    const usableFrom = num(row.usable_from);
    const times: DestinationTimes = {
      id: row.id,
      createdAt: num(row.created_at),
      updatedAt: num(row.updated_at),
      usableFrom,
      isUsable: usableFrom <= this.now(),
    };
    return { ...times, ...this.spec.entryOf(row) } as Entry;
  }

  private error(what: 'notFound' | 'duplicate' | 'limitReached' | 'coolingOff', params?: Record<string, string | number>): AppError {
    return new AppError(`${this.spec.kind}.${what}` as ErrorKey, params);
  }

  private async liveRows(db: Db | Tx, memberId: string): Promise<Row[]> {
    const rows = await db
      .selectFrom(this.spec.table)
      .selectAll()
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows as unknown as Row[];
  }

  private async liveRow(db: Db | Tx, memberId: string, id: string): Promise<Row | undefined> {
    const row = await db
      .selectFrom(this.spec.table)
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row as unknown as Row | undefined;
  }

  /** One transaction; the unique index is the last word on duplicates that raced past the check. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.error('duplicate');
      throw error;
    }
  }
}
