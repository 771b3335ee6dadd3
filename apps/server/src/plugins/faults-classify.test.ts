// Faults classified right (decision 085): a ROLLBACK that fails because SQLite already ended the
// transaction on an I/O error is the disk's fault (503, not 500); a client that went away is no
// fault at all; and the budget share readiness reads.
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BudgetWatch, faultPartOf, isClientAbort } from './faults.ts';

describe('faultPartOf', () => {
  it('takes a failed ROLLBACK after an I/O error as the disk', () => {
    const rollback = new SQLite.SqliteError('cannot rollback - no transaction is active', 'SQLITE_ERROR');
    expect(faultPartOf(rollback)).toBe('disk');
    expect(faultPartOf(new Error('rollback failed', { cause: new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE') }))).toBe('disk');
    // A programming error stays one.
    expect(faultPartOf(new SQLite.SqliteError('no such table: nope', 'SQLITE_ERROR'))).toBe(null);
  });

  it('does not take a client that went away for the database', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isClientAbort(aborted)).toBe(true);
    expect(faultPartOf(aborted)).toBe(null);
    // The database's own connection reset still is one.
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(faultPartOf(reset)).toBe('database');
  });
});

describe('BudgetWatch', () => {
  it('reports too slow only when enough recent calls mostly ran past the budget', () => {
    let now = 1_000_000;
    const watch = new BudgetWatch(1_000, 10_000, () => now);
    for (let i = 0; i < 10; i++) watch.record(2_000);
    expect(watch.state()).toEqual({ calls: 10, over: 10, isTooSlow: false });
    for (let i = 0; i < 10; i++) watch.record(1_500);
    expect(watch.state().isTooSlow).toBe(true);
    for (let i = 0; i < 30; i++) watch.record(20);
    expect(watch.state()).toEqual({ calls: 50, over: 20, isTooSlow: false });
    now += 11_000;
    expect(watch.state()).toEqual({ calls: 0, over: 0, isTooSlow: false });
  });
});
