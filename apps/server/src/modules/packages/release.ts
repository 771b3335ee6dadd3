/**
 * The `package-release` job (decision 020): pays every (holding, period) exactly once.
 *
 * Period k of a holding is due at effectiveAt + k x period hours and not after expiresAt; it pays
 * principal x releasePercent / 100 (rounded down), at most the reward cap minus what was released.
 * The job takes due holdings in batches ordered by `next_release_at` (the next moment the job must
 * look at the holding: its next period, or its expiry when no period is left). For each period it
 * first inserts `package_releases (holding_id, period)` (primary key) and then the ledger transfer
 * in the same transaction, so a rerun after a crash, or a second runner on another connection,
 * finds the row and pays nothing. It catches up every missed period, moves `fixed` to `unlocked`
 * at unlockAt, and expires the holding at expiresAt or when the cap is reached, giving the
 * principal back to available (`redeem`, no fee) in the same transaction.
 *
 * One transaction per batch of holdings (all or nothing); a batch that a ledger guard refuses is
 * run again holding by holding, so one holding that cannot be paid never stops the others.
 */
import crypto from 'node:crypto';
import type { PackageTerms } from '@pp/contract';
import type { Db, DbHandle, Tx } from '../../db/index.ts';
import { num } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { percentOf } from '../ledger/amounts.ts';
import type { LedgerRepository } from '../ledger/repository.ts';
import type { JobDefinition } from '../../jobs/runner.ts';

export const rewardCoin = 'REWARD_POINT';
const hourMs = 3_600_000;

export interface ReleaseOptions {
  /** The clock; tests move it. */
  now?: number;
  /** Holdings per transaction. */
  batchSize?: number;
  signal?: AbortSignal;
  /** For tests: called inside the transaction after each holding settled (count so far in this run); may throw to simulate a crash. */
  afterHolding?: (settled: number) => void;
}

export interface ReleaseSummary {
  /** (holding, period) rows paid by this run. */
  periodsPaid: number;
  amountPaid: bigint;
  holdingsSeen: number;
  expired: number;
  unlocked: number;
  /** Holdings another runner settled first (their release row existed). */
  skipped: number;
  /** Holdings a ledger guard refused (logged; tried again next run). */
  failed: number;
}

type HoldingRow = {
  id: string;
  member_id: string;
  terms: string;
  principal: number | bigint;
  reward_cap: number | bigint;
  released: number | bigint;
  state: string;
  effective_at: number | bigint;
  unlock_at: number | bigint;
  expires_at: number | bigint;
  periods_paid: number | bigint;
  next_release_at: number | bigint | null;
  auto_top_up: number | bigint | null;
};

type EventRow = { id: string; holding_id: string; member_id: string; type: string; coin_name: string; amount: bigint; detail: string | null; transfer_id: string | null; at: bigint };

/** The holding changed under us (a member action in between): the batch is run again. */
class HoldingMoved extends Error {}

/** When the job must next look at a holding: its next period's moment, or its expiry. */
export function nextWake(effectiveAt: number, periodHours: number, periodsPaid: number, expiresAt: number): number {
  const next = effectiveAt + (periodsPaid + 1) * periodHours * hourMs;
  return next <= expiresAt ? next : expiresAt;
}

/** What one period pays: principal x releasePercent / 100 rounded down, at most cap - released. */
export function periodAmount(principal: bigint, terms: Pick<PackageTerms, 'releasePercent'>, cap: bigint, released: bigint): bigint {
  const full = percentOf(principal, terms.releasePercent, 'down');
  const room = cap - released;
  return full < room ? full : room > 0n ? room : 0n;
}

export class PackageReleaseService {
  constructor(
    private readonly handle: DbHandle,
    private readonly ledger: LedgerRepository,
  ) {}

  private get db(): Db {
    return this.handle.db;
  }

  job(schedule = '*/5 * * * *'): JobDefinition {
    return { name: 'package-release', schedule, run: async ({ signal }) => void (await this.run({ signal })) };
  }

  /** Settles every holding due at `now`: pays each missed period once, unlocks, expires. */
  async run(options: ReleaseOptions = {}): Promise<ReleaseSummary> {
    const now = options.now ?? Date.now();
    const batchSize = options.batchSize ?? 500;
    const summary: ReleaseSummary = { periodsPaid: 0, amountPaid: 0n, holdingsSeen: 0, expired: 0, unlocked: 0, skipped: 0, failed: 0 };
    const settled = { count: 0 };
    await this.warmSystemAccounts();
    // Keyset over (next_release_at, id): a holding a run could not settle is not met again in the same run.
    let after: { at: number; id: string } | null = null;
    for (;;) {
      if (options.signal?.aborted) break;
      let query = this.db
        .selectFrom('package_holdings')
        .select(['id', 'member_id', 'next_release_at'])
        .where('state', 'in', ['fixed', 'unlocked'])
        .where('next_release_at', '<=', BigInt(now))
        .orderBy('next_release_at')
        .orderBy('id')
        .limit(batchSize);
      if (after) {
        const { at, id } = after;
        query = query.where((eb) => eb.or([eb('next_release_at', '>', BigInt(at)), eb.and([eb('next_release_at', '=', BigInt(at)), eb('id', '>', id)])]));
      }
      const due = await query.execute();
      if (due.length === 0) break;
      const last = due[due.length - 1]!;
      after = { at: num(last.next_release_at), id: last.id };
      // Member accounts found (or made) in their own commit, so the batch reads them from the cache.
      for (const memberId of new Set(due.map((d) => d.member_id))) {
        await this.ledger.accountId(this.db, { owner: memberId, coinName: rewardCoin, purpose: 'available' }, true);
      }
      await this.settleBatch(due.map((d) => d.id), now, summary, settled, options.afterHolding);
    }
    // Holdings whose unlock moment passed before any period (no release due): unlock them too.
    for (;;) {
      const fixed = await this.db
        .selectFrom('package_holdings')
        .select('id')
        .where('state', '=', 'fixed')
        .where('unlock_at', '<=', BigInt(now))
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (fixed.length === 0 || options.signal?.aborted) break;
      const before = summary.unlocked + summary.expired;
      await this.settleBatch(fixed.map((f) => f.id), now, summary, settled, options.afterHolding);
      if (summary.unlocked + summary.expired === before) break;
    }
    return summary;
  }

  /** System stripes read in their own commit, so transfers inside a batch find them in the cache. */
  private async warmSystemAccounts(): Promise<void> {
    for (let i = 0; i < 64; i++) await this.ledger.accountId(this.db, { owner: 'system', coinName: rewardCoin, purpose: 'packageRewards' }, true);
  }

  private async settleBatch(ids: string[], now: number, summary: ReleaseSummary, settled: { count: number }, afterHolding?: (n: number) => void): Promise<void> {
    const attempt = async (batch: string[]) => {
      const local: ReleaseSummary = { periodsPaid: 0, amountPaid: 0n, holdingsSeen: 0, expired: 0, unlocked: 0, skipped: 0, failed: 0 };
      let count = settled.count;
      await this.ledger.inTransaction(async (tx) => {
        local.periodsPaid = 0;
        local.amountPaid = 0n;
        local.holdingsSeen = 0;
        local.expired = 0;
        local.unlocked = 0;
        local.skipped = 0;
        count = settled.count;
        const rows = await tx
          .selectFrom('package_holdings')
          .leftJoin('users', 'users.id', 'package_holdings.member_id')
          .select([
            'package_holdings.id', 'package_holdings.member_id', 'package_holdings.terms', 'package_holdings.principal', 'package_holdings.reward_cap',
            'package_holdings.released', 'package_holdings.state', 'package_holdings.effective_at', 'package_holdings.unlock_at', 'package_holdings.expires_at',
            'package_holdings.periods_paid', 'package_holdings.next_release_at', 'users.auto_top_up',
          ])
          .where('package_holdings.id', 'in', batch)
          .orderBy('package_holdings.next_release_at')
          .orderBy('package_holdings.id')
          .execute();
        const events: EventRow[] = [];
        for (const row of rows) {
          local.holdingsSeen++;
          await this.settleHolding(tx, row, now, local, events);
          count++;
          afterHolding?.(count);
        }
        for (let i = 0; i < events.length; i += 200) await tx.insertInto('package_holding_events').values(events.slice(i, i + 200)).execute();
      });
      settled.count = count;
      summary.periodsPaid += local.periodsPaid;
      summary.amountPaid += local.amountPaid;
      summary.holdingsSeen += local.holdingsSeen;
      summary.expired += local.expired;
      summary.unlocked += local.unlocked;
      summary.skipped += local.skipped;
    };
    try {
      await attempt(ids);
    } catch (error) {
      // A ledger guard or a member action in between: one holding per transaction, so the others still settle.
      if (!(error instanceof AppError) && !(error instanceof HoldingMoved)) throw error;
      if (ids.length === 1) {
        summary.failed++;
        return;
      }
      for (const id of ids) {
        try {
          await attempt([id]);
        } catch (single) {
          if (!(single instanceof AppError) && !(single instanceof HoldingMoved)) throw single;
          summary.failed++;
        }
      }
    }
  }

  private async settleHolding(tx: Tx, h: HoldingRow, now: number, summary: ReleaseSummary, events: EventRow[]): Promise<void> {
    if (h.state === 'expired') return;
    const terms = JSON.parse(h.terms) as PackageTerms;
    const periodMs = terms.releasePeriodHours * hourMs;
    const effectiveAt = num(h.effective_at);
    const expiresAt = num(h.expires_at);
    const cap = BigInt(h.reward_cap);
    const isReinvest = Number(h.auto_top_up ?? 0) === 1;
    let principal = BigInt(h.principal);
    let released = BigInt(h.released);
    let periodsPaid = num(h.periods_paid);
    let state = h.state;
    let lastPaidAt = 0;
    let canPayMore = true;
    const coinOfEvents = rewardCoin;
    for (;;) {
      const k = periodsPaid + 1;
      const dueAt = effectiveAt + k * periodMs;
      if (dueAt > now || dueAt > expiresAt || released >= cap) break;
      const amount = periodAmount(principal, terms, cap, released);
      if (amount <= 0n) {
        // Nothing can ever be paid (a zero percent or a tiny principal): wait for the term's end.
        canPayMore = false;
        break;
      }
      const claimed = await tx
        .insertInto('package_releases')
        .values({ holding_id: h.id, period: k, amount, is_reinvested: isReinvest ? 1 : 0, transfer_id: null, paid_at: BigInt(now) })
        .onConflict((oc) => oc.columns(['holding_id', 'period']).doNothing())
        .returning('period')
        .executeTakeFirst();
      if (!claimed) {
        // Another runner paid this period (and so settles this holding): leave it alone.
        summary.skipped++;
        return;
      }
      const transfer = await this.ledger.transfer(
        {
          requestId: null,
          code: 'packageRelease',
          coinName: rewardCoin,
          amount,
          debit: { owner: 'system', coinName: rewardCoin, purpose: 'packageRewards' },
          credit: { owner: h.member_id, coinName: rewardCoin, purpose: isReinvest ? 'fixed' : 'available' },
          isPending: false,
          memo: `${h.id}:${k}`,
        },
        tx,
      );
      await tx.updateTable('package_releases').set({ transfer_id: transfer.id }).where('holding_id', '=', h.id).where('period', '=', k).execute();
      if (isReinvest) {
        // Reinvested: the REWARD_POINT principal grows (the cap does not).
        await tx
          .insertInto('package_holding_principals')
          .values({ holding_id: h.id, coin_name: rewardCoin, amount })
          .onConflict((oc) => oc.columns(['holding_id', 'coin_name']).doUpdateSet((eb) => ({ amount: eb('package_holding_principals.amount', '+', amount) })))
          .execute();
        principal += amount;
      }
      released += amount;
      periodsPaid = k;
      lastPaidAt = dueAt;
      summary.periodsPaid++;
      summary.amountPaid += amount;
      events.push({ id: crypto.randomUUID(), holding_id: h.id, member_id: h.member_id, type: isReinvest ? 'reinvest' : 'release', coin_name: coinOfEvents, amount, detail: String(k), transfer_id: transfer.id, at: BigInt(dueAt) });
    }
    const unlockAt = num(h.unlock_at);
    if (state === 'fixed' && unlockAt <= now && unlockAt < expiresAt && released < cap) {
      state = 'unlocked';
      summary.unlocked++;
      events.push({ id: crypto.randomUUID(), holding_id: h.id, member_id: h.member_id, type: 'unlock', coin_name: coinOfEvents, amount: 0n, detail: null, transfer_id: null, at: BigInt(unlockAt) });
    }
    let endReason: string | null = null;
    let endedAt: number | null = null;
    if (released >= cap) {
      endReason = 'maxReward';
      endedAt = lastPaidAt || now;
    } else if (now >= expiresAt) {
      endReason = 'term';
      endedAt = expiresAt;
    }
    if (endReason !== null) {
      // The principal back to available, per point type, no fee.
      const principals = await tx.selectFrom('package_holding_principals').select(['coin_name', 'amount']).where('holding_id', '=', h.id).orderBy('coin_name').execute();
      for (const p of principals) {
        const amount = BigInt(p.amount);
        if (amount <= 0n) continue;
        const back = await this.ledger.transfer(
          {
            requestId: null,
            code: 'redeem',
            coinName: p.coin_name,
            amount,
            debit: { owner: h.member_id, coinName: p.coin_name, purpose: 'fixed' },
            credit: { owner: h.member_id, coinName: p.coin_name, purpose: 'available' },
            isPending: false,
            memo: h.id,
          },
          tx,
        );
        events.push({ id: crypto.randomUUID(), holding_id: h.id, member_id: h.member_id, type: 'expire', coin_name: p.coin_name, amount, detail: endReason, transfer_id: back.id, at: BigInt(endedAt!) });
      }
      state = 'expired';
      summary.expired++;
    }
    const next = state === 'expired' ? null : canPayMore ? nextWake(effectiveAt, terms.releasePeriodHours, periodsPaid, expiresAt) : expiresAt;
    const moved = await tx
      .updateTable('package_holdings')
      .set({
        principal,
        released,
        periods_paid: periodsPaid,
        next_release_at: next === null ? null : BigInt(next),
        state,
        ...(endReason !== null ? { end_reason: endReason, ended_at: BigInt(endedAt!) } : {}),
      })
      .where('id', '=', h.id)
      .where('state', '=', h.state)
      .where('periods_paid', '=', h.periods_paid)
      .where('released', '=', h.released)
      .where('principal', '=', h.principal)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new HoldingMoved(`holding ${h.id} changed during its release`);
  }
}
