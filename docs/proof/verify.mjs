#!/usr/bin/env node
/**
 * Standalone verifier of a proof of liabilities (docs/proof/README.md). No dependency beyond
 * Node's own `crypto`: read it, then run it on the proof the portal's /proof page downloads.
 *
 *   node verify.mjs my-proof.json        # one member's proof
 *   node verify.mjs vectors.json         # every proof of the test vectors
 *
 * It checks, without trusting the server: the leaf's hash from your salt, id and balances; each
 * step up the path (every node commits to both children's hashes and sums, so no sibling can
 * claim less than it holds); that the root reached is the signed document's root hash and totals;
 * and the document's Ed25519 signature. Exit code 0 when all holds, 1 otherwise.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

const FORMAT = 'pp-proof-of-liabilities/1';
const U128_MAX = (1n << 128n) - 1n;

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest();

function u128(value) {
  const v = BigInt(value);
  if (typeof value !== 'string' || !/^\d{1,39}$/.test(value) || v > U128_MAX) throw new Error(`bad amount ${value}`);
  const out = Buffer.alloc(16);
  out.writeBigUInt64BE(v >> 64n, 0);
  out.writeBigUInt64BE(v & 0xffffffffffffffffn, 8);
  return out;
}

function u16(n) {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(n);
  return out;
}

function hex32(value, what) {
  if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value)) throw new Error(`bad ${what}`);
  return Buffer.from(value, 'hex');
}

/** 0x00 ‖ salt ‖ u16(len id) ‖ id ‖ u16(coins) ‖ u128 per coin */
function leafHash(leaf) {
  const id = Buffer.from(leaf.memberId, 'utf8');
  if (id.length === 0 || id.length > 200) throw new Error('bad member id');
  return sha256(Buffer.concat([Buffer.from([0]), hex32(leaf.salt, 'salt'), u16(id.length), id, u16(leaf.balances.length), ...leaf.balances.map(u128)]));
}

/** 0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums */
function nodeHash(left, right) {
  return sha256(Buffer.concat([Buffer.from([1]), left.hash, ...left.sums.map(u128), right.hash, ...right.sums.map(u128)]));
}

function signedText(doc) {
  return [FORMAT, doc.snapshotId, String(doc.cutOffMs), String(doc.memberCount), doc.coins.map((c) => `${c}=${doc.totals[c]}`).join(','), doc.rootHash].join(
    '\n',
  );
}

function verifySignature(doc) {
  const key = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: doc.publicKey.x }, format: 'jwk' });
  return crypto.verify(null, Buffer.from(signedText(doc), 'utf8'), key, Buffer.from(doc.signature, 'base64url'));
}

/** Returns the problems of one member proof; none when it holds. */
export function verifyProof(proof) {
  const problems = [];
  try {
    if (proof.format !== FORMAT) return [`unknown format ${proof.format}`];
    const doc = proof.document;
    const coins = doc.coins;
    if (proof.leaf.balances.length !== coins.length) return ['balances do not list every coin'];
    if (proof.path.length > 64) return ['path too long'];
    let current = { hash: leafHash(proof.leaf), sums: proof.leaf.balances };
    for (const step of proof.path) {
      if (step.sums.length !== coins.length) return ['a step does not list every coin'];
      const sibling = { hash: hex32(step.hash, 'hash'), sums: step.sums };
      const [left, right] = step.side === 'left' ? [sibling, current] : step.side === 'right' ? [current, sibling] : [null, null];
      if (!left) return ['a step has no side'];
      current = { hash: nodeHash(left, right), sums: left.sums.map((s, i) => String(BigInt(s) + BigInt(right.sums[i]))) };
    }
    if (current.hash.toString('hex') !== doc.rootHash) problems.push('the path does not reach the published root hash');
    coins.forEach((coin, i) => {
      if (current.sums[i] !== doc.totals[coin]) problems.push(`the path's ${coin} total ${current.sums[i]} is not the published ${doc.totals[coin]}`);
    });
    if (!verifySignature(doc)) problems.push('the document signature does not verify with its public key');
  } catch (e) {
    problems.push(`malformed proof: ${e.message}`);
  }
  return problems;
}

function main(file) {
  if (!file) {
    console.error('usage: node verify.mjs <proof.json | vectors.json>');
    return 2;
  }
  const input = JSON.parse(fs.readFileSync(file, 'utf8'));
  const proofs = Array.isArray(input.proofs) ? input.proofs : [input];
  let failed = 0;
  for (const proof of proofs) {
    const problems = verifyProof(proof);
    const who = proof.leaf?.memberId ?? '?';
    if (problems.length === 0) console.log(`OK   ${who}: balances ${proof.leaf.balances.join(', ')} are in root ${proof.document.rootHash.slice(0, 16)}…`);
    else {
      failed += 1;
      console.log(`FAIL ${who}: ${problems.join('; ')}`);
    }
  }
  console.log(failed === 0 ? `${proofs.length} proof(s) verified` : `${failed} of ${proofs.length} proof(s) failed`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('verify.mjs')) process.exitCode = main(process.argv[2]);
