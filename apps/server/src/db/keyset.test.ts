// The one keyset helper: its cursor survives a round trip and refuses everything else with the cursor error; its pages walk a table with ties once.
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { cursorCharsMax, cursorInput } from '@pp/contract';
import { AppError } from '../errors.ts';
import { cursorAfter, decodeCursor, encodeCursor, keysetCondition, keysetPage, type Keyset, type KeysetPage } from './keyset.ts';

const byTime: Keyset = {
  list: 'test.byTime',
  keys: [
    { column: 't.created_at', kind: 'int' },
    { column: 't.id', kind: 'id' },
  ],
};
const uuid = '0190f3a1-7c2e-7a11-8b3c-1234567890ab';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e instanceof AppError ? { key: e.key, field: e.field, validation: e.validation } : e;
  }
  return 'accepted';
}
const cursorError = { key: 'request.invalid', field: 'cursor', validation: 'validation.cursorInvalid' };

describe('the cursor', () => {
  it('round-trips every kind, and reads nothing as the first page', () => {
    const ks: Keyset = {
      list: 'test.all',
      keys: [
        { column: 'a', kind: 'int' },
        { column: 'b', kind: 'text' },
        { column: 'c', kind: 'id' },
      ],
    };
    for (const values of [
      [0n, 'a', 'x'],
      [1_700_000_000_000n, 'bob.smith-1_x', uuid],
      [2n ** 63n - 1n, '名前 with : and spaces', 'Z'],
    ] as const) {
      const cursor = encodeCursor(ks, values);
      expect(cursor).toMatch(/^k1:/);
      expect(decodeCursor(ks, cursor)).toEqual(values);
    }
    expect(decodeCursor(ks, undefined)).toBeNull();
    expect(decodeCursor(ks, '')).toBeNull();
    // Numbers and digit strings as the drivers give them encode as the same bigint.
    expect(encodeCursor(byTime, [1234, uuid])).toBe(encodeCursor(byTime, [1234n, uuid]));
    expect(encodeCursor(byTime, ['1234', uuid])).toBe(encodeCursor(byTime, [1234n, uuid]));
  });

  it('is what the contract accepts, even at its longest (a time and two UUIDs)', () => {
    const ks: Keyset = {
      list: 'packages.jackpotRecords',
      keys: [
        { column: 'a', kind: 'int' },
        { column: 'b', kind: 'id' },
        { column: 'c', kind: 'id' },
      ],
    };
    const cursor = encodeCursor(ks, [2n ** 63n - 1n, uuid, uuid]);
    expect(cursor.length).toBeLessThanOrEqual(cursorCharsMax);
    expect(cursorInput.parse(cursor)).toBe(cursor);
    expect(cursorInput.parse(encodeCursor({ list: 'x', keys: [{ column: 'n', kind: 'text' }] }, ['ünïcødé name']))).toBeTruthy();
  });

  it('refuses a malformed cursor with the cursor error, never as a first page', () => {
    const good = encodeCursor(byTime, [1_700_000_000_000n, uuid]);
    for (const bad of [
      'x',
      '0',
      '0:0',
      `1700000000000:${uuid}`,
      'k1',
      'k1::',
      `${good}:extra`,
      good.replace(/^k1/, 'k2'),
      good.toUpperCase(),
      '😀',
      'a b',
      "1' or '1'='1",
    ]) {
      expect(
        refusal(() => decodeCursor(byTime, bad)),
        bad,
      ).toEqual(cursorError);
    }
  });

  it('refuses an oversized cursor before reading it', () => {
    expect(refusal(() => decodeCursor(byTime, `k1:${'9'.repeat(200)}`))).toEqual(cursorError);
    expect(refusal(() => decodeCursor(byTime, 'x'.repeat(cursorCharsMax + 1)))).toEqual(cursorError);
  });

  it('refuses a tampered cursor: any value or the check edited', () => {
    const good = encodeCursor(byTime, [1_700_000_000_000n, uuid]);
    const [v, at, id, check] = good.split(':') as [string, string, string, string];
    for (const bad of [
      [v, 'zzzzzzzzz', id, check],
      [v, at, id.replace('a', 'b'), check],
      [v, at, id, check.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
      [v, `0${at}`, id, check],
    ]) {
      expect(
        refusal(() => decodeCursor(byTime, bad.join(':'))),
        bad.join(':'),
      ).toEqual(cursorError);
    }
  });

  it('refuses a cursor of another list, even of the same shape', () => {
    const other: Keyset = { list: 'test.other', keys: byTime.keys };
    const threeKeys: Keyset = { list: 'test.byTime', keys: [...byTime.keys, { column: 'x', kind: 'id' }] };
    const cursor = encodeCursor(other, [5n, uuid]);
    expect(refusal(() => decodeCursor(byTime, cursor))).toEqual(cursorError);
    expect(refusal(() => decodeCursor(threeKeys, encodeCursor(byTime, [5n, uuid])))).toEqual(cursorError);
  });

  it('refuses an int past a bigint column and a text not in canonical base64url, even with a right check', () => {
    // The check computed as the helper does: these cursors fail on their values, not on it.
    const checked = (list: string, body: string) => `${body}:${crypto.createHash('sha256').update(`${list}\n${body}`).digest('base64url').slice(0, 8)}`;
    expect(decodeCursor(byTime, checked('test.byTime', `k1:${(2n ** 63n - 1n).toString(36)}:a`))).toEqual([2n ** 63n - 1n, 'a']);
    expect(refusal(() => decodeCursor(byTime, checked('test.byTime', `k1:${(2n ** 63n).toString(36)}:a`)))).toEqual(cursorError);
    expect(refusal(() => decodeCursor(byTime, checked('test.byTime', 'k1:zzzzzzzzzzzzz:a')))).toEqual(cursorError);
    expect(refusal(() => decodeCursor(byTime, checked('test.byTime', 'k1:01:a')))).toEqual(cursorError);
    const text: Keyset = { list: 't', keys: [{ column: 'n', kind: 'text' }] };
    expect(decodeCursor(text, checked('t', 'k1:YQ'))).toEqual(['a']);
    expect(refusal(() => decodeCursor(text, checked('t', 'k1:YR')))).toEqual(cursorError);
  });

  it('treats a sort value it cannot carry as a programmer error', () => {
    expect(() => encodeCursor(byTime, [-1n, uuid])).toThrow(/out of range/);
    expect(() => encodeCursor(byTime, [1n, 'a:b'])).toThrow(/characters/);
    expect(() => encodeCursor(byTime, [1n])).toThrow(/1 values for 2 columns/);
    expect(() => encodeCursor({ list: 'x', keys: [{ column: 'n', kind: 'text' }] }, ['n'.repeat(80)])).toThrow(/over 100/);
    expect(() => cursorAfter(byTime, { created_at: 1n })).toThrow(/does not select id/);
  });
});

describe('keysetPage on SQLite', () => {
  interface Db {
    t: { id: string; created_at: bigint; member: string };
  }
  const raw = new SQLite(':memory:');
  raw.defaultSafeIntegers(true);
  let last: { sql: string; parameters: readonly unknown[] } | null = null;
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: raw }),
    log: (event) => {
      if (event.level === 'query') last = event.query;
    },
  });
  const ofMember = () => db.selectFrom('t').select(['t.id', 't.created_at']).where('t.member', '=', 'm');
  afterAll(() => db.destroy());

  it('walks every row once, newest first, across ties in the time and a filter', async () => {
    await db.schema
      .createTable('t')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'integer')
      .addColumn('member', 'text')
      .execute();
    await db.schema.createIndex('t_member_created').on('t').columns(['member', 'created_at', 'id']).execute();
    // 23 rows over 5 distinct times, so most pages end inside a run of equal times.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: `id-${String(i).padStart(2, '0')}`,
      created_at: BigInt(1000 + (i % 5)),
      member: i % 7 === 0 ? 'other' : 'm',
    }));
    await db.insertInto('t').values(rows).execute();
    const expected = rows
      .filter((r) => r.member === 'm')
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
      .map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: KeysetPage<{ id: string; created_at: bigint }> = await keysetPage(ofMember(), byTime, cursor, 4);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 4));

    const ascending: Keyset = { ...byTime, list: 'test.byTimeAscending', direction: 'asc' };
    const first = await keysetPage(ofMember(), ascending, null, 3);
    const second = await keysetPage(ofMember(), ascending, first.nextCursor, 3);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual([...expected].reverse().slice(0, 6));
    // A cursor of the descending list is not one of the ascending list.
    await expect(keysetPage(ofMember(), ascending, encodeCursor(byTime, [1002n, 'id-07']), 3)).rejects.toBeInstanceOf(AppError);
  });

  it('reads the page as a range of the index (a row-value comparison, not an OR)', async () => {
    await keysetPage(ofMember(), byTime, encodeCursor(byTime, [1002n, 'id-07']), 4);
    const text = last!.sql;
    expect(text).toContain('("t"."created_at", "t"."id") < (?, ?)');
    expect(text).toContain('order by "t"."created_at" desc, "t"."id" desc limit ?');
    expect(last!.parameters).toEqual(['m', 1002n, 'id-07', 5]);
    const plan = raw.prepare(`explain query plan ${text}`).all(...(last!.parameters as unknown[])) as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join('\n')).toMatch(/USING (COVERING )?INDEX t_member_created \(member=\? AND \(created_at,id\)<\(\?,\?\)\)/);
  });

  it('compiles the same condition for PostgreSQL, and one column as a plain comparison', () => {
    const pg = new Kysely<Db>({ dialect: new PostgresDialect({ pool: {} as never }) });
    expect(
      pg
        .selectFrom('t')
        .selectAll()
        .where(keysetCondition(byTime, [5n, 'x']))
        .compile().sql,
    ).toContain('("t"."created_at", "t"."id") < ($1, $2)');
    const byName: Keyset = { list: 'n', direction: 'asc', keys: [{ column: 't.id', kind: 'text' }] };
    expect(
      pg
        .selectFrom('t')
        .selectAll()
        .where(keysetCondition(byName, ['bob']))
        .compile().sql,
    ).toContain('"t"."id" > $1');
  });
});
