import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The staff member search reads a name prefix as a range of the user_name_key index (decision
 * 048): `key >= prefix and key < prefix || U+10FFFF`. That range holds exactly the keys starting
 * with the prefix only in code-point (byte) order. SQLite compares text bytewise (BINARY); on
 * PostgreSQL the column takes the "C" collation, so its unique index, the range and the search's
 * ORDER BY all follow byte order whatever the database's default collation (under en_US, say,
 * '.', '-' and '_' weigh nothing at the first level and a range would miss or add names). Keys are
 * lower-cased [a-z0-9_.-] (the user name rules), where byte order and alphabetical order agree.
 */
export function memberSearchKey(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`alter table users alter column user_name_key type text collate "C"`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`alter table users alter column user_name_key type text collate "default"`.execute(db);
    },
  };
}
