/**
 * Runs a money movement that starts with a ledger transfer keyed by a request id. When two first
 * tries with the same id race, the loser's insert hits the unique index and its transaction rolls
 * back whole; running it once more finds the winner's transfer and returns the first result.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key/i.test(e.message ?? '');
}

export async function onceAfterRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return work();
  }
}
