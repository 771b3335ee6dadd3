/**
 * Checks a member's proof in the browser with Web Crypto (crypto.subtle.digest), by the
 * contract's rules (packages/contract/src/proof-tree.ts): the leaf from the member's salt, id and
 * balances, each step up to the root, and the root against the signed document's hash and totals.
 */
import { fromHex, verifyProofPath, type MemberProof } from '@pp/contract';

const digest = async (data: Uint8Array): Promise<Uint8Array> => new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

export async function verifyInBrowser(proof: MemberProof): Promise<{ ok: boolean; reason?: string }> {
  const doc = proof.document;
  const outcome = await verifyProofPath(
    { memberId: proof.leaf.memberId, salt: fromHex(proof.leaf.salt), balances: proof.leaf.balances.map(BigInt) },
    proof.path.map((s) => ({ side: s.side, hash: fromHex(s.hash), sums: s.sums.map(BigInt) })),
    { hash: fromHex(doc.rootHash), sums: doc.coins.map((c) => BigInt(doc.totals[c] ?? '0')) },
    digest,
  );
  return outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason };
}

/** The proof as the file the standalone verifier reads (docs/proof/verify.mjs). */
export function downloadProof(proof: MemberProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `proof-${proof.document.snapshotId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
