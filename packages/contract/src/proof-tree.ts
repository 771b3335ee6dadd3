/**
 * The Merkle sum tree of the proof of liabilities (docs/proof/README.md, decision 088): pure code
 * that both sides run. The server builds the tree of a snapshot and cuts each member's path; the
 * portal checks a path with Web Crypto; the standalone verifier (docs/proof/verify.mjs) repeats
 * the same rules with node:crypto alone.
 *
 * Byte encoding (every number a bigint of minor units, scale 6, written as 16 bytes big-endian
 * unsigned, so no sum of a snapshot can overflow it and no negative amount can be written):
 * - leaf = SHA-256( 0x00 ‖ salt (32 bytes) ‖ u16(len(id)) ‖ id (UTF-8) ‖ u16(coins) ‖ u128(balance) per coin )
 * - node = SHA-256( 0x01 ‖ left hash ‖ u128(left sum) per coin ‖ right hash ‖ u128(right sum) per coin )
 *   and the node's sums are the two children's sums added, coin by coin.
 * - A level of odd length carries its last node up unchanged (it gets no sibling and no step).
 * Coins are in the order the snapshot lists them. A node commits to both children's sums, so a
 * path whose sibling claims less than it holds gives another root hash than the one published.
 */

/** A synchronous SHA-256 (node:crypto on the server, @noble/hashes elsewhere). */
export type Sha256 = (data: Uint8Array) => Uint8Array;
/** A SHA-256 that may answer later (Web Crypto's `crypto.subtle.digest`). */
export type Sha256Async = (data: Uint8Array) => Promise<Uint8Array> | Uint8Array;

export const proofFormat = 'pp-proof-of-liabilities/1';
export const proofSaltBytes = 32;
const hashBytes = 32;
const sumBytes = 16;
const u128Max = (1n << 128n) - 1n;
/** A member id is at most this many UTF-8 bytes (ids are UUIDs; the u16 length leaves room). */
export const proofIdMaxBytes = 200;
/** A path has at most this many steps (a tree of 2^64 leaves): the verifier refuses longer ones. */
export const proofPathMax = 64;

export interface ProofLeaf {
  memberId: string;
  /** 32 random bytes, new for every member in every snapshot. */
  salt: Uint8Array;
  /** Minor units per coin, in the snapshot's coin order; each at least 0. */
  balances: bigint[];
}

export interface ProofStep {
  /** Where the sibling sits: 'left' means the parent is (sibling, current). */
  side: 'left' | 'right';
  hash: Uint8Array;
  sums: bigint[];
}

export interface ProofNode {
  hash: Uint8Array;
  sums: bigint[];
}

export class ProofEncodingError extends Error {}

const low64 = (1n << 64n) - 1n;

function writeU128(out: Uint8Array, offset: number, value: bigint): void {
  if (typeof value !== 'bigint' || value < 0n || value > u128Max) throw new ProofEncodingError(`amount out of range: ${String(value)}`);
  const view = new DataView(out.buffer, out.byteOffset + offset, sumBytes);
  view.setBigUint64(0, value >> 64n);
  view.setBigUint64(8, value & low64);
}

function readU128(bytes: Uint8Array, offset: number): bigint {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, sumBytes);
  return (view.getBigUint64(0) << 64n) | view.getBigUint64(8);
}

/** out[o..o+16) = a[ao..] + b[bo..] as u128 big-endian, byte by byte with carry (no bigint on the hot path). */
function addU128(out: Uint8Array, o: number, a: Uint8Array, ao: number, b: Uint8Array, bo: number): void {
  let carry = 0;
  for (let i = sumBytes - 1; i >= 0; i -= 1) {
    const v = a[ao + i]! + b[bo + i]! + carry;
    out[o + i] = v & 0xff;
    carry = v >> 8;
  }
  if (carry !== 0) throw new ProofEncodingError('sum above 2^128 - 1');
}

/** Amounts as the tree writes them: u128 big-endian per coin. */
export function sumsBytes(values: bigint[]): Uint8Array {
  const out = new Uint8Array(values.length * sumBytes);
  values.forEach((v, i) => writeU128(out, i * sumBytes, v));
  return out;
}

/** The sums of node `index` of a flat level's sums (see ProofLevel). */
export function readSums(sums: Uint8Array, index: number, coins: number): bigint[] {
  const out: bigint[] = [];
  for (let c = 0; c < coins; c += 1) out.push(readU128(sums, (index * coins + c) * sumBytes));
  return out;
}

const utf8 = new TextEncoder();

/** The bytes a leaf's hash is taken of. */
export function leafBytes(leaf: ProofLeaf): Uint8Array {
  if (leaf.salt.length !== proofSaltBytes) throw new ProofEncodingError('salt must be 32 bytes');
  const id = utf8.encode(leaf.memberId);
  if (id.length === 0 || id.length > proofIdMaxBytes) throw new ProofEncodingError('member id length');
  const out = new Uint8Array(1 + proofSaltBytes + 2 + id.length + 2 + sumBytes * leaf.balances.length);
  out[0] = 0x00;
  out.set(leaf.salt, 1);
  let at = 1 + proofSaltBytes;
  out[at] = id.length >> 8;
  out[at + 1] = id.length & 0xff;
  out.set(id, at + 2);
  at += 2 + id.length;
  out[at] = leaf.balances.length >> 8;
  out[at + 1] = leaf.balances.length & 0xff;
  at += 2;
  for (const b of leaf.balances) {
    writeU128(out, at, b);
    at += sumBytes;
  }
  return out;
}

/** The bytes an inner node's hash is taken of. */
export function nodeBytes(left: ProofNode, right: ProofNode): Uint8Array {
  if (left.sums.length !== right.sums.length) throw new ProofEncodingError('children of different coin counts');
  if (left.hash.length !== hashBytes || right.hash.length !== hashBytes) throw new ProofEncodingError('hash must be 32 bytes');
  const half = hashBytes + sumBytes * left.sums.length;
  const out = new Uint8Array(1 + 2 * half);
  out[0] = 0x01;
  const put = (node: ProofNode, at: number) => {
    out.set(node.hash, at);
    node.sums.forEach((s, i) => writeU128(out, at + hashBytes + i * sumBytes, s));
  };
  put(left, 1);
  put(right, 1 + half);
  return out;
}

export function addSums(a: bigint[], b: bigint[]): bigint[] {
  return a.map((x, i) => x + b[i]!);
}

/** The parent of two nodes: its hash commits to both hashes and both sums; its sums are theirs added. */
export function parentNode(left: ProofNode, right: ProofNode, sha: Sha256): ProofNode {
  return { hash: sha(nodeBytes(left, right)), sums: addSums(left.sums, right.sums) };
}

/**
 * Checks a node against its two children: refused when its hash is not the children's, or when
 * it claims, for any coin, another sum than the children hold together (less above all).
 */
export function checkNode(node: ProofNode, left: ProofNode, right: ProofNode, sha: Sha256): { ok: true } | { ok: false; reason: string } {
  let expected: ProofNode;
  try {
    expected = parentNode(left, right, sha);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  for (let i = 0; i < expected.sums.length; i += 1) {
    if (node.sums[i] !== expected.sums[i]) return { ok: false, reason: `sum ${i} is ${String(node.sums[i])}, the children hold ${expected.sums[i]}` };
  }
  if (node.sums.length !== expected.sums.length) return { ok: false, reason: 'coin count' };
  if (!equalBytes(node.hash, expected.hash)) return { ok: false, reason: 'hash is not the children’s' };
  return { ok: true };
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * One level of the tree, flat: node i's hash at `hashes[32i..]`, its sums at `sums[16·coins·i..]`
 * (u128 each), so a million leaves take bytes rather than millions of bigint objects.
 */
export interface ProofLevel {
  count: number;
  hashes: Uint8Array;
  sums: Uint8Array;
}

export class SumTree {
  constructor(
    readonly coins: number,
    /** levels[0] the leaves, the last the root alone. */
    readonly levels: ProofLevel[],
  ) {}

  get leafCount(): number {
    return this.levels[0]!.count;
  }

  node(level: number, index: number): ProofNode {
    const l = this.levels[level]!;
    if (index < 0 || index >= l.count) throw new RangeError('no such node');
    const sums: bigint[] = [];
    for (let c = 0; c < this.coins; c += 1) sums.push(readU128(l.sums, (index * this.coins + c) * sumBytes));
    return { hash: l.hashes.slice(index * hashBytes, (index + 1) * hashBytes), sums };
  }

  root(): ProofNode {
    return this.node(this.levels.length - 1, 0);
  }

  /** The steps from leaf `index` to the root. */
  path(index: number): ProofStep[] {
    const steps: ProofStep[] = [];
    let i = index;
    for (let level = 0; level < this.levels.length - 1; level += 1) {
      const count = this.levels[level]!.count;
      const sibling = i ^ 1;
      if (sibling < count) steps.push({ side: sibling < i ? 'left' : 'right', ...this.node(level, sibling) });
      i >>= 1;
    }
    return steps;
  }
}

/** Builds the tree of `leaves` (in leaf order). At least one leaf. */
export function buildSumTree(leaves: ProofLeaf[], coins: number, sha: Sha256): SumTree {
  if (leaves.length === 0) throw new ProofEncodingError('a tree needs a leaf');
  const width = coins * sumBytes;
  const first: ProofLevel = { count: leaves.length, hashes: new Uint8Array(leaves.length * hashBytes), sums: new Uint8Array(leaves.length * width) };
  leaves.forEach((leaf, i) => {
    if (leaf.balances.length !== coins) throw new ProofEncodingError('balances of another coin count');
    first.hashes.set(sha(leafBytes(leaf)), i * hashBytes);
    leaf.balances.forEach((b, c) => writeU128(first.sums, i * width + c * sumBytes, b));
  });
  return buildFromLevel(first, coins, sha);
}

/** Builds the levels above a ready leaf level (leaf hashes and balances written flat). */
export function buildFromLevel(first: ProofLevel, coins: number, sha: Sha256): SumTree {
  const width = coins * sumBytes;
  const levels: ProofLevel[] = [first];
  const input = new Uint8Array(1 + 2 * (hashBytes + width));
  input[0] = 0x01;
  let below = first;
  while (below.count > 1) {
    const count = Math.ceil(below.count / 2);
    const level: ProofLevel = { count, hashes: new Uint8Array(count * hashBytes), sums: new Uint8Array(count * width) };
    for (let i = 0; i < count; i += 1) {
      const l = 2 * i;
      const r = l + 1;
      if (r >= below.count) {
        level.hashes.set(below.hashes.subarray(l * hashBytes, (l + 1) * hashBytes), i * hashBytes);
        level.sums.set(below.sums.subarray(l * width, (l + 1) * width), i * width);
        continue;
      }
      input.set(below.hashes.subarray(l * hashBytes, (l + 1) * hashBytes), 1);
      input.set(below.sums.subarray(l * width, (l + 1) * width), 1 + hashBytes);
      input.set(below.hashes.subarray(r * hashBytes, (r + 1) * hashBytes), 1 + hashBytes + width);
      input.set(below.sums.subarray(r * width, (r + 1) * width), 1 + 2 * hashBytes + width);
      level.hashes.set(sha(input), i * hashBytes);
      for (let c = 0; c < coins; c += 1) {
        const at = c * sumBytes;
        addU128(level.sums, i * width + at, below.sums, l * width + at, below.sums, r * width + at);
      }
    }
    levels.push(level);
    below = level;
  }
  return new SumTree(coins, levels);
}

export type ProofOutcome = { ok: true; root: ProofNode } | { ok: false; reason: string };

/**
 * Walks a leaf's path to the root and compares it with the expected root (hash and every sum).
 * `digest` may be Web Crypto's. Any amount below zero or above 2^128 - 1 is refused by the encoding.
 */
export async function verifyProofPath(leaf: ProofLeaf, path: ProofStep[], expected: ProofNode, digest: Sha256Async): Promise<ProofOutcome> {
  try {
    if (path.length > proofPathMax) return { ok: false, reason: 'path too long' };
    let current: ProofNode = { hash: await digest(leafBytes(leaf)), sums: leaf.balances };
    for (const step of path) {
      if (step.sums.length !== current.sums.length) return { ok: false, reason: 'coin count' };
      const sibling: ProofNode = { hash: step.hash, sums: step.sums };
      const [left, right] = step.side === 'left' ? [sibling, current] : [current, sibling];
      current = { hash: await digest(nodeBytes(left, right)), sums: addSums(left.sums, right.sums) };
    }
    if (!equalBytes(current.hash, expected.hash)) return { ok: false, reason: 'root hash differs' };
    if (current.sums.length !== expected.sums.length || current.sums.some((s, i) => s !== expected.sums[i])) {
      return { ok: false, reason: 'root sums differ from the published totals' };
    }
    return { ok: true, root: current };
  } catch (e) {
    return { ok: false, reason: e instanceof ProofEncodingError ? e.message : 'malformed proof' };
  }
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new ProofEncodingError('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * The exact text the published document's Ed25519 signature covers (UTF-8): lines joined by "\n",
 * `pp-proof-of-liabilities/1`, the snapshot id, the cut-off (ms since the epoch), the member
 * count, `coin=total` per coin in order joined by ",", and the root hash in hex.
 */
export function signedText(doc: {
  snapshotId: string;
  cutOffMs: number;
  memberCount: number;
  coins: readonly string[];
  totals: Record<string, string>;
  rootHash: string;
}): string {
  return [
    proofFormat,
    doc.snapshotId,
    String(doc.cutOffMs),
    String(doc.memberCount),
    doc.coins.map((c) => `${c}=${doc.totals[c]}`).join(','),
    doc.rootHash,
  ].join('\n');
}
