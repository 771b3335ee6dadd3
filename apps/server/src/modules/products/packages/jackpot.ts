/**
 * Jackpot draws (decision 020). Each distinct drawCycleDays d > 0 of a live holding has
 * consecutive cycles of d days. A cycle opens with a secret 32-byte seed (crypto.randomBytes)
 * whose SHA-256 is published at once; the `jackpot-draw` job (one runner) draws a cycle once it
 * ended: the eligible entries are the holdings with that cycle length that were live and
 * effective at the cycle's start and still live at its end; the seed is revealed; drawWinners
 * (draw.ts) picks jackpot.winnersPerDraw of them; jackpot.prizePercent of the system jackpot
 * pool (fee coin) is split equally among them (rounded down) by prizePoolBonus transfers. The
 * cycle's state moves notDrawn -> drawn with a conditional update in the draw's transaction, so
 * a cycle is drawn and paid once. The next cycle opens right after.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { JackpotCycleEntry, PackageTerms } from '@pp/contract';
import type { Db, DbHandle, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { keysetPage, type Keyset } from '../../../db/keyset.ts';
import { formatMinor, percentOfStrict } from '@pp/contract';
import { settled, type LedgerRepository } from '../../wallet/ledger/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { byHoldingNumber, drawWinners, seedCommitment } from './draw.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** The pool's point type: premiums and fees are paid in the fee coin, USDT by default. */
export const jackpotCoin = 'USDT';
const dayMs = 86_400_000;
const recentMax = 10;
const adminListMax = 100;

type CycleRow = Awaited<ReturnType<JackpotService['cycleRows']>>[number];

export interface DrawResult {
  cycleId: string;
  eligible: number;
  winners: Array<{ holdingId: string; holdingNumber: string; memberId: string; prize: bigint }>;
  pool: bigint;
}

/** The member's jackpot entries, newest cycle first; a member has one entry per (cycle, holding) (decision 052). */
const jackpotRecordsPage: Keyset = {
  list: 'jackpotRecordList',
  keys: [
    { column: 'jackpot_cycles.ends_at', kind: 'int' },
    { column: 'jackpot_entries.cycle_id', kind: 'id' },
    { column: 'jackpot_entries.holding_id', kind: 'id' },
  ],
};

export class JackpotService {
  constructor(
    private readonly handle: DbHandle,
    private readonly ledger: LedgerRepository,
    private readonly settings: ConfigService,
  ) {}

  private get db(): Db {
    return this.handle.db;
  }

  job(schedule = '*/10 * * * *'): JobDefinition {
    return { name: 'jackpot-draw', schedule, run: async () => void (await this.run()) };
  }

  /** Draws every cycle that ended, then opens the cycles that are missing. */
  async run(now = Date.now()): Promise<DrawResult[]> {
    const drawn: DrawResult[] = [];
    const ended = await this.db
      .selectFrom('jackpot_cycles')
      .select('id')
      .where('draw_state', '=', 'notDrawn')
      .where('ends_at', '<=', BigInt(now))
      .orderBy('ends_at')
      .execute();
    for (const c of ended) {
      const result = await this.draw(c.id, now);
      if (result) drawn.push(result);
    }
    await this.openCycles(now);
    return drawn;
  }

  /** The distinct drawCycleDays (> 0) of live holdings. */
  private async liveCycleDays(): Promise<number[]> {
    const rows = await this.db.selectFrom('package_holdings').select('terms').distinct().where('state', '<>', 'expired').execute();
    const days = new Set<number>();
    for (const r of rows) {
      const d = (JSON.parse(r.terms) as PackageTerms).drawCycleDays;
      if (d > 0) days.add(d);
    }
    return [...days].sort((a, b) => a - b);
  }

  /** Opens a cycle for each cycle length live holdings take part in that has none in progress. */
  async openCycles(now = Date.now()): Promise<void> {
    for (const d of await this.liveCycleDays()) {
      const open = await this.db.selectFrom('jackpot_cycles').select('id').where('cycle_days', '=', d).where('state', '=', 'inProgress').executeTakeFirst();
      if (open) continue;
      const last = await this.db
        .selectFrom('jackpot_cycles')
        .select(['number', 'ends_at'])
        .where('cycle_days', '=', d)
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Consecutive cycles; after a gap with nobody taking part, a new run starts now.
      let startsAt = last ? num(last.ends_at) : now;
      if (startsAt + d * dayMs <= now) startsAt = now;
      const seed = crypto.randomBytes(32).toString('hex');
      try {
        await this.db
          .insertInto('jackpot_cycles')
          .values({
            id: crypto.randomUUID(),
            cycle_days: d,
            number: last ? num(last.number) + 1 : 1,
            starts_at: BigInt(startsAt),
            ends_at: BigInt(startsAt + d * dayMs),
            seed,
            seed_commitment: seedCommitment(seed),
            draw_state: 'notDrawn',
            state: 'inProgress',
            coin_name: jackpotCoin,
            pool: null,
            eligible_count: 0,
            drawn_at: null,
          })
          .execute();
      } catch (error) {
        // Another process opened it first (unique cycle_days + number).
        if (!/unique|duplicate/i.test(String((error as Error).message))) throw error;
      }
    }
  }

  /** The pool now: the system jackpot account's balance over all its stripes. */
  async pool(db: Db | Tx = this.db): Promise<bigint> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select([sql<string>`coalesce(sum(credits_posted - debits_posted), 0)`.as('balance')])
      .where('owner', '=', 'system')
      .where('coin_name', '=', jackpotCoin)
      .where('purpose', 'like', 'jackpot#%')
      .executeTakeFirstOrThrow();
    return BigInt(row.balance);
  }

  /** Eligible entries of a cycle, sorted by holding number: the draw's input. */
  static async eligibleEntries(db: Db | Tx, cycle: { cycle_days: number | bigint; starts_at: number | bigint; ends_at: number | bigint }) {
    const rows = await db
      .selectFrom('package_holdings')
      .select(['id', 'number', 'member_id', 'terms'])
      .where('effective_at', '<=', BigInt(cycle.starts_at))
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', BigInt(cycle.ends_at))]))
      .execute();
    const d = num(cycle.cycle_days);
    return byHoldingNumber(
      rows
        .filter((r) => (JSON.parse(r.terms) as PackageTerms).drawCycleDays === d)
        .map((r) => ({ holdingId: r.id, holdingNumber: r.number, memberId: r.member_id })),
    );
  }

  /** Draws one ended cycle once; null when it was drawn already (or is not over). */
  async draw(cycleId: string, now = Date.now()): Promise<DrawResult | null> {
    const winnersPerDraw = await this.settings.get('jackpot.winnersPerDraw');
    const prizePercent = await this.settings.get('jackpot.prizePercent');
    return inTransaction(
      this.db,
      async (tx) => {
        const cycle = await tx.selectFrom('jackpot_cycles').selectAll().where('id', '=', cycleId).executeTakeFirst();
        if (!cycle || cycle.draw_state !== 'notDrawn' || num(cycle.ends_at) > now) return null;
        const entries = await JackpotService.eligibleEntries(tx, cycle);
        const picked = drawWinners(cycle.seed, entries, winnersPerDraw);
        const pool = await this.pool(tx);
        const total = percentOfStrict(pool > 0n ? pool : 0n, prizePercent, 'down');
        const prize = picked.length > 0 ? total / BigInt(picked.length) : 0n;
        // The guard: of two runners, one moves the state; the other finds it drawn and pays nothing.
        const moved = await tx
          .updateTable('jackpot_cycles')
          .set({ draw_state: 'drawn', state: 'completed', pool, eligible_count: entries.length, drawn_at: BigInt(now) })
          .where('id', '=', cycleId)
          .where('draw_state', '=', 'notDrawn')
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) return null;
        const winnerTransfers = new Map<string, string>();
        for (const w of picked) {
          if (prize <= 0n) break;
          const t = settled(
            await this.ledger.transfer(
              {
                requestId: `jackpot:${cycleId}:${w.holdingId}`,
                code: 'prizePoolBonus',
                coinName: jackpotCoin,
                amount: prize,
                debit: { owner: 'system', coinName: jackpotCoin, purpose: 'jackpot' },
                credit: { owner: w.memberId, coinName: jackpotCoin, purpose: 'available' },
                isPending: false,
                memo: cycleId,
              },
              tx,
            ),
          );
          winnerTransfers.set(w.holdingId, t.id);
          await tx
            .insertInto('package_holding_events')
            .values({
              id: crypto.randomUUID(),
              holding_id: w.holdingId,
              member_id: w.memberId,
              type: 'prize',
              coin_name: jackpotCoin,
              amount: prize,
              detail: String(num(cycle.number)),
              transfer_id: t.id,
              at: BigInt(now),
            })
            .execute();
        }
        const isWinner = new Set(picked.map((w) => w.holdingId));
        const rows = entries.map((e) => ({
          cycle_id: cycleId,
          holding_id: e.holdingId,
          member_id: e.memberId,
          is_winner: isWinner.has(e.holdingId) ? 1 : 0,
          prize: isWinner.has(e.holdingId) ? prize : 0n,
          transfer_id: winnerTransfers.get(e.holdingId) ?? null,
        }));
        for (let i = 0; i < rows.length; i += 300)
          await tx
            .insertInto('jackpot_entries')
            .values(rows.slice(i, i + 300))
            .execute();
        return { cycleId, eligible: entries.length, pool, winners: picked.map((w) => ({ ...w, prize })) };
      },
      { groupCommit: true },
    );
  }

  private cycleRows(limit: number, state?: 'inProgress' | 'completed') {
    let q = this.db.selectFrom('jackpot_cycles').selectAll().orderBy('ends_at', 'desc').orderBy('id', 'desc').limit(limit);
    if (state) q = q.where('state', '=', state);
    return q.execute();
  }

  private async toEntries(cycles: CycleRow[]): Promise<JackpotCycleEntry[]> {
    if (cycles.length === 0) return [];
    const winners = await this.db
      .selectFrom('jackpot_entries')
      .innerJoin('package_holdings', 'package_holdings.id', 'jackpot_entries.holding_id')
      .leftJoin('users', 'users.id', 'jackpot_entries.member_id')
      .select(['jackpot_entries.cycle_id', 'package_holdings.number', 'users.user_name', 'jackpot_entries.prize'])
      .where(
        'jackpot_entries.cycle_id',
        'in',
        cycles.map((c) => c.id),
      )
      .where('jackpot_entries.is_winner', '=', 1)
      .orderBy('package_holdings.number')
      .execute();
    return cycles.map((c) => {
      const isDrawn = c.draw_state === 'drawn';
      return {
        id: c.id,
        number: num(c.number),
        startsAt: num(c.starts_at),
        endsAt: num(c.ends_at),
        seedCommitment: c.seed_commitment,
        // The seed stays secret until the draw.
        seed: isDrawn ? c.seed : null,
        drawState: c.draw_state as 'notDrawn' | 'drawn',
        state: c.state as 'inProgress' | 'completed',
        pool: formatMinor(c.pool === null ? 0n : BigInt(c.pool)),
        coinName: c.coin_name,
        eligibleCount: num(c.eligible_count),
        winners: winners
          .filter((w) => w.cycle_id === c.id)
          .map((w) => ({ holdingNumber: w.number, userName: w.user_name ?? '', prize: formatMinor(BigInt(w.prize)) })),
      };
    });
  }

  async info() {
    const [open, recent, pool] = await Promise.all([this.cycleRows(20, 'inProgress'), this.cycleRows(recentMax, 'completed'), this.pool()]);
    // The cycle that ends first is the one shown as current.
    const current = [...open].sort((a, b) => num(a.ends_at) - num(b.ends_at))[0];
    return {
      pool: formatMinor(pool > 0n ? pool : 0n),
      coinName: jackpotCoin,
      current: current ? (await this.toEntries([current]))[0]! : null,
      recent: await this.toEntries(recent),
    };
  }

  async adminList(): Promise<JackpotCycleEntry[]> {
    return this.toEntries(await this.cycleRows(adminListMax));
  }

  /** The member's entries, newest cycle first. */
  async records(memberId: string, cursor: string | undefined, pageSize: number) {
    const query = this.db
      .selectFrom('jackpot_entries')
      .innerJoin('jackpot_cycles', 'jackpot_cycles.id', 'jackpot_entries.cycle_id')
      .innerJoin('package_holdings', 'package_holdings.id', 'jackpot_entries.holding_id')
      .select([
        'jackpot_entries.cycle_id',
        'jackpot_entries.holding_id',
        'jackpot_entries.is_winner',
        'jackpot_entries.prize',
        'jackpot_cycles.number as cycle_number',
        'jackpot_cycles.draw_state',
        'jackpot_cycles.state',
        'jackpot_cycles.ends_at',
        'package_holdings.number as holding_number',
      ])
      .where('jackpot_entries.member_id', '=', memberId);
    const { items: page, nextCursor } = await keysetPage(query, jackpotRecordsPage, cursor, pageSize);
    return {
      items: page.map((r) => ({
        cycleId: r.cycle_id,
        cycleNumber: num(r.cycle_number),
        holdingNumber: r.holding_number,
        drawState: r.draw_state as 'notDrawn' | 'drawn',
        state: r.state as 'inProgress' | 'completed',
        isWinner: Number(r.is_winner) === 1,
        prize: formatMinor(BigInt(r.prize)),
        endsAt: num(r.ends_at),
      })),
      nextCursor,
    };
  }
}
