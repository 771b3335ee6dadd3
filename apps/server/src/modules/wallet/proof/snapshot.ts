/**
 * The daily proof-of-liabilities snapshot (decision 088): every member's balances read on one
 * consistent read snapshot (db/read-snapshot.ts) with the journal's member totals of that same
 * moment, a Merkle sum tree built over them (packages/contract/src/proof-tree.ts), the signed
 * document, and the rows members read their proofs from.
 *
 * A member's balance of a coin is what the platform owes them: the posted balance of their
 * accounts of that coin (available and fixed), held amounts included (a hold is still theirs until
 * it posts), credits still pending left out (nothing is owed before they post). Leaves are in a
 * new random order every snapshot, so the sibling a path shows names no one.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { buildSumTree, coinNames, proofFormat, toHex, type ProofDocument, type ProofLeaf, type SumTree } from '@pp/contract';
import type { Db, DbHandle } from '../../../db/index.ts';
import { withReadSnapshot } from '../../../db/read-snapshot.ts';
import type { ProofSigner } from './signing-key.ts';

/** Nodes per stored chunk of a level (proof_nodes, decision 089). */
export const proofChunkNodes = 256;
/** Snapshots whose leaves and nodes are kept; older ones keep only their published document. */
export const proofSnapshotsKept = 7;
const rowsPerInsert = 500;
const big = (v: unknown): bigint => BigInt(String(v ?? 0));

export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(crypto.createHash('sha256').update(data).digest());

export interface SnapshotRead {
  cutOffMs: number;
  coins: string[];
  members: { memberId: string; balances: bigint[] }[];
  /** The journal's posted member totals per coin at the cut-off (legs of posted and post_pending rows). */
  journalTotals: bigint[];
}

/** Reads every member's balances and the journal's member totals on one snapshot. */
export async function readBalances(reader: Db, cutOffMs: number): Promise<SnapshotRead> {
  const rows = await sql<{ owner: string; coin_name: string; balance: unknown }>`
    select owner, coin_name, sum(credits_posted - debits_posted) as balance
    from ledger_accounts where is_system = 0 group by owner, coin_name order by owner, coin_name`.execute(reader);
  const journal = await sql<{ coin_name: string; total: unknown }>`
    select a.coin_name, sum(j.amount) as total from (
      select credit_account_id as account_id, amount from ledger_transfers where kind in ('posted', 'post_pending')
      union all
      select debit_account_id, -amount from ledger_transfers where kind in ('posted', 'post_pending')
    ) j join ledger_accounts a on a.id = j.account_id and a.is_system = 0
    group by a.coin_name`.execute(reader);
  const seen = new Set(rows.rows.map((r) => r.coin_name));
  for (const r of journal.rows) seen.add(r.coin_name);
  const coins: string[] = [...coinNames, ...[...seen].filter((c) => !(coinNames as readonly string[]).includes(c)).sort()];
  const members: SnapshotRead['members'] = [];
  let current: SnapshotRead['members'][number] | undefined;
  for (const r of rows.rows) {
    if (current?.memberId !== r.owner) {
      current = { memberId: r.owner, balances: coins.map(() => 0n) };
      members.push(current);
    }
    current.balances[coins.indexOf(r.coin_name)] = big(r.balance);
  }
  const journalTotals = coins.map(() => 0n);
  for (const r of journal.rows) journalTotals[coins.indexOf(r.coin_name)] = big(r.total);
  return { cutOffMs, coins, members, journalTotals };
}

export interface SnapshotOutcome {
  id: string;
  memberCount: number;
  rootHash: string;
  document: ProofDocument;
}

/** Random leaf order (Fisher-Yates on crypto randomness) and a fresh 32-byte salt for each member. */
export function leavesOf(members: SnapshotRead['members']): ProofLeaf[] {
  const leaves = members.map((m) => ({ memberId: m.memberId, salt: new Uint8Array(crypto.randomBytes(32)), balances: m.balances }));
  for (let i = leaves.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [leaves[i], leaves[j]] = [leaves[j]!, leaves[i]!];
  }
  return leaves;
}

export function documentOf(id: string, read: SnapshotRead, tree: SumTree, signer: ProofSigner): ProofDocument {
  const root = tree.root();
  const totals: Record<string, string> = {};
  read.coins.forEach((c, i) => (totals[c] = root.sums[i]!.toString()));
  return signer.sign({
    format: proofFormat,
    snapshotId: id,
    cutOffAt: new Date(read.cutOffMs).toISOString(),
    cutOffMs: read.cutOffMs,
    memberCount: tree.leafCount,
    coins: read.coins,
    totals,
    scale: 6,
    rootHash: toHex(root.hash),
  });
}

/**
 * Takes the snapshot named `id` (the job's period, so a run taken over after a crash redoes the
 * same one): reads, builds, refuses to publish when the tree's totals are not the journal's, then
 * writes the leaves and the levels in batches and the snapshot row last, so a reader sees a
 * snapshot only once all of it is there.
 */
export async function takeSnapshot(handle: DbHandle, signer: ProofSigner, id: string, now: () => number = Date.now): Promise<SnapshotOutcome | null> {
  // Published already (a period run again after its last write): nothing to redo.
  if (await handle.db.selectFrom('proof_snapshots').select('id').where('id', '=', id).executeTakeFirst()) return null;
  const read = await withReadSnapshot(handle, (reader) => readBalances(reader, now()));
  if (read.members.length === 0) return null;
  const leaves = leavesOf(read.members);
  const tree = buildSumTree(leaves, read.coins.length, sha256);
  const root = tree.root();
  const differing = read.coins.filter((_, i) => root.sums[i] !== read.journalTotals[i]);
  if (differing.length > 0) {
    throw new Error(`proof snapshot refused: member totals of ${differing.join(', ')} differ from the journal at the cut-off`);
  }
  const document = documentOf(id, read, tree, signer);
  const db = handle.db;
  // A run taken over after a crash starts this snapshot's rows again.
  await db.deleteFrom('proof_leaves').where('snapshot_id', '=', id).execute();
  await db.deleteFrom('proof_nodes').where('snapshot_id', '=', id).execute();
  for (let at = 0; at < leaves.length; at += rowsPerInsert) {
    const batch = leaves.slice(at, at + rowsPerInsert).map((leaf, k) => ({
      snapshot_id: id,
      member_id: leaf.memberId,
      leaf_index: at + k,
      salt: toHex(leaf.salt),
      balances_json: JSON.stringify(leaf.balances.map(String)),
    }));
    await db.insertInto('proof_leaves').values(batch).execute();
  }
  const width = 16 * read.coins.length;
  const chunks: { snapshot_id: string; level: number; chunk: number; count: number; hashes: string; sums: string }[] = [];
  tree.levels.forEach((level, l) => {
    for (let c = 0; c * proofChunkNodes < level.count; c += 1) {
      const from = c * proofChunkNodes;
      const to = Math.min(level.count, from + proofChunkNodes);
      chunks.push({
        snapshot_id: id,
        level: l,
        chunk: c,
        count: to - from,
        hashes: Buffer.from(level.hashes.subarray(from * 32, to * 32)).toString('base64'),
        sums: Buffer.from(level.sums.subarray(from * width, to * width)).toString('base64'),
      });
    }
  });
  for (let at = 0; at < chunks.length; at += 50)
    await db
      .insertInto('proof_nodes')
      .values(chunks.slice(at, at + 50))
      .execute();
  const asJson = (values: bigint[]) => JSON.stringify(values.map(String));
  await db
    .insertInto('proof_snapshots')
    .values({
      id,
      cut_off_at: read.cutOffMs,
      member_count: tree.leafCount,
      coins_json: JSON.stringify(read.coins),
      totals_json: asJson(root.sums),
      journal_totals_json: asJson(read.journalTotals),
      root_hash: document.rootHash,
      document_json: JSON.stringify(document),
      created_at: now(),
    })
    .execute();
  await pruneOld(db);
  return { id, memberCount: tree.leafCount, rootHash: document.rootHash, document };
}

/** Leaves and nodes of snapshots past the kept ones go, a batch of leaf places at a time; the documents stay. */
async function pruneOld(db: Db): Promise<void> {
  const old = await db
    .selectFrom('proof_snapshots')
    .select(['id', 'member_count'])
    .orderBy('cut_off_at', 'desc')
    .offset(proofSnapshotsKept)
    .limit(100)
    .execute();
  for (const s of old) {
    for (let from = 0; from < s.member_count; from += 5_000) {
      await db
        .deleteFrom('proof_leaves')
        .where('snapshot_id', '=', s.id)
        .where('leaf_index', '<', from + 5_000)
        .execute();
    }
    await db.deleteFrom('proof_nodes').where('snapshot_id', '=', s.id).execute();
  }
}
