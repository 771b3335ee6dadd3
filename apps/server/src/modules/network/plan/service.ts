/**
 * What members see of the plan (decision 022): the plan chart from the version in force, and the
 * month's ranking by the plan's measure (the same ranking the rankingBonus pays from), names masked.
 */
import { maskUserName, type PlanChartResponse, type RankingResponse, formatMinor } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { ranking } from './engine.ts';
import { loadMembers, periodVolume } from './sources.ts';
import { planInForce } from './versions.ts';

export class PlanService {
  constructor(private readonly db: Db) {}

  async chart(now = Date.now()): Promise<PlanChartResponse> {
    const v = await planInForce(this.db, now);
    const next = await this.db
      .selectFrom('plan_versions')
      .select(['version', 'effective_at'])
      .where('effective_at', '>', BigInt(now))
      .orderBy('effective_at')
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      version: v.version,
      effectiveAt: v.effectiveAt,
      plan: v.document,
      next: next ? { version: num(next.version), effectiveAt: num(next.effective_at) } : null,
    };
  }

  async ranking(memberId: string, month: 'current' | 'last', now = Date.now()): Promise<RankingResponse> {
    const d = new Date(now);
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (month === 'last' ? 1 : 0), 1);
    const to = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth() + 1, 1);
    const v = await planInForce(this.db, Math.min(now, to - 1));
    const plan = v.document;
    const volumes = await periodVolume(this.db, null, from, Math.min(to, now + 1));
    const members = await loadMembers(this.db, volumes.keys());
    const places = Math.max(plan.rankingBonus.shares.length, 10);
    // Everyone ranked once, so the member's own place is known even outside the list.
    const all = ranking(volumes, members, plan, Number.MAX_SAFE_INTEGER);
    const mine = all.find((r) => r.memberId === memberId) ?? null;
    return {
      month: new Date(from).toISOString().slice(0, 7),
      measure: plan.rankingBonus.measure,
      items: all.slice(0, places).map((r) => ({
        place: r.place,
        userName: maskUserName(members.get(r.memberId)!.userName),
        amount: formatMinor(r.amount),
        sharePercent: r.sharePercent,
        isMe: r.memberId === memberId,
      })),
      myPlace: mine?.place ?? null,
      myAmount: formatMinor(mine?.amount ?? 0n),
    };
  }
}
