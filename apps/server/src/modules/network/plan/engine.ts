/**
 * The plan's arithmetic (decision 022, docs/compensation-plan.md), pure: from the purchases of a
 * period, the members above each buyer and the plan versions, the bonus lines in the order they
 * pay; then the caps, the bonus fee and the fee share. The dry run and the real run call the same
 * functions on the same reads, so they agree to the unit.
 *
 * Rounding: every bonus rounds down to the minor unit, the bonus fee rounds up (as every fee).
 */
import type { BonusType, PlanDocument } from '@pp/contract';
import { parseAmount, percentOfStrict, formatPoints } from '@pp/contract';
import type { MemberNode, Purchase, Volumes } from './sources.ts';
import type { PlanVersion } from './versions.ts';

export interface RawLine {
  /** period | type | earner | cause: unique, the exactly-once key. */
  key: string;
  memberId: string;
  bonusType: BonusType;
  planVersion: number;
  plan: PlanDocument;
  sourceMemberId: string | null;
  sourceHoldingId: string | null;
  sourceEvent: string | null;
  sourceAt: number | null;
  base: bigint;
  ruleValue: number;
  ratePercent: string;
  gross: bigint;
}

export interface Line extends RawLine {
  capped: bigint;
  fee: bigint;
  /** What the member receives: gross - capped - fee. */
  paid: bigint;
}

const zero = (percent: string) => (parseAmount(percent) ?? 0n) === 0n;
const pointsOf = (text: string) => parseAmount(text) ?? 0n;

/** The purchase bonuses of one day period. */
export function dayLines(input: {
  periodKey: string;
  purchases: Purchase[];
  members: Map<string, MemberNode>;
  planAt: (at: number) => PlanVersion;
  /** Buyers with a purchase before the period began. */
  boughtBefore: Set<string>;
  /** Holding id -> the member who bought the activation code it came from. */
  codeBuyers: Map<string, string>;
}): RawLine[] {
  const lines: RawLine[] = [];
  const seenBuyers = new Set(input.boughtBefore);
  for (const p of input.purchases) {
    const v = input.planAt(p.at);
    const plan = v.document;
    const buyer = input.members.get(p.memberId);
    if (!buyer) continue;
    const isFirst = !seenBuyers.has(p.memberId);
    seenBuyers.add(p.memberId);
    const base = { planVersion: v.version, plan, sourceMemberId: p.memberId, sourceHoldingId: p.holdingId, sourceEvent: p.event, sourceAt: p.at };
    const push = (bonusType: BonusType, memberId: string, ruleValue: number, ratePercent: string, on: bigint, gross: bigint) => {
      if (gross <= 0n) return;
      lines.push({
        ...base,
        key: `${input.periodKey}|${bonusType}|${memberId}|${p.key}|${ruleValue}`,
        memberId,
        bonusType,
        ruleValue,
        ratePercent,
        base: on,
        gross,
      });
    };
    const up = buyer.ancestors;
    const referrer = up[0];
    // directBonus, then buyMatching on it for the direct earner's referrer.
    if (referrer !== undefined && !zero(plan.directBonus.percent)) {
      const direct = percentOfStrict(p.volume, plan.directBonus.percent, 'down');
      push('directBonus', referrer, 1, plan.directBonus.percent, p.volume, direct);
      if (up[1] !== undefined && !zero(plan.buyMatching.percent))
        push('buyMatching', up[1], 2, plan.buyMatching.percent, direct, percentOfStrict(direct, plan.buyMatching.percent, 'down'));
    }
    // sponsorshipBonus: the buyer's first purchase, big enough.
    if (referrer !== undefined && isFirst && p.volume >= pointsOf(plan.sponsorshipBonus.minVolume)) {
      push('sponsorshipBonus', referrer, 1, '0', p.volume, pointsOf(plan.sponsorshipBonus.amount));
    }
    // algebraicBonus: generation g is the g-th ancestor, who must hold the generation's grade.
    for (const g of plan.algebraicBonus.generations) {
      const earnerId = up[g.generation - 1];
      if (earnerId === undefined || zero(g.percent)) continue;
      const earner = input.members.get(earnerId);
      if (!earner || earner.level < g.minGrade) continue;
      push('algebraicBonus', earnerId, g.generation, g.percent, p.volume, percentOfStrict(p.volume, g.percent, 'down'));
    }
    // managerBonus (grade differential) and sameLevelReward, walking up managerDepth ancestors.
    const rates = new Map(plan.gradeRates.map((r) => [r.grade, r]));
    const topRate = plan.gradeRates.reduce((m, r) => (pointsOf(r.managerPercent) > m ? pointsOf(r.managerPercent) : m), 0n);
    let paidRate = 0n;
    let managerGrade = 0;
    const sameLevelPaid = new Set<number>();
    for (let i = 0; i < Math.min(up.length, plan.managerDepth); i++) {
      const a = input.members.get(up[i]!);
      if (!a) break;
      const rate = rates.get(a.level);
      if (!rate) continue;
      const r = pointsOf(rate.managerPercent);
      if (r > paidRate) {
        const diff = r - paidRate;
        const percentText = formatPoints(diff);
        push('managerBonus', a.id, a.level, percentText, p.volume, percentOfStrict(p.volume, percentText, 'down'));
        paidRate = r;
        managerGrade = a.level;
      } else if (a.level === managerGrade && managerGrade > 0 && !sameLevelPaid.has(managerGrade)) {
        sameLevelPaid.add(managerGrade);
        if (!zero(rate.sameLevelPercent))
          push('sameLevelReward', a.id, a.level, rate.sameLevelPercent, p.volume, percentOfStrict(p.volume, rate.sameLevelPercent, 'down'));
      }
      // Nothing above can earn any more: the top rate is paid and its same level too.
      if (paidRate >= topRate && topRate > 0n && sameLevelPaid.has(managerGrade)) break;
    }
    // activateBonus: the code's buyer, when someone else activated it.
    if (p.event === 'activate' && !zero(plan.activateBonus.percent)) {
      const codeBuyer = input.codeBuyers.get(p.holdingId);
      if (codeBuyer && codeBuyer !== p.memberId)
        push('activateBonus', codeBuyer, 0, plan.activateBonus.percent, p.volume, percentOfStrict(p.volume, plan.activateBonus.percent, 'down'));
    }
  }
  return lines;
}

/** The monthly bonuses: performanceBonus by grade, then rankingBonus by place. */
export function monthLines(input: { periodKey: string; version: PlanVersion; volumes: Map<string, Volumes>; members: Map<string, MemberNode> }): RawLine[] {
  const plan = input.version.document;
  const lines: RawLine[] = [];
  const base = { planVersion: input.version.version, plan, sourceMemberId: null, sourceHoldingId: null, sourceEvent: null, sourceAt: null };
  const rates = new Map(plan.gradeRates.map((r) => [r.grade, r]));
  const ids = [...input.volumes.keys()].sort();
  for (const id of ids) {
    const m = input.members.get(id);
    const rate = m ? rates.get(m.level) : undefined;
    const team = input.volumes.get(id)!.team;
    if (!m || !rate || zero(rate.performancePercent) || team <= 0n) continue;
    const gross = percentOfStrict(team, rate.performancePercent, 'down');
    if (gross > 0n)
      lines.push({
        ...base,
        key: `${input.periodKey}|performanceBonus|${id}`,
        memberId: id,
        bonusType: 'performanceBonus',
        ruleValue: m.level,
        ratePercent: rate.performancePercent,
        base: team,
        gross,
      });
  }
  for (const r of ranking(input.volumes, input.members, plan)) {
    if (r.prize > 0n)
      lines.push({
        ...base,
        key: `${input.periodKey}|rankingBonus|${r.memberId}`,
        memberId: r.memberId,
        bonusType: 'rankingBonus',
        ruleValue: r.place,
        ratePercent: r.sharePercent,
        base: r.pool,
        gross: r.prize,
      });
  }
  return lines;
}

export interface Ranked {
  place: number;
  memberId: string;
  amount: bigint;
  sharePercent: string;
  pool: bigint;
  prize: bigint;
}

/**
 * The month's ranking by the plan's measure: highest first, ties to the earlier registration
 * (then the id); members with no volume are not ranked. The pool is poolPercent of every
 * purchase of the month; place k gets shares[k - 1] % of it.
 */
export function ranking(
  volumes: Map<string, Volumes>,
  members: Map<string, MemberNode>,
  plan: PlanDocument,
  places = plan.rankingBonus.shares.length,
): Ranked[] {
  const measure = plan.rankingBonus.measure === 'directVolume' ? 'direct' : 'personal';
  let total = 0n;
  for (const v of volumes.values()) total += v.personal;
  const pool = percentOfStrict(total, plan.rankingBonus.poolPercent, 'down');
  const entries = [...volumes.entries()].filter(([id, v]) => v[measure] > 0n && members.has(id));
  entries.sort(([a, va], [b, vb]) => {
    if (va[measure] !== vb[measure]) return va[measure] > vb[measure] ? -1 : 1;
    const ma = members.get(a)!;
    const mb = members.get(b)!;
    return ma.createdAt - mb.createdAt || (a < b ? -1 : a > b ? 1 : 0);
  });
  return entries.slice(0, places).map(([id, v], i) => {
    const share = plan.rankingBonus.shares[i] ?? '0';
    return { place: i + 1, memberId: id, amount: v[measure], sharePercent: share, pool, prize: percentOfStrict(pool, share, 'down') };
  });
}

/**
 * Caps, fee and fee share, in the lines' order. `headroom` is what each earner's live holdings may
 * still pay (reward cap - released); a member missing from it has none. A line's plan says whether
 * it counts against the holdings and the period cap. Returns the lines with bonusFeeBonus lines
 * (to the earner's referrer) after them, and what each member's holdings take.
 */
export function settle(
  raw: RawLine[],
  headroom: Map<string, bigint>,
  referrerOf: (memberId: string) => string | null,
): { lines: Line[]; consumed: Map<string, bigint> } {
  const room = new Map(headroom);
  const periodPaid = new Map<string, bigint>();
  const consumed = new Map<string, bigint>();
  const capOne = (line: RawLine): bigint => {
    let allowed = line.gross;
    const periodMax = pointsOf(line.plan.caps.memberPeriodMax);
    if (periodMax > 0n) {
      const left = periodMax - (periodPaid.get(line.memberId) ?? 0n);
      if (left < allowed) allowed = left > 0n ? left : 0n;
    }
    if (line.plan.caps.countAgainstHoldings) {
      const left = room.get(line.memberId) ?? 0n;
      if (left < allowed) allowed = left;
      room.set(line.memberId, left - allowed);
      if (allowed > 0n) consumed.set(line.memberId, (consumed.get(line.memberId) ?? 0n) + allowed);
    }
    periodPaid.set(line.memberId, (periodPaid.get(line.memberId) ?? 0n) + allowed);
    return allowed;
  };
  const lines: Line[] = [];
  const shares: RawLine[] = [];
  for (const line of raw) {
    const allowed = capOne(line);
    const fee = allowed > 0n ? percentOfStrict(allowed, line.plan.bonusFee.percent, 'up') : 0n;
    lines.push({ ...line, capped: line.gross - allowed, fee, paid: allowed - fee });
    const referrer = referrerOf(line.memberId);
    const share = fee > 0n ? percentOfStrict(fee, line.plan.bonusFeeBonus.percent, 'down') : 0n;
    if (referrer && share > 0n) {
      shares.push({
        key: `${line.key}|fee`,
        memberId: referrer,
        bonusType: 'bonusFeeBonus',
        planVersion: line.planVersion,
        plan: line.plan,
        sourceMemberId: line.memberId,
        sourceHoldingId: line.sourceHoldingId,
        sourceEvent: line.sourceEvent,
        sourceAt: line.sourceAt,
        base: fee,
        ruleValue: 0,
        ratePercent: line.plan.bonusFeeBonus.percent,
        gross: share,
      });
    }
  }
  // The fee shares carry no fee of their own (they come out of fees already taken).
  for (const line of shares) {
    const allowed = capOne(line);
    lines.push({ ...line, capped: line.gross - allowed, fee: 0n, paid: allowed });
  }
  return { lines, consumed };
}
