import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSumTree, checkNode, parentNode, verifyProofPath, type ProofLeaf, type ProofStep } from './proof-tree.ts';

const sha = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
const subtle = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

/** A fixed pseudo-random member set: the same on every run. */
function members(n: number, seed = 7): ProofLeaf[] {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x;
  };
  return Array.from({ length: n }, (_, i) => ({
    memberId: `member-${i}`,
    salt: new Uint8Array(crypto.createHash('sha256').update(`salt ${seed} ${i}`).digest()),
    balances: [BigInt(next()) * 1000n, BigInt(next() % 1000), i % 5 === 0 ? 0n : BigInt(next()) * 1_000_000n],
  }));
}

describe('proof of liabilities sum tree', () => {
  for (const n of [1, 2, 3, 7, 64, 333]) {
    it(`verifies every leaf's path of ${n} generated members`, async () => {
      const leaves = members(n);
      const tree = buildSumTree(leaves, 3, sha);
      const root = tree.root();
      const totals = [0, 1, 2].map((c) => leaves.reduce((s, l) => s + l.balances[c]!, 0n));
      expect(root.sums).toEqual(totals);
      for (let i = 0; i < n; i += 1) {
        const outcome = await verifyProofPath(leaves[i]!, tree.path(i), root, subtle);
        expect(outcome.ok, `leaf ${i}`).toBe(true);
      }
    });
  }

  it('fails when any balance, any sum of the path or the root changes', async () => {
    const leaves = members(37);
    const tree = buildSumTree(leaves, 3, sha);
    const root = tree.root();
    for (const i of [0, 5, 36]) {
      const leaf = leaves[i]!;
      const path = tree.path(i);
      for (let c = 0; c < 3; c += 1) {
        const changed = { ...leaf, balances: leaf.balances.map((b, k) => (k === c ? b + 1n : b)) };
        expect((await verifyProofPath(changed, path, root, sha)).ok).toBe(false);
        const lower = { ...leaf, balances: leaf.balances.map((b, k) => (k === c ? b - 1n : b)) };
        expect((await verifyProofPath(lower, path, root, sha)).ok).toBe(false);
      }
      for (let s = 0; s < path.length; s += 1) {
        for (let c = 0; c < 3; c += 1) {
          for (const delta of [-1n, 1n]) {
            const forged: ProofStep[] = path.map((step, k) => (k === s ? { ...step, sums: step.sums.map((v, j) => (j === c ? v + delta : v)) } : step));
            expect((await verifyProofPath(leaf, forged, root, sha)).ok).toBe(false);
          }
        }
      }
      for (let c = 0; c < 3; c += 1) {
        const claimed = { ...root, sums: root.sums.map((v, j) => (j === c ? v - 1n : v)) };
        expect((await verifyProofPath(leaf, path, claimed, sha)).ok).toBe(false);
      }
      // Another member's salt or id gives another leaf.
      expect((await verifyProofPath({ ...leaf, memberId: 'someone-else' }, path, root, sha)).ok).toBe(false);
      expect((await verifyProofPath({ ...leaf, salt: leaves[(i + 1) % 37]!.salt }, path, root, sha)).ok).toBe(false);
    }
  });

  it('fails when any leaf is dropped from the tree', async () => {
    const leaves = members(20);
    const root = buildSumTree(leaves, 3, sha).root();
    for (let drop = 0; drop < leaves.length; drop += 1) {
      const rest = leaves.filter((_, i) => i !== drop);
      const smaller = buildSumTree(rest, 3, sha);
      expect(smaller.root().hash).not.toEqual(root.hash);
      // Every remaining member's path in the smaller tree fails against the published root.
      for (let i = 0; i < rest.length; i += 1) expect((await verifyProofPath(rest[i]!, smaller.path(i), root, sha)).ok).toBe(false);
    }
  });

  it('refuses a node claiming less than its children hold', () => {
    const tree = buildSumTree(members(2), 3, sha);
    const left = tree.node(0, 0);
    const right = tree.node(0, 1);
    const honest = parentNode(left, right, sha);
    expect(checkNode(honest, left, right, sha)).toEqual({ ok: true });
    for (let c = 0; c < 3; c += 1) {
      const less = { hash: honest.hash, sums: honest.sums.map((v, j) => (j === c ? v - 1n : v)) };
      expect(checkNode(less, left, right, sha).ok).toBe(false);
    }
    // A child rewritten to hold less gives the parent another hash: the claim cannot be hidden.
    const shrunk = { hash: left.hash, sums: left.sums.map(() => 0n) };
    expect(checkNode(honest, shrunk, right, sha).ok).toBe(false);
  });

  it('refuses negative amounts and overlong paths', async () => {
    const leaves = members(4);
    const tree = buildSumTree(leaves, 3, sha);
    const path = tree.path(1);
    const negative: ProofStep[] = path.map((s, k) => (k === 0 ? { ...s, sums: [-1n, ...s.sums.slice(1)] } : s));
    expect(await verifyProofPath(leaves[1]!, negative, tree.root(), sha)).toMatchObject({ ok: false });
    const long = Array.from({ length: 65 }, () => path[0]!);
    expect(await verifyProofPath(leaves[1]!, long, tree.root(), sha)).toEqual({ ok: false, reason: 'path too long' });
    expect(() => buildSumTree([{ ...leaves[0]!, balances: [-1n, 0n, 0n] }], 3, sha)).toThrow();
  });
});
