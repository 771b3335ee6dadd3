/**
 * The plan editor's state (decision 027): the versioned plan document (decision 022) as one text
 * field per value, the way back to a document checked field by field and then by the contract's
 * own schema (`planDocument`), and the list of changes against the version in force that staff
 * confirm before saving. Errors are locale keys under `plan.editor.errors`, by form path
 * ("directPercent", "generations.1.percent", "grades.2.minOwnHolding", "flagRules.protected.minGrade").
 * The server checks everything again (planProblem) and has the last word.
 */
import { parseAmount, planDocument, planGrades, planLimits, rankingMeasures, unitMinor, type FlagRule, type FlagRules, type PlanDocument } from '@pp/contract';

export const ruleFlags = ['protected', 'buyPurchaseCodeStatus'] as const;
export type RuleFlag = (typeof ruleFlags)[number];
export const flagRuleFields = ['minGrade', 'minOwnHolding', 'minPerformance', 'minDirectInvites'] as const;
export type FlagRuleField = (typeof flagRuleFields)[number];
export const planCoins = ['REWARD_POINT', 'USDT', 'ASSETS_POINT'] as const;

export interface GenerationRow {
  generation: string;
  percent: string;
  minGrade: string;
}
/** One grade's upgrade thresholds; `isSet` false leaves the grade out of the plan (no one reaches it). */
export interface GradeRow {
  grade: number;
  isSet: boolean;
  minOwnHolding: string;
  minPerformance: string;
  minSmallZone: string;
  /** '' when the grade asks no direct invites of a grade. */
  directGrade: string;
  directCount: string;
}
/** One grade's rates: manager differential, same-level reward, performance bonus. */
export interface RateRow {
  grade: number;
  isSet: boolean;
  managerPercent: string;
  sameLevelPercent: string;
  performancePercent: string;
}
/** A flag rule; '' leaves a threshold out, `isSet` false means no rule. */
export interface FlagRuleForm {
  isSet: boolean;
  minGrade: string;
  minOwnHolding: string;
  minPerformance: string;
  minDirectInvites: string;
}

export interface PlanForm {
  coinName: string;
  directPercent: string;
  sponsorshipAmount: string;
  sponsorshipMinVolume: string;
  generations: GenerationRow[];
  managerDepth: string;
  buyMatchingPercent: string;
  activatePercent: string;
  rankingMeasure: string;
  rankingPoolPercent: string;
  /** One share per place, first place first. */
  rankingShares: string[];
  bonusFeePercent: string;
  bonusFeeBonusPercent: string;
  capsCountAgainstHoldings: boolean;
  capsMemberPeriodMax: string;
  grades: GradeRow[];
  gradeRates: RateRow[];
  flagRules: Record<RuleFlag, FlagRuleForm>;
}

/** "10.000000" as staff would type it: "10". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const emptyFlagRule: FlagRuleForm = { isSet: false, minGrade: '', minOwnHolding: '', minPerformance: '', minDirectInvites: '' };

function flagRuleFormOf(rule: FlagRule | null): FlagRuleForm {
  if (!rule) return { ...emptyFlagRule };
  return {
    isSet: true,
    minGrade: rule.minGrade === null ? '' : String(rule.minGrade),
    minOwnHolding: rule.minOwnHolding === null ? '' : trimDecimal(rule.minOwnHolding),
    minPerformance: rule.minPerformance === null ? '' : trimDecimal(rule.minPerformance),
    minDirectInvites: rule.minDirectInvites === null ? '' : String(rule.minDirectInvites),
  };
}

/** The form of a plan document (the version in force), every value as text. */
export function planFormOf(doc: PlanDocument): PlanForm {
  return {
    coinName: doc.coinName,
    directPercent: trimDecimal(doc.directBonus.percent),
    sponsorshipAmount: trimDecimal(doc.sponsorshipBonus.amount),
    sponsorshipMinVolume: trimDecimal(doc.sponsorshipBonus.minVolume),
    generations: [...doc.algebraicBonus.generations]
      .sort((a, b) => a.generation - b.generation)
      .map((g) => ({ generation: String(g.generation), percent: trimDecimal(g.percent), minGrade: String(g.minGrade) })),
    managerDepth: String(doc.managerDepth),
    buyMatchingPercent: trimDecimal(doc.buyMatching.percent),
    activatePercent: trimDecimal(doc.activateBonus.percent),
    rankingMeasure: doc.rankingBonus.measure,
    rankingPoolPercent: trimDecimal(doc.rankingBonus.poolPercent),
    rankingShares: doc.rankingBonus.shares.map(trimDecimal),
    bonusFeePercent: trimDecimal(doc.bonusFee.percent),
    bonusFeeBonusPercent: trimDecimal(doc.bonusFeeBonus.percent),
    capsCountAgainstHoldings: doc.caps.countAgainstHoldings,
    capsMemberPeriodMax: trimDecimal(doc.caps.memberPeriodMax),
    grades: planGrades.map((grade) => {
      const rule = doc.grades.find((g) => g.grade === grade);
      return {
        grade,
        isSet: rule !== undefined,
        minOwnHolding: rule ? trimDecimal(rule.minOwnHolding) : '0',
        minPerformance: rule ? trimDecimal(rule.minPerformance) : '0',
        minSmallZone: rule ? trimDecimal(rule.minSmallZone) : '0',
        directGrade: rule?.minDirectOfGrade ? String(rule.minDirectOfGrade.grade) : '',
        directCount: rule?.minDirectOfGrade ? String(rule.minDirectOfGrade.count) : '',
      };
    }),
    gradeRates: planGrades.map((grade) => {
      const rate = doc.gradeRates.find((g) => g.grade === grade);
      return {
        grade,
        isSet: rate !== undefined,
        managerPercent: rate ? trimDecimal(rate.managerPercent) : '0',
        sameLevelPercent: rate ? trimDecimal(rate.sameLevelPercent) : '0',
        performancePercent: rate ? trimDecimal(rate.performancePercent) : '0',
      };
    }),
    flagRules: { protected: flagRuleFormOf(doc.flagRules.protected), buyPurchaseCodeStatus: flagRuleFormOf(doc.flagRules.buyPurchaseCodeStatus) },
  };
}

/** Locale keys under plan.editor.errors. */
export type PlanErrorKey =
  | 'percent'
  | 'percentOver100'
  | 'points'
  | 'integer'
  | 'generationTwice'
  | 'generationsMax'
  | 'sharesOver100'
  | 'sharesMax'
  | 'gradeAsksLess'
  | 'directPair'
  | 'ruleEmpty'
  | 'invalid';
export interface PlanError {
  key: PlanErrorKey;
  params?: Record<string, number>;
}
export type PlanErrors = Record<string, PlanError>;
export type PlanMapping = { ok: true; document: PlanDocument } | { ok: false; errors: PlanErrors };

const percentPattern = /^\d{1,3}(\.\d{1,4})?$/;
const pointsPattern = /^\d{1,12}(\.\d{1,6})?$/;
const integerPattern = /^\d{1,7}$/;

/** A percent or points text the patterns above passed, in minor units (the contract's scale), exactly. */
const minorUnits = (value: string): bigint => parseAmount(value) ?? 0n;
/** 100 % in those units. */
const hundredPercent = 100n * unitMinor;

/**
 * The document to save, or the errors by form path. Each value is checked here with its own
 * message; then the contract's schema (`planDocument`) checks the whole, and the rules the server
 * adds (each generation once, shares at most 100 %, a higher grade asks at least what a lower one
 * asks) are checked too, so the server's refusal is only the last resort.
 */
export function toPlanDocument(form: PlanForm): PlanMapping {
  const errors: PlanErrors = {};
  const percent = (path: string, text: string): string => {
    const value = text.trim();
    if (!percentPattern.test(value)) errors[path] = { key: 'percent' };
    else if (minorUnits(value) > hundredPercent) errors[path] = { key: 'percentOver100' };
    return value;
  };
  const points = (path: string, text: string): string => {
    const value = text.trim();
    if (!pointsPattern.test(value)) errors[path] = { key: 'points' };
    return value;
  };
  const integer = (path: string, text: string, min: number, max: number): number => {
    const value = text.trim();
    const n = Number(value);
    if (!integerPattern.test(value) || n < min || n > max) {
      errors[path] = { key: 'integer', params: { min, max } };
      return min;
    }
    return n;
  };
  const optional = <T>(text: string, read: () => T): T | null => (text.trim() === '' ? null : read());

  const generations = form.generations.map((row, i) => ({
    generation: integer(`generations.${i}.generation`, row.generation, 1, planLimits.generationsMax),
    percent: percent(`generations.${i}.percent`, row.percent),
    minGrade: integer(`generations.${i}.minGrade`, row.minGrade, 0, 5),
  }));
  if (generations.length > planLimits.generationsMax) errors.generations = { key: 'generationsMax', params: { max: planLimits.generationsMax } };
  generations.forEach((g, i) => {
    const path = `generations.${i}.generation`;
    if (!errors[path] && generations.findIndex((other) => other.generation === g.generation) < i) errors[path] = { key: 'generationTwice' };
  });

  const shares = form.rankingShares.map((share, i) => percent(`rankingShares.${i}`, share));
  if (shares.length > planLimits.rankingPlacesMax) errors.rankingShares = { key: 'sharesMax', params: { max: planLimits.rankingPlacesMax } };
  else if (shares.every((_, i) => !errors[`rankingShares.${i}`]) && shares.reduce((sum, s) => sum + minorUnits(s), 0n) > hundredPercent) {
    errors.rankingShares = { key: 'sharesOver100' };
  }

  const grades = form.grades.flatMap((row, i) => {
    if (!row.isSet) return [];
    const at = (field: string) => `grades.${i}.${field}`;
    const hasDirect = row.directGrade.trim() !== '' || row.directCount.trim() !== '';
    if (hasDirect && (row.directGrade.trim() === '' || row.directCount.trim() === '')) errors[at('directCount')] = { key: 'directPair' };
    return [
      {
        grade: row.grade,
        minOwnHolding: points(at('minOwnHolding'), row.minOwnHolding),
        minPerformance: points(at('minPerformance'), row.minPerformance),
        minSmallZone: points(at('minSmallZone'), row.minSmallZone),
        minDirectOfGrade:
          hasDirect && !errors[at('directCount')]
            ? { grade: integer(at('directGrade'), row.directGrade, 0, 5), count: integer(at('directCount'), row.directCount, 1, 1000) }
            : null,
      },
    ];
  });
  // A higher grade asks at least what a lower one asks (the server's rule too).
  for (const field of ['minOwnHolding', 'minPerformance', 'minSmallZone'] as const) {
    let previous: { grade: number; value: bigint } | null = null;
    for (const g of grades) {
      const index = g.grade - 1;
      if (errors[`grades.${index}.${field}`]) {
        previous = null;
        continue;
      }
      const value = minorUnits(g[field]);
      if (previous && value < previous.value) errors[`grades.${index}.${field}`] = { key: 'gradeAsksLess', params: { grade: previous.grade } };
      previous = { grade: g.grade, value };
    }
  }

  const gradeRates = form.gradeRates.flatMap((row, i) =>
    row.isSet
      ? [
          {
            grade: row.grade,
            managerPercent: percent(`gradeRates.${i}.managerPercent`, row.managerPercent),
            sameLevelPercent: percent(`gradeRates.${i}.sameLevelPercent`, row.sameLevelPercent),
            performancePercent: percent(`gradeRates.${i}.performancePercent`, row.performancePercent),
          },
        ]
      : [],
  );

  const flagRules = {} as FlagRules;
  for (const flag of ruleFlags) {
    const rule = form.flagRules[flag];
    if (!rule.isSet) {
      flagRules[flag] = null;
      continue;
    }
    const at = (field: FlagRuleField) => `flagRules.${flag}.${field}`;
    const built: FlagRule = {
      minGrade: optional(rule.minGrade, () => integer(at('minGrade'), rule.minGrade, 1, 5)),
      minOwnHolding: optional(rule.minOwnHolding, () => points(at('minOwnHolding'), rule.minOwnHolding)),
      minPerformance: optional(rule.minPerformance, () => points(at('minPerformance'), rule.minPerformance)),
      minDirectInvites: optional(rule.minDirectInvites, () => integer(at('minDirectInvites'), rule.minDirectInvites, 1, 100_000)),
    };
    // A rule with no threshold grants nothing: say so rather than save an empty rule.
    if (flagRuleFields.every((field) => built[field] === null)) errors[`flagRules.${flag}`] = { key: 'ruleEmpty' };
    flagRules[flag] = built;
  }

  const draft = {
    coinName: form.coinName,
    directBonus: { percent: percent('directPercent', form.directPercent) },
    sponsorshipBonus: { amount: points('sponsorshipAmount', form.sponsorshipAmount), minVolume: points('sponsorshipMinVolume', form.sponsorshipMinVolume) },
    algebraicBonus: { generations },
    managerDepth: integer('managerDepth', form.managerDepth, 0, planLimits.managerDepthMax),
    buyMatching: { percent: percent('buyMatchingPercent', form.buyMatchingPercent) },
    activateBonus: { percent: percent('activatePercent', form.activatePercent) },
    rankingBonus: { measure: form.rankingMeasure, poolPercent: percent('rankingPoolPercent', form.rankingPoolPercent), shares },
    bonusFee: { percent: percent('bonusFeePercent', form.bonusFeePercent) },
    bonusFeeBonus: { percent: percent('bonusFeeBonusPercent', form.bonusFeeBonusPercent) },
    caps: { countAgainstHoldings: form.capsCountAgainstHoldings, memberPeriodMax: points('capsMemberPeriodMax', form.capsMemberPeriodMax) },
    grades,
    gradeRates,
    flagRules,
  };
  if (!(planCoins as readonly string[]).includes(form.coinName)) errors.coinName = { key: 'invalid' };
  if (!(rankingMeasures as readonly string[]).includes(form.rankingMeasure)) errors.rankingMeasure = { key: 'invalid' };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // The contract's schema has the last word on the client too; anything it refuses that the checks
  // above let through is shown under the field it names.
  const checked = planDocument.safeParse(draft);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = formPathOf(issue.path, draft);
      errors[path] ??= { key: 'invalid' };
    }
    return { ok: false, errors };
  }
  return { ok: true, document: checked.data };
}

const scalarPaths: Record<string, string> = {
  coinName: 'coinName',
  'directBonus.percent': 'directPercent',
  'sponsorshipBonus.amount': 'sponsorshipAmount',
  'sponsorshipBonus.minVolume': 'sponsorshipMinVolume',
  managerDepth: 'managerDepth',
  'buyMatching.percent': 'buyMatchingPercent',
  'activateBonus.percent': 'activatePercent',
  'rankingBonus.measure': 'rankingMeasure',
  'rankingBonus.poolPercent': 'rankingPoolPercent',
  'bonusFee.percent': 'bonusFeePercent',
  'bonusFeeBonus.percent': 'bonusFeeBonusPercent',
  'caps.memberPeriodMax': 'capsMemberPeriodMax',
};

/** The form path of a document path (from a zod issue); the section's first field when unknown. */
export function formPathOf(path: ReadonlyArray<PropertyKey>, doc: { grades: Array<{ grade: number }>; gradeRates: Array<{ grade: number }> }): string {
  const parts = path.map(String);
  const joined = parts.join('.');
  if (scalarPaths[joined]) return scalarPaths[joined];
  const [head, second, third, fourth] = parts;
  if (head === 'algebraicBonus' && second === 'generations' && third !== undefined)
    return fourth ? `generations.${third}.${fourth}` : `generations.${third}.generation`;
  if (head === 'algebraicBonus') return 'generations';
  if (head === 'rankingBonus' && second === 'shares') return third !== undefined ? `rankingShares.${third}` : 'rankingShares';
  if ((head === 'grades' || head === 'gradeRates') && second !== undefined) {
    const grade = doc[head][Number(second)]?.grade ?? 1;
    const field = third === 'minDirectOfGrade' ? (fourth === 'grade' ? 'directGrade' : 'directCount') : third;
    return field ? `${head}.${grade - 1}.${field}` : `${head}.${grade - 1}`;
  }
  if (head === 'flagRules' && second !== undefined) return third ? `flagRules.${second}.${third}` : `flagRules.${second}`;
  return head ?? 'coinName';
}

/** The section a form path belongs to (the editor opens the sections with an error). */
export const planSections = [
  'effective',
  'grades',
  'direct',
  'sponsorship',
  'algebraic',
  'gradeRates',
  'ranking',
  'other',
  'fees',
  'caps',
  'flagRules',
] as const;
export type PlanSection = (typeof planSections)[number];
export function sectionOf(path: string): PlanSection {
  if (path === 'effectiveAt' || path === 'note') return 'effective';
  if (path.startsWith('grades')) return 'grades';
  if (path === 'directPercent' || path === 'buyMatchingPercent' || path === 'coinName') return 'direct';
  if (path.startsWith('sponsorship')) return 'sponsorship';
  if (path.startsWith('generations')) return 'algebraic';
  if (path.startsWith('gradeRates') || path === 'managerDepth') return 'gradeRates';
  if (path.startsWith('ranking')) return 'ranking';
  if (path === 'activatePercent') return 'other';
  if (path.startsWith('bonusFee')) return 'fees';
  if (path.startsWith('caps')) return 'caps';
  return 'flagRules';
}

// ---- the change list ----

/** How a value reads: a percent ("5 %"), points, a count, a grade, yes/no, or a code translated by the editor. */
export type ValueUnit = 'percent' | 'points' | 'count' | 'grade' | 'bool' | 'coin' | 'measure';
/** Locale keys under plan.editor.changes. */
export type ChangeLabel =
  | 'gradeMinOwnHolding'
  | 'gradeMinPerformance'
  | 'gradeMinSmallZone'
  | 'gradeDirectGrade'
  | 'gradeDirectCount'
  | 'coinName'
  | 'directPercent'
  | 'buyMatchingPercent'
  | 'sponsorshipAmount'
  | 'sponsorshipMinVolume'
  | 'generationPercent'
  | 'generationMinGrade'
  | 'managerDepth'
  | 'managerPercent'
  | 'sameLevelPercent'
  | 'performancePercent'
  | 'rankingMeasure'
  | 'rankingPoolPercent'
  | 'rankingShare'
  | 'activatePercent'
  | 'bonusFeePercent'
  | 'bonusFeeBonusPercent'
  | 'capsCountAgainstHoldings'
  | 'capsMemberPeriodMax'
  | `${RuleFlag}.${FlagRuleField}`;
export interface PlanValue {
  /** Locale key under plan.editor.changes and its parameters. */
  label: ChangeLabel;
  params?: Record<string, number>;
  unit: ValueUnit;
  /** Normalised text ("5", not "5.000000"); null when the value is absent (no such generation, no rule). */
  value: string | null;
}
export interface PlanChange extends Omit<PlanValue, 'value'> {
  id: string;
  before: string | null;
  after: string | null;
}

const norm = (value: string) => trimDecimal(value) || '0';

/** Every value of a document by a stable id, in the order the editor shows them. */
export function planValues(doc: PlanDocument): Map<string, PlanValue> {
  const out = new Map<string, PlanValue>();
  const put = (id: string, label: ChangeLabel, unit: ValueUnit, value: string | number | boolean | null, params?: Record<string, number>) => {
    const text = value === null ? null : unit === 'percent' || unit === 'points' ? norm(String(value)) : String(value);
    out.set(id, { label, unit, value: text, ...(params ? { params } : {}) });
  };
  for (const grade of planGrades) {
    const rule = doc.grades.find((g) => g.grade === grade);
    put(`grades.${grade}.minOwnHolding`, 'gradeMinOwnHolding', 'points', rule?.minOwnHolding ?? null, { grade });
    put(`grades.${grade}.minPerformance`, 'gradeMinPerformance', 'points', rule?.minPerformance ?? null, { grade });
    put(`grades.${grade}.minSmallZone`, 'gradeMinSmallZone', 'points', rule?.minSmallZone ?? null, { grade });
    put(`grades.${grade}.directGrade`, 'gradeDirectGrade', 'grade', rule?.minDirectOfGrade?.grade ?? null, { grade });
    put(`grades.${grade}.directCount`, 'gradeDirectCount', 'count', rule?.minDirectOfGrade?.count ?? null, { grade });
  }
  put('coinName', 'coinName', 'coin', doc.coinName);
  put('directBonus.percent', 'directPercent', 'percent', doc.directBonus.percent);
  put('buyMatching.percent', 'buyMatchingPercent', 'percent', doc.buyMatching.percent);
  put('sponsorshipBonus.amount', 'sponsorshipAmount', 'points', doc.sponsorshipBonus.amount);
  put('sponsorshipBonus.minVolume', 'sponsorshipMinVolume', 'points', doc.sponsorshipBonus.minVolume);
  const generations = new Set(doc.algebraicBonus.generations.map((g) => g.generation));
  for (let generation = 1; generation <= planLimits.generationsMax; generation++) {
    if (!generations.has(generation)) continue;
    const g = doc.algebraicBonus.generations.find((row) => row.generation === generation)!;
    put(`generations.${generation}.percent`, 'generationPercent', 'percent', g.percent, { generation });
    put(`generations.${generation}.minGrade`, 'generationMinGrade', 'grade', g.minGrade, { generation });
  }
  put('managerDepth', 'managerDepth', 'count', doc.managerDepth);
  for (const grade of planGrades) {
    const rate = doc.gradeRates.find((g) => g.grade === grade);
    put(`gradeRates.${grade}.managerPercent`, 'managerPercent', 'percent', rate?.managerPercent ?? null, { grade });
    put(`gradeRates.${grade}.sameLevelPercent`, 'sameLevelPercent', 'percent', rate?.sameLevelPercent ?? null, { grade });
    put(`gradeRates.${grade}.performancePercent`, 'performancePercent', 'percent', rate?.performancePercent ?? null, { grade });
  }
  put('rankingBonus.measure', 'rankingMeasure', 'measure', doc.rankingBonus.measure);
  put('rankingBonus.poolPercent', 'rankingPoolPercent', 'percent', doc.rankingBonus.poolPercent);
  doc.rankingBonus.shares.forEach((share, i) => put(`rankingBonus.shares.${i + 1}`, 'rankingShare', 'percent', share, { place: i + 1 }));
  put('activateBonus.percent', 'activatePercent', 'percent', doc.activateBonus.percent);
  put('bonusFee.percent', 'bonusFeePercent', 'percent', doc.bonusFee.percent);
  put('bonusFeeBonus.percent', 'bonusFeeBonusPercent', 'percent', doc.bonusFeeBonus.percent);
  put('caps.countAgainstHoldings', 'capsCountAgainstHoldings', 'bool', doc.caps.countAgainstHoldings);
  put('caps.memberPeriodMax', 'capsMemberPeriodMax', 'points', doc.caps.memberPeriodMax);
  for (const flag of ruleFlags) {
    const rule = doc.flagRules[flag];
    put(`flagRules.${flag}.minGrade`, `${flag}.minGrade`, 'grade', rule?.minGrade ?? null);
    put(`flagRules.${flag}.minOwnHolding`, `${flag}.minOwnHolding`, 'points', rule?.minOwnHolding ?? null);
    put(`flagRules.${flag}.minPerformance`, `${flag}.minPerformance`, 'points', rule?.minPerformance ?? null);
    put(`flagRules.${flag}.minDirectInvites`, `${flag}.minDirectInvites`, 'count', rule?.minDirectInvites ?? null);
  }
  return out;
}

/** What differs from `before` to `after`, in the editor's order (values only in `before` last). */
export function planChanges(before: PlanDocument, after: PlanDocument): PlanChange[] {
  const was = planValues(before);
  const now = planValues(after);
  const changes: PlanChange[] = [];
  const add = (id: string, v: PlanValue) => {
    const b = was.get(id)?.value ?? null;
    const a = now.get(id)?.value ?? null;
    if (b === a) return;
    changes.push({ id, label: v.label, unit: v.unit, before: b, after: a, ...(v.params ? { params: v.params } : {}) });
  };
  for (const [id, v] of now) add(id, v);
  for (const [id, v] of was) if (!now.has(id)) add(id, v);
  return changes;
}
