import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * PostgreSQL only: drops ledger_post(), the one-round-trip form of a standalone transfer. A
 * transfer now has one write path, the rules of ledger/rules.ts asked inside a transaction
 * (docs/decisions/075-ledger-pure-core.md); the function had no caller left, and a second copy of
 * the balance check in PL/pgSQL could only drift from the first.
 */
export function dropLedgerPost(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists ledger_post(text, text, text, text, text, bigint, text, text, boolean, text, bigint)`.execute(db);
    },
  };
}
