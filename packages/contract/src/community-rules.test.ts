// Proves the grade rules of spec section 3 that both apps show: every level has its name, unknown levels have none, and the nobility names follow the country.
import { describe, expect, it } from 'vitest';
import { gradeKeyOf, gradeKeyOrNull, gradeLevels, gradeNameSetOf } from './community-rules';

describe('grades', () => {
  it('names -1 and 0 regular and 1 to 5 as the spec says', () => {
    expect(gradeLevels.map(gradeKeyOrNull)).toEqual(['regular', 'regular', 'retail', 'store', 'supplier', 'regionalAgent', 'generalAgent']);
    expect(gradeLevels.map(gradeKeyOf)).toEqual(gradeLevels.map(gradeKeyOrNull));
  });
  it('has no name for a level outside the range or not a whole number', () => {
    for (const level of [6, -2, 2.5, Number.NaN]) expect(gradeKeyOrNull(level)).toBeNull();
  });
  it('takes the nearest grade where a name must be shown', () => {
    expect(gradeKeyOf(9)).toBe('generalAgent');
    expect(gradeKeyOf(-7)).toBe('regular');
  });
  it('shows the business names in CN only', () => {
    expect(gradeNameSetOf('cn')).toBe('business');
    expect(gradeNameSetOf('ID')).toBe('nobility');
  });
});
