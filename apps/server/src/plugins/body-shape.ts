/**
 * Checks every request body has a shape no endpoint could mind, before its schema runs: no text
 * with a NUL character (PostgreSQL's text cannot hold one, so it would fail in the database, not
 * in validation; no field of ours needs it) and no nesting deeper than `bodyDepthMax` (a body of
 * a million brackets would otherwise reach recursive code such as JSON.stringify of an audit
 * row and overflow the stack). Iterative, so the check itself cannot overflow.
 */
export const bodyDepthMax = 32;

export function bodyShapeProblem(body: unknown): 'nul' | 'depth' | null {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= bodyDepthMax) return 'depth';
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'nul';
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}
