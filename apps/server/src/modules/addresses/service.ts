/**
 * A member's wallet (withdrawal) addresses on BEP20 and TRC20 (decision 015). Adding or changing
 * one needs the transaction password, starts its cooling-off and e-mails the member; the count
 * per member is limited (`withdrawal.addressesMax`). `usableForWithdrawal` is what the withdrawal
 * flow asks before it sends anything to an address.
 */
import crypto from 'node:crypto';
import { checkChainAddress, type WithdrawalAddressAddRequest, type WithdrawalAddressEntry, type WithdrawalAddressUpdateRequest, type WithdrawalChain } from '@pp/contract';
import type { Db, Dialect, Tx } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import type { MemberWithdrawalAddressesTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ConfigService } from '../config/service.ts';
import { isUniqueViolation } from '../ledger/idempotency.ts';
import { mailTime, type SecurityService } from '../security/service.ts';
import { lockMember, mailChange, recordChange, usableFromAfterChange, type ChangeContext } from './destination-changes.ts';

type Row = MemberWithdrawalAddressesTable;

export class AddressService {
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
      limit: await this.settings.get('withdrawal.addressesMax'),
      coolingOffHours: await this.settings.get('withdrawal.addressCoolingOffHours'),
    };
  }

  async add(memberId: string, input: WithdrawalAddressAddRequest, context: ChangeContext): Promise<WithdrawalAddressEntry> {
    const address = checkedAddress(input.chain, input.address);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const row = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const max = await this.settings.get('withdrawal.addressesMax', tx);
      const live = await this.liveRows(tx, memberId);
      if (live.some((r) => r.chain === input.chain && r.address === address)) throw new AppError('address.duplicate');
      if (live.length >= max) throw new AppError('address.limitReached', { max });
      const now = this.now();
      const created: Row = {
        id: crypto.randomUUID(),
        member_id: memberId,
        chain: input.chain,
        address,
        created_at: now,
        updated_at: now,
        usable_from: await usableFromAfterChange(this.settings, now, tx),
        deleted_at: null,
      };
      await tx.insertInto('member_withdrawal_addresses').values(created).execute();
      await recordChange(tx, { memberId, kind: 'address', destinationId: created.id, action: 'add', before: null, after: snapshot(created), at: now }, context);
      return created;
    });
    await mailChange(this.security, memberId, 'address', 'add', `${row.chain} ${row.address}`, num(row.usable_from), context);
    return this.entry(row);
  }

  async update(memberId: string, input: WithdrawalAddressUpdateRequest, context: ChangeContext): Promise<WithdrawalAddressEntry> {
    const address = checkedAddress(input.chain, input.address);
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const result = await this.write(async (tx) => {
      await lockMember(tx, this.dialect, memberId);
      const live = await this.liveRows(tx, memberId);
      const before = live.find((r) => r.id === input.id);
      if (!before) throw new AppError('address.notFound');
      // Saving it unchanged changes nothing: no new cooling-off, no e-mail.
      if (before.chain === input.chain && before.address === address) return { row: before, isChanged: false };
      if (live.some((r) => r.id !== input.id && r.chain === input.chain && r.address === address)) throw new AppError('address.duplicate');
      const now = this.now();
      const after: Row = { ...before, chain: input.chain, address, updated_at: now, usable_from: await usableFromAfterChange(this.settings, now, tx) };
      const updated = await tx
        .updateTable('member_withdrawal_addresses')
        .set({ chain: after.chain, address: after.address, updated_at: after.updated_at, usable_from: after.usable_from })
        .where('id', '=', before.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError('address.notFound');
      await recordChange(tx, { memberId, kind: 'address', destinationId: before.id, action: 'update', before: snapshot(before), after: snapshot(after), at: now }, context);
      return { row: after, isChanged: true };
    });
    if (result.isChanged) {
      await mailChange(this.security, memberId, 'address', 'update', `${result.row.chain} ${result.row.address}`, num(result.row.usable_from), context);
    }
    return this.entry(result.row);
  }

  async remove(memberId: string, id: string, context: ChangeContext): Promise<void> {
    const removed = await this.write(async (tx) => {
      const row = await this.liveRow(tx, memberId, id);
      if (!row) throw new AppError('address.notFound');
      const now = this.now();
      const deleted = await tx.updateTable('member_withdrawal_addresses').set({ deleted_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (Number(deleted.numUpdatedRows) !== 1) throw new AppError('address.notFound');
      await recordChange(tx, { memberId, kind: 'address', destinationId: id, action: 'delete', before: snapshot(row), after: null, at: now }, context);
      return row;
    });
    await mailChange(this.security, memberId, 'address', 'delete', `${removed.chain} ${removed.address}`, null, context);
  }

  /**
   * The member's live address by id, if a withdrawal may use it now: otherwise `address.notFound`
   * (unknown, deleted or another member's) or `address.coolingOff` with the time it becomes usable.
   */
  async usableForWithdrawal(memberId: string, id: string, db: Db | Tx = this.db): Promise<WithdrawalAddressEntry> {
    const row = await this.liveRow(db, memberId, id);
    if (!row) throw new AppError('address.notFound');
    const entry = this.entry(row);
    if (!entry.isUsable) throw new AppError('address.coolingOff', { time: mailTime(entry.usableFrom), usableFrom: entry.usableFrom });
    return entry;
  }

  private entry(row: Row): WithdrawalAddressEntry {
    const usableFrom = num(row.usable_from);
    return {
      id: row.id,
      chain: row.chain as WithdrawalChain,
      address: row.address,
      createdAt: num(row.created_at),
      updatedAt: num(row.updated_at),
      usableFrom,
      isUsable: usableFrom <= this.now(),
    };
  }

  private liveRows(db: Db | Tx, memberId: string): Promise<Row[]> {
    return db
      .selectFrom('member_withdrawal_addresses')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  private liveRow(db: Db | Tx, memberId: string, id: string): Promise<Row | undefined> {
    return db
      .selectFrom('member_withdrawal_addresses')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** One transaction; the unique index is the last word on duplicates that raced past the check. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('address.duplicate');
      throw error;
    }
  }
}

/** The form to store; the request schema already refused anything that does not pass. */
function checkedAddress(chain: WithdrawalChain, text: string): string {
  const check = checkChainAddress(chain, text);
  if (!check.isValid) throw new AppError('request.invalid', undefined, 'address', 'validation.addressInvalid');
  return check.address;
}

function snapshot(row: Row) {
  return { chain: row.chain, address: row.address, usableFrom: num(row.usable_from) };
}
