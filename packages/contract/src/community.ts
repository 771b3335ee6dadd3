/** Community: the referral tree one level at a time, performance figures, grades (decision 021). */
import { z } from 'zod';
import { communityLimits } from './community-rules.ts';
import { cursorInput } from './numbers.ts';

export * from './community-rules.ts';

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

/**
 * The member's own performance month by month (decision 041): the last `monthFiguresCount`
 * months of member_month_figures, oldest first, this month last; a month without purchases is
 * zero. `month` is the key yyyymm, months run in `monthTimeZone`.
 */
export const monthFiguresCount = 12;
export const monthFiguresResponse = z.object({
  monthTimeZone: z.string(),
  months: z.array(z.object({ month: z.number(), personal: amount, community: amount })),
});
export type MonthFigures = z.infer<typeof monthFiguresResponse>;

export const memberCommunityRequest = z.object({ memberId: z.string().min(1).max(64) });
/** What staff see of a member's community on the member page. */
export const memberCommunityResponse = organizationInfoResponse.omit({ invitationCode: true, referralLink: true, monthTimeZone: true }).extend({
  isGradePinned: z.boolean(),
  buyPurchaseCodeStatus: z.boolean(),
  /** Decision 026: staff set the flag, so the plan's flag rules leave it alone. */
  isProtectedPinned: z.boolean(),
  isPurchaseCodePinned: z.boolean(),
});
