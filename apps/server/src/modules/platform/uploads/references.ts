/**
 * Where upload ids are kept (decision 054). A module that stores an upload's id in a column of
 * its own registers that column here when it is built at the composition root; the uploads
 * cleanup keeps every upload a registered column names. The candidate select and the delete's
 * re-check both read this one list, so they cannot drift apart again (the delete once forgot the
 * content images the select kept). Banners name their image inside JSON, so content keeps the
 * id in a column of its own (`content_images`) and registers that.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** The text columns of a table: an upload id is a text (UUID) column. */
type TextColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: Database[T][C] extends string | null ? C : never;
}[keyof Database[T]] &
  string;

export interface UploadReference<T extends keyof Database = keyof Database> {
  /** Who keeps the file, for a reader of the registry: `deposits.receipt`, `content.image`, ... */
  name: string;
  table: T;
  /** Each column holds one upload id or null. */
  columns: ReadonlyArray<TextColumn<T>>;
}

/** What the registry holds: the table and column names, no longer tied to their types. */
export interface RegisteredUploadReference {
  name: string;
  table: string;
  columns: readonly string[];
}

export class UploadReferences {
  private readonly list: RegisteredUploadReference[] = [];

  /** Registers a column that keeps an upload; the same table and column twice is a wiring mistake. */
  register<T extends keyof Database>(reference: UploadReference<T>): void {
    for (const column of reference.columns) {
      const taken = this.list.find((r) => r.table === reference.table && r.columns.includes(column));
      if (taken) throw new Error(`upload reference ${reference.table}.${column} registered twice (${taken.name}, ${reference.name})`);
    }
    if (reference.columns.length === 0) throw new Error(`upload reference ${reference.name} names no column`);
    this.list.push({ name: reference.name, table: reference.table, columns: [...reference.columns] });
  }

  all(): readonly RegisteredUploadReference[] {
    return this.list;
  }

  /**
   * True for an `uploads` row no registered column names: one `not exists` per column (each can
   * use that column's index), correlated to `uploads.id`, so the same condition serves the
   * cleanup's select and the delete that re-checks it in one statement.
   */
  unreferenced(): Expression<SqlBool> {
    const conditions = this.list.flatMap((r) =>
      r.columns.map(
        (column) => sql<SqlBool>`not exists (select 1 from ${sql.table(r.table)} where ${sql.ref(`${r.table}.${column}`)} = ${sql.ref('uploads.id')})`,
      ),
    );
    return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
  }
}
