import type { Kysely, Migration } from 'kysely';

/** Placeholder: filled in when these writes move to the request log (db/once.ts). */
export function paymentKeysToRequestLog(): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
