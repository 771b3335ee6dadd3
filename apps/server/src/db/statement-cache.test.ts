// Proves the SQLite statement cache compiles each SQL text once, gives correct results when a
// statement is reused (also after a schema change), and keeps at most its capacity.
import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('withStatementCache', () => {
  it('prepares a text once and reuses the statement with new parameters', () => {
    const raw = new SQLite(':memory:');
    const prepare = vi.spyOn(raw, 'prepare');
    const db = withStatementCache(raw);
    db.prepare('create table t (id integer primary key, name text)').run([]);
    for (const name of ['a', 'b', 'c']) db.prepare('insert into t (name) values (?)').run([name]);
    expect(db.prepare('select name from t where id > ? order by id').all([1])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(db.prepare('select name from t where id > ? order by id').all([2])).toEqual([{ name: 'c' }]);
    expect(prepare).toHaveBeenCalledTimes(3);
    // A cached statement still runs after the table it reads changes shape.
    db.prepare('alter table t add column extra text').run([]);
    expect(db.prepare('select name from t where id > ? order by id').all([2])).toEqual([{ name: 'c' }]);
    db.close();
  });

  it('keeps at most its capacity, dropping the least recently used text', () => {
    const raw = new SQLite(':memory:');
    const prepare = vi.spyOn(raw, 'prepare');
    const db = withStatementCache(raw, 2);
    db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // 1 is now the most recent
    db.prepare('select 3'); // drops 2
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    db.close();
  });
});
