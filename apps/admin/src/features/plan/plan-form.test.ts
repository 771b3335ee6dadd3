// Proves the plan editor turns the version in force into form values and back into the same document, names the
// field at fault (with the contract's schema and the server's extra rules), and lists exactly what changed.
import { describe, expect, it } from 'vitest';
import { defaultPlan, planDocument, type PlanDocument } from '@pp/contract';
import { formPathOf, planChanges, planFormOf, sectionOf, toPlanDocument, trimDecimal, type PlanForm } from './plan-form';

/** The default plan as the server answers it (amounts at a fixed scale). */
const served: PlanDocument = {
  ...defaultPlan,
  directBonus: { percent: '10.0000' },
  sponsorshipBonus: { amount: '5.000000', minVolume: '100.000000' },
  flagRules: { protected: null, buyPurchaseCodeStatus: { minGrade: 2, minOwnHolding: null, minPerformance: '10000', minDirectInvites: 3 } },
};

function edited(change: (form: PlanForm) => void): ReturnType<typeof toPlanDocument> {
  const form = planFormOf(served);
  change(form);
  return toPlanDocument(form);
}
function errorsOf(change: (form: PlanForm) => void) {
  const mapped = edited(change);
  if (mapped.ok) throw new Error('expected errors');
  return mapped.errors;
}

describe('plan form', () => {
  it('opens the version in force as text and saves it back unchanged', () => {
    const form = planFormOf(served);
    expect(form.directPercent).toBe('10');
    expect(form.sponsorshipAmount).toBe('5');
    expect(form.generations).toEqual([
      { generation: '2', percent: '5', minGrade: '0' },
      { generation: '3', percent: '3', minGrade: '1' },
      { generation: '4', percent: '2', minGrade: '2' },
      { generation: '5', percent: '1', minGrade: '3' },
    ]);
    expect(form.grades[1]).toEqual({
      grade: 2,
      isSet: true,
      minOwnHolding: '500',
      minPerformance: '10000',
      minSmallZone: '3000',
      directGrade: '1',
      directCount: '2',
    });
    expect(form.grades[0]!.directGrade).toBe('');
    expect(form.flagRules.protected.isSet).toBe(false);
    expect(form.flagRules.buyPurchaseCodeStatus).toEqual({ isSet: true, minGrade: '2', minOwnHolding: '', minPerformance: '10000', minDirectInvites: '3' });
    const mapped = toPlanDocument(form);
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(planDocument.parse(mapped.document)).toEqual(mapped.document);
    expect(planChanges(served, mapped.document)).toEqual([]);
    expect(mapped.document.flagRules).toEqual(served.flagRules);
    expect(mapped.document.grades).toEqual(defaultPlan.grades);
  });

  it('lists a changed rate, an added and a removed generation, a grade threshold and a new flag rule, in the editor order', () => {
    const mapped = edited((f) => {
      f.directPercent = '6';
      f.generations[0]!.percent = '4.5';
      f.generations.splice(3, 1); // generation 5 removed
      f.generations.push({ generation: '6', percent: '0.5', minGrade: '4' });
      f.grades[2]!.minOwnHolding = '1200';
      f.flagRules.protected = { isSet: true, minGrade: '', minOwnHolding: '100', minPerformance: '', minDirectInvites: '' };
      f.capsCountAgainstHoldings = false;
    });
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    const changes = planChanges(served, mapped.document).map((c) => [c.label, c.params ?? null, c.before, c.after]);
    expect(changes).toEqual([
      ['gradeMinOwnHolding', { grade: 3 }, '1000', '1200'],
      ['directPercent', null, '10', '6'],
      ['generationPercent', { generation: 2 }, '5', '4.5'],
      ['generationPercent', { generation: 6 }, null, '0.5'],
      ['generationMinGrade', { generation: 6 }, null, '4'],
      ['capsCountAgainstHoldings', null, 'true', 'false'],
      ['protected.minOwnHolding', null, null, '100'],
      ['generationPercent', { generation: 5 }, '1', null],
      ['generationMinGrade', { generation: 5 }, '3', null],
    ]);
  });

  it('names the field at fault with its own message', () => {
    expect(
      errorsOf((f) => {
        f.directPercent = '5%';
        f.buyMatchingPercent = '100.5';
        f.sponsorshipAmount = '-1';
        f.managerDepth = '1001';
        f.generations[1]!.generation = '2';
        f.generations[2]!.minGrade = '6';
        f.rankingShares[0] = '80';
      }),
    ).toEqual({
      directPercent: { key: 'percent' },
      buyMatchingPercent: { key: 'percentOver100' },
      sponsorshipAmount: { key: 'points' },
      managerDepth: { key: 'integer', params: { min: 0, max: 1000 } },
      'generations.1.generation': { key: 'generationTwice' },
      'generations.2.minGrade': { key: 'integer', params: { min: 0, max: 5 } },
      rankingShares: { key: 'sharesOver100' },
    });
  });

  it('checks the grade ladder, the direct-invite pair and empty flag rules', () => {
    expect(
      errorsOf((f) => {
        f.grades[3]!.minPerformance = '100';
        f.grades[1]!.directCount = '';
        f.flagRules.protected = { isSet: true, minGrade: '', minOwnHolding: '', minPerformance: '', minDirectInvites: '' };
        f.flagRules.buyPurchaseCodeStatus.minGrade = '0';
      }),
    ).toEqual({
      'grades.3.minPerformance': { key: 'gradeAsksLess', params: { grade: 3 } },
      'grades.1.directCount': { key: 'directPair' },
      'flagRules.protected': { key: 'ruleEmpty' },
      'flagRules.buyPurchaseCodeStatus.minGrade': { key: 'integer', params: { min: 1, max: 5 } },
    });
    // A grade left out of the plan is not compared, and no one can reach it.
    const mapped = edited((f) => {
      f.grades[4]!.isSet = false;
      f.gradeRates[4]!.isSet = false;
    });
    expect(mapped.ok && mapped.document.grades.map((g) => g.grade)).toEqual([1, 2, 3, 4]);
    expect(
      mapped.ok &&
        planChanges(served, mapped.document)
          .filter((c) => c.params?.grade === 5)
          .every((c) => c.after === null),
    ).toBe(true);
  });

  it('maps the contract schema paths to form paths and form paths to sections', () => {
    const doc = { grades: [{ grade: 2 }], gradeRates: [{ grade: 4 }] };
    expect(formPathOf(['directBonus', 'percent'], doc)).toBe('directPercent');
    expect(formPathOf(['algebraicBonus', 'generations', 1, 'percent'], doc)).toBe('generations.1.percent');
    expect(formPathOf(['grades', 0, 'minDirectOfGrade', 'count'], doc)).toBe('grades.1.directCount');
    expect(formPathOf(['gradeRates', 0, 'managerPercent'], doc)).toBe('gradeRates.3.managerPercent');
    expect(formPathOf(['rankingBonus', 'shares', 2], doc)).toBe('rankingShares.2');
    expect(formPathOf(['flagRules', 'protected', 'minGrade'], doc)).toBe('flagRules.protected.minGrade');
    expect(sectionOf('generations.1.percent')).toBe('algebraic');
    expect(sectionOf('grades.0.minOwnHolding')).toBe('grades');
    expect(sectionOf('flagRules.protected')).toBe('flagRules');
    expect(sectionOf('rankingShares')).toBe('ranking');
  });

  it('compares percents and points exactly, to the last place', () => {
    // 100 % is allowed, a ten-thousandth more is not; shares of exactly 100 % pass, 0.0001 more does not.
    expect(edited((f) => (f.buyMatchingPercent = '100')).ok).toBe(true);
    expect(errorsOf((f) => (f.buyMatchingPercent = '100.0001'))).toEqual({ buyMatchingPercent: { key: 'percentOver100' } });
    expect(edited((f) => (f.rankingShares = ['40', '25', '15', '10', '10'])).ok).toBe(true);
    expect(errorsOf((f) => (f.rankingShares = ['40.0001', '25', '15', '10', '10']))).toEqual({ rankingShares: { key: 'sharesOver100' } });
    // A grade asking one millionth of a point less than the grade below it is caught.
    expect(errorsOf((f) => ((f.grades[2]!.minPerformance = '10000.000001'), (f.grades[3]!.minPerformance = '10000')))).toEqual({
      'grades.3.minPerformance': { key: 'gradeAsksLess', params: { grade: 3 } },
    });
    expect(edited((f) => ((f.grades[2]!.minPerformance = '10000.000001'), (f.grades[3]!.minPerformance = '10000.000001'))).ok).toBe(true);
  });

  it('shows fixed-scale decimals as staff type them', () => {
    expect(trimDecimal('2.500000')).toBe('2.5');
    expect(trimDecimal('100')).toBe('100');
  });
});
