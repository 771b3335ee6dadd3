/**
 * Address checks for the two chains members withdraw to (decision 015), shared by the portal
 * (instant feedback) and the server (the check that counts). BEP20 is BNB Smart Chain: an EVM
 * address, 0x and 40 hex digits, whose letter case carries the EIP-55 checksum. TRC20 is TRON:
 * base58check of 25 bytes, the version byte 0x41, 20 address bytes and the first 4 bytes of
 * SHA-256(SHA-256(the 21 bytes before)). @noble/hashes and @scure/base are small and audited; the
 * portal never loads a whole chain library for this.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

export const withdrawalChains = ['BEP20', 'TRC20'] as const;
export type WithdrawalChain = (typeof withdrawalChains)[number];

/**
 * Why an address was refused: `wrongChain` when it is a well-formed address of the other chain
 * (the spec's "the address must be BEP20 or TRC20 as selected"), `checksum` when its own
 * checksum fails (a character mistyped), `zero` for the all-zero address nobody can spend from,
 * `malformed` for anything else (length, alphabet).
 */
export type AddressProblem = 'empty' | 'wrongChain' | 'checksum' | 'zero' | 'malformed';
export type AddressCheck = { isValid: true; address: string } | { isValid: false; problem: AddressProblem };

/** Longest text looked at: a TRON address has 34 characters, an EVM one 42. */
export const addressCharsMax = 64;

const evmShape = /^0x[0-9a-fA-F]{40}$/;
const base58Alphabet = /^[1-9A-HJ-NP-Za-km-z]+$/;
const tronVersion = 0x41;

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The EIP-55 form of 40 hex digits: a letter is upper case when its nibble of keccak256(lower-case hex) is 8 or more. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = hexOf(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/**
 * An EVM address: mixed case must be the EIP-55 checksum; all lower case (or all upper case
 * after 0x) carries no checksum and is taken as EIP-55 allows, because exchanges show their
 * deposit addresses in lower case (decision 015). Answers the checksummed form.
 */
export function checkEvmAddress(text: string): AddressCheck {
  if (!evmShape.test(text)) return { isValid: false, problem: 'malformed' };
  const digits = text.slice(2);
  const checksummed = toChecksumAddress(digits);
  const isUniformCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!isUniformCase && checksummed !== text) return { isValid: false, problem: 'checksum' };
  if (/^0+$/.test(digits)) return { isValid: false, problem: 'zero' };
  return { isValid: true, address: checksummed };
}

/** The 25 bytes of a TRON address, or null when the text is not base58 of that length. */
function tronBytes(text: string): Uint8Array | null {
  if (!base58Alphabet.test(text) || text.length < 30 || text.length > 40) return null;
  try {
    const bytes = base58.decode(text);
    return bytes.length === 25 ? bytes : null;
  } catch {
    return null;
  }
}

/** A TRON address: base58check, version 0x41, double SHA-256 checksum. */
export function checkTronAddress(text: string): AddressCheck {
  const bytes = tronBytes(text);
  if (!bytes || bytes[0] !== tronVersion) return { isValid: false, problem: 'malformed' };
  const payload = bytes.subarray(0, 21);
  const expected = sha256(sha256(payload)).subarray(0, 4);
  if (!expected.every((b, i) => b === bytes[21 + i])) return { isValid: false, problem: 'checksum' };
  if (payload.subarray(1).every((b) => b === 0)) return { isValid: false, problem: 'zero' };
  return { isValid: true, address: text };
}

/** The TRON base58check address of 20 address bytes given as hex (with or without 41 in front). */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.replace(/^0x/, '').replace(/^41(?=[0-9a-fA-F]{40}$)/, '');
  if (!/^[0-9a-fA-F]{40}$/.test(digits)) throw new Error('expected 20 bytes of hex');
  const payload = new Uint8Array(21);
  payload[0] = tronVersion;
  for (let i = 0; i < 20; i++) payload[i + 1] = parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksum, 21);
  return base58.encode(full);
}

/** Looks like the other chain's address: then the member picked the wrong chain, not a wrong address. */
function isOtherChain(chain: WithdrawalChain, text: string): boolean {
  if (chain === 'TRC20') return evmShape.test(text) || /^[0-9a-fA-F]{40}$/.test(text) || /^0x/i.test(text);
  const bytes = tronBytes(text);
  return (bytes !== null && bytes[0] === tronVersion) || /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text);
}

/** Checks an address typed or pasted for a chain (surrounding blanks ignored); answers the form to store. */
export function checkChainAddress(chain: WithdrawalChain, input: string): AddressCheck {
  const text = input.trim();
  if (text === '') return { isValid: false, problem: 'empty' };
  if (text.length > addressCharsMax) return { isValid: false, problem: 'malformed' };
  const result = chain === 'BEP20' ? checkEvmAddress(text) : checkTronAddress(text);
  if (!result.isValid && result.problem === 'malformed' && isOtherChain(chain, text)) return { isValid: false, problem: 'wrongChain' };
  return result;
}

/** The validation message key of each problem (contract messages, five languages). */
export const addressProblemKeys: Record<AddressProblem, string> = {
  empty: 'validation.enterWalletAddress',
  wrongChain: 'validation.addressWrongChain',
  checksum: 'validation.addressChecksum',
  zero: 'validation.addressInvalid',
  malformed: 'validation.addressInvalid',
};
