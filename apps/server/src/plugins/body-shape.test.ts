// Proves the body shape check: NUL characters in any text or key and nesting past the limit are
// found at any depth, ordinary bodies pass, and a body far deeper than the stack is no problem.
import { describe, expect, it } from 'vitest';
import { bodyDepthMax, bodyShapeProblem } from './body-shape.ts';

const nestedArray = (depth: number) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown;
const nestedObject = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;

describe('bodyShapeProblem', () => {
  it('passes ordinary bodies', () => {
    for (const body of [{}, { a: 'text', b: [1, 2, { c: null }], d: true }, { value: [{ exchangeType: 'A_B', rate: '1' }] }, { emoji: '😀', rtl: '\u202e' }]) {
      expect(bodyShapeProblem(body)).toBeNull();
    }
    expect(bodyShapeProblem(nestedArray(bodyDepthMax - 1))).toBeNull();
  });

  it('finds a NUL in a value or a key, however deep', () => {
    expect(bodyShapeProblem({ a: 'x\u0000y' })).toEqual({ problem: 'nul', field: 'a' });
    expect(bodyShapeProblem({ a: [{ b: ['ok', '\u0000'] }] })).toEqual({ problem: 'nul', field: 'a' });
    expect(bodyShapeProblem({ 'k\u0000': 1 })).toEqual({ problem: 'nul', field: undefined });
  });

  it('refuses nesting past the limit, also far past the stack', () => {
    expect(bodyShapeProblem(nestedArray(bodyDepthMax + 1))?.problem).toBe('depth');
    expect(bodyShapeProblem(nestedObject(bodyDepthMax + 1))?.problem).toBe('depth');
    expect(bodyShapeProblem({ a: nestedArray(200_000) })).toEqual({ problem: 'depth', field: 'a' });
    expect(bodyShapeProblem({ a: nestedObject(200_000) })?.problem).toBe('depth');
  });
});
