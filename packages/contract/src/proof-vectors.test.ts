// The test vectors of docs/proof/ (written by scripts/proof-vectors.ts) against the contract's
// tree code, and the standalone verifier (docs/proof/verify.mjs) run on them: it accepts every
// proof and refuses each one with a balance, a path sum or the signature changed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSumTree, fromHex, leafBytes, memberProof, toHex } from './index.ts';

const dir = path.resolve(import.meta.dirname, '../../../docs/proof');
const vectors = JSON.parse(fs.readFileSync(path.join(dir, 'vectors.json'), 'utf8')) as {
  coins: string[];
  leaves: { memberId: string; salt: string; balances: string[]; leafBytes: string; leafHash: string }[];
  levels: { hash: string; sums: string[] }[][];
  root: { hash: string; sums: string[] };
  proofs: unknown[];
};
const sha = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
const run = (file: string) => spawnSync(process.execPath, [path.join(dir, 'verify.mjs'), file], { encoding: 'utf8' });

describe('proof of liabilities test vectors', () => {
  it('the contract rebuilds every leaf, level and the root', () => {
    const leaves = vectors.leaves.map((l) => ({ memberId: l.memberId, salt: fromHex(l.salt), balances: l.balances.map(BigInt) }));
    leaves.forEach((leaf, i) => expect(toHex(leafBytes(leaf))).toBe(vectors.leaves[i]!.leafBytes));
    const tree = buildSumTree(leaves, vectors.coins.length, sha);
    tree.levels.forEach((level, l) => {
      for (let i = 0; i < level.count; i += 1) {
        const n = tree.node(l, i);
        expect({ hash: toHex(n.hash), sums: n.sums.map(String) }).toEqual(vectors.levels[l]![i]);
      }
    });
    expect(toHex(tree.root().hash)).toBe(vectors.root.hash);
    for (const p of vectors.proofs) expect(memberProof.safeParse(p).success).toBe(true);
  });

  it('the standalone verifier accepts the vectors and refuses changed ones', () => {
    const ok = run(path.join(dir, 'vectors.json'));
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`${vectors.proofs.length} proof(s) verified`);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-vectors-'));
    const proof = vectors.proofs[0] as { leaf: { balances: string[] }; path: { sums: string[] }[]; document: { signature: string; memberCount: number } };
    const variants = [
      { ...proof, leaf: { ...proof.leaf, balances: ['12499999', ...proof.leaf.balances.slice(1)] } },
      { ...proof, path: proof.path.map((s, i) => (i === 0 ? { ...s, sums: s.sums.map((v) => String(BigInt(v) + 1n)) } : s)) },
      { ...proof, path: proof.path.slice(1) },
      { ...proof, document: { ...proof.document, memberCount: proof.document.memberCount - 1 } },
    ];
    for (const [i, v] of variants.entries()) {
      const file = path.join(tmp, `v${i}.json`);
      fs.writeFileSync(file, JSON.stringify(v));
      const refused = run(file);
      expect(refused.status, `variant ${i}`).toBe(1);
      expect(refused.stdout).toContain('FAIL');
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
