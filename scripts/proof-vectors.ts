/**
 * Writes docs/proof/vectors.json: a small proof-of-liabilities tree (five members, three coins),
 * every leaf, level, path and the root, and each member's proof in the file format the portal
 * downloads, signed with a fixed TEST key (its seed is in the file: never a real key).
 * Run: node --import tsx scripts/proof-vectors.ts. packages/contract/src/proof-vectors.test.ts
 * checks the file against the contract's code and the standalone verifier.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSumTree, leafBytes, proofFormat, signedText, toHex, type MemberProof, type ProofDocument, type ProofLeaf } from '@pp/contract';

const sha = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
const seed = sha(new TextEncoder().encode('pp proof-of-liabilities test vectors key'));
const privateKey = crypto.createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
});
const x = (crypto.createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string }).x;

const coins = ['USDT', 'ASSETS_POINT', 'REWARD_POINT'];
const balances: bigint[][] = [
  [12_500_000n, 0n, 3_000_000n],
  [0n, 100_000_000n, 0n],
  [1n, 2n, 3n],
  [999_999_999_000_000n, 1_000_000n, 0n],
  [0n, 0n, 0n],
];
const leaves: ProofLeaf[] = balances.map((b, i) => ({
  memberId: `00000000-0000-7000-8000-00000000000${i + 1}`,
  salt: sha(new TextEncoder().encode(`vector salt ${i + 1}`)),
  balances: b,
}));
const tree = buildSumTree(leaves, coins.length, sha);
const root = tree.root();
const totals: Record<string, string> = {};
coins.forEach((c, i) => (totals[c] = root.sums[i]!.toString()));
const unsigned = {
  format: proofFormat,
  snapshotId: 'pol-test-vectors',
  cutOffAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
  cutOffMs: Date.UTC(2026, 0, 1),
  memberCount: leaves.length,
  coins,
  totals,
  scale: 6 as const,
  rootHash: toHex(root.hash),
};
const document: ProofDocument = {
  ...unsigned,
  publicKey: { kty: 'OKP', crv: 'Ed25519', x },
  signature: crypto.sign(null, Buffer.from(signedText(unsigned), 'utf8'), privateKey).toString('base64url'),
};
const node = (n: { hash: Uint8Array; sums: bigint[] }) => ({ hash: toHex(n.hash), sums: n.sums.map(String) });
const proofs: MemberProof[] = leaves.map((leaf, i) => ({
  format: proofFormat,
  document,
  leaf: { memberId: leaf.memberId, index: i, salt: toHex(leaf.salt), balances: leaf.balances.map(String) },
  path: tree.path(i).map((s) => ({ side: s.side, ...node(s) })),
}));
const vectors = {
  description: 'Test vectors of the proof of liabilities (docs/proof/README.md). The signing key is a TEST key made from testKeySeed.',
  testKeySeed: toHex(seed),
  signedText: signedText(document),
  coins,
  leaves: leaves.map((leaf, i) => ({ ...proofs[i]!.leaf, leafBytes: toHex(leafBytes(leaf)), leafHash: toHex(tree.node(0, i).hash) })),
  levels: tree.levels.map((level, l) => Array.from({ length: level.count }, (_, i) => node(tree.node(l, i)))),
  root: node(root),
  proofs,
};
const out = path.resolve(import.meta.dirname, '../docs/proof/vectors.json');
fs.writeFileSync(out, `${JSON.stringify(vectors, null, 2)}\n`);
console.log(`wrote ${out}: root ${vectors.root.hash}`);
