/**
 * The chain keys as settings (decision 017): the operator's account xpub checked in full, its
 * fingerprint, and TRON addresses read as their 20 bytes. The chain settings (chain-settings.ts)
 * check the configured key and token at start with these, below every module; the chain module's
 * derivation.ts derives the member addresses from the key checked here and re-exports these.
 *
 * The configured key is checked in full before anything is derived: base58 alphabet, base58check
 * checksum, length, version (mainnet `xpub` only; an `xprv` is refused and never echoed), depth
 * (3: an account key m/44'/coin'/account'), and a valid curve point. A key that fails any check
 * stops the server at start, so no address that nobody controls is ever shown.
 */
import crypto from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';

export const chainNames = ['BEP20', 'TRC20'] as const;
export type ChainName = (typeof chainNames)[number];

/** BIP32 serialization versions (mainnet). */
const xpubVersion = 0x0488b21e;
const xprvVersion = 0x0488ade4;
/** The configured key is an account key, m/44'/coin'/account' (BIP44), so its depth is 3. */
export const accountKeyDepth = 3;
/** BIP44 external chain: the deposit address of member i is <account key>/0/i. */
const externalChain = 0;

const sha256 = (data: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
export const base58check = createBase58check(sha256);

export type ExtendedKeyProblem = 'notBase58' | 'checksum' | 'length' | 'privateKey' | 'version' | 'depth' | 'point';

/** What an operator reads for each refusal (one line at start, after the variable's name). */
const problemTexts: Record<ExtendedKeyProblem, (found?: number) => string> = {
  notBase58: () => 'not base58 (empty, or a character outside the base58 alphabet: 0, O, I, l, a space, a quote...)',
  checksum: () => 'bad checksum (the base58check checksum does not match: a character is mistyped, missing or extra)',
  length: () => 'wrong length (an extended key is 78 bytes)',
  privateKey: () => "a private key (xprv) was given; set the account's xpub, never a private key",
  version: () => 'wrong version (only a mainnet xpub is accepted, not a tpub, ypub or zpub)',
  depth: (found) => `wrong depth ${found ?? '?'} (an account key m/44'/coin'/account' has depth ${accountKeyDepth})`,
  point: () => 'the public key is not a point on secp256k1',
};

/** The base58 alphabet (Bitcoin's): no 0, O, I or l. */
const base58Text = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** A refused key: the reason is a stable code; the message never contains the key itself. */
export class ExtendedKeyError extends Error {
  /** The reason in words, for the operator. */
  readonly explanation: string;

  constructor(
    readonly reason: ExtendedKeyProblem,
    found?: number,
  ) {
    const explanation = problemTexts[reason](found);
    super(`the configured extended public key is refused (${reason}): ${explanation}`);
    this.explanation = explanation;
  }
}

/** Checks a configured extended public key in full and returns its external-chain node. */
export function parseAccountXpub(text: string): HDKey {
  if (!base58Text.test(text.trim())) throw new ExtendedKeyError('notBase58');
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text.trim());
  } catch {
    throw new ExtendedKeyError('checksum');
  }
  if (bytes.length !== 78) throw new ExtendedKeyError('length');
  const version = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, false);
  if (version === xprvVersion || bytes[45] === 0) throw new ExtendedKeyError('privateKey');
  if (version !== xpubVersion) throw new ExtendedKeyError('version');
  if (bytes[4] !== accountKeyDepth) throw new ExtendedKeyError('depth', bytes[4]);
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(text.trim());
  } catch {
    throw new ExtendedKeyError('point');
  }
  return account.deriveChild(externalChain);
}

/** The 20 bytes of a TRON address (base58check `T...` or hex `41...`), or null when it is not one. */
export function tronToId20(address: string): Uint8Array | null {
  let bytes: Uint8Array;
  if (/^41[0-9a-fA-F]{40}$/.test(address)) bytes = Buffer.from(address, 'hex');
  else {
    try {
      bytes = base58check.decode(address);
    } catch {
      return null;
    }
  }
  if (bytes.length !== 21 || bytes[0] !== 0x41) return null;
  return bytes.subarray(1);
}

/** A short identity of the configured key (never the key): stored addresses remember which key made them. */
export function keyFingerprint(external: HDKey): string {
  return crypto.createHash('sha256').update(external.publicKey!).update(external.chainCode!).digest('hex').slice(0, 32);
}
