/**
 * What members and visitors read of the proof of liabilities (decision 088): the latest signed
 * document, and a member's own proof (their leaf, salt and path), cut from the stored levels with
 * one read per level (decision 089).
 */
import { proofDocument, proofFormat, readSums, toHex, type MemberProof, type ProofDocument } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { proofChunkNodes } from './snapshot.ts';

export class ProofService {
  constructor(private readonly db: Db) {}

  private async latestRow() {
    return this.db.selectFrom('proof_snapshots').selectAll().orderBy('cut_off_at', 'desc').limit(1).executeTakeFirst();
  }

  async latestDocument(): Promise<ProofDocument | null> {
    const row = await this.latestRow();
    return row ? proofDocument.parse(JSON.parse(row.document_json)) : null;
  }

  /** The member's proof in the latest snapshot; null when there is none or they joined after its cut-off. */
  async mine(memberId: string): Promise<{ proof: MemberProof | null; document: ProofDocument | null }> {
    const row = await this.latestRow();
    if (!row) return { proof: null, document: null };
    const document = proofDocument.parse(JSON.parse(row.document_json));
    const leaf = await this.db
      .selectFrom('proof_leaves')
      .select(['leaf_index', 'salt', 'balances_json'])
      .where('snapshot_id', '=', row.id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!leaf) return { proof: null, document };
    const coins = document.coins.length;
    const index = Number(leaf.leaf_index);
    // Each level's count, leaves first: a level of odd length carries its last node up.
    const counts = [Number(row.member_count)];
    while (counts[counts.length - 1]! > 1) counts.push(Math.ceil(counts[counts.length - 1]! / 2));
    const wanted: { level: number; sibling: number; side: 'left' | 'right' }[] = [];
    let i = index;
    for (let level = 0; level < counts.length - 1; level += 1) {
      const sibling = i ^ 1;
      if (sibling < counts[level]!) wanted.push({ level, sibling, side: sibling < i ? 'left' : 'right' });
      i >>= 1;
    }
    const chunks =
      wanted.length === 0
        ? []
        : await this.db
            .selectFrom('proof_nodes')
            .select(['level', 'chunk', 'hashes', 'sums'])
            .where('snapshot_id', '=', row.id)
            .where((eb) => eb.or(wanted.map((w) => eb.and([eb('level', '=', w.level), eb('chunk', '=', Math.floor(w.sibling / proofChunkNodes))]))))
            .execute();
    const byKey = new Map(chunks.map((c) => [`${Number(c.level)}:${Number(c.chunk)}`, c]));
    const path = wanted.map((w) => {
      const chunk = byKey.get(`${w.level}:${Math.floor(w.sibling / proofChunkNodes)}`);
      if (!chunk) throw new Error(`proof snapshot ${row.id} lacks level ${w.level}`);
      const at = w.sibling % proofChunkNodes;
      const hashes = Buffer.from(chunk.hashes, 'base64');
      const sums = new Uint8Array(Buffer.from(chunk.sums, 'base64'));
      return { side: w.side, hash: toHex(hashes.subarray(at * 32, at * 32 + 32)), sums: readSums(sums, at, coins).map(String) };
    });
    const proof: MemberProof = {
      format: proofFormat,
      document,
      leaf: { memberId, index, salt: leaf.salt, balances: (JSON.parse(leaf.balances_json) as string[]).map(String) },
      path,
    };
    return { proof, document };
  }
}
