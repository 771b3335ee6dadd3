// Proves the deposit-address derivation against independently computed addresses (viem's own
// key-to-address path for BEP20, a hand-written base58check for TRON, real TRON addresses, the
// published BIP32 test vector 1) and that a bad configured key is refused in full.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { toHex } from 'viem';
import { HDKey as ViemHDKey, hdKeyToAccount, privateKeyToAddress, publicKeyToAddress } from 'viem/accounts';
import { base58check, deriveAddress, ExtendedKeyError, parseAccountXpub, tronAddress, tronToId20, uncompressedXY } from './derivation.ts';
import { testMaster, testSeed, testXpubs } from '../../../../test/chain-test-keys.ts';

// BIP32 test vector 1 (seed 000102030405060708090a0b0c0d0e0f), chain m/0H/1/2H: depth 3.
const vector1Seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const vector1Xpub = 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
const vector1Xprv = 'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM';

/** Base58 written out here, independent of @scure/base. */
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function manualBase58check(payload: Uint8Array): string {
  const check = crypto.createHash('sha256').update(crypto.createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
  const bytes = Buffer.concat([Buffer.from(payload), check]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

describe('deposit address derivation', () => {
  it('reads the published BIP32 vector xpub and derives what the private side derives', () => {
    const master = HDKey.fromMasterSeed(vector1Seed);
    expect(master.derive("m/0'/1/2'").publicExtendedKey).toBe(vector1Xpub);
    const external = parseAccountXpub(vector1Xpub);
    for (const index of [0, 1, 2, 1000, 0x7fffffff]) {
      const privateKey = master.derive(`m/0'/1/2'/0/${index}`).privateKey!;
      const expected = privateKeyToAddress(toHex(privateKey));
      const bep20 = deriveAddress('BEP20', external, index);
      expect(bep20.address).toBe(expected);
      expect(bep20.matchKey).toBe(expected.toLowerCase());
      const trc20 = deriveAddress('TRC20', external, index);
      expect(trc20.address).toBe(manualBase58check(Buffer.from(`41${expected.slice(2)}`, 'hex')));
      expect(trc20.matchKey).toBe(expected.toLowerCase());
    }
  });

  it("gives the test seed accounts the addresses a BIP44 wallet shows (m/44'/60'/0'/0/i)", () => {
    const xpubs = testXpubs();
    const external = parseAccountXpub(xpubs.BEP20);
    for (const index of [0, 1, 7]) {
      // viem's own BIP32 copy and BIP44 path: an independent derivation from the same seed.
      const account = hdKeyToAccount(ViemHDKey.fromMasterSeed(testSeed), { accountIndex: 0, addressIndex: index });
      expect(deriveAddress('BEP20', external, index).address).toBe(account.address);
    }
    const tron = parseAccountXpub(xpubs.TRC20);
    const tronKey = testMaster().derive("m/44'/195'/0'/0/3");
    expect(deriveAddress('TRC20', tron, 3).address).toBe(
      manualBase58check(Buffer.from(`41${privateKeyToAddress(toHex(tronKey.privateKey!)).slice(2)}`, 'hex')),
    );
  });

  it('decompresses public keys as the curve says', () => {
    for (const index of [0, 1, 2, 3, 4, 5]) {
      const key = testMaster().derive(`m/44'/60'/0'/0/${index}`);
      const xy = uncompressedXY(key.publicKey!);
      // viem's address of the uncompressed key (0x04 || x || y) equals the private key's address.
      expect(publicKeyToAddress(`0x04${Buffer.from(xy).toString('hex')}`)).toBe(privateKeyToAddress(toHex(key.privateKey!)));
    }
  });

  it('converts real TRON addresses both ways', () => {
    // USDT on TRON, and TRON's zero address.
    const vectors: Array<[string, string]> = [
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
      ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '410000000000000000000000000000000000000000'],
    ];
    for (const [base58, hex] of vectors) {
      expect(toHex(tronToId20(base58)!)).toBe(`0x${hex.slice(2)}`);
      expect(tronAddress(Buffer.from(hex.slice(2), 'hex'))).toBe(base58);
      expect(manualBase58check(Buffer.from(hex, 'hex'))).toBe(base58);
      expect(toHex(tronToId20(hex)!)).toBe(`0x${hex.slice(2)}`);
    }
    // A changed character breaks the checksum; an EVM address is not a TRON address.
    expect(tronToId20('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(tronToId20('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
    expect(tronToId20(base58check.encode(Buffer.from('a0a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex')))).toBeNull();
  });

  it('refuses a bad configured key in full: alphabet, checksum, private key, version, depth, length', () => {
    const reason = (text: string) => {
      try {
        parseAccountXpub(text);
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(ExtendedKeyError);
        // The message never repeats the key.
        expect((error as Error).message).not.toContain(text.slice(4, 20));
        return (error as ExtendedKeyError).reason;
      }
    };
    // One character changed: the checksum fails (a library that skips it would derive someone else's addresses).
    const flipped = vector1Xpub.slice(0, 40) + (vector1Xpub[40] === 'a' ? 'b' : 'a') + vector1Xpub.slice(41);
    expect(reason(flipped)).toBe('checksum');
    expect(reason(vector1Xprv)).toBe('privateKey');
    const master = HDKey.fromMasterSeed(vector1Seed);
    expect(reason(master.publicExtendedKey)).toBe('depth');
    expect(reason(master.derive("m/0'/1/2'/2").publicExtendedKey)).toBe('depth');
    // tpub (testnet version) with the same content.
    const raw = base58check.decode(vector1Xpub);
    const testnet = Uint8Array.from(raw);
    testnet.set([0x04, 0x35, 0x87, 0xcf], 0);
    expect(reason(base58check.encode(testnet))).toBe('version');
    expect(reason(base58check.encode(raw.subarray(0, 77)))).toBe('length');
    // A key byte that is not a curve point.
    const notPoint = Uint8Array.from(raw);
    notPoint.set(new Uint8Array(32).fill(0xff), 46);
    expect(reason(base58check.encode(notPoint))).toBe('point');
    expect(reason('not a key')).toBe('notBase58');
    expect(reason(`"${vector1Xpub}"`)).toBe('notBase58');
    expect(reason(vector1Xpub)).toBe('accepted');
  });
});
