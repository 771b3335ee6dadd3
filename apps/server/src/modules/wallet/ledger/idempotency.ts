/**
 * A unique-key clash on either database: the loser of a race to insert a row that may exist once
 * (a claim on a holding, a chain transaction used once, a destination added twice).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key/i.test(e.message ?? '');
}
