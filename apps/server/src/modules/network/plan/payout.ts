/**
 * Paying the plan (decision 022): per period, every bonus line once.
 *
 * Periods are UTC: `day:YYYY-MM-DD` pays the purchase bonuses of that day's purchases (each under
 * the plan version in force at the purchase), `month:YYYY-MM` the performance and ranking bonuses
 * of that month (under the version in force at the month's last moment). A period is paid once it
 * has ended, by the `plan-payout` job or by staff; a dry run of any period shows every line it
 * would pay and the totals per type without writing anything.
 *
 * Exactly once: the paying transaction first inserts the period's row (primary key); a second
 * run, or a second runner, finds it and pays nothing. Every line also has a unique key. One
 * transaction per period: the lines, their transfers (LedgerRepository.postMany, system
 * planBonuses -> member available, and the bonus fee planBonuses -> fees), the holdings' released
 * amounts (bonuses count against their maximum profit; a holding that reaches it ends as
 * `maxReward`, its principal back to available) and the period's totals.
 */
import crypto from 'node:crypto';
import { bonusTypes, planLimits, type BonusType, type PlanRunResponse, formatMinor } from '@pp/contract';
import type { Db, DbHandle, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { once, onceIfKeyed, type OnceKey } from '../../../db/once.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { LedgerRepository, TransferCode, TransferInput } from '../../wallet/ledger/index.ts';
import { endHolding } from '../../products/packages/index.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { dayLines, monthLines, settle, type Line } from './engine.ts';
import { boughtBefore, codeBuyers, loadMembers, loadPurchases, periodVolume } from './sources.ts';
import { PlanTimeline } from './versions.ts';
import { notifyMany } from '../../engagement/notifications/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

const dayMs = 86_400_000;
/** Days the job looks back for a period not paid yet. */
const lookBackDays = 400;

/** The ledger code of each bonus type: the spec's transaction types (buyMatching names a purchase already). */
export const bonusCodes: Record<BonusType, TransferCode> = {
  directBonus: 'directBonus',
  sponsorshipBonus: 'sponsorshipBonus',
  algebraicBonus: 'algebraicBonus',
  sameLevelReward: 'sameLevelReward',
  managerBonus: 'managerBonus',
  performanceBonus: 'performanceBonus',
  rankingBonus: 'rankingBonus',
  buyMatching: 'buyMatchingBonus',
  activateBonus: 'activateBonus',
  bonusFeeBonus: 'bonusFeeBonus',
};

export interface Period {
  key: string;
  kind: 'day' | 'month';
  from: number;
  to: number;
}

export function periodOf(key: string): Period {
  const day = /^day:(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (day) {
    const from = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    if (new Date(from).toISOString().slice(0, 10) !== key.slice(4)) throw new AppError('request.invalid', undefined, 'periodKey');
    return { key, kind: 'day', from, to: from + dayMs };
  }
  const month = /^month:(\d{4})-(\d{2})$/.exec(key);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    const from = Date.UTC(Number(month[1]), Number(month[2]) - 1, 1);
    return { key, kind: 'month', from, to: Date.UTC(Number(month[1]), Number(month[2]), 1) };
  }
  throw new AppError('request.invalid', undefined, 'periodKey');
}

export const dayKey = (at: number) => `day:${new Date(at).toISOString().slice(0, 10)}`;
export const monthKey = (at: number) => `month:${new Date(at).toISOString().slice(0, 7)}`;

export interface RunOptions {
  now?: number;
  /** Who ran it: a staff name, or "job". */
  ranBy?: string;
  /** The staff member who ran it: the payment is audited (plan.periodRun) in its transaction. */
  actor?: Actor;
  /**
   * The request's idempotency key (db/once.ts), for a run from the back office: the paid period
   * guards against paying twice, the key gives a retry the answer of the run that paid.
   */
  key?: OnceKey;
}

export class PlanPayoutService {
  constructor(
    private readonly handle: DbHandle,
    private readonly ledger: LedgerRepository,
    /** Audits a period paid by staff (RunOptions.actor); the job's runs are in job_runs. */
    private readonly audit?: AuditService,
  ) {}

  private get db(): Db {
    return this.handle.db;
  }

  job(schedule = '10 * * * *'): JobDefinition {
    return { name: 'plan-payout', schedule, run: async ({ signal }) => void (await this.runDue({ signal })) };
  }

  /** Every line of a period as it would pay now, and the totals per type; writes nothing. */
  async dryRun(periodKey: string): Promise<PlanRunResponse> {
    const period = periodOf(periodKey);
    const paid = await this.db.selectFrom('plan_periods').select('period_key').where('period_key', '=', periodKey).executeTakeFirst();
    if (paid) return this.summaryOfPaid(period.key, true);
    const lines = await this.compute(this.db, period);
    return this.describe(period.key, true, false, lines);
  }

  /** Pays a period that has ended; a period paid already pays nothing (wasPaid). */
  async run(periodKey: string, options: RunOptions = {}): Promise<PlanRunResponse> {
    const now = options.now ?? Date.now();
    const period = periodOf(periodKey);
    if (period.to > now) throw new AppError('plan.periodOpen');
    const key = options.key ?? null;
    // A keyed run answered already gives that answer back, before the period is looked at: it
    // is paid now, by that very run.
    if (key && (await this.isAnswered(key)))
      return inTransaction(this.db, (tx) => once(tx, key, () => Promise.reject(new AppError('rate.limited', { seconds: 1 }))), { groupCommit: true });
    // A period paid already answers without touching the ledger: warming would make system
    // stripe accounts that no transfer of this call uses (a replayed or repeated run).
    const paid = await this.db.selectFrom('plan_periods').select('period_key').where('period_key', '=', period.key).executeTakeFirst();
    if (paid) {
      // Paid meanwhile, perhaps by an identical send racing this one: its stored answer is this one's.
      return key
        ? inTransaction(this.db, (tx) => once(tx, key, () => this.summaryOfPaid(period.key, false)), { groupCommit: true })
        : this.summaryOfPaid(period.key, false);
    }
    await this.warmSystemAccounts();
    const result = await inTransaction(
      this.db,
      async (tx) =>
        onceIfKeyed(tx, key, async (): Promise<PlanRunResponse> => {
          const claimed = await tx
            .insertInto('plan_periods')
            .values({
              period_key: period.key,
              from_at: BigInt(period.from),
              to_at: BigInt(period.to),
              line_count: 0,
              paid: 0n,
              ran_by: options.ranBy ?? 'job',
              ran_at: BigInt(now),
            })
            .onConflict((oc) => oc.column('period_key').doNothing())
            .returning('period_key')
            .execute();
          if (claimed.length === 0) return this.summaryOfPaid(period.key, false);
          const lines = await this.compute(tx, period);
          await this.write(tx, period, lines, now);
          if (options.actor && this.audit) {
            await this.audit.record(tx, options.actor, {
              action: 'plan.periodRun',
              targetType: 'planPeriod',
              targetId: period.key,
              before: null,
              reason: '',
              after: { lineCount: lines.length, paid: formatMinor(lines.reduce((sum, l) => sum + l.paid, 0n)) },
            });
          }
          // The answer is stored with the key as JSON: the contract's response, strings for amounts.
          return this.describe(period.key, false, false, lines, tx);
        }),
      { groupCommit: true },
    );
    return result;
  }

  private async isAnswered(key: OnceKey): Promise<boolean> {
    const row = await this.db
      .selectFrom('request_log')
      .select('request_id')
      .where('scope', '=', key.scope)
      .where('actor', '=', key.actor)
      .where('request_id', '=', key.requestId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The job: every ended period since the first purchase (at most lookBackDays back) not paid yet. */
  async runDue(options: { now?: number; signal?: AbortSignal } = {}): Promise<string[]> {
    const now = options.now ?? Date.now();
    const first = await this.db
      .selectFrom('package_holding_events')
      .select((eb) => eb.fn.min('at').as('at'))
      .where('type', 'in', ['buy', 'upgrade', 'add', 'fill', 'activate'])
      .executeTakeFirst();
    if (!first || first.at === null || first.at === undefined) return [];
    const start = Math.max(num(first.at), now - lookBackDays * dayMs);
    const keys: string[] = [];
    for (let at = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), new Date(start).getUTCDate()); at + dayMs <= now; at += dayMs)
      keys.push(dayKey(at));
    for (let at = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), 1); ;) {
      const p = periodOf(monthKey(at));
      if (p.to > now) break;
      keys.push(p.key);
      at = p.to;
    }
    const paid = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.db
        .selectFrom('plan_periods')
        .select('period_key')
        .where('period_key', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) paid.add(r.period_key);
    }
    const ran: string[] = [];
    for (const key of keys) {
      if (options.signal?.aborted) break;
      if (paid.has(key)) continue;
      await this.run(key, { now, ranBy: 'job' });
      ran.push(key);
    }
    return ran;
  }

  /** The period's lines, capped, in paying order (the same reads for a dry run and a run). */
  private async compute(db: Db | Tx, period: Period): Promise<Line[]> {
    const timeline = await PlanTimeline.load(db);
    let raw;
    if (period.kind === 'day') {
      const purchases = await loadPurchases(db, period.from, period.to);
      const buyerIds = [...new Set(purchases.map((p) => p.memberId))];
      const buyers = await loadMembers(db, buyerIds);
      const depth = Math.max(2, planLimits.generationsMax, ...[timeline.at(period.from), timeline.at(period.to - 1)].map((v) => v.document.managerDepth));
      const above = new Set<string>();
      for (const b of buyers.values()) for (const a of b.ancestors.slice(0, depth)) above.add(a);
      const members = new Map([
        ...buyers,
        ...(await loadMembers(
          db,
          [...above].filter((id) => !buyers.has(id)),
        )),
      ]);
      raw = dayLines({
        periodKey: period.key,
        purchases,
        members,
        planAt: (at) => timeline.at(at),
        boughtBefore: await boughtBefore(db, buyerIds, period.from),
        codeBuyers: await codeBuyers(
          db,
          purchases.filter((p) => p.event === 'activate').map((p) => p.holdingId),
        ),
      });
    } else {
      const version = timeline.at(period.to - 1);
      const volumes = await periodVolume(db, null, period.from, period.to);
      const members = await loadMembers(db, volumes.keys());
      raw = monthLines({ periodKey: period.key, version, volumes, members });
    }
    const earners = await loadMembers(
      db,
      raw.map((l) => l.memberId),
    );
    const referrerOf = (id: string) => earners.get(id)?.referrerId ?? null;
    const withReferrers = new Set([...earners.keys(), ...[...earners.values()].flatMap((m) => (m.referrerId ? [m.referrerId] : []))]);
    const headroom = await this.headroom(db, [...withReferrers]);
    return settle(raw, headroom, referrerOf).lines;
  }

  /** What each member's live holdings may still pay: reward cap - released. */
  private async headroom(db: Db | Tx, memberIds: string[]): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    for (let i = 0; i < memberIds.length; i += 500) {
      const rows = await db
        .selectFrom('package_holdings')
        .select(['member_id', 'reward_cap', 'released'])
        .where('member_id', 'in', memberIds.slice(i, i + 500))
        .where('state', 'in', ['fixed', 'unlocked'])
        .execute();
      for (const r of rows) {
        const left = BigInt(r.reward_cap) - BigInt(r.released);
        if (left > 0n) out.set(r.member_id, (out.get(r.member_id) ?? 0n) + left);
      }
    }
    return out;
  }

  private async write(tx: Tx, period: Period, lines: Line[], now: number): Promise<void> {
    const rows = lines.map((l) => ({ id: crypto.randomUUID(), line: l }));
    // The line rows first: a key met before means this period's lines were paid (never expected
    // past the period guard; a hard stop rather than paying twice).
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await tx
        .insertInto('plan_bonus_lines')
        .values(
          rows.slice(i, i + 200).map(({ id, line: l }) => ({
            id,
            line_key: l.key,
            period_key: period.key,
            member_id: l.memberId,
            bonus_type: l.bonusType,
            coin_name: l.plan.coinName,
            plan_version: l.planVersion,
            source_member_id: l.sourceMemberId,
            source_holding_id: l.sourceHoldingId,
            source_event: l.sourceEvent,
            source_at: l.sourceAt === null ? null : BigInt(l.sourceAt),
            base: l.base,
            rule_value: l.ruleValue,
            rate_percent: l.ratePercent,
            gross: l.gross,
            capped: l.capped,
            fee: l.fee,
            paid: l.paid,
            transfer_id: null,
            fee_transfer_id: null,
            created_at: BigInt(now),
          })),
        )
        .onConflict((oc) => oc.column('line_key').doNothing())
        .returning('id')
        .execute();
      if (inserted.length !== Math.min(200, rows.length - i)) throw new Error('a bonus line of this period exists already');
    }
    // The transfers: the member's part, then the bonus fee, set-based.
    const inputs: Array<{ rowId: string; isFee: boolean; input: TransferInput }> = [];
    for (const { id, line: l } of rows) {
      const coin = l.plan.coinName;
      const source = l.bonusType === 'bonusFeeBonus' ? 'fees' : 'planBonuses';
      if (l.paid > 0n) {
        inputs.push({
          rowId: id,
          isFee: false,
          input: {
            requestId: null,
            code: bonusCodes[l.bonusType],
            coinName: coin,
            amount: l.paid,
            debit: { owner: 'system', coinName: coin, purpose: source },
            credit: { owner: l.memberId, coinName: coin, purpose: 'available' },
            isPending: false,
            memo: id,
          },
        });
      }
      if (l.fee > 0n) {
        inputs.push({
          rowId: id,
          isFee: true,
          input: {
            requestId: null,
            code: 'bonusFee',
            coinName: coin,
            amount: l.fee,
            debit: { owner: 'system', coinName: coin, purpose: 'planBonuses' },
            credit: { owner: 'system', coinName: coin, purpose: 'fees' },
            isPending: false,
            memo: id,
          },
        });
      }
    }
    const posted = await this.ledger.postMany(
      inputs.map((i) => i.input),
      tx,
    );
    const transferOf = new Map<string, { transfer: string | null; fee: string | null }>();
    inputs.forEach((entry, i) => {
      const t = transferOf.get(entry.rowId) ?? { transfer: null, fee: null };
      if (entry.isFee) t.fee = posted[i]!.id;
      else t.transfer = posted[i]!.id;
      transferOf.set(entry.rowId, t);
    });
    for (const [rowId, t] of transferOf) {
      await tx.updateTable('plan_bonus_lines').set({ transfer_id: t.transfer, fee_transfer_id: t.fee }).where('id', '=', rowId).execute();
    }
    await this.consume(tx, lines, now);
    // One notification per member per period, with what the period paid them (decision 023).
    const paidTo = new Map<string, { amount: bigint; coinName: string }>();
    for (const l of lines) {
      if (l.paid <= 0n) continue;
      const p = paidTo.get(l.memberId) ?? { amount: 0n, coinName: l.plan.coinName };
      p.amount += l.paid;
      paidTo.set(l.memberId, p);
    }
    await notifyMany(
      tx,
      [...paidTo].map(([memberId, p]) => ({ memberId, type: 'bonusPaid' as const, params: { amount: formatMinor(p.amount), coinName: p.coinName } })),
    );
    await tx
      .updateTable('plan_periods')
      .set({ line_count: lines.length, paid: lines.reduce((s, l) => s + l.paid, 0n) })
      .where('period_key', '=', period.key)
      .execute();
  }

  /**
   * Bonuses that count against the holdings raise their released amount, oldest holding first; a
   * holding that reaches its cap ends (`maxReward`). Each update is guarded by the amount read.
   */
  private async consume(tx: Tx, lines: Line[], now: number): Promise<void> {
    const take = new Map<string, bigint>();
    for (const l of lines) {
      if (!l.plan.caps.countAgainstHoldings) continue;
      const counted = l.gross - l.capped;
      if (counted > 0n) take.set(l.memberId, (take.get(l.memberId) ?? 0n) + counted);
    }
    const members = [...take.keys()];
    for (let i = 0; i < members.length; i += 500) {
      const holdings = await tx
        .selectFrom('package_holdings')
        .select(['id', 'member_id', 'reward_cap', 'released'])
        .where('member_id', 'in', members.slice(i, i + 500))
        .where('state', 'in', ['fixed', 'unlocked'])
        .orderBy('member_id')
        .orderBy('started_at')
        .orderBy('id')
        .execute();
      for (const h of holdings) {
        const left = take.get(h.member_id) ?? 0n;
        if (left <= 0n) continue;
        const released = BigInt(h.released);
        const room = BigInt(h.reward_cap) - released;
        if (room <= 0n) continue;
        const amount = left < room ? left : room;
        take.set(h.member_id, left - amount);
        const updated = await tx
          .updateTable('package_holdings')
          .set({ released: released + amount })
          .where('id', '=', h.id)
          .where('released', '=', released)
          .where('state', 'in', ['fixed', 'unlocked'])
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) throw new Error('a holding changed while its bonuses were counted');
        if (amount === room) await endHolding(tx, this.ledger, h.id, 'maxReward', now);
      }
    }
    for (const [memberId, left] of take) if (left > 0n) throw new Error(`bonuses of ${memberId} passed the holdings' headroom`);
  }

  private async warmSystemAccounts(): Promise<void> {
    for (const coin of ['REWARD_POINT', 'USDT', 'ASSETS_POINT']) {
      for (let i = 0; i < 32; i++) {
        await this.ledger.accountId(this.db, { owner: 'system', coinName: coin, purpose: 'planBonuses' }, true);
        await this.ledger.accountId(this.db, { owner: 'system', coinName: coin, purpose: 'fees' }, true);
      }
    }
  }

  private async summaryOfPaid(periodKey: string, isDryRun: boolean): Promise<PlanRunResponse> {
    // Nothing is left to pay: an empty answer whose wasPaid says why.
    return { periodKey, isDryRun, wasPaid: true, lineCount: 0, totals: [], lines: [] };
  }

  private async describe(periodKey: string, isDryRun: boolean, wasPaid: boolean, lines: Line[], db: Db = this.db): Promise<PlanRunResponse> {
    const totals = new Map<BonusType, { lineCount: number; gross: bigint; capped: bigint; fee: bigint; paid: bigint }>();
    for (const l of lines) {
      const t = totals.get(l.bonusType) ?? { lineCount: 0, gross: 0n, capped: 0n, fee: 0n, paid: 0n };
      t.lineCount++;
      t.gross += l.gross;
      t.capped += l.capped;
      t.fee += l.fee;
      t.paid += l.paid;
      totals.set(l.bonusType, t);
    }
    const shown = lines.slice(0, planLimits.dryRunLinesMax);
    const names = await loadMembers(
      db,
      shown.flatMap((l) => [l.memberId, ...(l.sourceMemberId ? [l.sourceMemberId] : [])]),
    );
    return {
      periodKey,
      isDryRun,
      wasPaid,
      lineCount: lines.length,
      totals: bonusTypes
        .filter((t) => totals.has(t))
        .map((t) => {
          const v = totals.get(t)!;
          return {
            bonusType: t,
            lineCount: v.lineCount,
            gross: formatMinor(v.gross),
            capped: formatMinor(v.capped),
            fee: formatMinor(v.fee),
            paid: formatMinor(v.paid),
          };
        }),
      lines: shown.map((l) => ({
        lineKey: l.key,
        userName: names.get(l.memberId)?.userName ?? '',
        bonusType: l.bonusType,
        periodKey,
        planVersion: l.planVersion,
        sourceUserName: l.sourceMemberId ? (names.get(l.sourceMemberId)?.userName ?? null) : null,
        sourceEvent: l.sourceEvent,
        sourceAt: l.sourceAt,
        base: formatMinor(l.base),
        ruleValue: l.ruleValue,
        ratePercent: l.ratePercent,
        gross: formatMinor(l.gross),
        capped: formatMinor(l.capped),
        fee: formatMinor(l.fee),
        paid: formatMinor(l.paid),
      })),
    };
  }

  /** The back-office's list: the latest periods, paid or not. */
  async periodList(now = Date.now()): Promise<
    Array<{
      periodKey: string;
      fromAt: number;
      toAt: number;
      state: 'open' | 'due' | 'paid';
      lineCount: number;
      paid: string;
      ranAt: number | null;
      ranBy: string | null;
    }>
  > {
    const keys: string[] = [];
    const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    keys.push(monthKey(now), monthKey(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1, 1)));
    for (let i = 0; i < planLimits.periodListMax - 2; i++) keys.push(dayKey(today - i * dayMs));
    const rows = await this.db.selectFrom('plan_periods').selectAll().where('period_key', 'in', keys).execute();
    const byKey = new Map(rows.map((r) => [r.period_key, r]));
    // Periods that ended before the first purchase have nothing to pay: not listed.
    const first = await this.db
      .selectFrom('package_holding_events')
      .select((eb) => eb.fn.min('at').as('at'))
      .where('type', 'in', ['buy', 'upgrade', 'add', 'fill', 'activate'])
      .executeTakeFirst();
    const firstAt = first?.at === null || first?.at === undefined ? now : num(first.at);
    return keys
      .filter((key) => byKey.has(key) || periodOf(key).to > firstAt)
      .map((key) => {
        const p = periodOf(key);
        const r = byKey.get(key);
        return {
          periodKey: key,
          fromAt: p.from,
          toAt: p.to,
          state: r ? 'paid' : p.to <= now ? 'due' : 'open',
          lineCount: r ? num(r.line_count) : 0,
          paid: formatMinor(r ? BigInt(r.paid) : 0n),
          ranAt: r ? num(r.ran_at) : null,
          ranBy: r ? r.ran_by : null,
        };
      });
  }
}
