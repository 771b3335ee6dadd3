/** Community: the referral tree one level at a time, performance figures, grades (decision 021). */
import { z } from 'zod';
import { cursorInput } from './numbers.ts';

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
/** Grade -1 and 0 are both a regular member. */
export function gradeKeyOf(level: number): GradeKey {
  return gradeKeys[Math.min(5, Math.max(0, level))] ?? 'regular';
}

const amount = z.string();

export const organizationRequest = z.object({
  /** Whose direct invites: the caller (absent) or someone in the caller's downline. */
  memberId: z.string().max(64).optional(),
  /** A username prefix searched in the caller's whole downline; then memberId is ignored. */
  search: z.string().trim().max(communityLimits.searchCharsMax, 'validation.searchTooLong').optional(),
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(communityLimits.pageSizeMax).default(20),
});

export const organizationMember = z.object({
  id: z.string(),
  userName: z.string(),
  level: z.number(),
  isPurchased: z.boolean(),
  /** Everyone below this member. */
  teamSize: z.number(),
  directCount: z.number(),
  personal: amount,
  community: amount,
  total: amount,
  /** Levels below the caller (1 = a direct invite). */
  depth: z.number(),
  joinedAt: z.number(),
});
export type OrganizationMember = z.infer<typeof organizationMember>;

export const organizationResponse = z.object({
  /** Whose invites these are (null for a search). */
  parentId: z.string().nullable(),
  items: z.array(organizationMember),
  nextCursor: z.string().nullable(),
});
export type OrganizationResponse = z.infer<typeof organizationResponse>;

const monthFigures = z.object({ month: z.number(), personal: amount, community: amount, total: amount });

export const organizationInfoResponse = z.object({
  level: z.number(),
  gradeNameSet: z.enum(['business', 'nobility']),
  isPurchased: z.boolean(),
  isProtected: z.boolean(),
  personal: amount,
  community: amount,
  total: amount,
  largestLeg: amount,
  smallZone: amount,
  thisMonth: monthFigures,
  lastMonth: monthFigures,
  userCount: z.number(),
  directCount: z.number(),
  invitationCode: z.string(),
  referralLink: z.string(),
  monthTimeZone: z.string(),
});
export type OrganizationInfo = z.infer<typeof organizationInfoResponse>;

export const memberCommunityRequest = z.object({ memberId: z.string().min(1).max(64) });
/** What staff see of a member's community on the member page. */
export const memberCommunityResponse = organizationInfoResponse.omit({ invitationCode: true, referralLink: true, monthTimeZone: true }).extend({
  isGradePinned: z.boolean(),
  buyPurchaseCodeStatus: z.boolean(),
  /** Decision 026: staff set the flag, so the plan's flag rules leave it alone. */
  isProtectedPinned: z.boolean(),
  isPurchaseCodePinned: z.boolean(),
});
