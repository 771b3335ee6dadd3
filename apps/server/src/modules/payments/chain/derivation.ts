/**
 * Deposit addresses from the operator's extended public key (decision 017). The server never holds
 * a deposit private key: it derives each member's address as the non-hardened child
 * `<xpub>/0/<member index>` and turns the child's public key into the chain's address form.
 *
 * The configured key is checked in full before anything is derived (config/chain-keys.ts): base58
 * alphabet, base58check checksum, length, version (mainnet `xpub` only; an `xprv` is refused and
 * never echoed), depth (3: an account key m/44'/coin'/account'), and a valid curve point. A key that fails any check
 * stops the server at start, so no address that nobody controls is ever shown.
 */
import type { HDKey } from '@scure/bip32';
import { getAddress, keccak256, toHex } from 'viem';
import { base58check, type ChainName } from '../../../config/chain-keys.ts';

// The key checks and the TRON address reading live below the modules, with the settings that use them.
export {
  accountKeyDepth,
  base58check,
  chainNames,
  ExtendedKeyError,
  keyFingerprint,
  parseAccountXpub,
  tronToId20,
  type ChainName,
  type ExtendedKeyProblem,
} from '../../../config/chain-keys.ts';

/** Member indexes are non-hardened child numbers: below 2^31. */
export const memberIndexMax = 0x7fffffff;

// secp256k1: y^2 = x^3 + 7 over p; p % 4 == 3, so a square root is a power.
const p = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % p;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % p;
    b = (b * b) % p;
    e >>= 1n;
  }
  return result;
}

/** The 64 bytes x || y of a compressed public key (33 bytes, already checked to be on the curve). */
export function uncompressedXY(compressed: Uint8Array): Uint8Array {
  if (compressed.length !== 33 || (compressed[0] !== 2 && compressed[0] !== 3)) throw new Error('not a compressed public key');
  const x = BigInt(toHex(compressed.subarray(1)));
  let y = powMod((x * x * x + 7n) % p, (p + 1n) / 4n);
  if ((y & 1n) !== BigInt(compressed[0] & 1)) y = p - y;
  const out = new Uint8Array(64);
  out.set(compressed.subarray(1), 0);
  out.set(Buffer.from(y.toString(16).padStart(64, '0'), 'hex'), 32);
  return out;
}

/** The 20-byte account id of a public key: the last 20 bytes of keccak-256 of x || y (EVM and TRON alike). */
export function accountId20(compressed: Uint8Array): Uint8Array {
  const hash = keccak256(uncompressedXY(compressed), 'bytes');
  return hash.subarray(12);
}

/** EIP-55 checksummed 0x address. */
export function evmAddress(id20: Uint8Array): `0x${string}` {
  return getAddress(toHex(id20));
}

/** TRON base58check address: 0x41 then the 20 bytes. */
export function tronAddress(id20: Uint8Array): string {
  const bytes = new Uint8Array(21);
  bytes[0] = 0x41;
  bytes.set(id20, 1);
  return base58check.encode(bytes);
}

export interface DerivedAddress {
  /** What the member sees and pays to: EIP-55 for BEP20, base58check for TRC20. */
  address: string;
  /** The 20 bytes as lower-case 0x hex: what Transfer logs carry on both chains' JSON-RPC. */
  matchKey: `0x${string}`;
}

export function deriveAddress(chain: ChainName, external: HDKey, index: number): DerivedAddress {
  if (!Number.isInteger(index) || index < 0 || index > memberIndexMax) throw new Error('member index out of range');
  const child = external.deriveChild(index);
  const id20 = accountId20(child.publicKey!);
  const matchKey = toHex(id20);
  return { address: chain === 'BEP20' ? evmAddress(id20) : tronAddress(id20), matchKey };
}
