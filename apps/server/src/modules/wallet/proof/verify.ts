/**
 * The proof of liabilities' side of the books (decision 088), a registered check of
 * `npm run ledger:verify` (decision 044): the latest snapshot's tree totals equal the journal's
 * member totals at its cut-off (read on the same snapshot), its stored leaves add up to those
 * totals and rebuild the published root hash, and the published document says the same and its
 * signature holds.
 */
import { buildFromLevel, fromHex, leafBytes, proofDocument, sumsBytes, toHex, type ProofLevel } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { registerVerifier } from '../ledger/index.ts';
import { documentSignatureHolds } from './signing-key.ts';
import { sha256 } from './snapshot.ts';

const pageRows = 5_000;

export async function verifyProofSnapshot(db: Db): Promise<string[]> {
  const row = await db.selectFrom('proof_snapshots').selectAll().orderBy('cut_off_at', 'desc').limit(1).executeTakeFirst();
  if (!row) return [];
  const problems: string[] = [];
  const name = `proof snapshot ${row.id}`;
  const coins = JSON.parse(row.coins_json) as string[];
  const totals = (JSON.parse(row.totals_json) as string[]).map(BigInt);
  const journal = (JSON.parse(row.journal_totals_json) as string[]).map(BigInt);
  coins.forEach((c, i) => {
    if (totals[i] !== journal[i]) problems.push(`${name}: ${c} total ${totals[i]} is not the journal's member total ${journal[i]} at the cut-off`);
  });
  const document = proofDocument.parse(JSON.parse(row.document_json));
  if (!documentSignatureHolds(document)) problems.push(`${name}: the published document's signature does not hold`);
  if (document.rootHash !== row.root_hash) problems.push(`${name}: the document's root hash is not the snapshot's`);
  coins.forEach((c, i) => {
    if (document.totals[c] !== String(totals[i])) problems.push(`${name}: the document's ${c} total is not the snapshot's`);
  });
  // Rebuild the tree from the stored leaves, in leaf order: their sums and root must be the published ones.
  const count = Number(row.member_count);
  const width = 16 * coins.length;
  const level: ProofLevel = { count, hashes: new Uint8Array(count * 32), sums: new Uint8Array(count * width) };
  const seen = coins.map(() => 0n);
  let read = 0;
  for (let from = 0; from < count; from += pageRows) {
    const leaves = await db
      .selectFrom('proof_leaves')
      .select(['member_id', 'leaf_index', 'salt', 'balances_json'])
      .where('snapshot_id', '=', row.id)
      .where('leaf_index', '>=', from)
      .where('leaf_index', '<', from + pageRows)
      .orderBy('leaf_index')
      .execute();
    for (const leaf of leaves) {
      const i = Number(leaf.leaf_index);
      const balances = (JSON.parse(leaf.balances_json) as string[]).map(BigInt);
      balances.forEach((b, c) => (seen[c]! += b));
      level.hashes.set(sha256(leafBytes({ memberId: leaf.member_id, salt: fromHex(leaf.salt), balances })), i * 32);
      level.sums.set(sumsBytes(balances), i * width);
      read += 1;
    }
  }
  if (read !== count) return [...problems, `${name}: ${read} leaves stored for ${count} members (kept snapshots only)`];
  coins.forEach((c, i) => {
    if (seen[i] !== totals[i]) problems.push(`${name}: the leaves' ${c} balances add up to ${seen[i]}, not ${totals[i]}`);
  });
  if (count > 0) {
    const root = buildFromLevel(level, coins.length, sha256).root();
    if (toHex(root.hash) !== row.root_hash) problems.push(`${name}: the stored leaves rebuild another root hash`);
  }
  return problems;
}

registerVerifier('proof.snapshotTotals', verifyProofSnapshot);
