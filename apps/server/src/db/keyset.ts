/**
 * Keyset paging, written once so no list pages its own way (docs/decisions/052-one-keyset-paging-helper.md).
 * Every list of the server pages the same way: newest first (or by name) on a set of sort columns
 * whose last one is unique, the next page being the rows strictly after the last one shown. This
 * file owns the three parts of that:
 *
 * - the cursor: one opaque format, `k1:<value>:<value>…:<check>`. `k1` is the version; an
 *   integer is written in base 36, an id as it is (`[\w-]`, a UUID), a text in base64url; the
 *   check is 8 base64url characters of SHA-256 over the list's name and the values. The check is
 *   no signature (anyone can compute it, and nothing relies on it for access: every list is still
 *   scoped by its own filters); it makes a cursor from another list, an edited one, or one of an
 *   older format a refusal with one answer instead of a silent jump to some other position.
 * - the condition: `(a, b) < (?, ?)`, a row-value comparison both SQLite and PostgreSQL read as
 *   a range on the index whose trailing columns are the sort columns (the OR-expanded form it
 *   replaces is not an index range on PostgreSQL).
 * - the page: ordered by the sort columns, pageSize + 1 rows fetched, `{ items, nextCursor }`.
 *
 * A cursor the helper cannot read is refused as `request.invalid` on the field `cursor` with
 * `validation.cursorInvalid` (HTTP 200, code 9001: the same answer the contract gives a cursor
 * too long or with a foreign character), never a 500, and never read as "the first page".
 */
import crypto from 'node:crypto';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { cursorCharsMax } from '@pp/contract';
import { AppError } from '../errors.ts';

const bigintColumnMax = 2n ** 63n - 1n;
const version = 'k1';
const checkChars = 8;
const idPattern = /^[\w-]{1,64}$/;
const intPattern = /^(0|[1-9a-z][0-9a-z]{0,12})$/;
const textPattern = /^[\w-]{1,88}$/;

/**
 * How a sort column is written into the cursor: `int` a non-negative 64-bit integer (a time in
 * ms, a seq, a 0/1 flag), `id` a row id of `[\w-]` (UUIDs), `text` any other string.
 */
export type KeyKind = 'int' | 'id' | 'text';
export type KeyValue = bigint | string;

export interface KeyColumn {
  /** The column as the query names it, e.g. `t.created_at`. */
  readonly column: string;
  readonly kind: KeyKind;
  /** Its name in a fetched row when that is not the column's own (`created_at` of `t.created_at`). */
  readonly field?: string;
}

export interface Keyset {
  /** The list's name, part of the cursor's check: a cursor of one list is refused by another. */
  readonly list: string;
  /** The sort columns, most significant first; together (the last one alone, usually) unique. */
  readonly keys: readonly KeyColumn[];
  /** Newest (largest) first unless `asc`. */
  readonly direction?: 'desc' | 'asc';
  /** The request field that carries the cursor, named in a refusal; `cursor` unless said. */
  readonly field?: string;
}

export interface KeysetPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

export function cursorInvalid(field = 'cursor'): AppError {
  return new AppError('request.invalid', undefined, field, 'validation.cursorInvalid');
}

function checkOf(list: string, body: string): string {
  return crypto.createHash('sha256').update(`${list}\n${body}`).digest('base64url').slice(0, checkChars);
}

function encodeValue(kind: KeyKind, value: unknown): string {
  if (kind === 'int') {
    const n =
      typeof value === 'bigint'
        ? value
        : typeof value === 'number' && Number.isSafeInteger(value)
          ? BigInt(value)
          : typeof value === 'string' && /^\d+$/.test(value)
            ? BigInt(value)
            : null;
    // A sort value the database gave us that is not a non-negative integer is a programmer error.
    if (n === null || n < 0n || n > bigintColumnMax) throw new Error(`keyset: an int sort value out of range: ${String(value)}`);
    return n.toString(36);
  }
  if (typeof value !== 'string') throw new Error(`keyset: a ${kind} sort value that is not a string: ${String(value)}`);
  if (kind === 'id') {
    if (!idPattern.test(value)) throw new Error(`keyset: an id sort value with characters a cursor does not carry: ${value}`);
    return value;
  }
  return Buffer.from(value, 'utf8').toString('base64url');
}

function decodeValue(kind: KeyKind, part: string): KeyValue | null {
  if (kind === 'int') {
    if (!intPattern.test(part)) return null;
    let n = 0n;
    for (const ch of part) n = n * 36n + BigInt(Number.parseInt(ch, 36));
    return n <= bigintColumnMax ? n : null;
  }
  if (kind === 'id') return idPattern.test(part) ? part : null;
  if (!textPattern.test(part)) return null;
  const text = Buffer.from(part, 'base64url').toString('utf8');
  // Only the canonical spelling: what decodes must encode back to the same characters.
  return Buffer.from(text, 'utf8').toString('base64url') === part ? text : null;
}

/** The cursor of a row's sort values (in the keyset's column order). */
export function encodeCursor(keyset: Keyset, values: readonly unknown[]): string {
  if (values.length !== keyset.keys.length) throw new Error(`keyset ${keyset.list}: ${values.length} values for ${keyset.keys.length} columns`);
  const body = [version, ...keyset.keys.map((k, i) => encodeValue(k.kind, values[i]))].join(':');
  const cursor = `${body}:${checkOf(keyset.list, body)}`;
  // The contract refuses a longer cursor, so a list must never hand one out.
  if (cursor.length > cursorCharsMax) throw new Error(`keyset ${keyset.list}: a cursor of ${cursor.length} characters, over ${cursorCharsMax}`);
  return cursor;
}

/**
 * The sort values of a cursor, or null for none (absent or empty: the first page). Anything else
 * that is not a cursor this list made in this format is refused with `cursorInvalid()`.
 */
export function decodeCursor(keyset: Keyset, cursor: string | undefined | null): KeyValue[] | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  const refused = () => cursorInvalid(keyset.field);
  if (cursor.length > cursorCharsMax) throw refused();
  const parts = cursor.split(':');
  if (parts.length !== keyset.keys.length + 2 || parts[0] !== version) throw refused();
  const check = parts.pop()!;
  if (check !== checkOf(keyset.list, parts.join(':'))) throw refused();
  const values = keyset.keys.map((k, i) => decodeValue(k.kind, parts[i + 1]!));
  if (values.some((v) => v === null)) throw refused();
  return values as KeyValue[];
}

function fieldOf(key: KeyColumn): string {
  return key.field ?? key.column.slice(key.column.lastIndexOf('.') + 1);
}

/** The keyset most lists use: a time in ms, then the row id to break ties; newest first. */
export function newestFirst(list: string, time = 'created_at', id = 'id'): Keyset {
  return {
    list,
    keys: [
      { column: time, kind: 'int' },
      { column: id, kind: 'id' },
    ],
  };
}

/** The cursor that continues after `row`. */
export function cursorAfter(keyset: Keyset, row: object): string {
  return encodeCursor(
    keyset,
    keyset.keys.map((k) => {
      const field = fieldOf(k);
      if (!(field in row)) throw new Error(`keyset ${keyset.list}: the query does not select ${field}`);
      return (row as Record<string, unknown>)[field];
    }),
  );
}

/** Rows strictly after the position `after` in the keyset's order: `(a, b) < (?, ?)` (or `>`). */
export function keysetCondition(keyset: Keyset, after: readonly KeyValue[]): RawBuilder<SqlBool> {
  const refs = keyset.keys.map((k) => sql.ref(k.column));
  const values = after.map((v) => sql`${v}`);
  const op = sql.raw((keyset.direction ?? 'desc') === 'desc' ? '<' : '>');
  return refs.length === 1 ? sql<SqlBool>`${refs[0]} ${op} ${values[0]}` : sql<SqlBool>`(${sql.join(refs)}) ${op} (${sql.join(values)})`;
}

/**
 * One page of `query` (its filters and joins; no order and no limit of its own): ordered by the
 * keyset, after the cursor's position, pageSize + 1 rows read to know whether more follow.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends object>(
  query: SelectQueryBuilder<DB, TB, Row>,
  keyset: Keyset,
  cursor: string | undefined | null,
  pageSize: number,
): Promise<KeysetPage<Row>> {
  const after = decodeCursor(keyset, cursor);
  const direction = keyset.direction ?? 'desc';
  let q = query;
  if (after) q = q.where(keysetCondition(keyset, after));
  for (const k of keyset.keys) q = q.orderBy(sql.ref(k.column), direction);
  const rows = await q.limit(pageSize + 1).execute();
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > pageSize && last ? cursorAfter(keyset, last) : null };
}
