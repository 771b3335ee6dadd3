/**
 * Grade thresholds (spec section 3's grades 1 to 5). The compensation plan versions these; the
 * community module takes them from an injected `gradeRulesAt(at)` so it does not depend on how
 * they are stored. Amounts are decimal strings in points (major units, scale 6), bigint-safe.
 */
export interface GradeRule {
  /** The grade this rule earns: 1 retail, 2 store, 3 supplier, 4 regional agent, 5 general agent. */
  grade: number;
  /** The live principal of the member's own holdings, at least. */
  minOwnHolding: string;
  /** Community performance (the downline's purchases, own excluded), at least. */
  minPerformance: string;
  /** Small-zone performance (community minus the largest leg), at least. */
  minSmallZone: string;
  /** At least `count` direct invites of grade `grade` or higher; null when not required. */
  minDirectOfGrade: { grade: number; count: number } | null;
}

export type GradeRulesAt = (at: number) => Promise<GradeRule[]>;

/** The defaults until the plan's versioned rules are wired in (decision 021). */
export const defaultGradeRules: readonly GradeRule[] = [
  { grade: 1, minOwnHolding: '100', minPerformance: '0', minSmallZone: '0', minDirectOfGrade: null },
  { grade: 2, minOwnHolding: '500', minPerformance: '5000', minSmallZone: '1000', minDirectOfGrade: null },
  { grade: 3, minOwnHolding: '1000', minPerformance: '20000', minSmallZone: '5000', minDirectOfGrade: { grade: 2, count: 2 } },
  { grade: 4, minOwnHolding: '3000', minPerformance: '100000', minSmallZone: '30000', minDirectOfGrade: { grade: 3, count: 2 } },
  { grade: 5, minOwnHolding: '5000', minPerformance: '500000', minSmallZone: '150000', minDirectOfGrade: { grade: 4, count: 2 } },
];
