/**
 * The `package-release` job (decision 020): pays every (holding, period) exactly once.
 *
 * The next period of a holding (periods_paid + 1) is due at `next_release_at` (effectiveAt + period
 * hours for a new holding; later ones one period apart, never after expiresAt; null when none is
 * left). It pays principal x releasePercent / 100 (rounded down), at most the reward cap minus what
 * was released. The job takes due holdings in batches ordered by `next_release_at`, then the
 * holdings past their term and those past their unlock moment. For each period it
 * first inserts `package_releases (holding_id, period)` (primary key) and then the ledger transfer
 * in the same transaction, so a rerun after a crash, or a second runner on another connection,
 * finds the row and pays nothing. It catches up every missed period, moves `fixed` to `unlocked`
 * at unlockAt, and expires the holding at expiresAt or when the cap is reached, giving the
 * principal back to available (`redeem`, no fee) in the same transaction.
 *
 * One transaction per batch of holdings (all or nothing); a batch that a ledger guard refuses is
 * run again holding by holding, so one holding that cannot be paid never stops the others.
 */
import { sql } from 'kysely';
import type { PackageTerms } from '@pp/contract';
import type { Db, DbHandle, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { timeOrderedId } from '../../../db/ids.ts';
import { AppError } from '../../../errors.ts';
import { releasesUntil } from '@pp/contract';
import { settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { notifyMany } from '../../engagement/notifications/index.ts';
import { inTransaction } from '../../../db/transaction.ts';

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

type EventRow = {
  id: string;
  holding_id: string;
  member_id: string;
  type: string;
  coin_name: string;
  amount: bigint;
  detail: string | null;
  transfer_id: string | null;
  at: bigint;
};

/** The holding changed under us (a member action in between): the batch is run again. */
class HoldingMoved extends Error {}

/** The first period's moment of a holding that becomes effective at `effectiveAt`; null past the term. */
export function firstReleaseAt(effectiveAt: number, periodHours: number, expiresAt: number): number | null {
  const next = effectiveAt + periodHours * hourMs;
  return next <= expiresAt ? next : null;
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
    const batchSize = options.batchSize ?? defaultBatchSize;
    const summary: ReleaseSummary = { periodsPaid: 0, amountPaid: 0n, holdingsSeen: 0, expired: 0, unlocked: 0, skipped: 0, failed: 0 };
    const settled = { count: 0 };
    await this.warmSystemAccounts();
    // One state at a time, keyset over (next_release_at, id), a range of the (state,
    // next_release_at, id) index: a holding a run could not settle is not met again in the same run.
    for (const state of ['fixed', 'unlocked'] as const) {
      let after: { at: number; id: string } | null = null;
      for (;;) {
        if (options.signal?.aborted) break;
        let query = this.db
          .selectFrom('package_holdings')
          .select(['id', 'member_id', 'next_release_at'])
          .where('state', '=', state)
          .where('next_release_at', '<=', BigInt(now))
          .orderBy('next_release_at')
          .orderBy('id')
          .limit(batchSize);
        if (after) {
          const { at, id } = after;
          query = query.where((eb) => eb(eb.refTuple('next_release_at', 'id'), '>', eb.tuple(BigInt(at), id)));
        }
        const due = await query.execute();
        if (due.length === 0) break;
        const last = due[due.length - 1]!;
        after = { at: num(last.next_release_at), id: last.id };
        // Member accounts found (or made) in one commit, so the batch reads them from the cache.
        await this.ledger.warmAccounts([...new Set(due.map((d) => d.member_id))].map((owner) => ({ owner, coinName: rewardCoin, purpose: 'available' })));
        await this.settleBatch(
          due.map((d) => d.id),
          now,
          summary,
          settled,
          options.afterHolding,
        );
      }
    }
    // Holdings past their term with no period left to pay (next_release_at null), and holdings
    // whose unlock moment passed with no period due: the same settling, found by those moments.
    for (const pass of ['expires', 'unlocks'] as const) {
      let lastId = '';
      for (;;) {
        if (options.signal?.aborted) break;
        let query = this.db.selectFrom('package_holdings').select(['id', 'member_id']).where('id', '>', lastId).orderBy('id').limit(batchSize);
        query =
          pass === 'expires'
            ? query.where('state', 'in', ['fixed', 'unlocked']).where('expires_at', '<=', BigInt(now))
            : query.where('state', '=', 'fixed').where('unlock_at', '<=', BigInt(now));
        const rows = await query.execute();
        if (rows.length === 0) break;
        lastId = rows[rows.length - 1]!.id;
        await this.settleBatch(
          rows.map((r) => r.id),
          now,
          summary,
          settled,
          options.afterHolding,
        );
      }
    }
    return summary;
  }

  /** System stripes read in their own commit, so transfers inside a batch find them in the cache. */
  private async warmSystemAccounts(): Promise<void> {
    for (let i = 0; i < 64; i++) await this.ledger.accountId(this.db, { owner: 'system', coinName: rewardCoin, purpose: 'packageRewards' }, true);
  }

  private async settleBatch(
    ids: string[],
    now: number,
    summary: ReleaseSummary,
    settled: { count: number },
    afterHolding?: (n: number) => void,
  ): Promise<void> {
    const attempt = async (batch: string[]) => {
      let local = emptySummary();
      let count = settled.count;
      await inTransaction(
        this.db,
        async (tx) => {
          // A retried transaction starts its counts again.
          local = emptySummary();
          count = settled.count;
          const rows = await tx
            .selectFrom('package_holdings')
            .leftJoin('users', 'users.id', 'package_holdings.member_id')
            .select([
              'package_holdings.id',
              'package_holdings.member_id',
              'package_holdings.terms',
              'package_holdings.principal',
              'package_holdings.reward_cap',
              'package_holdings.released',
              'package_holdings.state',
              'package_holdings.effective_at',
              'package_holdings.unlock_at',
              'package_holdings.expires_at',
              'package_holdings.periods_paid',
              'package_holdings.next_release_at',
              'users.auto_top_up',
            ])
            .where('package_holdings.id', 'in', batch)
            .orderBy('package_holdings.next_release_at')
            .orderBy('package_holdings.id')
            .execute();
          const plans = rows.filter((r) => r.state !== 'expired').map((r) => planHolding(r, now));
          // The exactly-once guard first: every (holding, period) this batch pays, in one statement.
          // A row that exists already means another runner paid it; the batch is read again.
          // Each release's transfer id is made here, so its row is written once, with it.
          const wanted = plans.flatMap((p) =>
            p.periods.map((k) => ({
              holding_id: p.row.id,
              period: k.period,
              amount: k.amount,
              is_reinvested: p.isReinvest ? 1 : 0,
              transfer_id: timeOrderedId(now),
              paid_at: BigInt(now),
            })),
          );
          let claimedCount = 0;
          for (let i = 0; i < wanted.length; i += guardChunk) {
            const claimed = await tx
              .insertInto('package_releases')
              .values(wanted.slice(i, i + guardChunk))
              .onConflict((oc) => oc.columns(['holding_id', 'period']).doNothing())
              .returning('period')
              .execute();
            claimedCount += claimed.length;
          }
          if (claimedCount !== wanted.length) throw new HoldingMoved('another runner paid some of these periods');
          const events: EventRow[] = [];
          // Every release transfer of the batch in one set-based call (decision 020 notes), before
          // any redeem at expiry, which moves a reinvested principal these credit.
          const releases = plans.flatMap((plan) => plan.periods.map((p) => ({ plan, p })));
          const transfers = await this.ledger.postMany(
            releases.map(({ plan, p }) => ({
              requestId: null,
              code: 'packageRelease' as const,
              coinName: rewardCoin,
              amount: p.amount,
              debit: { owner: 'system', coinName: rewardCoin, purpose: 'packageRewards' },
              credit: { owner: plan.row.member_id, coinName: rewardCoin, purpose: plan.isReinvest ? 'fixed' : 'available' },
              isPending: false,
              memo: `${plan.row.id}:${p.period}`,
            })),
            tx,
            wanted.map((w) => w.transfer_id),
          );
          let next = 0;
          for (const plan of plans) {
            local.holdingsSeen++;
            const ids = transfers.slice(next, next + plan.periods.length).map((t) => t.id);
            next += plan.periods.length;
            await this.applyPlan(tx, plan, ids, now, local, events);
            count++;
            afterHolding?.(count);
          }
          await this.moveHoldings(tx, plans);
          for (let i = 0; i < events.length; i += eventChunk)
            await tx
              .insertInto('package_holding_events')
              .values(events.slice(i, i + eventChunk))
              .execute();
          await notifyMany(
            tx,
            plans
              .filter((p) => p.unlockAt !== null || p.endReason !== null)
              .map((p) => ({
                memberId: p.row.member_id,
                type: p.endReason !== null ? ('packageExpired' as const) : ('packageUnlocked' as const),
                params: { holdingId: p.row.id },
              })),
          );
        },
        { groupCommit: true },
      );
      settled.count = count;
      addSummary(summary, local);
    };
    const isRetryable = (error: unknown) => error instanceof AppError || error instanceof HoldingMoved;
    try {
      await attempt(ids);
      return;
    } catch (error) {
      if (!isRetryable(error)) throw error;
    }
    // Read again once (another runner's commit is now visible), then one holding per transaction,
    // so a holding a ledger guard refuses never stops the others.
    try {
      await attempt(ids);
      return;
    } catch (error) {
      if (!isRetryable(error)) throw error;
    }
    for (const id of ids) {
      try {
        await attempt([id]);
      } catch (single) {
        if (!isRetryable(single)) throw single;
        summary.failed++;
      }
    }
  }

  /** A holding's rows after its release transfers (`transferIds`, one per period) were posted. */
  private async applyPlan(tx: Tx, plan: Plan, transferIds: string[], now: number, summary: ReleaseSummary, events: EventRow[]): Promise<void> {
    const h = plan.row;
    for (const [i, p] of plan.periods.entries()) {
      const transferId = transferIds[i]!;
      events.push({
        id: timeOrderedId(now),
        holding_id: h.id,
        member_id: h.member_id,
        type: plan.isReinvest ? 'reinvest' : 'release',
        coin_name: rewardCoin,
        amount: p.amount,
        detail: String(p.period),
        transfer_id: transferId,
        at: BigInt(p.dueAt),
      });
      summary.periodsPaid++;
      summary.amountPaid += p.amount;
    }
    if (plan.isReinvest && plan.reinvested > 0n) {
      // Reinvested: the REWARD_POINT principal grows (the cap does not).
      const amount = plan.reinvested;
      await tx
        .insertInto('package_holding_principals')
        .values({ holding_id: h.id, coin_name: rewardCoin, amount })
        .onConflict((oc) => oc.columns(['holding_id', 'coin_name']).doUpdateSet((eb) => ({ amount: eb('package_holding_principals.amount', '+', amount) })))
        .execute();
    }
    if (plan.unlockAt !== null) {
      summary.unlocked++;
      events.push({
        id: timeOrderedId(now),
        holding_id: h.id,
        member_id: h.member_id,
        type: 'unlock',
        coin_name: rewardCoin,
        amount: 0n,
        detail: null,
        transfer_id: null,
        at: BigInt(plan.unlockAt),
      });
    }
    if (plan.endReason !== null) {
      // The principal back to available, per point type, no fee.
      const principals = await tx
        .selectFrom('package_holding_principals')
        .select(['coin_name', 'amount'])
        .where('holding_id', '=', h.id)
        .orderBy('coin_name')
        .execute();
      for (const p of principals) {
        const amount = BigInt(p.amount);
        if (amount <= 0n) continue;
        const back = settled(
          await this.ledger.transfer(
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
          ),
        );
        events.push({
          id: timeOrderedId(now),
          holding_id: h.id,
          member_id: h.member_id,
          type: 'expire',
          coin_name: p.coin_name,
          amount,
          detail: plan.endReason,
          transfer_id: back.id,
          at: BigInt(plan.endedAt!),
        });
      }
      summary.expired++;
    }
  }

  /**
   * The holdings' new counters, one statement per chunk, each row guarded by the state it was
   * read in (optimistic): a holding another writer changed meanwhile is not updated, the count
   * falls short and the batch is read again.
   */
  private async moveHoldings(tx: Tx, plans: Plan[]): Promise<void> {
    const isPg = this.handle.dialect === 'postgres';
    const big = (value: bigint | number | null) =>
      isPg ? sql`cast(${value === null ? null : BigInt(value)} as bigint)` : sql`${value === null ? null : BigInt(value)}`;
    const text = (value: string | null) => (isPg ? sql`cast(${value} as text)` : sql`${value}`);
    for (let i = 0; i < plans.length; i += holdingChunk) {
      const chunk = plans.slice(i, i + holdingChunk);
      const values = sql.join(
        chunk.map((plan) => {
          const h = plan.row;
          return sql`(${text(h.id)}, ${big(plan.principal)}, ${big(plan.released)}, ${big(plan.periodsPaid)}, ${big(plan.next)}, ${text(plan.state)}, ${text(plan.endReason)}, ${big(plan.endReason !== null ? plan.endedAt! : null)}, ${text(h.state)}, ${big(num(h.periods_paid))}, ${big(BigInt(h.released))}, ${big(BigInt(h.principal))})`;
        }),
      );
      const moved = await sql<{
        id: string;
      }>`with v(id, principal, released, periods_paid, next_release_at, state, end_reason, ended_at, old_state, old_periods_paid, old_released, old_principal) as (values ${values})
        update package_holdings set principal = v.principal, released = v.released, periods_paid = v.periods_paid, next_release_at = v.next_release_at, state = v.state,
          end_reason = case when v.end_reason is null then package_holdings.end_reason else v.end_reason end,
          ended_at = case when v.end_reason is null then package_holdings.ended_at else v.ended_at end
        from v where package_holdings.id = v.id and package_holdings.state = v.old_state and package_holdings.periods_paid = v.old_periods_paid
          and package_holdings.released = v.old_released and package_holdings.principal = v.old_principal
        returning package_holdings.id`.execute(tx);
      if (moved.rows.length !== chunk.length) throw new HoldingMoved('a holding changed during its release');
    }
  }
}

/**
 * Holdings per transaction. Each commit of SQLite's WAL costs about the same whatever its size
 * (the pages written and the checkpoint), so fewer, larger batches pay far faster; 2,000 keeps a
 * batch's write lock to a few hundred milliseconds (decision 020, notes).
 */
const defaultBatchSize = 2000;

/** Holdings per update statement (12 parameters each). */
const holdingChunk = 1000;

/** Rows per guard statement (7 parameters each: well inside both databases' limits). */
const guardChunk = 1000;

/** Event rows per insert (9 parameters each). */
const eventChunk = 1000;

function emptySummary(): ReleaseSummary {
  return { periodsPaid: 0, amountPaid: 0n, holdingsSeen: 0, expired: 0, unlocked: 0, skipped: 0, failed: 0 };
}

function addSummary(to: ReleaseSummary, from: ReleaseSummary): void {
  to.periodsPaid += from.periodsPaid;
  to.amountPaid += from.amountPaid;
  to.holdingsSeen += from.holdingsSeen;
  to.expired += from.expired;
  to.unlocked += from.unlocked;
  to.skipped += from.skipped;
  to.failed += from.failed;
}

interface Plan {
  row: HoldingRow;
  isReinvest: boolean;
  periods: Array<{ period: number; amount: bigint; dueAt: number }>;
  reinvested: bigint;
  principal: bigint;
  released: bigint;
  periodsPaid: number;
  state: string;
  /** Set when the holding unlocks in this run. */
  unlockAt: number | null;
  endReason: 'term' | 'maxReward' | null;
  endedAt: number | null;
  next: number | null;
}

/**
 * What a holding is due at `now` (pure): the periods and their amounts, the unlock, the end. The
 * periods come from the contract's `releasesUntil`, the one loop the portal's projections run
 * too, so what a member was shown is what this job pays.
 */
export function planHolding(h: HoldingRow, now: number): Plan {
  const terms = JSON.parse(h.terms) as PackageTerms;
  const expiresAt = num(h.expires_at);
  const cap = BigInt(h.reward_cap);
  const isReinvest = Number(h.auto_top_up ?? 0) === 1;
  const before = BigInt(h.principal);
  const run = releasesUntil(
    terms,
    {
      principal: before,
      cap,
      released: BigInt(h.released),
      periodsPaid: num(h.periods_paid),
      // The next period (periods_paid + 1) is due at next_release_at; null when none is left.
      nextReleaseAt: h.next_release_at === null ? null : num(h.next_release_at),
      expiresAt,
      isReinvest,
    },
    now,
  );
  const periods: Plan['periods'] = run.periods.map((p) => ({ period: p.period, amount: p.amount, dueAt: p.dueAt }));
  const { principal, released, periodsPaid } = run;
  const reinvested = principal - before;
  const lastPaidAt = run.lastPaidAt ?? 0;
  const dueAt = run.next;
  let state = h.state;
  const unlockAt = num(h.unlock_at);
  let unlockedAt: number | null = null;
  if (state === 'fixed' && unlockAt <= now && unlockAt < expiresAt && released < cap) {
    state = 'unlocked';
    unlockedAt = unlockAt;
  }
  let endReason: Plan['endReason'] = null;
  let endedAt: number | null = null;
  if (released >= cap) {
    endReason = 'maxReward';
    endedAt = lastPaidAt || now;
  } else if (now >= expiresAt) {
    endReason = 'term';
    endedAt = expiresAt;
  }
  if (endReason !== null) state = 'expired';
  const next = state === 'expired' ? null : dueAt;
  return { row: h, isReinvest, periods, reinvested, principal, released, periodsPaid, state, unlockAt: unlockedAt, endReason, endedAt, next };
}
