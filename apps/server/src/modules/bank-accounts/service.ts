/**
 * A member's bank accounts for bank withdrawals (decision 015): the same rules as wallet
 * addresses (modules/addresses): the transaction password to add or change one, a cooling-off
 * after each change, a security e-mail, a per-member limit (`withdrawal.bankAccountsMax`) and a
 * history row per change. The number is kept as letters and digits and shown in groups of four.
 */
import crypto from 'node:crypto';
import type { BankAccountAddRequest, BankAccountEntry, BankAccountUpdateRequest } from '@pp/contract';
import type { Db, Dialect, Tx } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import type { MemberBankAccountsTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ConfigService } from '../config/service.ts';
import { isUniqueViolation } from '../ledger/idempotency.ts';
import { mailTime, type SecurityService } from '../security/service.ts';
import { lockMember, mailChange, maskedAccountNumber, recordChange, usableFromAfterChange, type ChangeContext } from '../addresses/destination-changes.ts';

type Row = MemberBankAccountsTable;

export class BankAccountService {
  constructor(
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
      limit: await this.settings.get('withdrawal.bankAccountsMax'),
      coolingOffHours: await this.settings.get('withdrawal.addressCoolingOffHours'),
    };
  }

  async add(memberId: string, input: BankAccountAddRequest, context: ChangeContext): Promise<BankAccountEntry> {
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const row = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const max = await this.settings.get('withdrawal.bankAccountsMax', tx);
      const live = await this.liveRows(tx, memberId);
      if (live.some((r) => r.account_number === input.accountNumber)) throw new AppError('bankAccount.duplicate');
      if (live.length >= max) throw new AppError('bankAccount.limitReached', { max });
      const now = this.now();
      const created: Row = {
        id: crypto.randomUUID(),
        member_id: memberId,
        bank_name: input.bankName,
        account_name: input.accountName,
        account_number: input.accountNumber,
        created_at: now,
        updated_at: now,
        usable_from: await usableFromAfterChange(this.settings, now, tx),
        deleted_at: null,
      };
      await tx.insertInto('member_bank_accounts').values(created).execute();
      await recordChange(tx, { memberId, kind: 'bankAccount', destinationId: created.id, action: 'add', before: null, after: snapshot(created), at: now }, context);
      return created;
    });
    await mailChange(this.security, memberId, 'bankAccount', 'add', mailDetail(row), num(row.usable_from), context);
    return this.entry(row);
  }

  async update(memberId: string, input: BankAccountUpdateRequest, context: ChangeContext): Promise<BankAccountEntry> {
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const result = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const live = await this.liveRows(tx, memberId);
      const before = live.find((r) => r.id === input.id);
      if (!before) throw new AppError('bankAccount.notFound');
      const isSame = before.bank_name === input.bankName && before.account_name === input.accountName && before.account_number === input.accountNumber;
      // Saving it unchanged changes nothing: no new cooling-off, no e-mail.
      if (isSame) return { row: before, isChanged: false };
      if (live.some((r) => r.id !== input.id && r.account_number === input.accountNumber)) throw new AppError('bankAccount.duplicate');
      const now = this.now();
      // Any field counts: a new holder name can send a payout to someone else as surely as a new number.
      const after: Row = {
        ...before,
        bank_name: input.bankName,
        account_name: input.accountName,
        account_number: input.accountNumber,
        updated_at: now,
        usable_from: await usableFromAfterChange(this.settings, now, tx),
      };
      const updated = await tx
        .updateTable('member_bank_accounts')
        .set({ bank_name: after.bank_name, account_name: after.account_name, account_number: after.account_number, updated_at: after.updated_at, usable_from: after.usable_from })
        .where('id', '=', before.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError('bankAccount.notFound');
      await recordChange(tx, { memberId, kind: 'bankAccount', destinationId: before.id, action: 'update', before: snapshot(before), after: snapshot(after), at: now }, context);
      return { row: after, isChanged: true };
    });
    if (result.isChanged) await mailChange(this.security, memberId, 'bankAccount', 'update', mailDetail(result.row), num(result.row.usable_from), context);
    return this.entry(result.row);
  }

  async remove(memberId: string, id: string, context: ChangeContext): Promise<void> {
    const removed = await this.write(async (tx) => {
      const row = await this.liveRow(tx, memberId, id);
      if (!row) throw new AppError('bankAccount.notFound');
      const now = this.now();
      const deleted = await tx.updateTable('member_bank_accounts').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (Number(deleted.numUpdatedRows) !== 1) throw new AppError('bankAccount.notFound');
      await recordChange(tx, { memberId, kind: 'bankAccount', destinationId: id, action: 'delete', before: snapshot(row), after: null, at: now }, context);
      return row;
    });
    await mailChange(this.security, memberId, 'bankAccount', 'delete', mailDetail(removed), null, context);
  }

  /** The member's live bank account by id if a withdrawal may use it now; else `bankAccount.notFound` or `bankAccount.coolingOff`. */
  async usableForWithdrawal(memberId: string, id: string, db: Db | Tx = this.db): Promise<BankAccountEntry> {
    const row = await this.liveRow(db, memberId, id);
    if (!row) throw new AppError('bankAccount.notFound');
    const entry = this.entry(row);
    if (!entry.isUsable) throw new AppError('bankAccount.coolingOff', { time: mailTime(entry.usableFrom), usableFrom: entry.usableFrom });
    return entry;
  }

  private entry(row: Row): BankAccountEntry {
    const usableFrom = num(row.usable_from);
    return {
      id: row.id,
      bankName: row.bank_name,
      accountName: row.account_name,
      accountNumber: row.account_number,
      createdAt: num(row.created_at),
      updatedAt: num(row.updated_at),
      usableFrom,
      isUsable: usableFrom <= this.now(),
    };
  }

  private liveRows(db: Db | Tx, memberId: string): Promise<Row[]> {
    return db.selectFrom('member_bank_accounts').selectAll().where('member_id', '=', memberId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  }

  private liveRow(db: Db | Tx, memberId: string, id: string): Promise<Row | undefined> {
    return db.selectFrom('member_bank_accounts').selectAll().where('id', '=', id).where('member_id', '=', memberId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('bankAccount.duplicate');
      throw error;
    }
  }
}

function snapshot(row: Row) {
  return { bankName: row.bank_name, accountName: row.account_name, accountNumber: row.account_number, usableFrom: num(row.usable_from) };
}

/** In an e-mail the number shows only its last four characters. */
function mailDetail(row: Row): string {
  return `${row.bank_name}, ${row.account_name}, ${maskedAccountNumber(row.account_number)}`;
}
