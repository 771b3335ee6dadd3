/**
 * The two databases the one query layer runs on. A file of its own so the migrations, which
 * db/index.ts imports, can name it without importing db/index.ts back (decision 044).
 */
export type Dialect = 'sqlite' | 'postgres';
