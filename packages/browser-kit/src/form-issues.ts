/** Zod issues as field errors, without importing zod (its schemas come from the pages). */
export interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}
export interface SafeParser<Out> {
  safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: ReadonlyArray<Issue> } };
}

/** The first issue of each top-level field, as its message key. */
export function issuesByField(issues: ReadonlyArray<Issue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && out[field] === undefined) out[field] = issue.message;
  }
  return out;
}
