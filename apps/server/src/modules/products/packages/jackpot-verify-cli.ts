/**
 * `npm run jackpot:verify -- <cycle id>`: recomputes a drawn cycle's winners from its revealed
 * seed and its recorded entries (draw.ts, decision 020), checks the seed against the commitment
 * published when the cycle opened, prints the winners, and exits 1 on any difference.
 */
import { loadConfig } from '../../../config.ts';
import { migrateToLatest, openDb, type Db } from '../../../db/index.ts';
import { byHoldingNumber, drawWinners, seedCommitment } from './draw.ts';

export async function verifyCycle(db: Db, cycleId: string): Promise<{ isMatch: boolean; lines: string[] }> {
  const lines: string[] = [];
  const cycle = await db.selectFrom('jackpot_cycles').selectAll().where('id', '=', cycleId).executeTakeFirst();
  if (!cycle) return { isMatch: false, lines: [`cycle ${cycleId} not found`] };
  if (cycle.draw_state !== 'drawn') return { isMatch: false, lines: [`cycle ${cycleId} is not drawn yet`] };
  const rows = await db
    .selectFrom('jackpot_entries')
    .innerJoin('package_holdings', 'package_holdings.id', 'jackpot_entries.holding_id')
    .select(['package_holdings.number', 'jackpot_entries.is_winner'])
    .where('jackpot_entries.cycle_id', '=', cycleId)
    .execute();
  const entries = byHoldingNumber(rows.map((r) => ({ holdingNumber: r.number, isWinner: Number(r.is_winner) === 1 })));
  const winnersPerDraw = rows.filter((r) => Number(r.is_winner) === 1).length;
  const commitmentOk = seedCommitment(cycle.seed) === cycle.seed_commitment;
  lines.push(`cycle ${cycle.id} (${String(cycle.cycle_days)}-day cycle number ${String(cycle.number)})`);
  lines.push(`seed ${cycle.seed}`);
  lines.push(`sha256(seed) ${commitmentOk ? 'matches' : 'DOES NOT match'} the published commitment ${cycle.seed_commitment}`);
  lines.push(`${entries.length} entries`);
  // The stored winner count is what the draw used (fewer entries than winnersPerDraw: all of them).
  const recomputed = drawWinners(cycle.seed, entries, winnersPerDraw);
  const stored = entries
    .filter((e) => e.isWinner)
    .map((e) => e.holdingNumber)
    .sort();
  const again = recomputed.map((e) => e.holdingNumber);
  recomputed.forEach((w, i) => lines.push(`winner ${i + 1}: holding ${w.holdingNumber}`));
  const winnersOk = again.length === stored.length && [...again].sort().every((n, i) => n === stored[i]);
  lines.push(winnersOk ? 'the recomputed winners match the stored winners' : `MISMATCH: stored winners ${stored.join(', ')}`);
  return { isMatch: commitmentOk && winnersOk, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycleId = process.argv[2];
  if (!cycleId) {
    console.error('usage: npm run jackpot:verify -- <cycle id>');
    process.exit(2);
  }
  const handle = openDb(loadConfig());
  try {
    await migrateToLatest(handle);
    const { isMatch, lines } = await verifyCycle(handle.db, cycleId);
    for (const line of lines) console.log(line);
    if (!isMatch) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}
