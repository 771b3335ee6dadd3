/**
 * The compensation plan (decision 022): one plan document holding every rate, depth, grade rule
 * and cap, kept as numbered versions each with the moment it takes effect. A bonus is worked out
 * with the version in force when the purchase that caused it happened (the monthly bonuses: the
 * version in force at the month's last moment). Rules with numbers: docs/compensation-plan.md.
 *
 * Percentages are decimal strings ("2.5" = 2.5 %, at most 4 places); amounts are points at scale 6
 * as decimal strings, like everywhere else.
 */
import { z } from 'zod';
import { minorOf } from './numbers.ts';

/** The bonus types of spec section 3, as the plan names them (and as the records show them). */
export const bonusTypes = [
  'directBonus',
  'sponsorshipBonus',
  'algebraicBonus',
  'sameLevelReward',
  'managerBonus',
  'performanceBonus',
  'rankingBonus',
  'buyMatching',
  'activateBonus',
  'bonusFeeBonus',
] as const;
export type BonusType = (typeof bonusTypes)[number];

/** Grades of spec section 3: 0 and -1 regular, 1 retail, 2 store, 3 supplier, 4 regional, 5 general agent. */
export const planGrades = [1, 2, 3, 4, 5] as const;

export const planLimits = {
  /** Generations of the algebraic bonus. */
  generationsMax: 30,
  /** Ancestors the manager and same-level walk visits above a purchase. */
  managerDepthMax: 1000,
  /** Ranked places that share the ranking pool. */
  rankingPlacesMax: 50,
  /** Lines a dry run returns (the totals always cover every line). */
  dryRunLinesMax: 500,
  noteCharsMax: 200,
  /** Versions listed in the back-office. */
  versionListMax: 100,
  /** Periods listed in the back-office. */
  periodListMax: 60,
} as const;

const percentText = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'validation.enterValidAmount')
  .refine((v) => Number(v) <= 100, 'validation.amountTooLarge');
const pointsText = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.enterValidAmount')
  .refine((v) => minorOf(v) !== null, 'validation.enterValidAmount');
const grade = z.number().int().min(1).max(5);

/**
 * A grade's thresholds for the automatic upgrade (decision 021: the community module raises a
 * member's grade when every threshold of a higher grade holds; grade-rules.ts re-exports the type).
 */
export const gradeRule = z.object({
  grade,
  /** Principal of the member's own live holdings, in points. */
  minOwnHolding: pointsText,
  /** Community performance (the whole downline's purchases), in points. */
  minPerformance: pointsText,
  /** Small-zone performance (community minus the largest leg), in points. */
  minSmallZone: pointsText,
  /** Direct invites that must hold at least a grade; null when the rule asks none. */
  minDirectOfGrade: z.object({ grade: z.number().int().min(0).max(5), count: z.number().int().min(1).max(1000) }).nullable(),
});
export type GradeRule = z.infer<typeof gradeRule>;

export const gradeRate = z.object({
  grade,
  /** managerBonus: the differential of this rate over the rate already paid below. */
  managerPercent: percentText,
  /** sameLevelReward: paid once to the next ancestor of the same grade above the manager. */
  sameLevelPercent: percentText,
  /** performanceBonus: of the member's team volume in the month. */
  performancePercent: percentText,
});
export type GradeRate = z.infer<typeof gradeRate>;

/**
 * A rule that grants a member flag (decision 026). Every set field must hold; an empty rule (all
 * null) grants nothing. Rules only grant: they never clear a flag, and a staff-pinned flag is
 * never touched.
 */
export const flagRule = z.object({
  /** The member's grade is at least this. */
  minGrade: z.number().int().min(1).max(5).nullable(),
  /** Principal of the member's own live holdings, in points. */
  minOwnHolding: pointsText.nullable(),
  /** Community performance (the whole downline's purchases), in points. */
  minPerformance: pointsText.nullable(),
  /** Number of direct invites. */
  minDirectInvites: z.number().int().min(1).max(100000).nullable(),
});
export type FlagRule = z.infer<typeof flagRule>;
export const flagRules = z.object({
  protected: flagRule.nullable(),
  buyPurchaseCodeStatus: flagRule.nullable(),
});
export type FlagRules = z.infer<typeof flagRules>;
export const noFlagRules: FlagRules = { protected: null, buyPurchaseCodeStatus: null };

export const rankingMeasures = ['directVolume', 'personalVolume'] as const;
export type RankingMeasure = (typeof rankingMeasures)[number];

export const planDocument = z.object({
  /** The point type every bonus is paid in. */
  coinName: z.enum(['REWARD_POINT', 'USDT', 'ASSETS_POINT']),
  directBonus: z.object({ percent: percentText }),
  /** Once per direct invite: their first purchase of at least minVolume. */
  sponsorshipBonus: z.object({ amount: pointsText, minVolume: pointsText }),
  /** Generation g = the g-th ancestor above the buyer; the list's length is the depth. */
  algebraicBonus: z.object({
    generations: z
      .array(z.object({ generation: z.number().int().min(1).max(planLimits.generationsMax), percent: percentText, minGrade: z.number().int().min(0).max(5) }))
      .max(planLimits.generationsMax),
  }),
  /** How far up the manager and same-level walk goes. */
  managerDepth: z.number().int().min(0).max(planLimits.managerDepthMax),
  /** Of the direct bonus, to the direct earner's own referrer. */
  buyMatching: z.object({ percent: percentText }),
  /** Of an activation code's principal, to the code's buyer when another member activates it. */
  activateBonus: z.object({ percent: percentText }),
  rankingBonus: z.object({
    measure: z.enum(rankingMeasures),
    /** Of the month's whole purchase volume. */
    poolPercent: percentText,
    /** Share of the pool per place, first place first; the list's length is the places paid. */
    shares: z.array(percentText).max(planLimits.rankingPlacesMax),
  }),
  /** Taken from every bonus line, to the fees account. */
  bonusFee: z.object({ percent: percentText }),
  /** Of each line's bonus fee, credited to the earner's referrer. */
  bonusFeeBonus: z.object({ percent: percentText }),
  caps: z.object({
    /** Bonuses count against the maximum profit of the member's live holdings. */
    countAgainstHoldings: z.boolean(),
    /** The most one member receives in one period, in points; "0" for no such cap. */
    memberPeriodMax: pointsText,
  }),
  grades: z.array(gradeRule).max(5),
  gradeRates: z.array(gradeRate).max(5),
  /** Versions saved before decision 026 have none: no flag is granted by rule. */
  flagRules: flagRules.default(noFlagRules),
});
export type PlanDocument = z.infer<typeof planDocument>;

/** The plan of migration 017 (version 1, in force from the start). */
export const defaultPlan: PlanDocument = {
  coinName: 'REWARD_POINT',
  directBonus: { percent: '10' },
  sponsorshipBonus: { amount: '5', minVolume: '100' },
  algebraicBonus: {
    generations: [
      { generation: 2, percent: '5', minGrade: 0 },
      { generation: 3, percent: '3', minGrade: 1 },
      { generation: 4, percent: '2', minGrade: 2 },
      { generation: 5, percent: '1', minGrade: 3 },
    ],
  },
  managerDepth: 50,
  buyMatching: { percent: '10' },
  activateBonus: { percent: '2' },
  rankingBonus: { measure: 'directVolume', poolPercent: '1', shares: ['40', '25', '15', '10', '10'] },
  bonusFee: { percent: '5' },
  bonusFeeBonus: { percent: '20' },
  caps: { countAgainstHoldings: true, memberPeriodMax: '0' },
  grades: [
    { grade: 1, minOwnHolding: '100', minPerformance: '0', minSmallZone: '0', minDirectOfGrade: null },
    { grade: 2, minOwnHolding: '500', minPerformance: '10000', minSmallZone: '3000', minDirectOfGrade: { grade: 1, count: 2 } },
    { grade: 3, minOwnHolding: '1000', minPerformance: '50000', minSmallZone: '15000', minDirectOfGrade: { grade: 2, count: 2 } },
    { grade: 4, minOwnHolding: '3000', minPerformance: '200000', minSmallZone: '60000', minDirectOfGrade: { grade: 3, count: 2 } },
    { grade: 5, minOwnHolding: '5000', minPerformance: '1000000', minSmallZone: '300000', minDirectOfGrade: { grade: 4, count: 2 } },
  ],
  gradeRates: [
    { grade: 1, managerPercent: '2', sameLevelPercent: '0.5', performancePercent: '0' },
    { grade: 2, managerPercent: '4', sameLevelPercent: '0.5', performancePercent: '0.5' },
    { grade: 3, managerPercent: '6', sameLevelPercent: '1', performancePercent: '1' },
    { grade: 4, managerPercent: '8', sameLevelPercent: '1', performancePercent: '1.5' },
    { grade: 5, managerPercent: '10', sameLevelPercent: '1', performancePercent: '2' },
  ],
  flagRules: noFlagRules,
};

/** `day:YYYY-MM-DD` (the purchase bonuses of one UTC day) or `month:YYYY-MM` (performance and ranking). */
export const periodKeyInput = z.string().regex(/^(day:\d{4}-\d{2}-\d{2}|month:\d{4}-\d{2})$/);

export const planVersionEntry = z.object({
  id: z.string(),
  version: z.number().int(),
  effectiveAt: z.number(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.number(),
  isInForce: z.boolean(),
  document: planDocument,
});
export type PlanVersionEntry = z.infer<typeof planVersionEntry>;
export const planVersionListResponse = z.object({ items: z.array(planVersionEntry) });
export const planVersionCreateRequest = z.object({
  document: planDocument,
  /** Not in the past: a version never changes a bonus that could already have been paid. */
  effectiveAt: z.number().int().min(0).max(253_402_300_799_999),
  note: z.string().trim().max(planLimits.noteCharsMax).default(''),
});

export const periodStates = ['open', 'due', 'paid'] as const;
export const planPeriodEntry = z.object({
  periodKey: z.string(),
  fromAt: z.number(),
  toAt: z.number(),
  state: z.enum(periodStates),
  lineCount: z.number().int(),
  paid: z.string(),
  ranAt: z.number().nullable(),
  ranBy: z.string().nullable(),
});
export const planPeriodListResponse = z.object({ items: z.array(planPeriodEntry) });

/** Why a line pays: who bought what and when, under which rule and rate. */
export const bonusCause = z.object({
  bonusType: z.enum(bonusTypes),
  periodKey: z.string(),
  planVersion: z.number().int(),
  /** The buyer (or, for bonusFeeBonus, the member whose bonus fee it shares); null for ranking. */
  sourceUserName: z.string().nullable(),
  /** buy, upgrade, add, fill or activate; null for the monthly bonuses. */
  sourceEvent: z.string().nullable(),
  sourceAt: z.number().nullable(),
  /** The volume the rate applies to, in points. */
  base: z.string(),
  /** generation (algebraic), grade (manager, same level, performance), place (ranking), else 0. */
  ruleValue: z.number().int(),
  ratePercent: z.string(),
  gross: z.string(),
  /** Cut by the maximum profit of the member's holdings or the period cap. */
  capped: z.string(),
  fee: z.string(),
  paid: z.string(),
});
export type BonusCause = z.infer<typeof bonusCause>;

export const bonusLineEntry = bonusCause.extend({ userName: z.string(), lineKey: z.string() });
export const bonusTotalsEntry = z.object({
  bonusType: z.enum(bonusTypes),
  lineCount: z.number().int(),
  gross: z.string(),
  capped: z.string(),
  fee: z.string(),
  paid: z.string(),
});
export const planRunRequest = z.object({ periodKey: periodKeyInput });
export const planRunResponse = z.object({
  periodKey: z.string(),
  isDryRun: z.boolean(),
  /** The period had been paid already: nothing more to pay. */
  wasPaid: z.boolean(),
  lineCount: z.number().int(),
  totals: z.array(bonusTotalsEntry),
  /** The first lines, in the order they pay (at most planLimits.dryRunLinesMax). */
  lines: z.array(bonusLineEntry),
});
export type PlanRunResponse = z.infer<typeof planRunResponse>;

/** The plan chart: the plan in force now, and the next version if one is scheduled. */
export const planChartResponse = z.object({
  version: z.number().int(),
  effectiveAt: z.number(),
  plan: planDocument,
  next: z.object({ version: z.number().int(), effectiveAt: z.number() }).nullable(),
});
export type PlanChartResponse = z.infer<typeof planChartResponse>;

export const rankingRequest = z.object({ month: z.enum(['current', 'last']).default('current') });
export const rankingEntry = z.object({ place: z.number().int(), userName: z.string(), amount: z.string(), sharePercent: z.string(), isMe: z.boolean() });
export const rankingResponse = z.object({
  month: z.string(),
  measure: z.enum(rankingMeasures),
  items: z.array(rankingEntry),
  /** The member's own place when outside the list; null when they have no volume. */
  myPlace: z.number().int().nullable(),
  myAmount: z.string(),
});
export type RankingResponse = z.infer<typeof rankingResponse>;

/** A user name as others see it on the ranking: first and last character, the rest hidden. */
export function maskUserName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
