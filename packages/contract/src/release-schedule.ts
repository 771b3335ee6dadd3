/**
 * The release rule of a package holding (decision 020), in one pure function that both the
 * `package-release` job and every projection call: the job asks "what is due up to now", the
 * portal asks "what is due up to the end of the term". Because both run this same loop over the
 * same bigint minor units, a projection shown to a member and the releases later paid can never
 * disagree (as long as the holding is not changed in between: an upgrade, a refill or a switch of
 * auto top-up starts a new schedule).
 */
import { parseAmount, percentOfStrict } from './amounts.ts';
import type { HoldingEntry, PackageTerms } from './packages.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Where a holding's releases stand: what the next period starts from. */
export interface ReleaseState {
  /** The live principal (all point types), minor units: each period pays a percent of it. */
  principal: bigint;
  /** The reward cap and what was released so far, minor units. */
  cap: bigint;
  released: bigint;
  /** Periods paid so far: the next one is periodsPaid + 1. */
  periodsPaid: number;
  /** When the next period is due (ms); null when none is left. */
  nextReleaseAt: number | null;
  expiresAt: number;
  /** Auto top-up: each release is added to the principal, so later periods pay more. */
  isReinvest: boolean;
}

export interface ReleasePeriod {
  period: number;
  amount: bigint;
  dueAt: number;
  /** Released in total once this period is paid. */
  releasedAfter: bigint;
}

export interface ReleaseRun {
  periods: ReleasePeriod[];
  principal: bigint;
  released: bigint;
  periodsPaid: number;
  /** The next period's moment after these; null when none is left. */
  next: number | null;
  /** The last paid period's moment; null when none was paid. */
  lastPaidAt: number | null;
}

type ReleaseTerms = Pick<PackageTerms, 'releasePercent' | 'releasePeriodHours'>;

/** What one period pays: principal x releasePercent / 100 rounded down, at most cap - released. */
export function periodAmount(principal: bigint, terms: Pick<PackageTerms, 'releasePercent'>, cap: bigint, released: bigint): bigint {
  const full = percentOfStrict(principal, terms.releasePercent, 'down');
  const room = cap - released;
  return full < room ? full : room > 0n ? room : 0n;
}

/** Every period due at or before `until`, in order, with the state after them. */
export function releasesUntil(terms: ReleaseTerms, state: ReleaseState, until: number): ReleaseRun {
  const periodMs = terms.releasePeriodHours * hourMs;
  let { principal, released, periodsPaid } = state;
  let dueAt = state.nextReleaseAt;
  let lastPaidAt: number | null = null;
  const periods: ReleasePeriod[] = [];
  for (;;) {
    if (dueAt === null || dueAt > until || dueAt > state.expiresAt || released >= state.cap) break;
    const amount = periodAmount(principal, terms, state.cap, released);
    if (amount <= 0n) {
      // Nothing can ever be paid (a zero percent or a tiny principal): only the term's end is left.
      dueAt = null;
      break;
    }
    periodsPaid += 1;
    if (state.isReinvest) principal += amount;
    released += amount;
    periods.push({ period: periodsPaid, amount, dueAt, releasedAfter: released });
    lastPaidAt = dueAt;
    dueAt = dueAt + periodMs <= state.expiresAt ? dueAt + periodMs : null;
  }
  return { periods, principal, released, periodsPaid, next: dueAt, lastPaidAt };
}

/** The rest of a holding's schedule, to the end of its term (or its cap). */
export function projectReleases(terms: ReleaseTerms, state: ReleaseState): ReleasePeriod[] {
  return releasesUntil(terms, state, state.expiresAt).periods;
}

function termMinor(text: string): bigint {
  const value = parseAmount(text);
  if (value === null) throw new RangeError(`bad amount in terms: ${text}`);
  return value;
}

/** Reward cap of one unit: price x maxProfitPercent / 100, or maxReward when lower and above 0. */
export function unitRewardCap(terms: Pick<PackageTerms, 'price' | 'maxProfitPercent' | 'maxReward'>): bigint {
  const byRatio = percentOfStrict(termMinor(terms.price), terms.maxProfitPercent, 'down');
  const absolute = termMinor(terms.maxReward);
  return absolute > 0n && absolute < byRatio ? absolute : byRatio;
}

export interface HoldingDates {
  startedAt: number;
  effectiveAt: number;
  unlockAt: number;
  expiresAt: number;
  nextReleaseAt: number | null;
}

/** A new holding's dates: the first period is due one period after effectiveAt, never after expiresAt. */
export function holdingDatesFrom(terms: PackageTerms, startedAt: number): HoldingDates {
  const effectiveAt = startedAt + terms.effectiveDelayHours * hourMs;
  const expiresAt = startedAt + terms.contractDays * dayMs;
  const first = effectiveAt + terms.releasePeriodHours * hourMs;
  return { startedAt, effectiveAt, unlockAt: startedAt + terms.unlockDays * dayMs, expiresAt, nextReleaseAt: first <= expiresAt ? first : null };
}

/** What a purchase of `units` bought at `startedAt` will release, period by period, if nothing changes it. */
export function purchaseSchedule(
  terms: PackageTerms,
  units: number,
  startedAt: number,
  isReinvest: boolean,
): { periods: ReleasePeriod[]; principal: bigint; cap: bigint; dates: HoldingDates } {
  const dates = holdingDatesFrom(terms, startedAt);
  const principal = termMinor(terms.price) * BigInt(units);
  const cap = unitRewardCap(terms) * BigInt(units);
  const periods = projectReleases(terms, {
    principal,
    cap,
    released: 0n,
    periodsPaid: 0,
    nextReleaseAt: dates.nextReleaseAt,
    expiresAt: dates.expiresAt,
    isReinvest,
  });
  return { periods, principal, cap, dates };
}

/**
 * The rest of a holding's schedule from what the member API returns about it (the portal's
 * holding page). Period numbers count from the next one as 1 (the entry does not carry the count
 * paid); an ended holding has none left.
 */
export function projectHolding(
  holding: Pick<HoldingEntry, 'terms' | 'principal' | 'rewardCap' | 'released' | 'nextReleaseAt' | 'expiresAt' | 'state'>,
  isReinvest: boolean,
): ReleasePeriod[] {
  if (holding.state === 'expired') return [];
  return projectReleases(holding.terms, {
    principal: termMinor(holding.principal),
    cap: termMinor(holding.rewardCap),
    released: termMinor(holding.released),
    periodsPaid: 0,
    nextReleaseAt: holding.nextReleaseAt,
    expiresAt: holding.expiresAt,
    isReinvest,
  });
}
