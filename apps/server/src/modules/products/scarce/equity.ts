/**
 * Shares (`/equity`, decision 025). One configuration row (`equity_config`, id `equity`): price per
 * share, total issued, maximum per member, and the bonus rule: every period (`period_hours`) each
 * share a member owns earns `bonus_per_share` points of the share's coin, paid by the one-runner
 * `equity-bonus` job from the system account `equityBonus` (the platform funds it; the price paid
 * for shares goes to the system account `equity`). Exactly once per member and period: the unique
 * index (member, kind, period) of `equity_records` is written in the same transaction as the
 * ledger transfer.
 *
 * A purchase: the transaction password, then one transaction keyed once by the request id
 * (db/once.ts: a retry or a parallel duplicate is answered the first record), the issued stock
 * `sold = sold + n where sold + n <= total_issued`, the member's shares under the maximum with a
 * guarded upsert, one ledger transfer (member available -> system equity), the record.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { equityConfigSaveRequest } from '@pp/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { once } from '../../../db/once.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { AppError } from '../../../errors.ts';
import { keysetPage, newestFirst } from '../../../db/keyset.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import { formatMinor, parseAmount } from '@pp/contract';
import { refusalError, settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const configId = 'equity';

/** The shares' open state (the setting `features.equityBuyStatus`): read, and written in a transaction with its audit row. */
export interface EquityOpenFlag {
  get: () => Promise<boolean>;
  set: (tx: Tx, value: boolean, actor: Actor, reason: string) => Promise<void>;
}
const bonusBatch = 200;

/** The member's share records, newest first (decision 052). */
const equityRecordsPage = newestFirst('buyEquityRecordList');

export class EquityService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountService,
    private readonly audit: AuditService,
    private readonly openFlag: EquityOpenFlag,
    private readonly clock: () => number = Date.now,
  ) {}

  private config() {
    return this.db.selectFrom('equity_config').selectAll().where('id', '=', configId).executeTakeFirst();
  }

  private publicConfig(c: NonNullable<Awaited<ReturnType<EquityService['config']>>> | undefined, isOpen: boolean) {
    return {
      isOpen: isOpen && c !== undefined,
      price: formatMinor(BigInt(c?.price ?? 0)),
      coinName: c?.coin_name ?? 'USDT',
      totalIssued: num(c?.total_issued ?? 0),
      sold: num(c?.sold ?? 0),
      maxPerMember: num(c?.max_per_member ?? 0),
      bonusPerShare: formatMinor(BigInt(c?.bonus_per_share ?? 0)),
      bonusPeriodHours: num(c?.period_hours ?? 24),
    };
  }

  async info(memberId: string) {
    const [c, own, bonus, isOpen] = await Promise.all([
      this.config(),
      this.db.selectFrom('equity_holdings').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
      this.db
        .selectFrom('equity_records')
        .select((eb) => eb.fn.sum<number | bigint | string | null>('amount').as('total'))
        .where('member_id', '=', memberId)
        .where('kind', '=', 'bonus')
        .executeTakeFirst(),
      this.openFlag.get(),
    ]);
    const purchased = num(own?.purchased ?? 0);
    return { ...this.publicConfig(c, isOpen), purchased, bonus: formatMinor(BigInt(bonus?.total ?? 0)), totalOwned: purchased + num(own?.bonus ?? 0) };
  }

  /** The configuration as staff edit it: the values saved (or the defaults), sold so far, open or not. */
  async adminConfig() {
    const [c, isOpen] = await Promise.all([this.config(), this.openFlag.get()]);
    return { ...this.publicConfig(c, isOpen), isOpen, isConfigured: c !== undefined };
  }

  /**
   * Saves the share terms. Opening or closing shares is the setting `features.equityBuyStatus`,
   * which moves no money: like every such setting it needs config.write (the settings page's
   * rule), so a role that may edit the terms (packages.manage) but not that setting is refused
   * before anything is written when it asks to change it (`canSetOpen` false).
   */
  async save(actor: Actor, input: z.output<typeof equityConfigSaveRequest>, canSetOpen: boolean) {
    const price = parseAmount(input.price);
    const bonus = parseAmount(input.bonusPerShare);
    if (price === null || price <= 0n) throw new AppError('request.invalid', undefined, 'price', 'validation.enterValidAmount');
    if (bonus === null || bonus < 0n) throw new AppError('request.invalid', undefined, 'bonusPerShare', 'validation.enterValidAmount');
    if (input.maxPerMember > input.totalIssued) throw new AppError('equity.maxOverIssued', undefined, 'maxPerMember');
    const now = this.clock();
    // Read before the transaction: on SQLite a read outside it would wait for it.
    const wasOpen = await this.openFlag.get();
    if (input.isOpen !== undefined && input.isOpen !== wasOpen && !canSetOpen) throw new AppError('auth.forbidden');
    await inTransaction(
      this.db,
      async (tx) => {
        const before = await tx.selectFrom('equity_config').selectAll().where('id', '=', configId).executeTakeFirst();
        if (before && num(before.sold) > input.totalIssued) throw new AppError('equity.issuedBelowSold', { sold: num(before.sold) }, 'totalIssued');
        const values = {
          price,
          coin_name: input.coinName,
          total_issued: BigInt(input.totalIssued),
          max_per_member: BigInt(input.maxPerMember),
          bonus_per_share: bonus,
          period_hours: input.bonusPeriodHours,
          updated_at: BigInt(now),
        };
        if (before)
          await tx
            .updateTable('equity_config')
            .set({ ...values, version: num(before.version) + 1 })
            .where('id', '=', configId)
            .execute();
        else
          await tx
            .insertInto('equity_config')
            .values({ id: configId, sold: 0n, version: 1, ...values })
            .execute();
        await this.audit.record(tx, actor, {
          action: 'equity.configSave',
          targetType: 'equity',
          targetId: configId,
          before: before ? this.publicConfig(before, true) : null,
          after: { ...input },
          reason: input.reason,
        });
        if (input.isOpen !== undefined && input.isOpen !== wasOpen) await this.openFlag.set(tx, input.isOpen, actor, input.reason);
      },
      { groupCommit: true },
    );
    return this.adminConfig();
  }

  async buy(memberId: string, input: { shares: number; transactionPassword: string; requestId: string }): Promise<string> {
    if (!(await this.openFlag.get())) throw new AppError('equity.notOpen');
    const c = await this.config();
    if (!c) throw new AppError('equity.notOpen');
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const n = BigInt(input.shares);
    const key = { scope: 'buyEquity', actor: memberId, requestId: input.requestId, input: { shares: input.shares } };
    const answer = await inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          const recordId = crypto.randomUUID();
          const now = this.clock();
          const own = await tx.selectFrom('equity_holdings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
          const max = BigInt(c.max_per_member);
          const have = BigInt(own?.purchased ?? 0) + BigInt(own?.bonus ?? 0);
          const overLimit = () => new AppError('equity.overLimit', { max: num(max), left: num(max > have ? max - have : 0n) });
          if (have + n > max) throw overLimit();
          const counted = await tx
            .insertInto('equity_holdings')
            .values({ member_id: memberId, purchased: n, bonus: 0n })
            .onConflict((oc) =>
              oc
                .column('member_id')
                .doUpdateSet((eb) => ({ purchased: eb('equity_holdings.purchased', '+', n) }))
                .where(() => sql<boolean>`equity_holdings.purchased + equity_holdings.bonus + ${n} <= ${max}`),
            )
            .executeTakeFirst();
          if (counted.numInsertedOrUpdatedRows !== 1n) throw overLimit();
          const taken = await tx
            .updateTable('equity_config')
            .set((eb) => ({ sold: eb('sold', '+', n) }))
            .where('id', '=', configId)
            .where(sql<boolean>`sold + ${n} <= total_issued`)
            .executeTakeFirst();
          if (taken.numUpdatedRows !== 1n) throw new AppError('equity.soldOut');
          const amount = BigInt(c.price) * n;
          const bought = await this.ledger.transfer(
            {
              requestId: null,
              code: 'equityBuy',
              coinName: c.coin_name,
              amount,
              debit: { owner: memberId, coinName: c.coin_name, purpose: 'available' },
              credit: { owner: 'system', coinName: c.coin_name, purpose: 'equity' },
              isPending: false,
              memo: `equity:${input.shares}`,
            },
            tx,
          );
          if (!bought.ok) throw bought.result === 'insufficientBalance' ? new AppError('equity.insufficientBalance') : refusalError(bought.result);
          const transferId = bought.record.id;
          await tx
            .insertInto('equity_records')
            .values({
              id: recordId,
              member_id: memberId,
              kind: 'buy',
              shares: n,
              amount,
              coin_name: c.coin_name,
              period: null,
              transfer_id: transferId,
              created_at: now,
            })
            .execute();
          return { recordId };
        }),
      { groupCommit: true },
    );
    return answer.recordId;
  }

  async records(memberId: string, cursor: string | undefined, pageSize: number) {
    const query = this.db.selectFrom('equity_records').selectAll().where('member_id', '=', memberId);
    const { items: page, nextCursor } = await keysetPage(query, equityRecordsPage, cursor, pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        kind: r.kind as 'buy' | 'bonus',
        shares: num(r.shares),
        amount: formatMinor(BigInt(r.amount)),
        coinName: r.coin_name,
        period: r.period === null ? null : num(r.period),
        createdAt: num(r.created_at),
      })),
      nextCursor,
    };
  }

  /**
   * Pays the bonus of the last completed period (number floor(now / period) - 1) to every owner;
   * a member already paid for that period is skipped (the unique index), so a rerun pays nothing twice.
   */
  async payBonus(now = this.clock()): Promise<{ period: number; paid: number }> {
    const c = await this.config();
    if (!c || BigInt(c.bonus_per_share) === 0n) return { period: -1, paid: 0 };
    const periodMs = num(c.period_hours) * 3_600_000;
    const period = Math.floor(now / periodMs) - 1;
    let paid = 0;
    let after = '';
    for (;;) {
      const owners = await this.db.selectFrom('equity_holdings').selectAll().where('member_id', '>', after).orderBy('member_id').limit(bonusBatch).execute();
      if (owners.length === 0) break;
      after = owners[owners.length - 1]!.member_id;
      await inTransaction(
        this.db,
        async (tx) => {
          for (const o of owners) {
            const shares = BigInt(o.purchased) + BigInt(o.bonus);
            if (shares === 0n) continue;
            const amount = shares * BigInt(c.bonus_per_share);
            const id = crypto.randomUUID();
            const inserted = await tx
              .insertInto('equity_records')
              .values({ id, member_id: o.member_id, kind: 'bonus', shares, amount, coin_name: c.coin_name, period, transfer_id: null, created_at: now })
              .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
              .executeTakeFirst();
            if (inserted.numInsertedOrUpdatedRows !== 1n) continue;
            const record = settled(
              await this.ledger.transfer(
                {
                  requestId: null,
                  code: 'equityBonus',
                  coinName: c.coin_name,
                  amount,
                  debit: { owner: 'system', coinName: c.coin_name, purpose: 'equityBonus' },
                  credit: { owner: o.member_id, coinName: c.coin_name, purpose: 'available' },
                  isPending: false,
                  memo: `equity bonus: period ${period}, ${shares} shares`,
                },
                tx,
              ),
            );
            await tx.updateTable('equity_records').set({ transfer_id: record.id }).where('id', '=', id).execute();
            paid++;
          }
        },
        { groupCommit: true },
      );
    }
    return { period, paid };
  }

  job(schedule = '5 * * * *'): JobDefinition {
    return { name: 'equity-bonus', schedule, run: async () => void (await this.payBonus()) };
  }
}
