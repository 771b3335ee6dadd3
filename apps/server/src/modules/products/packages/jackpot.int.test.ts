/**
 * Jackpot draws (decision 020): a cycle publishes sha256(seed) when it opens and hides the seed;
 * at its end the eligible holdings (live and effective at the start, still live at the end) are
 * fixed, the seed is revealed and the winners recomputed from it are the ones paid. The verify
 * CLI recomputes them from the stored seed and entries, and fails when a stored winner is changed.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageTerms } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { baseTerms, createHoldings, dayMs, fixedBalanceProblems, fundSystem, hourMs, insertMembers, insertProduct } from '../../../../test/package-fixtures.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { byHoldingNumber, drawWinners, seedCommitment } from './draw.ts';
import { verifyCycle } from './jackpot-verify-cli.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../../..');

type CycleEntry = {
  id: string;
  number: number;
  startsAt: number;
  endsAt: number;
  seedCommitment: string;
  seed: string | null;
  drawState: string;
  state: string;
  pool: string;
  eligibleCount: number;
  winners: Array<{ holdingNumber: string; userName: string; prize: string }>;
};
type Info = { pool: string; coinName: string; current: CycleEntry | null; recent: CycleEntry[] };

/** Seven-day draws; a long term so holdings stay live. */
const weekly: PackageTerms = {
  ...baseTerms,
  contractDays: 60,
  unlockDays: 30,
  effectiveDelayHours: 1,
  releasePercent: '0.1',
  maxProfitPercent: '50',
  drawCycleDays: 7,
};
/** Ends (by its term) inside the cycle: not eligible. */
const short: PackageTerms = { ...weekly, contractDays: 3 };
/** Another cycle length: its own cycles. */
const fortnightly: PackageTerms = { ...weekly, drawCycleDays: 14 };

describe.each(dialects)('jackpot draws (%s)', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let memberId: string;
  const start = Date.now();
  let eligible: string[] = [];
  let cycleId: string;
  let poolBefore = 0n;
  const fmt = (minor: bigint) => `${minor / 1_000_000n}.${(minor % 1_000_000n).toString().padStart(6, '0')}`;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const db = t.services.dbHandle.db;
    const m = await registerMember(t, 'lucky');
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login(t, m.userName, m.password);
    memberId = (await db.selectFrom('users').select('id').where('user_name_key', '=', 'lucky').executeTakeFirstOrThrow()).id;
    const others = await insertMembers(db, 12);
    const [pw, ps, pf] = [await insertProduct(db, weekly), await insertProduct(db, short), await insertProduct(db, fortnightly)];
    const owners = [memberId, ...others];
    eligible = await createHoldings(
      t.services.dbHandle,
      t.services.ledger,
      Array.from({ length: 25 }, (_, i) => ({
        memberId: owners[i % owners.length]!,
        productId: pw,
        terms: weekly,
        units: 1 + (i % 3),
        startedAt: start - 2 * dayMs - i * 60_000,
      })),
    );
    // Not effective at the start (bought 30 minutes before, effective after an hour), ended inside the cycle, another cycle length.
    await createHoldings(t.services.dbHandle, t.services.ledger, [
      { memberId, productId: pw, terms: weekly, units: 1, startedAt: start - 30 * 60_000 },
      { memberId: others[0]!, productId: ps, terms: short, units: 1, startedAt: start - dayMs },
      { memberId: others[1]!, productId: pf, terms: fortnightly, units: 1, startedAt: start - dayMs },
    ]);
    // The demo data's purchase already put its fee share in the pool; the test adds 1,000.
    poolBefore = await t.services.jackpot.pool();
    await fundSystem(t.services.ledger, 'jackpot', 'USDT', 1_000_000_000n);
    await t.services.jackpot.run(start);
    cycleId = (await db.selectFrom('jackpot_cycles').select('id').where('cycle_days', '=', 7).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('opens one cycle per cycle length and publishes only the commitment', async () => {
    const cycles = await t.services.dbHandle.db.selectFrom('jackpot_cycles').selectAll().orderBy('cycle_days').execute();
    expect(cycles.map((c) => Number(c.cycle_days))).toEqual([7, 14]);
    expect(Number(cycles[0]!.ends_at) - Number(cycles[0]!.starts_at)).toBe(7 * dayMs);
    const info = await member.call<Info>('jackpotInfo', {});
    expect(info.data.pool).toBe(fmt(poolBefore + 1_000_000_000n));
    expect(info.data.current!.id).toBe(cycleId);
    expect(info.data.current!.seed).toBeNull();
    expect(info.data.current!.seedCommitment).toBe(seedCommitment(cycles[0]!.seed));
    // A second run opens nothing more and draws nothing before the end.
    expect(await t.services.jackpot.run(start + dayMs)).toEqual([]);
    expect((await t.services.dbHandle.db.selectFrom('jackpot_cycles').select('id').execute()).length).toBe(2);
  });

  it('draws at the end: the winners recomputed from the revealed seed are the ones paid', async () => {
    const end = start + 7 * dayMs;
    // The release job ends the short holding inside the cycle.
    await t.services.packageRelease.run({ now: end });
    const before = await t.services.ledger.memberBalances(memberId);
    const drawn = await t.services.jackpot.run(end + hourMs);
    expect(drawn.map((d) => d.cycleId)).toContain(cycleId);
    const result = drawn.find((d) => d.cycleId === cycleId)!;
    expect(result.eligible).toBe(25);
    const admin = await staffClient(t, 'finance', 'Finance@12345');
    const cycles = (await admin.call<CycleEntry[]>('jackpotAdminList', {})).data;
    const cycle = cycles.find((c) => c.id === cycleId)!;
    const pool = poolBefore + 1_000_000_000n;
    const prize = pool / 2n / 3n;
    expect(cycle).toMatchObject({ drawState: 'drawn', state: 'completed', eligibleCount: 25, pool: fmt(pool) });
    expect(seedCommitment(cycle.seed!)).toBe(cycle.seedCommitment);
    // Recomputed here from the published seed and the eligible holdings.
    const numbers = await t.services.dbHandle.db.selectFrom('package_holdings').select(['id', 'number']).where('id', 'in', eligible).execute();
    const again = drawWinners(cycle.seed!, byHoldingNumber(numbers.map((n) => ({ holdingNumber: n.number }))), 3).map((w) => w.holdingNumber);
    expect(cycle.winners.map((w) => w.holdingNumber).sort()).toEqual([...again].sort());
    // 50 % of the pool, split equally among 3, rounded down (166.666666 each for a pool of 1,000).
    expect(cycle.winners.map((w) => w.prize)).toEqual([fmt(prize), fmt(prize), fmt(prize)]);
    const prizes = await t.services.dbHandle.db.selectFrom('ledger_transfers').select('amount').where('code', '=', 'prizePoolBonus').execute();
    expect(prizes.map((p) => BigInt(p.amount))).toEqual([prize, prize, prize]);
    const wonByMember = result.winners.filter((w) => w.memberId === memberId).length;
    const after = await t.services.ledger.memberBalances(memberId);
    expect((after.get('USDT')?.available ?? 0n) - (before.get('USDT')?.available ?? 0n)).toBe(BigInt(wonByMember) * prize);
    // The member's records: one entry per eligible holding of theirs.
    const records = await member.call<{ items: Array<{ cycleId: string; isWinner: boolean; prize: string }> }>('jackpotRecordList', { pageSize: 50 });
    const mine = records.data.items.filter((r) => r.cycleId === cycleId);
    expect(mine.length).toBe(2);
    expect(mine.filter((r) => r.isWinner).length).toBe(wonByMember);
    // Drawn once: another run pays nothing more, and the next 7-day cycle is open from the end.
    expect((await t.services.jackpot.run(end + 2 * hourMs)).find((d) => d.cycleId === cycleId)).toBeUndefined();
    const next = await t.services.dbHandle.db
      .selectFrom('jackpot_cycles')
      .selectAll()
      .where('cycle_days', '=', 7)
      .where('number', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(next.starts_at)).toBe(end);
    expect(next.state).toBe('inProgress');
    expect((await t.services.dbHandle.db.selectFrom('ledger_transfers').select('id').where('code', '=', 'prizePoolBonus').execute()).length).toBe(3);
  });

  it('verifies the draw from the stored seed and entries, and catches a changed winner', async () => {
    const ok = await verifyCycle(t.services.dbHandle.db, cycleId);
    expect(ok.isMatch).toBe(true);
    if (dialect === 'sqlite') {
      const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const cli = await run('node', ['--import', 'tsx', 'apps/server/src/modules/products/packages/jackpot-verify-cli.ts', cycleId], { cwd: root, env });
      expect(cli.stdout).toContain('the recomputed winners match the stored winners');
      expect(cli.stdout).toContain('matches the published commitment');
    }
    // Tamper: move one win to a loser's entry.
    const db = t.services.dbHandle.db;
    const winner = await db
      .selectFrom('jackpot_entries')
      .select('holding_id')
      .where('cycle_id', '=', cycleId)
      .where('is_winner', '=', 1)
      .executeTakeFirstOrThrow();
    const loser = await db
      .selectFrom('jackpot_entries')
      .select('holding_id')
      .where('cycle_id', '=', cycleId)
      .where('is_winner', '=', 0)
      .executeTakeFirstOrThrow();
    await db.updateTable('jackpot_entries').set({ is_winner: 0 }).where('cycle_id', '=', cycleId).where('holding_id', '=', winner.holding_id).execute();
    await db.updateTable('jackpot_entries').set({ is_winner: 1 }).where('cycle_id', '=', cycleId).where('holding_id', '=', loser.holding_id).execute();
    expect((await verifyCycle(db, cycleId)).isMatch).toBe(false);
    if (dialect === 'sqlite') {
      const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const failed = await run('node', ['--import', 'tsx', 'apps/server/src/modules/products/packages/jackpot-verify-cli.ts', cycleId], {
        cwd: root,
        env,
      }).then(
        () => ({ code: 0, stdout: '' }),
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('MISMATCH');
    }
    // Put it back.
    await db.updateTable('jackpot_entries').set({ is_winner: 1 }).where('cycle_id', '=', cycleId).where('holding_id', '=', winner.holding_id).execute();
    await db.updateTable('jackpot_entries').set({ is_winner: 0 }).where('cycle_id', '=', cycleId).where('holding_id', '=', loser.holding_id).execute();
    expect((await verifyCycle(db, cycleId)).isMatch).toBe(true);
  });

  it('leaves the ledger balanced and the fixed balances equal to the live principal', async () => {
    const ledger = await verifyLedger(t.services.dbHandle.db);
    expect(ledger.problems).toEqual([]);
    expect(await fixedBalanceProblems(t.services.dbHandle.db)).toEqual([]);
  });
});
