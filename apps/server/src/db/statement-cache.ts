/**
 * Prepared statements kept between queries on SQLite. Kysely's SQLite driver calls
 * `database.prepare(sql)` for every query, and better-sqlite3 compiles the SQL anew each time:
 * on a plain read that compilation was 13% of the server's CPU (the bench server's CPU profile,
 * docs/decisions/018-envelope-cost.md). Kysely builds
 * the same SQL text for the same query shape, so the compiled statement is kept by its text.
 *
 * Safe to reuse because Kysely runs one query at a time on its single SQLite connection (its
 * connection mutex), and `all`/`run` finish before the next query starts. A statement compiled
 * before a schema change is recompiled by SQLite itself when it next runs.
 * At most `capacity` statements are kept; the least recently used one is dropped first, so SQL
 * whose text varies (an IN list of varying length) cannot grow the cache without bound.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const statementCacheCapacity = 500;

export function withStatementCache(database: SQLite.Database, capacity = statementCacheCapacity): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql) as unknown as SqliteStatement;
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
