/**
 * Community rules that need no schema library (decision 021): limits, month keys, grades.
 * community.ts re-exports them; the portal's first pages import them without zod (decision 029).
 */
export const communityLimits = {
  /** Direct invites per page of /api/app/user/organization. */
  pageSizeMax: 50,
  /** Characters of a downline search (a username prefix). */
  searchCharsMax: 64,
  /** Matches a downline search answers. */
  searchResultsMax: 20,
} as const;

/**
 * Months of performance are calendar months in this time zone for every member, so a member's
 * month is the sum of their downline's months (decision 021). China Standard Time has no DST.
 */
export const communityMonthTimeZone = 'Asia/Shanghai';
export const communityMonthOffsetMs = 8 * 60 * 60 * 1000;

/** The month key (year x 100 + month) of a time in the community's month zone. */
export function monthKeyOf(atMs: number): number {
  const d = new Date(atMs + communityMonthOffsetMs);
  return d.getUTCFullYear() * 100 + (d.getUTCMonth() + 1);
}

/** The month before a month key. */
export function previousMonthKey(key: number): number {
  const year = Math.floor(key / 100);
  const month = key % 100;
  return month === 1 ? (year - 1) * 100 + 12 : year * 100 + (month - 1);
}

/** Grade names: spec section 4's flag (country not CN) shows the nobility names. */
export type GradeNameSet = 'business' | 'nobility';
export function gradeNameSetOf(countryCode: string): GradeNameSet {
  return countryCode.toUpperCase() === 'CN' ? 'business' : 'nobility';
}
export const gradeKeys = ['regular', 'retail', 'store', 'supplier', 'regionalAgent', 'generalAgent'] as const;
export type GradeKey = (typeof gradeKeys)[number];
/** Spec section 3's grade levels: -1 and 0 are both a regular member, then retail to general agent. */
export const gradeLevels = [-1, 0, 1, 2, 3, 4, 5] as const;
/** Grade -1 and 0 are both a regular member; a level outside the range takes the nearest grade. */
export function gradeKeyOf(level: number): GradeKey {
  return gradeKeys[Math.min(5, Math.max(0, level))] ?? 'regular';
}
/** A known level's grade, or null for a level outside spec section 3 (shown as unknown, never guessed). */
export function gradeKeyOrNull(level: number): GradeKey | null {
  return Number.isInteger(level) && level >= -1 && level <= 5 ? gradeKeyOf(level) : null;
}
