/**
 * Grade thresholds (spec section 3's grades 1 to 5) are part of the compensation plan's versioned
 * document (`plan.ts`, decision 022). The community module takes them from an injected
 * `gradeRulesAt(at, db)` so it does not depend on how they are stored (decision 021).
 */
import type { GradeRule } from './plan.ts';

export type { GradeRule } from './plan.ts';

/** The grade rules in force at `at`, read through `db` (the caller's transaction when it has one). */
export type GradeRulesAt<Db = unknown> = (at: number, db: Db) => Promise<GradeRule[]>;
