/**
 * What both apps' locale tests check (apps/{web,admin}/src/locales/locales.test.ts): a locale has
 * exactly the keys of the source locale, each a non-empty text with the same {{placeholders}}.
 * Pure functions, so the tests say what they expect and this module needs no test runner.
 */

/** Every leaf of a locale tree as "a.b.c" -> value. */
export function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

/** How `locale` differs from `source`: keys missing or extra, leaves that are not text, empty, or with other placeholders. Empty when it has the same shape. */
export function localeShapeProblems(locale: unknown, source: unknown): string[] {
  const have = leaves(locale);
  const want = leaves(source);
  const problems: string[] = [];
  for (const key of want.keys()) if (!have.has(key)) problems.push(`missing ${key}`);
  for (const [key, text] of have) {
    if (!want.has(key)) problems.push(`extra ${key}`);
    else if (typeof text !== 'string') problems.push(`not a text: ${key}`);
    else if (text.trim() === '') problems.push(`empty: ${key}`);
    else if (placeholders(text).join(',') !== placeholders(want.get(key)).join(','))
      problems.push(`placeholders of ${key}: ${placeholders(text).join(',')} instead of ${placeholders(want.get(key)).join(',')}`);
  }
  return problems;
}
