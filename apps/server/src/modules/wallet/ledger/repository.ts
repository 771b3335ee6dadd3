/**
 * The ledger: double entry, every movement one transfer from a debit account to a credit
 * account, in one database transaction. Holds are pending transfers, later posted or voided,
 * each exactly once. The rules (what may move, and every refusal by name) are in rules.ts, with
 * no database. A transfer writes first and reads only on a miss (decision 083): each leg is one
 * UPDATE whose WHERE holds the rules' balance and ceiling checks for that leg, the two in account
 * id order (so opposite transfers cannot deadlock on PostgreSQL). When both legs are written the
 * transfer is done, with no read of the accounts; when a guard refuses (0 rows), the leg already
 * written is undone, the two rows are read locked and rules.ts names the refusal. A member account
 * can never go below zero: the check and the write are one statement. A refusal is returned as
 * `{ ok: false, result }`, never thrown; a failure of the database still throws. A serialization
 * failure or deadlock is retried.
 */
import crypto from 'node:crypto';
import { timeOrderedId } from '../../../db/ids.ts';
import { CompiledQuery, sql, type SqlBool } from 'kysely';
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor, transactionTypes, type TransactionType } from '@pp/contract';
import type { Db, DbHandle, Tx } from '../../../db/index.ts';
import { nextSeq, num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { isUniqueViolation } from './idempotency.ts';
import { AppError } from '../../../errors.ts';
import {
  checkReplay,
  checkRequest,
  checkResolve,
  checkTransfer,
  resolveChange,
  transferChange,
  type AccountTotals,
  type LegChange,
  type ResolveRefusal,
  type TransferRefusal,
} from './rules.ts';

/** The ledger's transfer codes are the contract's transaction types (spec section 3), listed once there. */
export const transferCodes = transactionTypes;
export type TransferCode = TransactionType;

export interface AccountRef {
  /** A member id, or "system". */
  owner: string;
  coinName: string;
  /** "available" for a member's spendable balance; a system account's name otherwise. */
  purpose: string;
}

export interface TransferInput {
  requestId: string | null;
  code: TransferCode;
  coinName: string;
  amount: bigint;
  debit: AccountRef;
  credit: AccountRef;
  isPending: boolean;
  memo?: string;
}

export interface TransferRecord {
  id: string;
  code: string;
  coinName: string;
  amount: bigint;
  kind: string;
  state: string;
  pendingId: string | null;
  createdAt: number;
}

/** A transfer's answer: the record, or the rule that refused it (rules.ts). */
export type TransferOutcome = { ok: true; record: TransferRecord } | { ok: false; result: TransferRefusal };
/** Posting or voiding a hold: the new record, or why not. */
export type ResolveOutcome = { ok: true; record: TransferRecord } | { ok: false; result: ResolveRefusal };

/**
 * The error a refusal is where the caller has no answer of its own for it: the API's keys, as the
 * ledger threw them before refusals were values. Two refusals are the caller's own mistake (two
 * legs in different coins, one account on both sides), so they stay plain errors.
 */
export function refusalError(result: TransferRefusal | ResolveRefusal): Error {
  switch (result) {
    case 'amountMustBePositive':
      return new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    case 'amountTooLarge':
      return new AppError('ledger.amountTooLarge');
    case 'requestIdReused':
      return new AppError('ledger.requestIdReused');
    case 'insufficientBalance':
      return new AppError('ledger.insufficientBalance');
    case 'debitExceedsCeiling':
    case 'creditExceedsCeiling':
      return new AppError('ledger.balanceTooLarge');
    case 'pendingNotFound':
      return new AppError('ledger.pendingNotFound');
    case 'pendingAlreadyResolved':
      return new AppError('ledger.pendingResolved');
    case 'legsMustShareCoin':
      return new Error('transfer legs must share the coin');
    case 'accountsMustDiffer':
      return new Error('a transfer needs two accounts');
  }
}

/** The record of an accepted transfer or resolution; a refusal thrown as its refusalError. */
export function settled(outcome: TransferOutcome | ResolveOutcome): TransferRecord {
  if (outcome.ok) return outcome.record;
  throw refusalError(outcome.result);
}

function requestHash(input: object): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(input, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');
}

/**
 * System accounts that many transfers touch (fees, say) are split into stripes, each its own
 * account row: a transfer picks one at random, so on PostgreSQL concurrent transfers do not all
 * wait for one row lock. A system account's balance is the sum of its stripes.
 */
export const systemStripes = 16;

/**
 * The balance check of one new leg (decision 008) as SQL, in the leg's UPDATE: it passes exactly
 * when rules.ts's checks of that leg pass (checkTransfer: funds, then the total ceiling for a
 * debit; the balance ceiling, then the total ceiling for a credit), so a write that goes through
 * needs no read, and a refused one is named by the rules after a locked read (decision 083). @amount,
 * @totalRoom (accountTotalMaxMinor - amount) and @balanceRoom (balanceMaxMinor - amount) are
 * computed in JS, so no SQL sum can pass 2^63 - 1. balance-check.int.test.ts holds the ledger to
 * one table of cases on both databases (decision 043).
 */
const legGuard = {
  debit: '(is_system = 1 or credits_posted - debits_posted - debits_pending >= @amount) and debits_posted + debits_pending <= @totalRoom',
  credit: '(is_system = 1 or credits_posted - debits_posted + credits_pending <= @balanceRoom) and credits_posted + credits_pending <= @totalRoom',
} as const;

/** A legGuard for Kysely, its @names bound as parameters. */
function legGuardSql(side: 'debit' | 'credit', amount: bigint) {
  const values: Record<string, bigint> = { amount, totalRoom: accountTotalMaxMinor - amount, balanceRoom: balanceMaxMinor - amount };
  const parts = legGuard[side].split(/@(\w+)/);
  return sql<SqlBool>`(${sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql`${values[part]}` : sql.raw(part))),
    sql.raw(''),
  )})`;
}

/** Rows per postMany statement: 6 or 14 parameters each, inside both databases' limits. */
const postManyChunk = 1000;

/** Member accounts per warmAccounts statement: 11 parameters a row, inside SQLite's variable limit. */
const warmChunk = 500;

export class LedgerRepository {
  /** owner/coin/purpose -> account id. Ids never change once made, so this never goes stale. */
  private readonly accountIds = new Map<string, string>();

  /**
   * The ledger opens no transaction of its own kind: a write without the caller's transaction
   * runs in `inTransaction(db, work, { groupCommit: true })` (db/transaction.ts), as every caller
   * that moves money does, so on SQLite the units that queue meanwhile share one commit.
   */
  constructor(private readonly handle: DbHandle) {}

  /**
   * Finds or makes the accounts of many members in one transaction and caches their ids, so a
   * batch job that then posts to them reads them from the cache (one commit instead of one per
   * new account).
   */
  async warmAccounts(refs: AccountRef[]): Promise<void> {
    const key = (r: AccountRef) => `${r.owner}\u0000${r.coinName}\u0000${r.purpose}`;
    const missing = new Map<string, AccountRef>();
    for (const r of refs) {
      if (r.owner === 'system') throw new Error('warmAccounts takes member accounts');
      if (!this.accountIds.has(key(r))) missing.set(key(r), r);
    }
    if (missing.size === 0) return;
    const found = new Map<string, string>();
    // Set-based: per (coin, purpose) and chunk, one read, one multi-row insert of the missing
    // ones (a racing maker's row wins, ON CONFLICT DO NOTHING), one read again.
    const groups = new Map<string, AccountRef[]>();
    for (const r of missing.values()) {
      const g = `${r.coinName}\u0000${r.purpose}`;
      groups.set(g, [...(groups.get(g) ?? []), r]);
    }
    await inTransaction(
      this.handle.db,
      async (tx) => {
        found.clear();
        for (const group of groups.values()) {
          const { coinName, purpose } = group[0]!;
          for (let i = 0; i < group.length; i += warmChunk) {
            const owners = group.slice(i, i + warmChunk).map((r) => r.owner);
            const read = () =>
              tx
                .selectFrom('ledger_accounts')
                .select(['id', 'owner'])
                .where('coin_name', '=', coinName)
                .where('purpose', '=', purpose)
                .where('owner', 'in', owners)
                .execute();
            const had = new Set((await read()).map((row) => row.owner));
            const now = Date.now();
            const rows = owners
              .filter((owner) => !had.has(owner))
              .map((owner) => ({
                id: crypto.randomUUID(),
                owner,
                coin_name: coinName,
                purpose,
                is_system: 0,
                debits_posted: 0n,
                credits_posted: 0n,
                debits_pending: 0n,
                credits_pending: 0n,
                created_at: now,
              }));
            if (rows.length > 0)
              await tx
                .insertInto('ledger_accounts')
                .values(rows)
                .onConflict((oc) => oc.columns(['owner', 'coin_name', 'purpose']).doNothing())
                .execute();
            for (const row of await read()) found.set(`${row.owner}\u0000${coinName}\u0000${purpose}`, row.id);
          }
        }
      },
      { groupCommit: true },
    );
    for (const [k, id] of found) this.accountIds.set(k, id);
  }

  /**
   * The account's id, made on first use (members get theirs lazily); system accounts by stripe.
   * Only ids read or made outside a transfer's transaction are cached: inside one, a row this very
   * transaction made could still be rolled back.
   */
  async accountId(tx: Db, input: AccountRef, isCommitted = false): Promise<string> {
    const ref = input.owner === 'system' ? { ...input, purpose: `${input.purpose}#${crypto.randomInt(systemStripes)}` } : input;
    const cacheKey = `${ref.owner}\u0000${ref.coinName}\u0000${ref.purpose}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached) return cached;
    const found = await tx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', ref.owner)
      .where('coin_name', '=', ref.coinName)
      .where('purpose', '=', ref.purpose)
      .executeTakeFirst();
    if (found) {
      if (isCommitted) this.accountIds.set(cacheKey, found.id);
      return found.id;
    }
    const id = crypto.randomUUID();
    await tx
      .insertInto('ledger_accounts')
      .values({
        id,
        owner: ref.owner,
        coin_name: ref.coinName,
        purpose: ref.purpose,
        is_system: ref.owner === 'system' ? 1 : 0,
        debits_posted: 0n,
        credits_posted: 0n,
        debits_pending: 0n,
        credits_pending: 0n,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['owner', 'coin_name', 'purpose']).doNothing())
      .execute();
    const row = await tx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', ref.owner)
      .where('coin_name', '=', ref.coinName)
      .where('purpose', '=', ref.purpose)
      .executeTakeFirstOrThrow();
    if (isCommitted) this.accountIds.set(cacheKey, row.id);
    return row.id;
  }

  /**
   * Applies one leg's change (rules.ts's LegChange) in one UPDATE; false when its guard refused it.
   * With `guardAmount`, the WHERE holds the new leg's checks (a member debit without the funds, a
   * member credit over the balance ceiling, any running total over its ceiling; decision 008).
   * Posting or voiding a hold, and undoing a leg this transaction wrote, move amounts already
   * counted, so they need none.
   */
  private async applyLeg(tx: Tx, accountId: string, side: 'debit' | 'credit', change: LegChange, guardAmount: bigint | null): Promise<boolean> {
    const posted = side === 'debit' ? 'debits_posted' : 'credits_posted';
    const pending = side === 'debit' ? 'debits_pending' : 'credits_pending';
    let query = tx.updateTable('ledger_accounts').where('id', '=', accountId);
    if (change.posted !== 0n) query = query.set((eb) => ({ [posted]: eb(posted, '+', change.posted) }));
    if (change.pending !== 0n) query = query.set((eb) => ({ [pending]: eb(pending, '+', change.pending) }));
    if (guardAmount !== null) query = query.where(legGuardSql(side, guardAmount));
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Writes a new transfer's legs, each a guarded UPDATE, in account id order; false when a guard
   * refused one, and then the legs already written are undone, so the transaction holds no part
   * of the transfer (a caller's transaction goes on after a refusal, and may commit).
   */
  private async writeLegs(tx: Tx, legs: Array<['debit' | 'credit', string]>, change: LegChange, amount: bigint): Promise<boolean> {
    for (let i = 0; i < legs.length; i++) {
      const [side, id] = legs[i]!;
      if (await this.applyLeg(tx, id, side, change, amount)) continue;
      const undo = { posted: -change.posted, pending: -change.pending };
      for (const [doneSide, doneId] of legs.slice(0, i).reverse()) {
        if (!(await this.applyLeg(tx, doneId, doneSide, undo, null))) throw new Error('a ledger account vanished');
      }
      return false;
    }
    return true;
  }

  private async insertTransfer(
    tx: Tx,
    row: {
      id: string;
      requestId: string | null;
      hash: string | null;
      code: string;
      coinName: string;
      amount: bigint;
      debitId: string;
      creditId: string;
      kind: string;
      pendingId: string | null;
      state: string;
      memo: string;
    },
  ) {
    await tx
      .insertInto('ledger_transfers')
      .values({
        id: row.id,
        seq: nextSeq(this.handle.dialect, 'ledger_transfers'),
        request_id: row.requestId,
        request_hash: row.hash,
        code: row.code,
        coin_name: row.coinName,
        amount: row.amount,
        debit_account_id: row.debitId,
        credit_account_id: row.creditId,
        kind: row.kind,
        pending_id: row.pendingId,
        state: row.state,
        memo: row.memo,
        created_at: Date.now(),
      })
      .execute();
  }

  async findByRequestId(tx: Tx, requestId: string) {
    return tx.selectFrom('ledger_transfers').selectAll().where('request_id', '=', requestId).executeTakeFirst();
  }

  private toRecord(row: {
    id: string;
    code: string;
    coin_name: string;
    amount: number | bigint;
    kind: string;
    state: string;
    pending_id: string | null;
    created_at: number | bigint;
  }): TransferRecord {
    return {
      id: row.id,
      code: row.code,
      coinName: row.coin_name,
      amount: BigInt(row.amount),
      kind: row.kind,
      state: row.state,
      pendingId: row.pending_id,
      createdAt: num(row.created_at),
    };
  }

  /**
   * The account rows of a refused transfer, in id order, locked on PostgreSQL until the
   * transaction ends: what the rules name the refusal from. Read only after a guard's miss.
   */
  private async lockedTotals(tx: Tx, ids: string[]): Promise<Map<string, AccountTotals & { id: string }>> {
    let query = tx
      .selectFrom('ledger_accounts')
      .select(['id', 'is_system', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
      .where('id', 'in', ids)
      .orderBy('id');
    // SQLite has one writer, and this transaction is it: no other can change the rows meanwhile.
    if (this.handle.dialect === 'postgres') query = query.forUpdate();
    const out = new Map<string, AccountTotals & { id: string }>();
    for (const row of await query.execute()) {
      out.set(row.id, {
        id: row.id,
        isSystem: Number(row.is_system) === 1,
        debitsPosted: BigInt(row.debits_posted),
        creditsPosted: BigInt(row.credits_posted),
        debitsPending: BigInt(row.debits_pending),
        creditsPending: BigInt(row.credits_pending),
      });
    }
    return out;
  }

  /**
   * Posts a transfer (or holds it as pending). A refusal (rules.ts) is `{ ok: false, result }`; a
   * retry with the same request id answers the first transfer; the same id with another body is
   * `requestIdReused`. Runs inside `tx` when given, so a caller can make the transfer part of a
   * larger change; otherwise in a transaction of its own (a group commit on SQLite).
   */
  async transfer(input: TransferInput, outer?: Tx): Promise<TransferOutcome> {
    const asked = checkRequest({ amount: input.amount, coinName: input.coinName, debitCoinName: input.debit.coinName, creditCoinName: input.credit.coinName });
    if (asked !== 'ok') return { ok: false, result: asked };
    const hash = input.requestId ? requestHash({ ...input, requestId: undefined }) : null;
    // Inside a caller's transaction a retry must be found first: a failed insert would end it.
    const work = async (tx: Tx): Promise<TransferOutcome> => {
      if (input.requestId) {
        const existing = await this.findByRequestId(tx, input.requestId);
        const replay = checkReplay(existing?.request_hash, hash);
        if (replay === 'requestIdReused') return { ok: false, result: replay };
        if (existing) return { ok: true, record: this.toRecord(existing) };
      }
      const debitId = await this.accountId(tx, input.debit);
      const creditId = await this.accountId(tx, input.credit);
      const change = transferChange(input.amount, input.isPending);
      // Lock order: by account id, whatever the direction.
      const legs: Array<['debit' | 'credit', string]> = [
        ['debit', debitId],
        ['credit', creditId],
      ];
      legs.sort((a, b) => (a[1] < b[1] ? -1 : 1));
      // The common case is one statement per leg and no read; the guards refuse exactly what the
      // rules refuse, so only a miss needs the rows, to name why.
      if (debitId === creditId || !(await this.writeLegs(tx, legs, change, input.amount))) {
        const totals = await this.lockedTotals(tx, [debitId, creditId]);
        const debit = totals.get(debitId);
        const credit = totals.get(creditId);
        if (!debit || !credit) throw new Error('a ledger account vanished');
        const checked = checkTransfer(
          { amount: input.amount, coinName: input.coinName, debitCoinName: input.debit.coinName, creditCoinName: input.credit.coinName },
          debit,
          credit,
        );
        if (checked !== 'ok') return { ok: false, result: checked };
        // Another transaction moved money between the miss and the read: the rows are locked now
        // (on SQLite this transaction is the one writer), so the guards see what the rules saw.
        if (!(await this.writeLegs(tx, legs, change, input.amount))) throw new Error('the ledger guard refused a transfer its rules allowed');
      }
      const id = crypto.randomUUID();
      const row = {
        id,
        requestId: input.requestId,
        hash,
        code: input.code,
        coinName: input.coinName,
        amount: input.amount,
        debitId,
        creditId,
        kind: input.isPending ? 'pending' : 'posted',
        pendingId: null,
        state: input.isPending ? 'pending' : 'final',
        memo: input.memo ?? '',
      };
      await this.insertTransfer(tx, row);
      return {
        ok: true,
        record: {
          id,
          code: input.code,
          coinName: input.coinName,
          amount: input.amount,
          kind: row.kind,
          state: row.state,
          pendingId: null,
          createdAt: Date.now(),
        },
      };
    };
    if (outer) return work(outer);
    try {
      return await inTransaction(this.handle.db, work, { groupCommit: true });
    } catch (error) {
      // Two first tries with the same request id raced: the later insert hit the unique index.
      if (input.requestId && isUniqueViolation(error)) {
        const existing = await this.handle.db.selectFrom('ledger_transfers').selectAll().where('request_id', '=', input.requestId).executeTakeFirst();
        if (existing) {
          return existing.request_hash === hash ? { ok: true, record: this.toRecord(existing) } : { ok: false, result: 'requestIdReused' };
        }
      }
      throw error;
    }
  }

  /**
   * Posts many transfers in the caller's transaction, set-based: for posted transfers whose debit
   * is a system account (batch jobs paying members, such as the package release; chain deposit
   * credits, decision 045). A request id, when given, is stored with the hash `transfer` would
   * give it; one already taken fails the insert on its unique index, and the caller's transaction
   * with it (the caller claims its rows first, so that is a second guard, never the first).
   * System accounts may go negative, so no leg needs a funds check, only the ceilings
   * of decision 008; those only grow with each credit or debit, so checking each account's
   * aggregated amount once is exactly what checking each transfer in turn would give. One
   * UPDATE per chunk applies all legs (accounts in id order), then multi-row INSERTs write one
   * transfer row per input, in input order. A refused ceiling throws ledger.balanceTooLarge and
   * leaves the caller to roll back its transaction; other inputs throw an Error.
   */
  async postMany(inputs: TransferInput[], tx: Tx, ids?: string[]): Promise<TransferRecord[]> {
    if (ids && ids.length !== inputs.length) throw new Error('postMany takes one id per input');
    if (inputs.length === 0) return [];
    for (const input of inputs) {
      if (input.isPending || input.debit.owner !== 'system') throw new Error('postMany takes posted, system-funded transfers');
      if (input.amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
      if (input.amount > amountMaxMinor) throw new AppError('ledger.amountTooLarge');
      if (input.debit.coinName !== input.coinName || input.credit.coinName !== input.coinName) throw new Error('transfer legs must share the coin');
    }
    const pairs: Array<{ debitId: string; creditId: string }> = [];
    // id -> aggregated debit and credit amounts.
    const legs = new Map<string, { debit: bigint; credit: bigint }>();
    // One lookup per account in the call: a system account's stripe is picked once for the batch.
    const looked = new Map<string, string>();
    const idOf = async (ref: AccountRef) => {
      const k = `${ref.owner}\u0000${ref.coinName}\u0000${ref.purpose}`;
      let id = looked.get(k);
      if (id === undefined) {
        id = await this.accountId(tx, ref);
        looked.set(k, id);
      }
      return id;
    };
    for (const input of inputs) {
      const debitId = await idOf(input.debit);
      const creditId = await idOf(input.credit);
      if (debitId === creditId) throw new Error('a transfer needs two accounts');
      pairs.push({ debitId, creditId });
      const d = legs.get(debitId) ?? { debit: 0n, credit: 0n };
      d.debit += input.amount;
      legs.set(debitId, d);
      const c = legs.get(creditId) ?? { debit: 0n, credit: 0n };
      c.credit += input.amount;
      legs.set(creditId, c);
    }
    const isPg = this.handle.dialect === 'postgres';
    // The two large statements are written as text with their parameters and run as compiled
    // queries: through the query builder, building them cost more CPU than the database spent
    // running them (decision 045, 2026-11-28). PostgreSQL numbers its parameters.
    const ordered = [...legs.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (let i = 0; i < ordered.length; i += postManyChunk) {
      const chunk = ordered.slice(i, i + postManyChunk);
      const params: Array<string | bigint> = [];
      const p = (value: string | bigint, cast: string) => {
        params.push(value);
        return isPg ? `$${params.length}::${cast}` : '?';
      };
      if (isPg) {
        // Lock order: by account id (an UPDATE ... FROM locks in its plan's order).
        const ids = chunk.map(([id]) => p(id, 'text')).join(', ');
        await tx.executeQuery(CompiledQuery.raw(`select id from ledger_accounts where id in (${ids}) order by id for update`, params.splice(0)));
      }
      // Right-hand sides computed here, so the SQL never adds past 2^63 - 1. A debit is only
      // taken from a system account (no funds check); a member credit keeps the balance ceiling.
      const values = chunk
        .map(
          ([id, a]) =>
            `(${p(id, 'text')}, ${p(a.debit, 'bigint')}, ${p(a.credit, 'bigint')}, ${p(accountTotalMaxMinor - a.debit, 'bigint')}, ${p(accountTotalMaxMinor - a.credit, 'bigint')}, ${p(balanceMaxMinor - a.credit, 'bigint')})`,
        )
        .join(', ');
      const result = await tx.executeQuery<{ id: string }>(
        CompiledQuery.raw(
          `with v(id, debit, credit, debit_room, credit_room, balance_room) as (values ${values})
        update ledger_accounts set debits_posted = ledger_accounts.debits_posted + v.debit, credits_posted = ledger_accounts.credits_posted + v.credit
        from v where ledger_accounts.id = v.id
          and (v.debit = 0 or ledger_accounts.is_system = 1)
          and ledger_accounts.debits_posted + ledger_accounts.debits_pending <= v.debit_room
          and ledger_accounts.credits_posted + ledger_accounts.credits_pending <= v.credit_room
          and (v.credit = 0 or ledger_accounts.is_system = 1 or ledger_accounts.credits_posted - ledger_accounts.debits_posted + ledger_accounts.credits_pending <= v.balance_room)
        returning ledger_accounts.id`,
          params,
        ),
      );
      if (result.rows.length !== chunk.length) throw new AppError('ledger.balanceTooLarge');
    }
    const now = Date.now();
    // SQLite has one writer, so max(seq) read once inside this transaction stays the maximum;
    // a multi-row insert with (select max(seq) + 1) per row would give every row the same seq.
    let seqBase = 0n;
    if (!isPg) {
      const row = await sql<{ m: number | bigint }>`select coalesce(max(seq), 0) as m from ledger_transfers`.execute(tx);
      seqBase = BigInt(row.rows[0]!.m);
    }
    const records: TransferRecord[] = [];
    const columns =
      '(id, seq, request_id, request_hash, code, coin_name, amount, debit_account_id, credit_account_id, kind, pending_id, state, memo, created_at)';
    for (let start = 0; start < inputs.length; start += postManyChunk) {
      const params: Array<string | bigint | number | null> = [];
      const p = (value: string | bigint | number | null) => {
        params.push(value);
        return isPg ? `$${params.length}` : '?';
      };
      const values: string[] = [];
      for (let i = start; i < Math.min(inputs.length, start + postManyChunk); i++) {
        const input = inputs[i]!;
        const id = ids?.[i] ?? timeOrderedId(now);
        records.push({ id, code: input.code, coinName: input.coinName, amount: input.amount, kind: 'posted', state: 'final', pendingId: null, createdAt: now });
        const hash = input.requestId ? requestHash({ ...input, requestId: undefined }) : null;
        // Placeholders in the text's order: SQLite's are positional.
        values.push(
          `(${p(id)}, ${isPg ? `nextval('ledger_transfers_seq')` : p(seqBase + BigInt(i + 1))}, ${p(input.requestId)}, ${p(hash)}, ${p(input.code)}, ${p(input.coinName)}, ${p(input.amount)}, ${p(pairs[i]!.debitId)}, ${p(pairs[i]!.creditId)}, 'posted', null, 'final', ${p(input.memo ?? '')}, ${p(now)})`,
        );
      }
      await tx.executeQuery(CompiledQuery.raw(`insert into ledger_transfers ${columns} values ${values.join(', ')}`, params));
    }
    return records;
  }

  /** Posts or voids a pending transfer, exactly once; a refusal (rules.ts) is `{ ok: false, result }`. */
  async resolvePending(pendingId: string, outcome: 'post' | 'void', outer?: Tx): Promise<ResolveOutcome> {
    const work = async (tx: Tx): Promise<ResolveOutcome> => {
      let read = tx.selectFrom('ledger_transfers').selectAll().where('id', '=', pendingId);
      // Locked, so two resolutions racing see each other: the later reads the state the first wrote.
      if (this.handle.dialect === 'postgres') read = read.forUpdate();
      const pending = await read.executeTakeFirst();
      const checked = checkResolve(pending);
      if (checked !== 'ok' || !pending) return { ok: false, result: checked === 'ok' ? 'pendingNotFound' : checked };
      const claimed = await tx
        .updateTable('ledger_transfers')
        .set({ state: outcome === 'post' ? 'posted' : 'voided' })
        .where('id', '=', pendingId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return { ok: false, result: 'pendingAlreadyResolved' };
      const amount = BigInt(pending.amount);
      const legs: Array<['debit' | 'credit', string]> = [
        ['debit', pending.debit_account_id],
        ['credit', pending.credit_account_id],
      ];
      legs.sort((a, b) => (a[1] < b[1] ? -1 : 1));
      const change = resolveChange(amount, outcome);
      for (const [side, id] of legs) {
        if (!(await this.applyLeg(tx, id, side, change, null))) throw new Error('pending leg missing');
      }
      const id = crypto.randomUUID();
      const kind = outcome === 'post' ? 'post_pending' : 'void_pending';
      await this.insertTransfer(tx, {
        id,
        requestId: null,
        hash: null,
        code: pending.code,
        coinName: pending.coin_name,
        amount,
        debitId: pending.debit_account_id,
        creditId: pending.credit_account_id,
        kind,
        pendingId,
        state: 'final',
        memo: '',
      });
      return { ok: true, record: { id, code: pending.code, coinName: pending.coin_name, amount, kind, state: 'final', pendingId, createdAt: Date.now() } };
    };
    return outer ? work(outer) : inTransaction(this.handle.db, work, { groupCommit: true });
  }

  /** available, frozen (held by pending debits) and total per coin of a member. */
  async memberBalances(memberId: string) {
    const rows = await this.handle.db
      .selectFrom('ledger_accounts')
      .select(['coin_name', 'purpose', 'debits_posted', 'credits_posted', 'debits_pending'])
      .where('owner', '=', memberId)
      .execute();
    const out = new Map<string, { available: bigint; frozen: bigint; fixed: bigint }>();
    for (const r of rows) {
      const entry = out.get(r.coin_name) ?? { available: 0n, frozen: 0n, fixed: 0n };
      const posted = BigInt(r.credits_posted) - BigInt(r.debits_posted);
      const held = BigInt(r.debits_pending);
      if (r.purpose === 'available') {
        entry.available += posted - held;
        entry.frozen += held;
      } else if (r.purpose === 'fixed') {
        entry.fixed += posted;
      }
      out.set(r.coin_name, entry);
    }
    return out;
  }
}
