import { describe, expect, it } from 'vitest';
import { leaves, localeShapeProblems } from './locale-shape';

describe('locale shape', () => {
  const source = { a: { b: 'Hello {{name}}', c: 'Bye' }, d: 'x' };

  it('finds nothing wrong with a locale of the same shape', () => {
    expect(localeShapeProblems({ a: { b: '你好 {{ name }}', c: '再见' }, d: 'y' }, source)).toEqual([]);
    expect([...leaves(source).keys()]).toEqual(['a.b', 'a.c', 'd']);
  });

  it('names missing and extra keys, non-texts, empty texts and other placeholders', () => {
    expect(localeShapeProblems({ a: { b: 'Hallo {{who}}', c: ' ' }, e: 'z', d: 3 }, source)).toEqual([
      'placeholders of a.b: who instead of name',
      'empty: a.c',
      'extra e',
      'not a text: d',
    ]);
    expect(localeShapeProblems({ a: {} }, source)).toEqual(['missing a.b', 'missing a.c', 'missing d']);
  });
});
