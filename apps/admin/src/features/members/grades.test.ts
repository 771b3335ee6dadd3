// Proves every grade level of the spec has its name and nothing else does.
import { describe, expect, it } from 'vitest';
import { gradeLevels, gradeName } from './grades';

describe('gradeName', () => {
  it('names -1 and 0 regular and 1..5 as the spec says', () => {
    expect(gradeLevels.map(gradeName)).toEqual(['regular', 'regular', 'retail', 'store', 'supplier', 'regionalAgent', 'generalAgent']);
  });
  it('has no name for unknown levels', () => {
    expect(gradeName(6)).toBeNull();
    expect(gradeName(-2)).toBeNull();
  });
});
