// A module of its own, free of the database drivers, so config.ts reads it without loading them.
/**
 * How long the server waits on its database (decision 036). Every wait is bounded, so a database
 * that hangs, restarts or fails over costs a request a 503 within its budget, never the process.
 */
export interface DbTimeouts {
  /** Opening a PostgreSQL connection, and waiting for a free one in the pool (DB_CONNECT_TIMEOUT_MS). */
  connectMs: number;
  /** One PostgreSQL statement, ended by the server past this (DB_STATEMENT_TIMEOUT_MS); the client
   * gives up 2 s later, so a link that holds packets cannot hold a request either. */
  statementMs: number;
  /** A PostgreSQL session idle inside a transaction this long is ended by the server, its work
   * rolled back (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS): a cut client never holds locks for long. */
  idleInTransactionMs: number;
  /** SQLite waits this long for another connection's lock before SQLITE_BUSY (SQLITE_BUSY_TIMEOUT_MS). */
  sqliteBusyMs: number;
}

export const defaultDbTimeouts: DbTimeouts = { connectMs: 5_000, statementMs: 10_000, idleInTransactionMs: 15_000, sqliteBusyMs: 5_000 };
