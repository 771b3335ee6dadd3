/**
 * Checks every request body has a shape no endpoint could mind, before its schema runs: no text
 * with a NUL character (PostgreSQL's text cannot hold one, so it would fail in the database, not
 * in validation; no field of ours needs it) and no nesting deeper than `bodyDepthMax` (a body of
 * a million brackets would otherwise reach recursive code such as JSON.stringify of an audit
 * row and overflow the stack). Iterative, so the check itself cannot overflow.
 */
export const bodyDepthMax = 32;

export interface BodyShapeProblem {
  problem: 'nul' | 'depth';
  /** The top-level field the problem is under (the form shows the error there), if any. */
  field?: string;
}

export function bodyShapeProblem(body: unknown): BodyShapeProblem | null {
  const stack: Array<[unknown, number, string | undefined]> = [[body, 0, undefined]];
  while (stack.length > 0) {
    const [value, depth, field] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { problem: 'nul', field };
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= bodyDepthMax) return { problem: 'depth', field };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return { problem: 'nul', field };
        stack.push([child, depth + 1, field ?? key]);
      }
    }
  }
  return null;
}
